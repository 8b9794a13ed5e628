#pragma once
// Lets HearthAI load a model file without llama.cpp faulting the whole file into the process.
// See lazy_mapping.c for why and how.
#include <stdbool.h>

/// While on (per thread), mmap() calls from the calling thread drop MAP_POPULATE: the mapping is
/// made as asked, its pages come in on first use instead of all at once. Linux only; elsewhere a
/// no-op (nothing is populated there to begin with).
void hearth_mapping_populate_off(bool off);

/// Whether this process's mmap() honours `hearth_mapping_populate_off` (false where the
/// interposition is not built, e.g. macOS).
bool hearth_mapping_populate_control_available(void);
