/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* unfold.h: the whole of libunfold's API. Include this one header; the others
 * say so if included on their own. */

#pragma once

#include <gtk/gtk.h>

#define UNFOLD_INSIDE

#include "unfold-version.h"
#include "unfold-main.h"
#include "unfold-chevron.h"
#include "unfold-list-row.h"
#include "unfold-list-view.h"
#include "unfold-reveal.h"
#include "unfold-reveal-group.h"

#undef UNFOLD_INSIDE
