/*
 * SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
 * The driver's data helpers, shared by both runtimes behind
 * `python -m peakmem exec` (the counting heap, CountingAllocator.c, and the
 * caching allocator, CachingAllocator.c):
 *   peakmem_fill(ptr, n, kind, seed) deterministic input data
 *   peakmem_digest_add(ptr, nbytes)  FNV-1a 64 over all outputs, in order
 *   peakmem_digest_print()           prints output_digest: <16 hex digits>
 * docs/Execution.md documents the fill formula and the digest.
 */

#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PEAKMEM_EXPORT __attribute__((visibility("default")))

/* ------------------------------------------------------------------------ */
/* Deterministic input data                                                  */
/* ------------------------------------------------------------------------ */

/* Element kinds; keep in sync with ELEMENT_KINDS in python/peakmem/execute.py
 * and docs/Execution.md. */
enum {
  PEAKMEM_F32 = 0,
  PEAKMEM_F64 = 1,
  PEAKMEM_F16 = 2,
  PEAKMEM_BF16 = 3,
  PEAKMEM_I1 = 4,
  PEAKMEM_I8 = 5,
  PEAKMEM_I16 = 6,
  PEAKMEM_I32 = 7,
  PEAKMEM_I64 = 8, /* also index */
};

/* splitmix64 finalizer: a well-mixed 64-bit hash. */
static uint64_t mix64(uint64_t z) {
  z += 0x9e3779b97f4a7c15ULL;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

/* h(seed, i) = mix64(mix64(seed) ^ i). */
static uint64_t element_hash(uint64_t seed_mix, uint64_t i) {
  return mix64(seed_mix ^ i);
}

/* f32 bits -> f16 bits for values exactly representable in f16 (the fill
 * only produces k/1024 with |k| <= 1024, all normal or zero in f16). */
static uint16_t f32_to_f16_exact(float f) {
  uint32_t x;
  memcpy(&x, &f, 4);
  uint16_t sign = (uint16_t)((x >> 16) & 0x8000u);
  uint32_t exp = (x >> 23) & 0xffu;
  uint32_t mant = x & 0x7fffffu;
  if (exp == 0)
    return sign; /* zero */
  int e = (int)exp - 127 + 15;
  return (uint16_t)(sign | ((uint32_t)e << 10) | (mant >> 13));
}

PEAKMEM_EXPORT void peakmem_fill(int64_t ptr, int64_t num_elements,
                                 int32_t kind, int64_t seed) {
  char *p = (char *)(uintptr_t)ptr;
  uint64_t s = mix64((uint64_t)seed);
  for (int64_t i = 0; i < num_elements; ++i) {
    uint64_t h = element_hash(s, (uint64_t)i);
    switch (kind) {
    case PEAKMEM_F32: {
      /* (top 24 bits) / 2^23 - 1: exact in f32, in [-1, 1). */
      float v = (float)((double)(h >> 40) / 8388608.0 - 1.0);
      memcpy(p + 4 * i, &v, 4);
      break;
    }
    case PEAKMEM_F64: {
      /* (top 53 bits) / 2^52 - 1: exact in f64, in [-1, 1). */
      double v = (double)(h >> 11) / 4503599627370496.0 - 1.0;
      memcpy(p + 8 * i, &v, 8);
      break;
    }
    case PEAKMEM_F16: {
      /* (top 11 bits) / 2^10 - 1 = k/1024 - 1: exact in f16, in [-1, 1). */
      float v = (float)((double)(h >> 53) / 1024.0 - 1.0);
      uint16_t b = f32_to_f16_exact(v);
      memcpy(p + 2 * i, &b, 2);
      break;
    }
    case PEAKMEM_BF16: {
      /* (top 8 bits) / 2^7 - 1 = k/128 - 1: exact in bf16, in [-1, 1). */
      float v = (float)((double)(h >> 56) / 128.0 - 1.0);
      uint32_t x;
      memcpy(&x, &v, 4);
      uint16_t b = (uint16_t)(x >> 16);
      memcpy(p + 2 * i, &b, 2);
      break;
    }
    case PEAKMEM_I1:
      p[i] = (char)(h >> 63);
      break;
    case PEAKMEM_I8: {
      uint8_t v = (uint8_t)(h >> 56);
      memcpy(p + i, &v, 1);
      break;
    }
    case PEAKMEM_I16: {
      uint16_t v = (uint16_t)(h >> 48);
      memcpy(p + 2 * i, &v, 2);
      break;
    }
    case PEAKMEM_I32: {
      uint32_t v = (uint32_t)(h >> 32);
      memcpy(p + 4 * i, &v, 4);
      break;
    }
    case PEAKMEM_I64:
      memcpy(p + 8 * i, &h, 8);
      break;
    default:
      fprintf(stderr, "peakmem_runtime: peakmem_fill: unknown kind %d\n",
              (int)kind);
      abort();
    }
  }
}

/* ------------------------------------------------------------------------ */
/* Output digest                                                             */
/* ------------------------------------------------------------------------ */

#define FNV_OFFSET 0xcbf29ce484222325ULL
#define FNV_PRIME 0x100000001b3ULL

static uint64_t g_digest = FNV_OFFSET;

static void fnv_bytes(const unsigned char *p, uint64_t n) {
  uint64_t h = g_digest;
  for (uint64_t i = 0; i < n; ++i) {
    h ^= p[i];
    h *= FNV_PRIME;
  }
  g_digest = h;
}

/* FNV-1a 64 over, for each output in order: its byte count as 8 little-endian
 * bytes, then its bytes. */
PEAKMEM_EXPORT void peakmem_digest_add(int64_t ptr, int64_t num_bytes) {
  unsigned char len[8];
  uint64_t n = (uint64_t)num_bytes;
  for (int k = 0; k < 8; ++k)
    len[k] = (unsigned char)(n >> (8 * k));
  fnv_bytes(len, 8);
  fnv_bytes((const unsigned char *)(uintptr_t)ptr, n);
}

PEAKMEM_EXPORT void peakmem_digest_print(void) {
  printf("output_digest: %016" PRIx64 "\n", g_digest);
  fflush(stdout);
  g_digest = FNV_OFFSET;
}
