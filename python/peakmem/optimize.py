"""`python -m peakmem optimize MODEL`: import, optimize, execute, report.

MODEL is a .tflite or .onnx file (imported first) or a bufferized .mlir file.
Stages print a progress line to stderr. The report compares the program as
imported, the upstream baseline (--optimize-allocation-liveness) and peakmem,
with modeled and measured peaks and output digests.
"""

import pathlib
import re
import sys
import time

from peakmem import execute, passes, tools

PEAKMEM_PIPELINE = "builtin.module(func.func(peakmem-optimize,peakmem-report{remarks=0}))"
UPSTREAM_PIPELINE = "builtin.module(func.func(optimize-allocation-liveness))"
REPORT_PIPELINE = "builtin.module(func.func(peakmem-report{remarks=0}))"


def _progress(message: str):
    print(f"[peakmem] {message}", file=sys.stderr, flush=True)


def load_module(model: str, weights: str = "splat") -> str:
    path = pathlib.Path(model)
    if not path.is_file() and not path.name.startswith("redimnet_"):
        raise tools.PeakmemError(f"{model}: no such file")
    if path.suffix == ".mlir":
        return path.read_text()
    from peakmem.frontends import cli, pipeline
    from peakmem.frontends.tosa_emitter import ImportError_
    _progress(f"importing {path.name}")
    try:
        text, _ = cli.import_model(model, weights=weights)
    except (ImportError_, pipeline.PipelineError) as err:
        raise tools.PeakmemError(f"import failed: {err}") from None
    return text


def optimize(model: str, *, execute_programs: bool = True, weights: str = "splat",
             pipeline: str = PEAKMEM_PIPELINE, keep: str = None) -> dict:
    """Runs the whole job; returns every figure of the report."""
    text = load_module(model, weights)
    r = {"model": pathlib.Path(model).stem}
    _progress("modeling the program as imported")
    before, _, _ = passes.run_opt(text, REPORT_PIPELINE)
    r["peak_imported"] = passes.function_attrs(before).get("peak")
    _progress("upstream baseline (optimize-allocation-liveness)")
    upstream, _, r["upstream_s"] = passes.run_opt(text, UPSTREAM_PIPELINE,
                                                  tool="mlir-opt")
    upstream, _, _ = passes.run_opt(upstream, REPORT_PIPELINE)
    r["peak_upstream"] = passes.function_attrs(upstream).get("peak")
    _progress("peakmem-optimize (reorder, recompute, certify)")
    after, remarks, r["peakmem_s"] = passes.run_opt(text, pipeline)
    attrs = passes.function_attrs(after)
    r["peak_peakmem"] = attrs.get("peak")
    r["lower_bound"] = attrs.get("lower_bound")
    r["optimal"] = attrs.get("optimal")
    r["remarks"] = [l for l in remarks.splitlines() if "remark:" in l]
    r["after_text"] = after
    r["before_text"] = before
    r["upstream_text"] = upstream
    if keep:
        out = pathlib.Path(keep)
        out.mkdir(parents=True, exist_ok=True)
        (out / "before.mlir").write_text(before)
        (out / "upstream.mlir").write_text(upstream)
        (out / "after.mlir").write_text(after)
    if execute_programs:
        for label, module in (("imported", before), ("peakmem", after)):
            _progress(f"executing the {label} program")
            t0 = time.perf_counter()
            res = execute.execute_text(module)
            r[f"measured_{label}"] = res.peak_bytes
            r[f"digest_{label}"] = res.output_digest
            r[f"exec_{label}_s"] = time.perf_counter() - t0
    return r


def _fmt(n):
    return "n/a" if n is None else f"{n:,} B"


def print_report(r: dict, out=None):
    out = out or sys.stdout  # at call time: sys.stdout may have been replaced
    def pct(new, old):
        return "" if not old or new is None else f" ({100.0 * (new - old) / old:+.1f}%)"
    print(f"model:                 {r['model']}", file=out)
    line = f"peak as imported:      {_fmt(r['peak_imported'])} modeled"
    if "measured_imported" in r:
        line += f", {_fmt(r['measured_imported'])} measured"
    print(line, file=out)
    print(f"upstream baseline:     {_fmt(r['peak_upstream'])} modeled "
          "(optimize-allocation-liveness)", file=out)
    line = f"peakmem:               {_fmt(r['peak_peakmem'])} modeled"
    if "measured_peakmem" in r:
        line += f", {_fmt(r['measured_peakmem'])} measured"
    print(line + pct(r["peak_peakmem"], r["peak_upstream"]) + " vs upstream", file=out)
    for line in r.get("remarks", []):
        m = re.search(r"peakmem-recompute: '[^']*' (?:peak \d+ -> \d+ bytes by recomputing "
                      r"(\d+) ops; MACs \d+ -> \d+ \(\+([0-9.]+)%\)|unchanged at \d+ bytes: "
                      r"(.*))$", line)
        if m and m.group(1):
            print(f"recomputation:         {m.group(1)} ops cloned, +{m.group(2)}% MACs",
                  file=out)
        elif m:
            print(f"recomputation:         none ({m.group(3)})", file=out)
    print(f"lower bound:           {_fmt(r['lower_bound'])}; optimal: "
          f"{'yes (certified)' if r['optimal'] else 'not proven'}", file=out)
    if "digest_imported" in r:
        same = r["digest_imported"] == r["digest_peakmem"]
        print(f"output digest:         {r['digest_imported']} -> {r['digest_peakmem']} "
              f"({'identical' if same else 'DIFFERENT'})", file=out)
        ok = (r["measured_imported"] == r["peak_imported"]
              and r["measured_peakmem"] == r["peak_peakmem"])
        print(f"measured == modeled:   {'yes' if ok else 'NO'}", file=out)
    print(f"time:                  peakmem {r['peakmem_s']:.2f} s, upstream "
          f"{r['upstream_s']:.2f} s (mlir-opt wall time incl. parsing)", file=out)


def add_arguments(parser):
    parser.add_argument("model", metavar="MODEL", help=".tflite, .onnx or bufferized .mlir")
    parser.add_argument("--no-exec", action="store_true",
                        help="skip executing the programs")
    parser.add_argument("--weights", choices=["splat", "args"], default="splat",
                        help="import weights as splat constants (default) or as "
                        "function arguments")
    parser.add_argument("--keep", metavar="DIR",
                        help="write before/upstream/after modules to DIR")
    parser.add_argument("--plot", metavar="PNG",
                        help="also plot live bytes before/after to PNG")


def run(args):
    r = optimize(args.model, execute_programs=not args.no_exec,
                 weights=args.weights, keep=args.keep)
    print_report(r)
    if args.plot:
        from peakmem import plot
        _progress(f"plotting to {args.plot}")
        plot.plot_before_after(r["before_text"], r["after_text"], args.plot,
                               title=r["model"], lower_bound=r["lower_bound"],
                               upstream_text=r["upstream_text"])
        print(f"plot:                  {args.plot}")
    if "digest_imported" in r and (r["digest_imported"] != r["digest_peakmem"] or
                                   r["measured_peakmem"] != r["peak_peakmem"]):
        return 1
    return 0
