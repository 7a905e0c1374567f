/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "unfold-scan.h"

#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* ASCII's fold of one byte, as SearchFolding.asciiFold has it; a byte of a
 * multi-byte character stays itself (it never equals an ASCII needle's). */
static inline uint8_t fold_byte(uint8_t byte)
{
    if (byte >= 'A' && byte <= 'Z')
        return byte | 0x20;
    if (byte >= 0x09 && byte <= 0x0D)
        return ' ';
    return byte;
}

static inline int byte_matches(uint8_t byte, uint8_t wanted, int fold_ascii)
{
    return (fold_ascii ? fold_byte(byte) : byte) == wanted;
}

struct run {
    const uint8_t *bytes;
    const uint32_t *ends;
    const uint8_t *needle;
    size_t length;
    int fold_ascii;
    const uint32_t *skip_ends;
    size_t label;     /* the label of the last candidate looked at */
    size_t resume;    /* candidates before this are in a label done with */
    int64_t *found;
    size_t count;
};

/* A candidate at `position` (its first and last bytes match): finds its
 * label, and if the needle lies whole within it, compares the rest. A label
 * found or skipped is done with: the scan resumes at its end. */
static inline void check(struct run *run, size_t position)
{
    while (run->ends[run->label] <= position)
        run->label++;
    size_t label_end = run->ends[run->label];
    if (position + run->length > label_end)
        return;  /* runs into the next label */
    if (run->skip_ends != NULL) {
        uint32_t skip_start = run->label == 0 ? 0 : run->skip_ends[run->label - 1];
        if (run->skip_ends[run->label] != skip_start) {
            run->resume = label_end;
            return;
        }
    }
    for (size_t i = 1; i + 1 < run->length; i++) {
        if (!byte_matches(run->bytes[position + i], run->needle[i], run->fold_ascii))
            return;
    }
    run->found[run->count++] = (int64_t)run->label;
    run->resume = label_end;
}

#if defined(__SSE2__)
/* The lanes of `block` that match `wanted` as the scan compares. */
static inline __m128i lanes_matching(__m128i block, uint8_t wanted, int fold_ascii)
{
    if (!fold_ascii)
        return _mm_cmpeq_epi8(block, _mm_set1_epi8((char)wanted));
    if (wanted == ' ') {
        /* A space, or tab to carriage return: (byte - 9) <= 4, unsigned. */
        __m128i shifted = _mm_sub_epi8(block, _mm_set1_epi8(0x09));
        __m128i control = _mm_cmpeq_epi8(_mm_min_epu8(shifted, _mm_set1_epi8(0x04)), shifted);
        return _mm_or_si128(_mm_cmpeq_epi8(block, _mm_set1_epi8(' ')), control);
    }
    if (wanted >= 'a' && wanted <= 'z')
        return _mm_cmpeq_epi8(_mm_or_si128(block, _mm_set1_epi8(0x20)), _mm_set1_epi8((char)wanted));
    return _mm_cmpeq_epi8(block, _mm_set1_epi8((char)wanted));
}
#endif

size_t unfold_scan_labels(const uint8_t *bytes, const uint32_t *ends, size_t first, size_t end,
                          const uint8_t *needle, size_t length, int fold_ascii,
                          const uint32_t *skip_ends, int64_t *found)
{
    if (first >= end || length == 0)
        return 0;
    size_t start = first == 0 ? 0 : ends[first - 1];
    size_t stop = ends[end - 1];
    struct run run = {
        .bytes = bytes, .ends = ends, .needle = needle, .length = length, .fold_ascii = fold_ascii,
        .skip_ends = skip_ends, .label = first, .resume = start, .found = found, .count = 0,
    };
    if (stop - start < length)
        return 0;
    uint8_t head = needle[0], tail = needle[length - 1];
    size_t position = start;
#if defined(__SSE2__)
    /* A block compares 16 candidates' first bytes and their last bytes: whole
     * blocks while the last bytes' 16 stay within the stretch. */
    while (position + 16 + length - 1 <= stop) {
        __m128i heads = _mm_loadu_si128((const __m128i *)(bytes + position));
        __m128i tails = _mm_loadu_si128((const __m128i *)(bytes + position + length - 1));
        unsigned candidates = (unsigned)_mm_movemask_epi8(
            _mm_and_si128(lanes_matching(heads, head, fold_ascii), lanes_matching(tails, tail, fold_ascii)));
        while (candidates != 0) {
            size_t candidate = position + (size_t)__builtin_ctz(candidates);
            candidates &= candidates - 1;
            if (candidate >= run.resume)
                check(&run, candidate);
        }
        position = position + 16 > run.resume ? position + 16 : run.resume;
    }
#endif
    for (; position + length <= stop; position = position + 1 > run.resume ? position + 1 : run.resume) {
        if (position >= run.resume && byte_matches(bytes[position], head, fold_ascii)
            && byte_matches(bytes[position + length - 1], tail, fold_ascii))
            check(&run, position);
    }
    return run.count;
}
