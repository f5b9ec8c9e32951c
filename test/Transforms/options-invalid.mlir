// Invalid option values are refused before any IR is touched, with an error
// that names the pass or pipeline and the option, and shows the value as
// written, in every form: the flag, a pipeline string (on the module or
// nested), and the options of the peakmem-optimize pipeline.

// An unknown algorithm.
// RUN: not peakmem-opt %s --peakmem-reorder=algorithm=magic 2>&1 | FileCheck %s --check-prefix=ALGO
// RUN: not peakmem-opt %s -p 'builtin.module(peakmem-reorder{algorithm=magic})' 2>&1 | FileCheck %s --check-prefix=ALGO
// RUN: not peakmem-opt %s -p 'builtin.module(func.func(peakmem-reorder{algorithm=magic}))' 2>&1 | FileCheck %s --check-prefix=ALGO
// ALGO: error: peakmem-reorder: unknown algorithm 'magic' (expected one of: auto, exact, lpmf, bfs, dfs, xla-list, xla-dfs, post-order)
// RUN: not peakmem-opt %s --peakmem-reorder-tensors=algorithm=magic 2>&1 | FileCheck %s --check-prefix=TENSORS-ALGO
// TENSORS-ALGO: error: peakmem-reorder-tensors: unknown algorithm 'magic'
// RUN: not peakmem-opt %s --peakmem-optimize=algorithm=magic 2>&1 | FileCheck %s --check-prefix=OPT-ALGO
// RUN: not peakmem-opt %s -p 'builtin.module(peakmem-optimize{algorithm=magic})' 2>&1 | FileCheck %s --check-prefix=OPT-ALGO
// RUN: not peakmem-opt %s -p 'builtin.module(any(peakmem-optimize{algorithm=magic}))' 2>&1 | FileCheck %s --check-prefix=OPT-ALGO
// OPT-ALGO: error: peakmem-optimize: unknown algorithm 'magic' (expected one of: auto, exact, lpmf, bfs, dfs, xla-list, xla-dfs, post-order)

// A fraction outside [0, 1], by a hair: printed as written, not rounded.
// RUN: not peakmem-opt %s --peakmem-recompute=max-mac-overhead=1.0000001 2>&1 | FileCheck %s --check-prefix=ABOVE
// RUN: not peakmem-opt %s -p 'builtin.module(peakmem-recompute{max-mac-overhead=1.0000001})' 2>&1 | FileCheck %s --check-prefix=ABOVE
// RUN: not peakmem-opt %s -p 'builtin.module(func.func(peakmem-recompute{max-mac-overhead=1.0000001}))' 2>&1 | FileCheck %s --check-prefix=ABOVE
// ABOVE: error: peakmem-recompute: max-mac-overhead must be in [0, 1], got 1.0000001{{$}}
// RUN: not peakmem-opt %s '--peakmem-optimize=max-mac-overhead=1.0000001' 2>&1 | FileCheck %s --check-prefix=OPT-ABOVE
// RUN: not peakmem-opt %s -p 'builtin.module(peakmem-optimize{reorder-max-work=10 max-mac-overhead=1.0000001})' 2>&1 | FileCheck %s --check-prefix=OPT-ABOVE
// RUN: not peakmem-opt %s -p 'builtin.module(func.func(peakmem-optimize{max-mac-overhead=1.0000001}))' 2>&1 | FileCheck %s --check-prefix=OPT-ABOVE
// OPT-ABOVE: error: peakmem-optimize: max-mac-overhead must be in [0, 1], got 1.0000001{{$}}
// RUN: not peakmem-opt %s --peakmem-recompute=max-mac-overhead=-1e-9 2>&1 | FileCheck %s --check-prefix=BELOW
// BELOW: error: peakmem-recompute: max-mac-overhead must be in [0, 1], got -1e-09{{$}}
// The operation budget is checked the same way, in the pass and the pipeline.
// RUN: not peakmem-opt %s --peakmem-recompute=max-op-overhead=1.5 2>&1 | FileCheck %s --check-prefix=OPS-ABOVE
// OPS-ABOVE: error: peakmem-recompute: max-op-overhead must be in [0, 1], got 1.5{{$}}
// RUN: not peakmem-opt %s -p 'builtin.module(peakmem-optimize{max-op-overhead=-0.5})' 2>&1 | FileCheck %s --check-prefix=OPS-BELOW
// OPS-BELOW: error: peakmem-optimize: max-op-overhead must be in [0, 1], got -0.5{{$}}

// NaN is no fraction (it compares false with both ends).
// RUN: not peakmem-opt %s --peakmem-recompute=max-mac-overhead=nan 2>&1 | FileCheck %s --check-prefix=NAN
// NAN: error: peakmem-recompute: max-mac-overhead must be in [0, 1], got nan{{$}}
// RUN: not peakmem-opt %s -p 'builtin.module(peakmem-optimize{max-mac-overhead=nan})' 2>&1 | FileCheck %s --check-prefix=OPT-NAN
// OPT-NAN: error: peakmem-optimize: max-mac-overhead must be in [0, 1], got nan{{$}}

// Work budgets are whole work units: a negative or NaN budget does not parse
// (MLIR's option parser names the option and the value).
// RUN: not peakmem-opt %s --peakmem-reorder=max-work=-1 2>&1 | FileCheck %s --check-prefix=WORK-NEG
// RUN: not peakmem-opt %s -p 'builtin.module(peakmem-certify{max-work=-1})' 2>&1 | FileCheck %s --check-prefix=WORK-NEG
// RUN: not peakmem-opt %s -p 'builtin.module(peakmem-verify-certificate{max-work=-1})' 2>&1 | FileCheck %s --check-prefix=WORK-NEG
// WORK-NEG: for the --max-work option: '-1' value invalid for ulong argument!
// RUN: not peakmem-opt %s -p 'builtin.module(func.func(peakmem-reorder-tensors{max-work=nan}))' 2>&1 | FileCheck %s --check-prefix=WORK-NAN
// WORK-NAN: for the --max-work option: 'nan' value invalid for ulong argument!
// RUN: not peakmem-opt %s --peakmem-optimize=reorder-max-work=nan 2>&1 | FileCheck %s --check-prefix=OPT-WORK-NAN
// OPT-WORK-NAN: for the --reorder-max-work option: 'nan' value invalid for ulong argument!
// RUN: not peakmem-opt %s '--peakmem-reorder=time-limit-ms=-1' 2>&1 | FileCheck %s --check-prefix=TIME-NEG
// TIME-NEG: for the --time-limit-ms option: '-1' value invalid for uint argument!
// The wall-clock budgets of earlier versions are gone (every budget counts
// work now): naming one is an error, not a silent default.
// RUN: not peakmem-opt %s --peakmem-reorder=budget-ms=500 2>&1 | FileCheck %s --check-prefix=OLD-MS
// RUN: not peakmem-opt %s -p 'builtin.module(peakmem-optimize{budget-ms=500})' 2>&1 | FileCheck %s --check-prefix=OLD-MS
// OLD-MS: no such option budget-ms
// RUN: not peakmem-opt %s -p 'builtin.module(peakmem-recompute{plan-budget-ms=500})' 2>&1 | FileCheck %s --check-prefix=OLD-PLAN
// OLD-PLAN: no such option plan-budget-ms

// Padding outside [0, 2^32] bytes.
// RUN: not peakmem-opt %s --peakmem-reorder-tensors=padding=-1 2>&1 | FileCheck %s --check-prefix=PADDING
// PADDING: error: peakmem-reorder-tensors: padding must be in [0, 4294967296] bytes, got -1{{$}}

// An option the pipeline does not have.
// RUN: not peakmem-opt %s -p 'builtin.module(peakmem-optimize{padding=1})' 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: no such option padding

func.func @untouched() {
  return
}

// Arena options of peakmem-optimize.
// RUN: not peakmem-opt %s '--peakmem-optimize=arena=heap' 2>&1 | FileCheck %s --check-prefix=OPT-ARENA
// OPT-ARENA: peakmem-optimize: unknown arena='heap' (none | alloc | argument)
// RUN: not peakmem-opt %s -p 'builtin.module(peakmem-optimize{arena=alloc arena-alignment=3})' 2>&1 | FileCheck %s --check-prefix=OPT-ALIGN
// OPT-ALIGN: peakmem-optimize: alignment=3 is not a power of two
// RUN: not peakmem-opt %s -p 'builtin.module(peakmem-optimize{arena=alloc arena-allocator=bump})' 2>&1 | FileCheck %s --check-prefix=OPT-ALLOCATOR
// OPT-ALLOCATOR: peakmem-optimize: unknown allocator='bump' (malloc | caching)
// RUN: not peakmem-opt %s -p 'builtin.module(peakmem-optimize{arena=alloc arena-max-live-increase=-1})' 2>&1 | FileCheck %s --check-prefix=OPT-LIVE
// OPT-LIVE: peakmem-optimize: max-live-increase must be >= 0, got -1

// Budgets per phase are unsigned work units.
// RUN: not peakmem-opt %s -p 'builtin.module(peakmem-recompute{plan-max-work=-1})' 2>&1 | FileCheck %s --check-prefix=PLAN-BUDGET
// PLAN-BUDGET: '-1' value invalid for ulong argument
