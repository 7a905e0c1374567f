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

/* How a needle's byte is compared with the stretch's: byte for byte, as a
 * letter (a capital is its small letter), or as a space (tab to carriage
 * return too). Chosen once per needle end, so that the block loop compiled
 * for each pair does no more than its pair needs. */
enum byte_kind { EXACT, LETTER, SPACE };

static enum byte_kind kind_of(uint8_t wanted, int fold_ascii)
{
    if (!fold_ascii)
        return EXACT;
    if (wanted == ' ')
        return SPACE;
    return wanted >= 'a' && wanted <= 'z' ? LETTER : EXACT;
}

#if defined(__SSE2__)
/* The lanes of `block` that match `wanted` compared as `kind`. */
static inline __attribute__((always_inline)) __m128i lanes16(__m128i block, uint8_t wanted, enum byte_kind kind)
{
    switch (kind) {
    case LETTER:
        return _mm_cmpeq_epi8(_mm_or_si128(block, _mm_set1_epi8(0x20)), _mm_set1_epi8((char)wanted));
    case SPACE: {
        /* (byte - 9) <= 4, unsigned: tab to carriage return. */
        __m128i shifted = _mm_sub_epi8(block, _mm_set1_epi8(0x09));
        __m128i control = _mm_cmpeq_epi8(_mm_min_epu8(shifted, _mm_set1_epi8(0x04)), shifted);
        return _mm_or_si128(_mm_cmpeq_epi8(block, _mm_set1_epi8(' ')), control);
    }
    default:
        return _mm_cmpeq_epi8(block, _mm_set1_epi8((char)wanted));
    }
}

/* Whole blocks of 16 candidates while their last bytes stay within the
 * stretch; returns where the byte-by-byte tail starts. */
static inline __attribute__((always_inline)) size_t blocks16(struct run *run, size_t position, size_t stop,
                                                            enum byte_kind head_kind, enum byte_kind tail_kind)
{
    const uint8_t *bytes = run->bytes;
    size_t length = run->length;
    uint8_t head = run->needle[0], tail = run->needle[length - 1];
    while (position + 16 + length - 1 <= stop) {
        __m128i heads = _mm_loadu_si128((const __m128i *)(bytes + position));
        __m128i tails = _mm_loadu_si128((const __m128i *)(bytes + position + length - 1));
        unsigned candidates = (unsigned)_mm_movemask_epi8(
            _mm_and_si128(lanes16(heads, head, head_kind), lanes16(tails, tail, tail_kind)));
        while (candidates != 0) {
            size_t candidate = position + (size_t)__builtin_ctz(candidates);
            candidates &= candidates - 1;
            if (candidate >= run->resume)
                check(run, candidate);
        }
        position = position + 16 > run->resume ? position + 16 : run->resume;
    }
    return position;
}

#define BLOCKS_FOR_KINDS(blocks, run, position, stop, head_kind, tail_kind)                                      \
    switch ((head_kind) * 3 + (tail_kind)) {                                                                     \
    case EXACT * 3 + EXACT: return blocks(run, position, stop, EXACT, EXACT);                                    \
    case EXACT * 3 + LETTER: return blocks(run, position, stop, EXACT, LETTER);                                  \
    case EXACT * 3 + SPACE: return blocks(run, position, stop, EXACT, SPACE);                                    \
    case LETTER * 3 + EXACT: return blocks(run, position, stop, LETTER, EXACT);                                  \
    case LETTER * 3 + LETTER: return blocks(run, position, stop, LETTER, LETTER);                                \
    case LETTER * 3 + SPACE: return blocks(run, position, stop, LETTER, SPACE);                                  \
    case SPACE * 3 + EXACT: return blocks(run, position, stop, SPACE, EXACT);                                    \
    case SPACE * 3 + LETTER: return blocks(run, position, stop, SPACE, LETTER);                                  \
    default: return blocks(run, position, stop, SPACE, SPACE);                                                   \
    }

static size_t scan_blocks16(struct run *run, size_t position, size_t stop, enum byte_kind head_kind,
                            enum byte_kind tail_kind)
{
    BLOCKS_FOR_KINDS(blocks16, run, position, stop, head_kind, tail_kind)
}
#endif

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define AVX2 __attribute__((target("avx2")))

/* The same, 32 candidates at a time, where the processor has AVX2. */
static inline __attribute__((always_inline)) AVX2 __m256i lanes32(__m256i block, uint8_t wanted, enum byte_kind kind)
{
    switch (kind) {
    case LETTER:
        return _mm256_cmpeq_epi8(_mm256_or_si256(block, _mm256_set1_epi8(0x20)), _mm256_set1_epi8((char)wanted));
    case SPACE: {
        __m256i shifted = _mm256_sub_epi8(block, _mm256_set1_epi8(0x09));
        __m256i control = _mm256_cmpeq_epi8(_mm256_min_epu8(shifted, _mm256_set1_epi8(0x04)), shifted);
        return _mm256_or_si256(_mm256_cmpeq_epi8(block, _mm256_set1_epi8(' ')), control);
    }
    default:
        return _mm256_cmpeq_epi8(block, _mm256_set1_epi8((char)wanted));
    }
}

static inline __attribute__((always_inline)) AVX2 size_t blocks32(struct run *run, size_t position, size_t stop,
                                                                 enum byte_kind head_kind, enum byte_kind tail_kind)
{
    const uint8_t *bytes = run->bytes;
    size_t length = run->length;
    uint8_t head = run->needle[0], tail = run->needle[length - 1];
    while (position + 32 + length - 1 <= stop) {
        __m256i heads = _mm256_loadu_si256((const __m256i *)(bytes + position));
        __m256i tails = _mm256_loadu_si256((const __m256i *)(bytes + position + length - 1));
        unsigned candidates = (unsigned)_mm256_movemask_epi8(
            _mm256_and_si256(lanes32(heads, head, head_kind), lanes32(tails, tail, tail_kind)));
        while (candidates != 0) {
            size_t candidate = position + (size_t)__builtin_ctz(candidates);
            candidates &= candidates - 1;
            if (candidate >= run->resume)
                check(run, candidate);
        }
        position = position + 32 > run->resume ? position + 32 : run->resume;
    }
    return position;
}

static AVX2 size_t scan_blocks32(struct run *run, size_t position, size_t stop, enum byte_kind head_kind,
                                 enum byte_kind tail_kind)
{
    BLOCKS_FOR_KINDS(blocks32, run, position, stop, head_kind, tail_kind)
}

/* Whether the scan may use AVX2 where the processor has it (tests turn it
 * off to check the SSE2 blocks on the same machine). */
static int avx2_allowed = 1;

int unfold_scan_allow_avx2(int allowed)
{
    return __atomic_exchange_n(&avx2_allowed, allowed, __ATOMIC_SEQ_CST);
}

static int use_avx2(void)
{
    return __atomic_load_n(&avx2_allowed, __ATOMIC_RELAXED) && __builtin_cpu_supports("avx2");
}
#endif

#if !(defined(__x86_64__) && defined(__GNUC__))
int unfold_scan_allow_avx2(int allowed)
{
    (void)allowed;
    return 0;
}
#endif

/* Labels first to end - 1, read as one stretch of bytes (see blocks16). */
static void scan_stretch(struct run *run, size_t first, size_t end, enum byte_kind head_kind, enum byte_kind tail_kind)
{
    size_t start = first == 0 ? 0 : run->ends[first - 1];
    size_t stop = run->ends[end - 1];
    size_t length = run->length;
    if (stop - start < length)
        return;
    run->label = first;
    run->resume = start;
    size_t position = start;
#if defined(__x86_64__) && defined(__GNUC__)
    if (use_avx2())
        position = scan_blocks32(run, position, stop, head_kind, tail_kind);
#endif
#if defined(__SSE2__)
    position = scan_blocks16(run, position, stop, head_kind, tail_kind);
#endif
    uint8_t head = run->needle[0], tail = run->needle[length - 1];
    for (; position + length <= stop; position = position + 1 > run->resume ? position + 1 : run->resume) {
        if (position >= run->resume && byte_matches(run->bytes[position], head, run->fold_ascii)
            && byte_matches(run->bytes[position + length - 1], tail, run->fold_ascii))
            check(run, position);
    }
}

/* Whether the needle lies at `position`, its ends known to match. */
static inline int middle_matches(const struct run *run, size_t position)
{
    for (size_t i = 1; i + 1 < run->length; i++) {
        if (!byte_matches(run->bytes[position + i], run->needle[i], run->fold_ascii))
            return 0;
    }
    return 1;
}

#if defined(__SSE2__)
/* Labels first to end - 1, one at a time: its candidates, sixteen at a time,
 * from its start until one holds the needle. Where most labels hold it, this
 * costs less than the stretch's blocks, which find each label's end anew. */
static inline __attribute__((always_inline)) size_t each16(struct run *run, size_t first, size_t end,
                                                          enum byte_kind head_kind, enum byte_kind tail_kind)
{
    const uint8_t *bytes = run->bytes;
    size_t length = run->length;
    uint8_t head = run->needle[0], tail = run->needle[length - 1];
    /* Sixteen bytes may be read from a candidate's start and from its last
     * byte: up to the run's last byte, no further. */
    size_t stop = run->ends[end - 1];
    size_t label_start = first == 0 ? 0 : run->ends[first - 1];
    for (size_t label = first; label < end; label++) {
        size_t start = label_start;
        size_t label_end = run->ends[label];
        label_start = label_end;
        if (run->skip_ends != NULL) {
            uint32_t skip_start = label == 0 ? 0 : run->skip_ends[label - 1];
            if (run->skip_ends[label] != skip_start)
                continue;
        }
        if (label_end - start < length)
            continue;
        size_t last = label_end - length;  /* its last candidate */
        int holds = 0;
        for (size_t position = start; position <= last && !holds; position += 16) {
            if (position + 16 + length - 1 > stop) {
                for (size_t candidate = position; candidate <= last && !holds; candidate++) {
                    holds = byte_matches(bytes[candidate], head, run->fold_ascii)
                        && byte_matches(bytes[candidate + length - 1], tail, run->fold_ascii)
                        && middle_matches(run, candidate);
                }
                break;
            }
            __m128i heads = _mm_loadu_si128((const __m128i *)(bytes + position));
            __m128i tails = _mm_loadu_si128((const __m128i *)(bytes + position + length - 1));
            unsigned candidates = (unsigned)_mm_movemask_epi8(
                _mm_and_si128(lanes16(heads, head, head_kind), lanes16(tails, tail, tail_kind)));
            if (last - position < 15)
                candidates &= (1u << (last - position + 1)) - 1;
            while (candidates != 0 && !holds) {
                holds = middle_matches(run, position + (size_t)__builtin_ctz(candidates));
                candidates &= candidates - 1;
            }
        }
        if (holds)
            run->found[run->count++] = (int64_t)label;
    }
    return run->count;
}

static size_t scan_each(struct run *run, size_t first, size_t end, enum byte_kind head_kind, enum byte_kind tail_kind)
{
    BLOCKS_FOR_KINDS(each16, run, first, end, head_kind, tail_kind)
}
#endif

/* Labels are read a group at a time, each group as a stretch or label by
 * label, as the last group's share of labels found says pays. */
enum { GROUP = 1024 };

size_t unfold_scan_labels(const uint8_t *bytes, const uint32_t *ends, size_t first, size_t end,
                          const uint8_t *needle, size_t length, int fold_ascii,
                          const uint32_t *skip_ends, int64_t *found)
{
    if (first >= end || length == 0)
        return 0;
    struct run run = {
        .bytes = bytes, .ends = ends, .needle = needle, .length = length, .fold_ascii = fold_ascii,
        .skip_ends = skip_ends, .label = first, .resume = 0, .found = found, .count = 0,
    };
    enum byte_kind head_kind = kind_of(needle[0], fold_ascii), tail_kind = kind_of(needle[length - 1], fold_ascii);
    int label_by_label = 0;
    for (size_t group = first; group < end; group += GROUP) {
        size_t group_end = end - group > GROUP ? group + GROUP : end;
        size_t before = run.count;
#if defined(__SSE2__)
        if (label_by_label)
            scan_each(&run, group, group_end, head_kind, tail_kind);
        else
#endif
            scan_stretch(&run, group, group_end, head_kind, tail_kind);
        /* Many labels found (a quarter or more): each found ends a stretch's
         * blocks early, and reading label by label costs less. */
        label_by_label = (run.count - before) * 4 > group_end - group;
    }
    return run.count;
}
