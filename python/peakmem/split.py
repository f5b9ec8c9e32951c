# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Split execution (docs/Split.md) for `peakmem optimize --split BUDGET` and
tools/split_bench.py: peakmem-split on the importer's linalg-on-tensors stage,
then the importer's own bufferization and deallocation stages, then
peakmem-optimize with the recompute budgets the split left (its record).
"""

import pathlib
import tempfile
from typing import Optional

from peakmem import binaries, passes
from peakmem.frontends import pipeline
from peakmem.progress import Progress

SPLIT = ("builtin.module(peakmem-split{{max-mac-overhead={b} max-op-overhead={b} "
         "remarks=0}})")
OPTIMIZE = ("builtin.module(func.func(peakmem-optimize{{remarks=0 max-mac-overhead={m} "
            "max-op-overhead={o}}},peakmem-report{{remarks=0}}))")


def import_stages(model: str, weights: str = "splat",
                  steps: Optional[Progress] = None) -> (str, str):
    """(bufferized program, its linalg-on-tensors "fused" stage) of a model
    the importer reads (the split needs the tensor stage: not a .mlir)."""
    from peakmem.frontends import importer
    from peakmem.frontends.tosa_emitter import ImportError_
    if pathlib.Path(model).suffix == ".mlir" or not (
            pathlib.Path(model).is_file() or importer.is_builtin(model)):
        raise binaries.PeakmemError(f"{model}: --split needs a model the importer reads "
                                    "(.tflite, .onnx): it splits linalg on tensors")
    with (steps or Progress()).step(f"importing {pathlib.Path(model).name} (tensor stage "
                                    "kept for the split)"):
        with tempfile.TemporaryDirectory(prefix="peakmem-split-") as tmp:
            try:
                bufferized, _ = importer.import_model(model, None, weights, tmp)
            except (ImportError_, pipeline.PipelineError) as err:
                raise binaries.PeakmemError(f"import failed: {err}") from None
            fused = next(pathlib.Path(tmp).glob("*.fused.mlir")).read_text()
    return bufferized, fused


def lower(tensor_text: str) -> str:
    """The importer's stages after "fused" (bufferization, deallocation)."""
    mlir_opt = binaries.llvm_tool("mlir-opt")
    names = [name for name, _ in pipeline.STAGES]
    text = tensor_text
    for name, args in pipeline.STAGES[names.index("fused") + 1:]:
        try:
            text = binaries.run([mlir_opt, "-", *args], input_text=text)
        except RuntimeError as err:
            raise pipeline.PipelineError(f"mlir-opt stage '{name}' failed: {err}") from None
    problems = pipeline.check_final(text)
    if problems:
        raise pipeline.PipelineError("bufferized IR is not plain memref IR: "
                                     + "; ".join(problems))
    return text


def split(fused: str, budget: float) -> dict:
    """Splits a linalg-on-tensors program within `budget` (a fraction of its
    MACs and operations). Returns record (peakmem.split), tensor_text and,
    when something was split, text (lowered and optimized with the recorded
    budgets, reported), peak, macs, ops (its peakmem.* figures)."""
    tensor_text, _, seconds = passes.run_opt(fused, SPLIT.format(b=f"{budget:g}"))
    r = {"record": passes.record(tensor_text, "split"), "tensor_text": tensor_text,
         "split_s": seconds, "text": None, "peak": None, "macs": None, "ops": None}
    if "tiles" not in r["record"]:
        return r
    rec = r["record"]
    out, _, _ = passes.run_opt(lower(tensor_text), OPTIMIZE.format(
        m=rec["recompute_mac_budget"], o=rec["recompute_op_budget"]))
    attrs = passes.function_attrs(out)
    r.update(text=out, peak=attrs.get("peak"), macs=attrs.get("macs"), ops=attrs.get("ops"))
    return r


def split_line(r: dict) -> Optional[str]:
    """One report line on the split step (the figures of optimize()'s "split"
    entry and of the executed "split" program), or None when it did not run."""
    if "split" not in r:
        return None
    s, rec = r["split"], r["split"]["record"]
    if s["text"] is None:
        return f"split:                 none ({rec.get('reason', '')})"

    def grown(key):
        before, after = rec[f"{key}_before"], rec[f"{key}_after"]
        return f"{100.0 * (after - before) / max(1, before):+.2f}%"
    line = f"split:                 {s['peak']:,} B modeled"
    if "measured_split" in r:
        line += f", {r['measured_split']:,} B measured"
    if r.get("peak_peakmem"):
        line += f", {r['peak_peakmem'] / s['peak']:.2f}x below peakmem"
    return line + (f" ({rec['tiles']} tiles, {rec['stage_ops']} ops; MACs {grown('macs')}, "
                   f"operations {grown('ops')} over the unsplit program)")
