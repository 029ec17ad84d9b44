#ifndef CBASE64SIMD_H
#define CBASE64SIMD_H

#include <stddef.h>
#include <stdint.h>

/// Decodes whole blocks of 32 Base64 characters (no padding, no line breaks) from `input` into 24
/// bytes each at `output`, with AVX2, and stops before the first block holding a character outside
/// the alphabet (or when fewer than 32 characters remain). Returns how many input bytes were
/// consumed, a multiple of 32; 0 on a CPU without AVX2, so the caller's scalar loop does everything.
/// The caller finishes the input and finds the exact offset of any bad character itself.
/// `url_alphabet` selects `-` and `_` for values 62 and 63 instead of `+` and `/`.
/// `output` must have room for 8 bytes beyond the decoded ones: each block is stored as 32 bytes.
size_t wirecheck_base64_decode_blocks(const uint8_t *input, size_t length, uint8_t *output, int url_alphabet);

#endif
