/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef UNFOLD_CADW_H
#define UNFOLD_CADW_H

/* GTK through the CUnfoldGtk module, so it is declared once; then libadwaita, which
 * only the application shell uses (the widgets stand on GTK alone). */
#include "../CUnfoldGtk/shim.h"
#include <adwaita.h>

#endif
