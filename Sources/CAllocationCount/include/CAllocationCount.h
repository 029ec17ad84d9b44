// Heap allocations of the wirecheck process, for `wirecheck bench`'s allocations-per-operation column.
#ifndef CALLOCATION_COUNT_H
#define CALLOCATION_COUNT_H

#include <stdint.h>

/// Starts (1) or stops (0) counting. Off by default, so the rest of the CLI pays one predictable
/// branch per allocation and no shared write.
void wirecheck_count_allocations(int on);

/// The allocations counted so far: calls of malloc, calloc, realloc and the aligned forms, from any
/// library of the process.
uint64_t wirecheck_allocations(void);

#endif
