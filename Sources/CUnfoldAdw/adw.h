#ifndef UNFOLD_CADW_H
#define UNFOLD_CADW_H

/* GTK through the CGtk module, so it is declared once; then libadwaita, which
 * only the application shell uses (the widgets stand on GTK alone). */
#include "../CGtk/shim.h"
#include <adwaita.h>

#endif
