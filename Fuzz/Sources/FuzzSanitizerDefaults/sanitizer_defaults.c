// AddressSanitizer options built into every fuzz target, read before main; ASAN_OPTIONS still
// overrides each of them. Swift code allocates on almost every operation, and by default ASan
// unwinds and stores 30 stack frames on every malloc and free: profiling (perf, FuzzFlowDownPlist)
// put that unwinding and the stack depot at over a fifth of the run. Four frames still name the
// allocating function in a report; the fuzz targets run 1.1-1.4x as fast (Fuzz/speed.sh).
#include "FuzzSanitizerDefaults.h"

const char *__asan_default_options(void) { return "malloc_context_size=4"; }
