/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "unfold-scan.h"

#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* ASCII's fold of one byte, as SearchFolding.asciiFold has it; a byte of a
 * multi-byte character stays itself (the text's characters that are not
 * ASCII are stored folded). */
static inline uint8_t fold_byte(uint8_t byte)
{
    if (byte >= 'A' && byte <= 'Z')
        return byte | 0x20;
    if (byte >= 0x09 && byte <= 0x0D)
        return ' ';
    return byte;
}

static inline int byte_matches(uint8_t byte, uint8_t wanted)
{
    return fold_byte(byte) == wanted;
}

struct run {
    const uint8_t *bytes;
    const uint32_t *ends;
    const uint8_t *needle;
    size_t length;
    /* A candidate matches the needle's first and last bytes and, when it
     * is mapped (see map_stretch) for a needle of three bytes or more, its
     * second (middle_offset 1; 0 for none) unless that is a space: compared
     * as (byte | middle_or) == middle_want. */
    size_t middle_offset;
    uint8_t middle_or, middle_want;
    /* Whether a mapped candidate is a match: every byte of the needle compared. */
    int exact;
    size_t label;     /* the label of the last candidate looked at */
    size_t resume;    /* candidates before this are in a label done with */
    uint64_t *bits;   /* the result: bit i of word i / 64 for label i */
    size_t count;
    uint64_t *map;    /* a group's candidates, read label by label (see each_mapped) */
    size_t map_base;  /* the position of the map's bit 0 */
};

static inline void mark(struct run *run, size_t label)
{
    run->bits[label >> 6] |= (uint64_t)1 << (label & 63);
    run->count++;
}

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
    for (size_t i = 1; i + 1 < run->length; i++) {
        if (!byte_matches(run->bytes[position + i], run->needle[i]))
            return;
    }
    mark(run, run->label);
    run->resume = label_end;
}

/* How a needle's byte is compared with the stretch's: byte for byte, as a
 * letter (a capital is its small letter), or as a space (tab to carriage
 * return too). Chosen once per needle end, so that the block loop compiled
 * for each pair does no more than its pair needs. */
enum byte_kind { EXACT, LETTER, SPACE };

static enum byte_kind kind_of(uint8_t wanted)
{
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
/* The lanes of `block` that match the needle's second byte, or all of them
 * (see struct run). */
static inline __attribute__((always_inline)) __m128i middle16(const struct run *run, __m128i block)
{
    return _mm_cmpeq_epi8(_mm_or_si128(block, _mm_set1_epi8((char)run->middle_or)), _mm_set1_epi8((char)run->middle_want));
}

/* The candidates of the 16 positions from `position`, one bit each: their
 * first and last bytes compared, and their second `with_middle`. */
static inline __attribute__((always_inline)) unsigned candidates16(const struct run *run, size_t position,
                                                                  enum byte_kind head_kind, enum byte_kind tail_kind,
                                                                  int with_middle)
{
    const uint8_t *bytes = run->bytes;
    size_t length = run->length;
    __m128i heads = _mm_loadu_si128((const __m128i *)(bytes + position));
    __m128i tails = _mm_loadu_si128((const __m128i *)(bytes + position + length - 1));
    __m128i lanes = _mm_and_si128(lanes16(heads, run->needle[0], head_kind), lanes16(tails, run->needle[length - 1], tail_kind));
    if (with_middle)
        lanes = _mm_and_si128(lanes, middle16(run, _mm_loadu_si128((const __m128i *)(bytes + position + 1))));
    return (unsigned)_mm_movemask_epi8(lanes);
}

static inline __attribute__((always_inline)) size_t blocks16(struct run *run, size_t position, size_t stop,
                                                            enum byte_kind head_kind, enum byte_kind tail_kind)
{
    size_t length = run->length;
    while (position + 16 + length - 1 <= stop) {
        unsigned candidates = candidates16(run, position, head_kind, tail_kind, 0);
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

static inline __attribute__((always_inline)) AVX2 __m256i middle32(const struct run *run, __m256i block)
{
    return _mm256_cmpeq_epi8(_mm256_or_si256(block, _mm256_set1_epi8((char)run->middle_or)),
                             _mm256_set1_epi8((char)run->middle_want));
}

static inline __attribute__((always_inline)) AVX2 unsigned candidates32(const struct run *run, size_t position,
                                                                       enum byte_kind head_kind, enum byte_kind tail_kind,
                                                                       int with_middle)
{
    const uint8_t *bytes = run->bytes;
    size_t length = run->length;
    __m256i heads = _mm256_loadu_si256((const __m256i *)(bytes + position));
    __m256i tails = _mm256_loadu_si256((const __m256i *)(bytes + position + length - 1));
    __m256i lanes = _mm256_and_si256(lanes32(heads, run->needle[0], head_kind),
                                     lanes32(tails, run->needle[length - 1], tail_kind));
    if (with_middle)
        lanes = _mm256_and_si256(lanes, middle32(run, _mm256_loadu_si256((const __m256i *)(bytes + position + 1))));
    return (unsigned)_mm256_movemask_epi8(lanes);
}

static inline __attribute__((always_inline)) AVX2 size_t blocks32(struct run *run, size_t position, size_t stop,
                                                                 enum byte_kind head_kind, enum byte_kind tail_kind)
{
    size_t length = run->length;
    while (position + 32 + length - 1 <= stop) {
        unsigned candidates = candidates32(run, position, head_kind, tail_kind, 0);
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
        if (position >= run->resume && byte_matches(run->bytes[position], head)
            && byte_matches(run->bytes[position + length - 1], tail))
            check(run, position);
    }
}

/* Whether the needle lies at `position`, its ends known to match. */
static inline int middle_matches(const struct run *run, size_t position)
{
    for (size_t i = 1; i + 1 < run->length; i++) {
        if (!byte_matches(run->bytes[position + i], run->needle[i]))
            return 0;
    }
    return 1;
}

/* Label by label, for a group where most labels hold the needle: its
 * candidates are first mapped, one bit a position, for the whole stretch at
 * once (MAP_BYTES at most), then each label asks whether a bit is set
 * between its start and its last candidate. No branch follows where in a
 * label the needle is, and no label's end is looked for twice: a stretch's
 * blocks stop at each label found and start again after it. */
enum { MAP_WORDS = 4096, MAP_BYTES = MAP_WORDS * 64 - 192 };  /* two words to spare after the last (see each_mapped) */

/* Fills the map from `start` (the map's base, or where 32-byte blocks left
 * off) to `stop`: bit p - map_base where a candidate starts at p. Whole
 * blocks, 16 or 32 bits a store; the caller maps what is left bit by bit. */
#if defined(__SSE2__)
static inline __attribute__((always_inline)) size_t map16(struct run *run, size_t start, size_t stop,
                                                         enum byte_kind head_kind, enum byte_kind tail_kind, int with_middle)
{
    size_t length = run->length;
    uint16_t *lanes = (uint16_t *)run->map;  /* little-endian: block k is bits 16k to 16k + 15 */
    size_t position = start;
    for (; position + 16 + length - 1 <= stop; position += 16)
        lanes[(position - run->map_base) / 16] = (uint16_t)candidates16(run, position, head_kind, tail_kind, with_middle);
    return position;
}

static inline __attribute__((always_inline)) size_t map16_middle(struct run *run, size_t start, size_t stop,
                                                                enum byte_kind head_kind, enum byte_kind tail_kind)
{
    return map16(run, start, stop, head_kind, tail_kind, 1);
}

static inline __attribute__((always_inline)) size_t map16_ends(struct run *run, size_t start, size_t stop,
                                                              enum byte_kind head_kind, enum byte_kind tail_kind)
{
    return map16(run, start, stop, head_kind, tail_kind, 0);
}

static size_t map_blocks16(struct run *run, size_t start, size_t stop, enum byte_kind head_kind, enum byte_kind tail_kind)
{
    if (run->middle_offset)
        BLOCKS_FOR_KINDS(map16_middle, run, start, stop, head_kind, tail_kind)
    BLOCKS_FOR_KINDS(map16_ends, run, start, stop, head_kind, tail_kind)
}
#endif

#if defined(__x86_64__) && defined(__GNUC__)
static inline __attribute__((always_inline)) AVX2 size_t map32(struct run *run, size_t start, size_t stop,
                                                              enum byte_kind head_kind, enum byte_kind tail_kind,
                                                              int with_middle)
{
    size_t length = run->length;
    uint32_t *lanes = (uint32_t *)run->map;
    size_t position = start;
    for (; position + 32 + length - 1 <= stop; position += 32)
        lanes[(position - run->map_base) / 32] = candidates32(run, position, head_kind, tail_kind, with_middle);
    return position;
}

static inline __attribute__((always_inline)) AVX2 size_t map32_middle(struct run *run, size_t start, size_t stop,
                                                                     enum byte_kind head_kind, enum byte_kind tail_kind)
{
    return map32(run, start, stop, head_kind, tail_kind, 1);
}

static inline __attribute__((always_inline)) AVX2 size_t map32_ends(struct run *run, size_t start, size_t stop,
                                                                   enum byte_kind head_kind, enum byte_kind tail_kind)
{
    return map32(run, start, stop, head_kind, tail_kind, 0);
}

static AVX2 size_t map_blocks32(struct run *run, size_t start, size_t stop, enum byte_kind head_kind,
                                enum byte_kind tail_kind)
{
    if (run->middle_offset)
        BLOCKS_FOR_KINDS(map32_middle, run, start, stop, head_kind, tail_kind)
    BLOCKS_FOR_KINDS(map32_ends, run, start, stop, head_kind, tail_kind)
}
#endif

/* Whether a candidate from `from` to `last` (stretch positions; the map's
 * bit 0 is its base) holds the whole needle. */
static inline int mapped_holds(const struct run *run, size_t from, size_t last)
{
    for (size_t bit = from - run->map_base, end = last - run->map_base; bit <= end;) {
        size_t shift = bit & 63;
        uint64_t candidates = run->map[bit >> 6] >> shift;
        if (end - bit < 63 - shift)
            candidates &= ((uint64_t)1 << (end - bit + 1)) - 1;
        for (; candidates != 0; candidates &= candidates - 1) {
            if (run->exact || middle_matches(run, run->map_base + bit + (size_t)__builtin_ctzll(candidates)))
                return 1;
        }
        bit += 64 - shift;
    }
    return 0;
}

/* Maps the candidates of labels first to end - 1 in `run`'s stretch; 0 when
 * the stretch outgrows the map. */
static int map_stretch(struct run *run, size_t first, size_t end, enum byte_kind head_kind, enum byte_kind tail_kind)
{
    size_t start = first == 0 ? 0 : run->ends[first - 1];
    size_t stop = run->ends[end - 1];
    size_t length = run->length;
    if (stop - start > MAP_BYTES)
        return 0;
    run->map_base = start;
    /* Every label's place, up to the stretch's end, is in the map, and two
     * words after it: each_mapped reads 15 bytes from any label's place. */
    memset(run->map, 0, ((stop - start) / 64 + 3) * sizeof(uint64_t));
    size_t position = start;
#if defined(__x86_64__) && defined(__GNUC__)
    if (use_avx2())
        position = map_blocks32(run, start, stop, head_kind, tail_kind);
#endif
#if defined(__SSE2__)
    position = map_blocks16(run, position, stop, head_kind, tail_kind);
#endif
    uint8_t head = run->needle[0], middle = run->needle[run->middle_offset], tail = run->needle[length - 1];
    for (; position + length <= stop; position++) {
        if (byte_matches(run->bytes[position], head) && byte_matches(run->bytes[position + run->middle_offset], middle)
            && byte_matches(run->bytes[position + length - 1], tail))
            run->map[(position - start) >> 6] |= (uint64_t)1 << ((position - start) & 63);
    }
    return 1;
}

/* The map's bits from `bit` on, at least 56 of them, as bits 0 and up of a
 * word. Where words are little-endian, the map's bit k is bit k % 8 of its
 * byte k / 8: one load at the bit's byte and a shift. */
static inline uint64_t map_window(const uint64_t *map, size_t bit)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    uint64_t bytes;
    memcpy(&bytes, (const uint8_t *)map + (bit >> 3), sizeof bytes);
    return bytes >> (bit & 7);
#else
    /* All 64: (x << 1) << (63 - shift) is x << (64 - shift), and 0 for a
     * shift of 0, without a shift by 64. */
    size_t shift = bit & 63;
    return map[bit >> 6] >> shift | (map[(bit >> 6) + 1] << 1) << (63 - shift);
#endif
}

/* Labels first to end - 1, one at a time, from the map of their stretch
 * (filled first). A label's first 56 candidates are a window of it
 * (map_window) cut to its length, or where titles are long (`wide`), its
 * first 112 two windows: no branch on where they lie, which is as random as
 * the titles are. Only a longer title with none in those, or a candidate
 * that is not known to be a match, is looked at further (mapped_holds).
 *
 * Meanwhile the next group's text is asked of memory, `ahead` bytes on from
 * each label's start (the group's length), so that mapping it finds it in
 * the cache: this pass is work for the core and the mapping waits on memory,
 * and so each overlaps the other. */
static inline __attribute__((always_inline)) void each_mapped_body(struct run *run, size_t first, size_t end,
                                                                  size_t ahead, int wide)
{
    size_t reach = wide ? 112 : 56;
    const uint32_t *ends = run->ends;
    const uint64_t *map = run->map;
    /* As an integer: past the last group the address is past the text (a
     * prefetch never faults, but such a pointer would be undefined). */
    uintptr_t prefetched = (uintptr_t)run->bytes + ahead;
    size_t base = run->map_base;
    size_t after_start = run->length - 1;  /* the positions where the needle no longer fits */
    int exact = run->exact;
    /* A store to the result could alias the run's fields: in locals, the
     * compiler need not read them again after each label found. The
     * result's bits are gathered a word at a time. */
    uint64_t *bits = run->bits;
    size_t found = 0;
    uint64_t word = 0;
    size_t start = first == 0 ? 0 : ends[first - 1];
    for (size_t label = first; label < end; label++) {
        size_t label_end = ends[label];
        size_t span = label_end - start;
        size_t count = span > after_start ? span - after_start : 0;  /* where the needle may start */
        size_t bit = start - base;
        size_t near_count = count < 56 ? count : 56;
        uint64_t window = map_window(map, bit) & (((uint64_t)1 << near_count) - 1);
        if (wide) {
            size_t far_count = count < 56 ? 0 : count < 112 ? count - 56 : 56;
            window |= map_window(map, bit + 56) & (((uint64_t)1 << far_count) - 1);
        }
        int holds = window != 0;
        /* Bitwise, not a branch on `holds`: where most labels hold the
         * needle, which do is random, and `need` is almost always 0. */
        int need = (holds & !exact) | (!holds & (count > reach));
        if (need)
            holds = mapped_holds(run, holds ? start : start + reach, start + count - 1);
        __builtin_prefetch((const void *)(prefetched + start));
        start = label_end;
        word |= (uint64_t)holds << (label & 63);
        found += (size_t)holds;
        if ((label & 63) == 63 || label + 1 == end) {
            bits[label >> 6] |= word;
            word = 0;
        }
    }
    run->count += found;
}

static void each_mapped_portable(struct run *run, size_t first, size_t end, size_t ahead, int wide)
{
    if (wide)
        each_mapped_body(run, first, end, ahead, 1);
    else
        each_mapped_body(run, first, end, ahead, 0);
}

#if defined(__x86_64__) && defined(__GNUC__)
/* The same compiled for BMI2 (every processor with AVX2 but the first few
 * has it): its shifts and masks by a register are one instruction each. */
static __attribute__((target("bmi2"))) void each_mapped_bmi2(struct run *run, size_t first, size_t end, size_t ahead,
                                                             int wide)
{
    if (wide)
        each_mapped_body(run, first, end, ahead, 1);
    else
        each_mapped_body(run, first, end, ahead, 0);
}

/* With AVX2 (tests turn it off to check the portable pass too). */
static int use_bmi2(void)
{
    return use_avx2() && __builtin_cpu_supports("bmi2");
}
#endif

/* Titles longer than this on average are read two windows a label. */
enum { WIDE_TITLES = 40 };

/* `ahead`: how far on the next group's text is from this one's (see
 * each_mapped_body), or 0 where there is none. */
static void each_mapped(struct run *run, size_t first, size_t end, size_t ahead)
{
    size_t start = first == 0 ? 0 : run->ends[first - 1];
    int wide = run->ends[end - 1] - start > WIDE_TITLES * (end - first);
#if defined(__x86_64__) && defined(__GNUC__)
    if (use_bmi2())
        return each_mapped_bmi2(run, first, end, ahead, wide);
#endif
    each_mapped_portable(run, first, end, ahead, wide);
}

/* Labels are read a group at a time, each group as a stretch or label by
 * label, as the last group's share of labels found says pays. */
enum { GROUP = 1024 };

size_t unfold_scan_mark_labels(const uint8_t *texts, const uint32_t *ends, size_t first, size_t end,
                               const uint8_t *needle, size_t length, uint64_t *bits)
{
    if (first >= end || length == 0)
        return 0;
    uint64_t map[MAP_WORDS];
    struct run run = {
        .bytes = texts, .ends = ends, .needle = needle, .length = length,
        .label = first, .resume = 0, .bits = bits, .count = 0, .map = map,
    };
    enum byte_kind head = kind_of(needle[0]), tail = kind_of(needle[length - 1]);
    /* The second byte narrows the candidates most where the ends are common
     * (a dash's three bytes, "lib" among library summaries), and makes a
     * needle of three bytes exact. A space's lanes take more than a compare:
     * it is left to be checked. */
    if (length >= 3 && kind_of(needle[1]) != SPACE) {
        run.middle_offset = 1;
        run.middle_or = kind_of(needle[1]) == LETTER ? 0x20 : 0x00;
        run.middle_want = needle[1];
    } else {
        run.middle_offset = 0;
        run.middle_or = 0;
        run.middle_want = 0;
    }
    run.exact = length <= 2 || (length == 3 && run.middle_offset == 1);
    int label_by_label = 0;
    for (size_t group = first; group < end; group += GROUP) {
        size_t group_end = end - group > GROUP ? group + GROUP : end;
        size_t before = run.count;
        /* Long titles outgrow the map, and are read as a stretch, whose cost
         * is its bytes. */
        if (label_by_label && map_stretch(&run, group, group_end, head, tail)) {
            size_t group_bytes = ends[group_end - 1] - (group == 0 ? 0 : ends[group - 1]);
            each_mapped(&run, group, group_end, group_end < end ? group_bytes : 0);
        }
        else
            scan_stretch(&run, group, group_end, head, tail);
        /* Many labels found (a quarter or more): each found ends a stretch's
         * blocks early, and reading label by label costs less. */
        label_by_label = (run.count - before) * 4 > group_end - group;
    }
    return run.count;
}
