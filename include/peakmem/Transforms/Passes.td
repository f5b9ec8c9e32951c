//===- Passes.td - peakmem pass definitions ----------------*- tablegen -*-===//

#ifndef PEAKMEM_TRANSFORMS_PASSES
#define PEAKMEM_TRANSFORMS_PASSES

include "mlir/Pass/PassBase.td"

def Report : InterfacePass<"peakmem-report", "mlir::FunctionOpInterface"> {
  let summary = "Annotate each function with its modeled peak memory";
  let description = [{
    Builds the peakmem memory model of the function (every block, nested
    scratch included) and sets `peakmem.peak = <bytes> : i64` on it: the
    exact number of heap bytes the lowered function has live at its worst
    moment, counted as the allocator is asked for them. A remark at the
    statement where the peak is reached names the bytes and live buffers.

    Functions the model cannot describe exactly (tensor IR, dynamic shapes,
    unstructured control flow, conditional frees) get a remark saying why and
    are left unchanged.

    With `json=<path>`, writes the live-bytes timeline of every modeled block
    of every function to `<path>` (a JSON list; see docs/Passes.md).
  }];
  let options = [
    Option<"jsonPath", "json", "std::string", /*default=*/"",
           "Write per-statement live bytes of every block to this file">,
    Option<"emitRemarks", "remarks", "bool", /*default=*/"true",
           "Emit a remark at the peak statement of every function">,
  ];
}

#endif // PEAKMEM_TRANSFORMS_PASSES
