// zlib, for the gzip request bodies Connect clients send (Content-Encoding: gzip).
#include <zlib.h>
