/*
 * SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
 * What both runtimes (CountingAllocator.c, CachingRuntime.c) report the same
 * way at exit: writes into freed buffers that happened after peakmem_end
 * (the measurement window is already printed, so they can only fail the run).
 */
#ifndef PEAKMEM_RUNTIME_RUNTIMEREPORT_H
#define PEAKMEM_RUNTIME_RUNTIMEREPORT_H

#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <unistd.h>

/* Exits with status 3 after a one-line error if `late` writes into freed
 * buffers happened after peakmem_end; returns otherwise. */
static inline void pm_fail_on_late_writes(uint64_t late) {
  if (!late)
    return;
  fprintf(stderr,
          "peakmem_runtime: error: use_after_free_writes after "
          "peakmem_end: %" PRIu64 "\n",
          late);
  fflush(stderr);
  _exit(3);
}

#endif
