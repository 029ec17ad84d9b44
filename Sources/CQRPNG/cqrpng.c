// The two C libraries behind /api/pair/qr. libpng reports errors by longjmp, which Swift cannot
// survive, so the setjmp lives here and Swift sees only a return code.
#include "cqrpng.h"

#include <png.h>
#include <qrencode.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

int cqr_encode(const char *text, int *width, unsigned char **modules) {
    QRcode *code = QRcode_encodeString8bit(text, 0, QR_ECLEVEL_M);
    if (code == NULL) return -1;
    size_t count = (size_t)code->width * (size_t)code->width;
    unsigned char *out = malloc(count);
    if (out == NULL) {
        QRcode_free(code);
        return -1;
    }
    // Bit 0 of each libqrencode byte is the module colour; the other bits are layout metadata.
    for (size_t i = 0; i < count; i++) out[i] = code->data[i] & 1;
    *width = code->width;
    *modules = out;
    QRcode_free(code);
    return 0;
}

struct buffer {
    unsigned char *data;
    size_t length;
    size_t capacity;
    int failed;
};

static void append(png_structp png, png_bytep data, png_size_t length) {
    struct buffer *buffer = png_get_io_ptr(png);
    if (buffer->failed) return;
    if (buffer->length + length > buffer->capacity) {
        size_t capacity = buffer->capacity ? buffer->capacity : 4096;
        while (capacity < buffer->length + length) capacity *= 2;
        unsigned char *grown = realloc(buffer->data, capacity);
        if (grown == NULL) {
            buffer->failed = 1;
            return;
        }
        buffer->data = grown;
        buffer->capacity = capacity;
    }
    memcpy(buffer->data + buffer->length, data, length);
    buffer->length += length;
}

static void flush(png_structp png) { (void)png; }

int cqr_png_gray(const unsigned char *pixels, int width, int height, unsigned char **out, size_t *length) {
    struct buffer buffer = {NULL, 0, 0, 0};
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    if (png == NULL) return -1;
    png_infop info = png_create_info_struct(png);
    if (info == NULL || setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, info ? &info : NULL);
        free(buffer.data);
        return -1;
    }
    png_set_write_fn(png, &buffer, append, flush);
    png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height, 8, PNG_COLOR_TYPE_GRAY, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    for (int y = 0; y < height; y++) png_write_row(png, (png_const_bytep)(pixels + (size_t)y * (size_t)width));
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    if (buffer.failed) {
        free(buffer.data);
        return -1;
    }
    *out = buffer.data;
    *length = buffer.length;
    return 0;
}
