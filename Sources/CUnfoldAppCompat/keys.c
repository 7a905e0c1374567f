/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "unfold-app-compat.h"

#if GTK_CHECK_VERSION (4, 24, 0)

const gboolean unfold_can_forward_keys = FALSE;

gboolean
unfold_key_forward (GtkEventControllerKey *controller, GtkWidget *widget)
{
  g_return_val_if_fail (unfold_can_forward_keys, FALSE);
  return FALSE;
}

#else

const gboolean unfold_can_forward_keys = TRUE;

gboolean
unfold_key_forward (GtkEventControllerKey *controller, GtkWidget *widget)
{
  return gtk_event_controller_key_forward (controller, widget);
}

#endif
