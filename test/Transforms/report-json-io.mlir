// REQUIRES: system-linux
// A JSON file that cannot be written (here /dev/full: every write fails with
// ENOSPC, reported only when the stream is flushed) fails the pass with an
// error naming the file, instead of aborting the process from the stream's
// destructor ("LLVM ERROR: IO failure on output stream").
// RUN: not peakmem-opt %s -p 'builtin.module(func.func(peakmem-report{json=/dev/full remarks=0}))' -o /dev/null 2>&1 | FileCheck %s
// A path that cannot be opened is the same error, reported at open.
// RUN: not peakmem-opt %s -p 'builtin.module(func.func(peakmem-report{json=%t.missing/dir/out.json remarks=0}))' -o /dev/null 2>&1 | FileCheck %s --check-prefix=OPEN

// CHECK-NOT: LLVM ERROR
// CHECK: error: peakmem: cannot write '/dev/full': No space left on device
// CHECK-NOT: LLVM ERROR
// OPEN: error: peakmem: cannot write '{{.*}}out.json': No such file or directory
func.func @one_buffer(%in: memref<4xf32>) {
  %a = memref.alloc() : memref<4xf32>
  linalg.copy ins(%in : memref<4xf32>) outs(%a : memref<4xf32>)
  memref.dealloc %a : memref<4xf32>
  return
}
