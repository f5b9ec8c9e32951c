/*
 * SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
 * Opaque external functions for execution tests of programs whose calls
 * retain a pointer (a DMA started by one call and finished by another).
 *
 * A module declares them as external functions on 1-D f32 memrefs:
 *
 *   func.func private @peakmem_retain_f32(memref<?xf32>)   // start_dma
 *   func.func private @peakmem_release_f32(memref<?xf32>)  // wait_dma
 *
 * (static shapes work too: the lowering passes the same descriptor fields).
 * `retain` remembers the buffer's address and size and touches nothing;
 * `release` copies the remembered buffer into its argument and forgets it.
 * So the retained buffer is read by `release`, through a pointer the IR no
 * longer shows: freeing it before `release` is a use after free, which the
 * poisoning allocator turns into different output bits.
 */

#include <stdint.h>
#include <string.h>

#define PEAKMEM_EXPORT __attribute__((visibility("default")))

static float *g_retained = 0;
static int64_t g_retained_size = 0;

PEAKMEM_EXPORT void peakmem_retain_f32(float *allocated, float *aligned,
                                       int64_t offset, int64_t size,
                                       int64_t stride) {
  (void)allocated;
  (void)stride;
  g_retained = aligned + offset;
  g_retained_size = size;
}

PEAKMEM_EXPORT void peakmem_release_f32(float *allocated, float *aligned,
                                        int64_t offset, int64_t size,
                                        int64_t stride) {
  (void)allocated;
  int64_t n = size < g_retained_size ? size : g_retained_size;
  for (int64_t i = 0; i < n; ++i)
    aligned[offset + i * stride] = g_retained[i];
  g_retained = 0;
  g_retained_size = 0;
}
