/* SPDX-License-Identifier: LGPL-2.1-or-later */


#include "unfold-version.h"

/**
 * unfold_get_major_version:
 *
 * The major version of the libunfold the program runs with, which may differ
 * from the one it was compiled against ([const@MAJOR_VERSION]).
 *
 * Returns: the major version
 */
guint
unfold_get_major_version (void)
{
  return UNFOLD_MAJOR_VERSION;
}

/**
 * unfold_get_minor_version:
 *
 * The minor version of the libunfold the program runs with.
 *
 * Returns: the minor version
 */
guint
unfold_get_minor_version (void)
{
  return UNFOLD_MINOR_VERSION;
}

/**
 * unfold_get_micro_version:
 *
 * The micro version of the libunfold the program runs with.
 *
 * Returns: the micro version
 */
guint
unfold_get_micro_version (void)
{
  return UNFOLD_MICRO_VERSION;
}
