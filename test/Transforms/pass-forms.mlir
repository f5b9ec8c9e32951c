// Every pass and the pipeline give the same IR and the same diagnostics in
// every form a user schedules them: the flag form on the module
// (--peakmem-reorder), a module-level pipeline string, any(...) nesting, and
// explicit nesting on each kind of function op. The functions sit at every
// depth and in every kind of function-like op: a top-level func.func, a
// declaration, a gpu.func in a gpu.module and a func.func in a nested
// builtin.module (any(...) reaches those two through their module, the
// explicit form names them). Each form's output (IR and remarks) is diffed
// against the flag form's, which is checked below (remarks, then IR).
//
// DEFINE: %{not} =
// DEFINE: %{pass} = peakmem-report
// DEFINE: %{opts} =
// DEFINE: %{out} = %t.%{pass}
// DEFINE: %{samediag} = diff
// DEFINE: %{forms} = %{not} peakmem-opt %s '--%{pass}=%{opts}' > %{out}.flag 2> %{out}.flag.diag \
// DEFINE:   && %{not} peakmem-opt %s -p 'builtin.module(%{pass}{%{opts}})' > %{out}.module 2> %{out}.module.diag \
// DEFINE:   && %{not} peakmem-opt %s -p 'builtin.module(any(%{pass}{%{opts}}))' > %{out}.any 2> %{out}.any.diag \
// DEFINE:   && %{not} peakmem-opt %s -p 'builtin.module(func.func(%{pass}{%{opts}}),gpu.module(gpu.func(%{pass}{%{opts}})),builtin.module(func.func(%{pass}{%{opts}})))' > %{out}.nested 2> %{out}.nested.diag \
// DEFINE:   && diff %{out}.flag %{out}.module && diff %{out}.flag %{out}.any && diff %{out}.flag %{out}.nested \
// DEFINE:   && %{samediag} %{out}.flag.diag %{out}.module.diag && %{samediag} %{out}.flag.diag %{out}.any.diag \
// DEFINE:   && %{samediag} %{out}.flag.diag %{out}.nested.diag
// DEFINE: %{check} = cat %{out}.flag.diag %{out}.flag | FileCheck %s
//
// RUN: %{forms}
// RUN: %{check} --check-prefix=REPORT
// REDEFINE: %{pass} = peakmem-reorder
// RUN: %{forms}
// RUN: %{check} --check-prefix=REORDER
// REDEFINE: %{pass} = peakmem-recompute
// REDEFINE: %{opts} = max-mac-overhead=0.3 max-op-overhead=0.3
// RUN: %{forms}
// RUN: %{check} --check-prefix=RECOMPUTE
// REDEFINE: %{pass} = peakmem-certify
// REDEFINE: %{opts} =
// RUN: %{forms}
// RUN: %{check} --check-prefix=CERTIFY
// REDEFINE: %{pass} = peakmem-reorder-tensors
// RUN: %{forms}
// RUN: %{check} --check-prefix=TENSORS
// A pipeline on the module runs each step on every function before the next
// step; nested, it runs every step on one function: the same remarks, in
// another order.
// REDEFINE: %{pass} = peakmem-optimize
// REDEFINE: %{samediag} = %python -c "import sys; a, b = (sorted(open(f).read().splitlines()) for f in sys.argv[1:]); sys.exit(a != b)"
// REDEFINE: %{opts} = max-mac-overhead=0.3 max-op-overhead=0.3 plan-max-work=200000000
// RUN: %{forms}
// RUN: %{check} --check-prefix=OPTIMIZE
// The false claims (claim_*) are rejected in every kind of function, in every
// form (the run fails).
// REDEFINE: %{pass} = peakmem-verify-certificate
// REDEFINE: %{samediag} = diff
// REDEFINE: %{opts} =
// REDEFINE: %{not} = not
// RUN: %{forms}
// RUN: %{check} --check-prefix=VERIFY

// Remarks come first (stderr), then the IR.
// REPORT: remark: peakmem: peak of 2052 bytes in 'top_fork_join'
// REPORT: remark: peakmem: peak of 2052 bytes in 'gpu_fork_join'
// REPORT: remark: peakmem: peak of 2052 bytes in 'inner_fork_join'
// REPORT: remark: peakmem: peak of 16384 bytes in 'recompute_fill'
// REPORT: func.func @top_fork_join({{.*}}peakmem.macs = 0 : i64, peakmem.ops = 515 : i64, peakmem.peak = 2052 : i64}
// REPORT: func.func private @declared(memref<4xf32>){{$}}
// REPORT: gpu.func @gpu_fork_join({{.*}}peakmem.macs = 0 : i64, peakmem.ops = 515 : i64, peakmem.peak = 2052 : i64}
// REPORT: func.func @inner_fork_join({{.*}}peakmem.macs = 0 : i64, peakmem.ops = 515 : i64, peakmem.peak = 2052 : i64}

// The gpu.func body is reordered as a func.func's would be.
// REORDER: remark: peakmem-reorder: 'top_fork_join' peak 2052 -> 1032 bytes (proven optimal)
// REORDER: remark: peakmem-reorder: 'gpu_fork_join' peak 2052 -> 1032 bytes (proven optimal)
// REORDER: remark: peakmem-reorder: 'inner_fork_join' peak 2052 -> 1032 bytes (proven optimal)
// REORDER: func.func @top_fork_join({{.*}}peakmem.peak = 1032 : i64, peakmem.reorder = {peak_after = 1032 : i64, peak_before = 2052 : i64, search = "proven"}}
// REORDER: gpu.func @gpu_fork_join({{.*}}peakmem.peak = 1032 : i64, peakmem.reorder = {peak_after = 1032 : i64, peak_before = 2052 : i64, search = "proven"}}
// REORDER-NEXT: %[[A1:.*]] = memref.alloc() : memref<256xf32>
// REORDER-NEXT: linalg.copy ins(%{{.*}} : memref<256xf32>) outs(%[[A1]]
// REORDER-NEXT: memref.subview %[[A1]]
// REORDER-NEXT: memref.alloc() : memref<1xf32>
// REORDER-NEXT: linalg.copy
// REORDER-NEXT: memref.dealloc %[[A1]]
// REORDER-NEXT: memref.alloc() : memref<256xf32>
// REORDER: func.func @inner_fork_join({{.*}}peakmem.peak = 1032 : i64, peakmem.reorder = {peak_after = 1032 : i64, peak_before = 2052 : i64, search = "proven"}}

// RECOMPUTE: remark: peakmem-recompute: 'gpu_fork_join' peak 2052 -> 1032 bytes by reordering ops, nothing recomputed
// RECOMPUTE: remark: peakmem-recompute: 'inner_fork_join' peak 2052 -> 1032 bytes by reordering ops, nothing recomputed
// RECOMPUTE: remark: peakmem-recompute: recomputed for 1 late user
// RECOMPUTE: remark: peakmem-recompute: 'recompute_fill' peak 16384 -> 12288 bytes by recomputing 1 ops
// RECOMPUTE: func.func @recompute_fill({{.*}}peakmem.peak = 12288 : i64, peakmem.recompute = {cloned_ops = 1 : i64, 

// CERTIFY: remark: peakmem-certify: 'top_fork_join' peak 2052 bytes, lower bound 1032 (pairwise): gap 1020 bytes
// CERTIFY: remark: peakmem-certify: 'gpu_fork_join' peak 2052 bytes, lower bound 1032 (pairwise): gap 1020 bytes
// CERTIFY: remark: peakmem-certify: 'inner_fork_join' peak 2052 bytes, lower bound 1032 (pairwise): gap 1020 bytes
// CERTIFY: gpu.func @gpu_fork_join({{.*}}peakmem.certificate = {{.*}}peakmem.lower_bound = 1032 : i64, peakmem.optimal = false, peakmem.peak = 2052 : i64}

// TENSORS: remark: peakmem-reorder-tensors: 'tensor_fork_join' tensor-model peak 2244 -> 1224 bytes (proven optimal)
// TENSORS: remark: peakmem-reorder-tensors: 'inner_tensor_fork_join' tensor-model peak 2244 -> 1224 bytes (proven optimal)
// TENSORS: func.func @tensor_fork_join({{.*}}peakmem.predicted_peak = 1224 : i64, peakmem.reorder_tensors = {
// TENSORS: func.func @inner_tensor_fork_join({{.*}}peakmem.predicted_peak = 1224 : i64, peakmem.reorder_tensors = {

// The pipeline's options reach its steps (max-mac-overhead=0.3 max-op-overhead=0.3 allows the
// recomputation, which the default 0.004 does not).
// OPTIMIZE: remark: peakmem-certify: 'gpu_fork_join' peak 1032 bytes, lower bound 1032 (pairwise): optimal
// OPTIMIZE: remark: peakmem-certify: 'inner_fork_join' peak 1032 bytes, lower bound 1032 (pairwise): optimal
// OPTIMIZE: remark: peakmem-certify: 'recompute_fill' peak 12288 bytes, lower bound 12288 (local): optimal
// OPTIMIZE: gpu.func @gpu_fork_join({{.*}}peakmem.optimal = true, peakmem.peak = 1032 : i64, peakmem.recompute = {
// OPTIMIZE: func.func @inner_fork_join({{.*}}peakmem.optimal = true, peakmem.peak = 1032 : i64, peakmem.recompute = {
// OPTIMIZE: func.func @recompute_fill({{.*}}peakmem.optimal = true, peakmem.peak = 12288 : i64, peakmem.recompute = {cloned_ops = 1 : i64, 

// VERIFY: error: peakmem: certificate of 'claim_top' rejected
// VERIFY: error: peakmem: certificate of 'claim_gpu' rejected
// VERIFY: error: peakmem: certificate of 'claim_nested' rejected
// VERIFY-NOT: error

module {
  // Fork-join (as in reorder.mlir) in each kind of function: 2052 bytes as
  // written, 1032 when branch A finishes before branch B starts.
  func.func @top_fork_join(%in: memref<256xf32>, %out: memref<1xf32>) {
    %a1 = memref.alloc() : memref<256xf32>
    linalg.copy ins(%in : memref<256xf32>) outs(%a1 : memref<256xf32>)
    %b1 = memref.alloc() : memref<256xf32>
    linalg.copy ins(%in : memref<256xf32>) outs(%b1 : memref<256xf32>)
    %va = memref.subview %a1[0] [1] [1] : memref<256xf32> to memref<1xf32, strided<[1]>>
    %a2 = memref.alloc() : memref<1xf32>
    linalg.copy ins(%va : memref<1xf32, strided<[1]>>) outs(%a2 : memref<1xf32>)
    memref.dealloc %a1 : memref<256xf32>
    %vb = memref.subview %b1[0] [1] [1] : memref<256xf32> to memref<1xf32, strided<[1]>>
    %b2 = memref.alloc() : memref<1xf32>
    linalg.copy ins(%vb : memref<1xf32, strided<[1]>>) outs(%b2 : memref<1xf32>)
    memref.dealloc %b1 : memref<256xf32>
    linalg.add ins(%a2, %b2 : memref<1xf32>, memref<1xf32>) outs(%out : memref<1xf32>)
    memref.dealloc %a2 : memref<1xf32>
    memref.dealloc %b2 : memref<1xf32>
    return
  }
  func.func private @declared(memref<4xf32>)
  gpu.module @kernels {
    gpu.func @gpu_fork_join(%in: memref<256xf32>, %out: memref<1xf32>) kernel {
      %a1 = memref.alloc() : memref<256xf32>
      linalg.copy ins(%in : memref<256xf32>) outs(%a1 : memref<256xf32>)
      %b1 = memref.alloc() : memref<256xf32>
      linalg.copy ins(%in : memref<256xf32>) outs(%b1 : memref<256xf32>)
      %va = memref.subview %a1[0] [1] [1] : memref<256xf32> to memref<1xf32, strided<[1]>>
      %a2 = memref.alloc() : memref<1xf32>
      linalg.copy ins(%va : memref<1xf32, strided<[1]>>) outs(%a2 : memref<1xf32>)
      memref.dealloc %a1 : memref<256xf32>
      %vb = memref.subview %b1[0] [1] [1] : memref<256xf32> to memref<1xf32, strided<[1]>>
      %b2 = memref.alloc() : memref<1xf32>
      linalg.copy ins(%vb : memref<1xf32, strided<[1]>>) outs(%b2 : memref<1xf32>)
      memref.dealloc %b1 : memref<256xf32>
      linalg.add ins(%a2, %b2 : memref<1xf32>, memref<1xf32>) outs(%out : memref<1xf32>)
      memref.dealloc %a2 : memref<1xf32>
      memref.dealloc %b2 : memref<1xf32>
      gpu.return
    }
  }
  module @inner {
    func.func @inner_fork_join(%in: memref<256xf32>, %out: memref<1xf32>) {
      %a1 = memref.alloc() : memref<256xf32>
      linalg.copy ins(%in : memref<256xf32>) outs(%a1 : memref<256xf32>)
      %b1 = memref.alloc() : memref<256xf32>
      linalg.copy ins(%in : memref<256xf32>) outs(%b1 : memref<256xf32>)
      %va = memref.subview %a1[0] [1] [1] : memref<256xf32> to memref<1xf32, strided<[1]>>
      %a2 = memref.alloc() : memref<1xf32>
      linalg.copy ins(%va : memref<1xf32, strided<[1]>>) outs(%a2 : memref<1xf32>)
      memref.dealloc %a1 : memref<256xf32>
      %vb = memref.subview %b1[0] [1] [1] : memref<256xf32> to memref<1xf32, strided<[1]>>
      %b2 = memref.alloc() : memref<1xf32>
      linalg.copy ins(%vb : memref<1xf32, strided<[1]>>) outs(%b2 : memref<1xf32>)
      memref.dealloc %b1 : memref<256xf32>
      linalg.add ins(%a2, %b2 : memref<1xf32>, memref<1xf32>) outs(%out : memref<1xf32>)
      memref.dealloc %a2 : memref<1xf32>
      memref.dealloc %b2 : memref<1xf32>
      return
    }
  }
  // As in recompute.mlir: 16384 -> 12288 bytes by recomputing the fill.
  func.func @recompute_fill(%in: memref<1024xf32>) -> memref<1024xf32> {
    %cst = arith.constant 1.0 : f32
    %b = memref.alloc() : memref<1024xf32>
    linalg.fill ins(%cst : f32) outs(%b : memref<1024xf32>)
    %e = memref.alloc() : memref<1024xf32>
    linalg.add ins(%b, %in : memref<1024xf32>, memref<1024xf32>) outs(%e : memref<1024xf32>)
    %t1 = memref.alloc() : memref<1024xf32>
    linalg.add ins(%e, %e : memref<1024xf32>, memref<1024xf32>) outs(%t1 : memref<1024xf32>)
    memref.dealloc %e : memref<1024xf32>
    %t2 = memref.alloc() : memref<1024xf32>
    linalg.add ins(%t1, %t1 : memref<1024xf32>, memref<1024xf32>) outs(%t2 : memref<1024xf32>)
    %t3 = memref.alloc() : memref<1024xf32>
    linalg.add ins(%t1, %t2 : memref<1024xf32>, memref<1024xf32>) outs(%t3 : memref<1024xf32>)
    memref.dealloc %t1 : memref<1024xf32>
    memref.dealloc %t2 : memref<1024xf32>
    %o = memref.alloc() : memref<1024xf32>
    linalg.add ins(%t3, %b : memref<1024xf32>, memref<1024xf32>) outs(%o : memref<1024xf32>)
    memref.dealloc %t3 : memref<1024xf32>
    memref.dealloc %b : memref<1024xf32>
    return %o : memref<1024xf32>
  }

  // Tensor IR (as in reorder-tensors.mlir): 2244 -> 1224 bytes predicted.
  func.func @tensor_fork_join(%in: tensor<256xf32>) -> tensor<1xf32> {
    %e1 = tensor.empty() : tensor<256xf32>
    %a1 = linalg.exp ins(%in : tensor<256xf32>) outs(%e1 : tensor<256xf32>) -> tensor<256xf32>
    %e2 = tensor.empty() : tensor<256xf32>
    %b1 = linalg.log ins(%in : tensor<256xf32>) outs(%e2 : tensor<256xf32>) -> tensor<256xf32>
    %sa = tensor.extract_slice %a1[0] [1] [1] : tensor<256xf32> to tensor<1xf32>
    %e3 = tensor.empty() : tensor<1xf32>
    %a2 = linalg.copy ins(%sa : tensor<1xf32>) outs(%e3 : tensor<1xf32>) -> tensor<1xf32>
    %sb = tensor.extract_slice %b1[0] [1] [1] : tensor<256xf32> to tensor<1xf32>
    %e4 = tensor.empty() : tensor<1xf32>
    %b2 = linalg.copy ins(%sb : tensor<1xf32>) outs(%e4 : tensor<1xf32>) -> tensor<1xf32>
    %e5 = tensor.empty() : tensor<1xf32>
    %j = linalg.add ins(%a2, %b2 : tensor<1xf32>, tensor<1xf32>) outs(%e5 : tensor<1xf32>) -> tensor<1xf32>
    return %j : tensor<1xf32>
  }
  module @inner_tensors {
    func.func @inner_tensor_fork_join(%in: tensor<256xf32>) -> tensor<1xf32> {
      %e1 = tensor.empty() : tensor<256xf32>
      %a1 = linalg.exp ins(%in : tensor<256xf32>) outs(%e1 : tensor<256xf32>) -> tensor<256xf32>
      %e2 = tensor.empty() : tensor<256xf32>
      %b1 = linalg.log ins(%in : tensor<256xf32>) outs(%e2 : tensor<256xf32>) -> tensor<256xf32>
      %sa = tensor.extract_slice %a1[0] [1] [1] : tensor<256xf32> to tensor<1xf32>
      %e3 = tensor.empty() : tensor<1xf32>
      %a2 = linalg.copy ins(%sa : tensor<1xf32>) outs(%e3 : tensor<1xf32>) -> tensor<1xf32>
      %sb = tensor.extract_slice %b1[0] [1] [1] : tensor<256xf32> to tensor<1xf32>
      %e4 = tensor.empty() : tensor<1xf32>
      %b2 = linalg.copy ins(%sb : tensor<1xf32>) outs(%e4 : tensor<1xf32>) -> tensor<1xf32>
      %e5 = tensor.empty() : tensor<1xf32>
      %j = linalg.add ins(%a2, %b2 : tensor<1xf32>, tensor<1xf32>) outs(%e5 : tensor<1xf32>) -> tensor<1xf32>
      return %j : tensor<1xf32>
    }
  }

  // A lower bound claimed without a certificate, in each kind of function.
  func.func @claim_top() attributes {peakmem.lower_bound = 1 : i64} {
    return
  }
  gpu.module @claim_kernels {
    gpu.func @claim_gpu() kernel attributes {peakmem.lower_bound = 1 : i64} {
      gpu.return
    }
  }
  module @claim_inner {
    func.func @claim_nested() attributes {peakmem.lower_bound = 1 : i64} {
      return
    }
  }
}
