/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef UNFOLD_CGL_SHIM_H
#define UNFOLD_CGL_SHIM_H

/* libepoxy, which GTK draws OpenGL through: only to ask the current context
 * who draws it (glGetString is a macro over epoxy's dispatch pointer). */
#include <epoxy/gl.h>

static inline const char *unfold_gl_renderer_name(void)
{
    return (const char *) glGetString(GL_RENDERER);
}

#endif
