/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef UNFOLD_SCAN_H
#define UNFOLD_SCAN_H

#include <stddef.h>
#include <stdint.h>

/* The labels of a run whose bytes contain a needle, found by reading the
 * run's bytes as one stretch, 32 at a time where the processor has AVX2, else
 * sixteen (SSE2, every x86-64 has it; byte by byte elsewhere).
 *
 * bytes:   every label's bytes laid end to end; label i ends at ends[i]
 *          (it starts where label i - 1 ends, or at 0).
 * first, end: the run of labels, first to end - 1 (first < end).
 * needle:  length bytes, length > 0, folded as the search folds text.
 * fold_ascii: compare bytes as ASCII's fold has them (a capital as its small
 *          letter, tab to carriage return as a space), else byte for byte.
 * skip_ends: NULL, or another stretch's ends: a label whose bytes there are
 *          not empty is skipped (an ASCII title scan skips the titles whose
 *          fold is stored apart).
 * found:   room for end - first labels; each label found is written once, in
 *          order.
 *
 * Returns how many labels were found. */
size_t unfold_scan_labels(const uint8_t *bytes, const uint32_t *ends, size_t first, size_t end,
                          const uint8_t *needle, size_t length, int fold_ascii,
                          const uint32_t *skip_ends, int64_t *found);

/* Lets the scan use AVX2 (1, the default) or keeps it to SSE2 (0), for
 * tests to check both on one machine; returns what was allowed before. */
int unfold_scan_allow_avx2(int allowed);

#endif
