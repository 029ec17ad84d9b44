// Base64 decoding of whole 32-character blocks with AVX2, for WireCore.Base64's fast path.
//
// Each byte is classified by range (A-Z, a-z, 0-9 and the two alphabet-specific characters) with
// signed byte comparisons: every valid character is below 0x80, so a byte of 0x80 or more compares
// as negative and falls in no range. The 6-bit values are then packed four to three bytes with two
// multiply-adds, put in big-endian order with a shuffle, and the two 12-byte halves joined.
#include "CBase64SIMD.h"

#if defined(__x86_64__)
#include <immintrin.h>

__attribute__((target("avx2"))) static size_t decode_avx2(const uint8_t *input, size_t length, uint8_t *output, int url) {
    const __m256i c62 = _mm256_set1_epi8(url ? '-' : '+');
    const __m256i c63 = _mm256_set1_epi8(url ? '_' : '/');
    // (a, b) -> a*64 + b in 16 bits, then (ab, cd) -> ab*4096 + cd in 32 bits: the 24-bit group.
    const __m256i merge_pairs = _mm256_set1_epi32(0x01400140);
    const __m256i merge_quads = _mm256_set1_epi32(0x00011000);
    // The group's three bytes, most significant first, from each 32-bit lane of each 128-bit half.
    const __m256i order = _mm256_setr_epi8(2, 1, 0, 6, 5, 4, 10, 9, 8, 14, 13, 12, -1, -1, -1, -1,  //
                                           2, 1, 0, 6, 5, 4, 10, 9, 8, 14, 13, 12, -1, -1, -1, -1);
    const __m256i join = _mm256_setr_epi32(0, 1, 2, 4, 5, 6, 3, 7);
    size_t done = 0;
    while (length - done >= 32) {
        const __m256i text = _mm256_loadu_si256((const __m256i *)(input + done));
        // x in [lo, hi]  <=>  x > lo - 1 and hi + 1 > x (signed; all bounds are ASCII).
#define IN_RANGE(lo, hi) \
    _mm256_and_si256(_mm256_cmpgt_epi8(text, _mm256_set1_epi8((lo) - 1)), _mm256_cmpgt_epi8(_mm256_set1_epi8((hi) + 1), text))
        const __m256i upper = IN_RANGE('A', 'Z');
        const __m256i lower = IN_RANGE('a', 'z');
        const __m256i digit = IN_RANGE('0', '9');
#undef IN_RANGE
        const __m256i is62 = _mm256_cmpeq_epi8(text, c62);
        const __m256i is63 = _mm256_cmpeq_epi8(text, c63);
        const __m256i valid = _mm256_or_si256(_mm256_or_si256(upper, lower), _mm256_or_si256(digit, _mm256_or_si256(is62, is63)));
        if ((uint32_t)_mm256_movemask_epi8(valid) != 0xFFFFFFFFu) break;
        // What to add to each character to get its value (the ranges do not overlap).
        __m256i shift = _mm256_and_si256(upper, _mm256_set1_epi8(-65));
        shift = _mm256_or_si256(shift, _mm256_and_si256(lower, _mm256_set1_epi8(-71)));
        shift = _mm256_or_si256(shift, _mm256_and_si256(digit, _mm256_set1_epi8(4)));
        shift = _mm256_or_si256(shift, _mm256_and_si256(is62, _mm256_sub_epi8(_mm256_set1_epi8(62), c62)));
        shift = _mm256_or_si256(shift, _mm256_and_si256(is63, _mm256_sub_epi8(_mm256_set1_epi8(63), c63)));
        const __m256i values = _mm256_add_epi8(text, shift);
        const __m256i groups = _mm256_madd_epi16(_mm256_maddubs_epi16(values, merge_pairs), merge_quads);
        const __m256i bytes = _mm256_permutevar8x32_epi32(_mm256_shuffle_epi8(groups, order), join);
        _mm256_storeu_si256((__m256i *)(output + done / 4 * 3), bytes);
        done += 32;
    }
    return done;
}

size_t wirecheck_base64_decode_blocks(const uint8_t *input, size_t length, uint8_t *output, int url_alphabet) {
    __builtin_cpu_init();  // idempotent; the CPU model is read once and kept by the runtime
    return __builtin_cpu_supports("avx2") ? decode_avx2(input, length, output, url_alphabet) : 0;
}

#else
size_t wirecheck_base64_decode_blocks(const uint8_t *input, size_t length, uint8_t *output, int url_alphabet) {
    (void)input, (void)length, (void)output, (void)url_alphabet;
    return 0;
}
#endif
