// AddressSanitizer defaults compiled into every fuzz target (see sanitizer_defaults.c). Nothing to call.
#ifndef FUZZ_SANITIZER_DEFAULTS_H
#define FUZZ_SANITIZER_DEFAULTS_H
const char *__asan_default_options(void);
#endif
