#ifndef COINWATCH_CMALLOC_SHIM_H
#define COINWATCH_CMALLOC_SHIM_H

#include <malloc.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

/* glibc's malloc tuning, which Swift cannot import (malloc.h is not in the Glibc module). */

/* Sets up the heap for a command that is about to hold about `bytes` at once (a large rules.json
   parsed whole, a state file read whole): one arena for every thread, large blocks kept in the heap
   rather than mapped one by one, nothing trimmed, and the heap grown by `bytes` now, in one region
   advised as huge-page backed (MADV_HUGEPAGE: a 2 MiB page per fault where the kernel's
   transparent_hugepage setting is "madvise" or "always"). Returns madvise's result: 0 when the
   advice was taken, -1 when it was not (the tuning holds either way). */
static inline int cw_heap_reserve_huge(size_t bytes) {
    const uintptr_t huge = (uintptr_t)2 << 20;
    /* Blocks under the mapping threshold, so that each comes from the heap; held until all are made. */
    const size_t step = 24 << 20;
    void *blocks[16];
    int count = 0;
    mallopt(M_ARENA_MAX, 1);
    mallopt(M_MMAP_THRESHOLD, 32 << 20);
    mallopt(M_TRIM_THRESHOLD, 1 << 30);
    mallopt(M_TOP_PAD, 16 << 20);
    uintptr_t start = (uintptr_t)sbrk(0);
    for (size_t made = 0; made < bytes && count < 16; made += step) {
        blocks[count] = malloc(step);
        /* Each block must really be made: keep the compiler from eliding the malloc/free pairs. */
        __asm__ volatile("" : : "r"(blocks[count]) : "memory");
        count += 1;
    }
    uintptr_t end = (uintptr_t)sbrk(0);
    uintptr_t first = (start + huge - 1) & ~(huge - 1);
    int result = end > first ? madvise((void *)first, end - first, MADV_HUGEPAGE) : -1;
    while (count > 0) free(blocks[--count]);
    return result;
}

#endif
