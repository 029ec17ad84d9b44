// Counts heap allocations by defining malloc and its family in the wirecheck executable: the
// dynamic linker resolves every library's calls (the Swift runtime's swift_slowAlloc, Foundation,
// OpenSSL, libsodium) to the executable's definition first, and these pass each call on to glibc's
// own allocator under its exported __libc_* names. This is what valgrind's "total heap usage"
// counted in scripts/bench/allocations.sh, without valgrind's 50x slowdown, so every bench row can
// carry it. The aligned forms (Swift's for types aligned to more than 16 bytes) are counted too;
// free is glibc's, not counted.
//
// Only the wirecheck executable links this target: a library or test binary keeps glibc's malloc.
#include "CAllocationCount.h"

#include <errno.h>
#include <stddef.h>

static int counting;
static uint64_t allocations;

void wirecheck_count_allocations(int on) { __atomic_store_n(&counting, on, __ATOMIC_RELAXED); }

uint64_t wirecheck_allocations(void) { return __atomic_load_n(&allocations, __ATOMIC_RELAXED); }

// glibc only: elsewhere (macOS has no __libc_malloc) nothing is counted, and the bench leaves the column out.
#if defined(__GLIBC__)

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);

static inline void note_allocation(void) {
    // Relaxed atomics: a server thread may allocate while the bench counts; the count needs no order.
    if (__atomic_load_n(&counting, __ATOMIC_RELAXED)) __atomic_fetch_add(&allocations, 1, __ATOMIC_RELAXED);
}

void *malloc(size_t size) {
    note_allocation();
    return __libc_malloc(size);
}

void *calloc(size_t number, size_t size) {
    note_allocation();
    return __libc_calloc(number, size);
}

void *realloc(void *pointer, size_t size) {
    note_allocation();
    return __libc_realloc(pointer, size);
}

void *memalign(size_t alignment, size_t size) {
    note_allocation();
    return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
    note_allocation();
    return __libc_memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    // glibc's own checks: a power of two that is a multiple of the pointer size.
    if (alignment == 0 || alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0) return EINVAL;
    note_allocation();
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL) return ENOMEM;
    *result = pointer;
    return 0;
}

#endif
