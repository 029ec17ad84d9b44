#ifndef CQRPNG_H
#define CQRPNG_H

#include <stddef.h>

/// Encodes `text` (8-bit mode, error-correction level M, smallest version that fits) with
/// libqrencode. On success returns 0, sets `*width` and `*modules` (width*width bytes, 1 = dark,
/// row-major; free() it). Returns -1 when the text cannot be encoded (errno says why).
int cqr_encode(const char *text, int *width, unsigned char **modules);

/// Writes an 8-bit grayscale PNG of `pixels` (width*height bytes, 0 = black, 255 = white) with
/// libpng into memory. On success returns 0 and sets `*png`/`*length` (free() it); -1 on failure.
int cqr_png_gray(const unsigned char *pixels, int width, int height, unsigned char **png, size_t *length);

#endif
