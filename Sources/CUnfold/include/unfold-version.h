/* SPDX-License-Identifier: LGPL-2.1-or-later */

#pragma once

#if !defined(UNFOLD_INSIDE) && !defined(UNFOLD_COMPILATION)
#error "Only <unfold.h> can be included directly."
#endif

#include <glib.h>

G_BEGIN_DECLS

/**
 * UNFOLD_MAJOR_VERSION:
 *
 * The major version of libunfold the program is compiled against. (The 1 of
 * `unfold-1` is the API's version, which its releases keep: 0.x is the first
 * series of API 1.)
 */
#define UNFOLD_MAJOR_VERSION 0

/**
 * UNFOLD_MINOR_VERSION:
 *
 * The minor version of libunfold the program is compiled against.
 */
#define UNFOLD_MINOR_VERSION 1

/**
 * UNFOLD_MICRO_VERSION:
 *
 * The micro version of libunfold the program is compiled against.
 */
#define UNFOLD_MICRO_VERSION 0

/**
 * UNFOLD_CHECK_VERSION:
 * @major: a major version
 * @minor: a minor version
 * @micro: a micro version
 *
 * Whether the libunfold the program is compiled against is at least
 * @major.@minor.@micro.
 */
#define UNFOLD_CHECK_VERSION(major, minor, micro)                              \
  (UNFOLD_MAJOR_VERSION > (major) ||                                           \
   (UNFOLD_MAJOR_VERSION == (major) && UNFOLD_MINOR_VERSION > (minor)) ||      \
   (UNFOLD_MAJOR_VERSION == (major) && UNFOLD_MINOR_VERSION == (minor) &&      \
    UNFOLD_MICRO_VERSION >= (micro)))

guint unfold_get_major_version (void) G_GNUC_CONST;
guint unfold_get_minor_version (void) G_GNUC_CONST;
guint unfold_get_micro_version (void) G_GNUC_CONST;

G_END_DECLS
