/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef UNFOLD_SCAN_H
#define UNFOLD_SCAN_H

#include <stddef.h>
#include <stdint.h>

/* The labels of a run whose text contains a needle, found by reading their
 * bytes 32 at a time where the processor has AVX2, else sixteen (SSE2, every
 * x86-64 has it; byte by byte elsewhere): as stretches where few labels hold
 * it, label by label from maps of the candidates where most do.
 *
 * A label's text is compared as ASCII's fold has it: a capital as its small
 * letter, tab to carriage return as a space, every other byte as itself (the
 * collection keeps each title with its other characters already folded).
 *
 * texts, ends: every label's text laid end to end; label i's ends at
 *          ends[i] (it starts where label i - 1's ends, or at 0).
 * first, end: the run of labels, first to end - 1 (first < end).
 * needle:  length bytes, length > 0, folded as the search folds text.
 * bits:    the result, one bit a label (label i is bit i % 64 of word
 *          i / 64): the bits of the labels found are set, no other is
 *          touched (two threads may mark runs that share no word).
 *
 * Returns how many labels were found. */
size_t unfold_scan_mark_labels(const uint8_t *texts, const uint32_t *ends, size_t first, size_t end,
                               const uint8_t *needle, size_t length, uint64_t *bits);

/* Lets the scan use AVX2 and BMI2 (1, the default) or keeps it to SSE2 and
 * portable C (0), for tests to check both on one machine; returns what was
 * allowed before. */
int unfold_scan_allow_avx2(int allowed);

#endif
