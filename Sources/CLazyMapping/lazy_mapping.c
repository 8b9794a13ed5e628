// llama.cpp maps a model file with MAP_POPULATE on Linux (its loader always prefetches; only a
// NUMA machine turns that off), so at the instant of the load every page of the file counts as
// resident memory of the process — for Qwen2.5 0.5B all 469 MB, including the 94 MB
// token-embedding table of which a request reads a few hundred rows. That instant was the
// process's peak (523-539 MB above baseline against a 500 MB budget, docs/ai.md).
//
// This file defines `mmap`, which the dynamic linker binds ahead of the C library's for every
// shared library of the process (libllama.so calls mmap through its PLT). It forwards every
// call unchanged to the kernel, except that MAP_POPULATE is dropped while the calling thread
// has asked for it (`hearth_mapping_populate_off`), i.e. only around llama.cpp's model load on
// the inference queue. MAP_POPULATE is only a hint to fault pages in ahead of time: without it
// the mapping is the same, its pages arrive on first use from the page cache (llama.cpp also
// issues POSIX_MADV_WILLNEED, so the file is read ahead into the cache, which is not process
// memory). Measured with the same libllama (C probe): RSS right after the load 517 -> 54 MB.
#if defined(__linux__)
#define _GNU_SOURCE
#endif
#include "lazy_mapping.h"

#if defined(__linux__)
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <unistd.h>

static _Thread_local bool populate_off = false;

void hearth_mapping_populate_off(bool off) { populate_off = off; }

bool hearth_mapping_populate_control_available(void) { return true; }

void *mmap(void *address, size_t length, int protection, int flags, int fd, off_t offset) {
    if (populate_off) { flags &= ~MAP_POPULATE; }
    // syscall() returns -1 and sets errno on failure: (void *) -1 is MAP_FAILED, as mmap's contract says.
    return (void *) syscall(SYS_mmap, address, length, protection, flags, fd, offset);
}
#else
void hearth_mapping_populate_off(bool off) { (void) off; }

bool hearth_mapping_populate_control_available(void) { return false; }
#endif
