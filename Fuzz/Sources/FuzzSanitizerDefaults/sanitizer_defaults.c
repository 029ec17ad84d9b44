// AddressSanitizer options built into every fuzz target, read before main; ASAN_OPTIONS still
// overrides each of them.
//
// malloc_context_size=4: Swift code allocates on almost every operation, and by default ASan
// unwinds and stores 30 stack frames on every malloc and free: profiling (perf, FuzzFlowDownPlist)
// put that unwinding and the stack depot at over a fifth of the run. Four frames still name the
// allocating function in a report; the fuzz targets run 1.1-1.4x as fast (Fuzz/speed.sh).
//
// quarantine_size_mb=16: freed memory waits in a quarantine before reuse, so a use after free is
// caught. With the default 256 MB, every allocation lands on memory not touched for hundreds of
// thousands of inputs: FuzzBase64 took 136,674 page faults in 60,000 runs (perf stat), 24,184 with
// 16 MB, and FuzzBase64, FuzzJSON, FuzzQueryEncoding and FuzzCdevAuthBody ran 1.05-1.2x as fast.
// One input allocates at most a few hundred KB (max_len is 4-64 KB), so 16 MB still holds
// everything freed by the current input and many before it: a use after free within one input, the
// kind a stateless target can have, is caught as before.
#include "FuzzSanitizerDefaults.h"

const char *__asan_default_options(void) { return "malloc_context_size=4:quarantine_size_mb=16"; }
