"""`python -m peakmem plot`: live bytes over statements, before and after."""

import pathlib

from peakmem import passes


def plot_before_after(before_text: str, after_text: str, png: str, *,
                      title: str = "", lower_bound=None, function=None,
                      upstream_text: str = None):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(9, 4.2), dpi=120)
    series = [(before_text, "as imported (frees at the end)", "#d62728")]
    if upstream_text:
        series.append((upstream_text, "upstream optimize-allocation-liveness", "#ff7f0e"))
    series.append((after_text, "peakmem", "#1f77b4"))
    for text, label, color in series:
        entry = passes.timeline(text, function)
        body = entry["blocks"][0]
        live = [s["live"] / 1e6 for s in body["timeline"]]
        ax.step(range(len(live)), live, where="mid", color=color, lw=1.2,
                label=f"{label} (peak {body['peak'] / 1e6:.3f} MB)")
        if live:
            i = max(range(len(live)), key=live.__getitem__)
            ax.plot([i], [live[i]], "o", color=color, ms=5)
            ax.annotate(f"{body['timeline'][i]['op']}", (i, live[i]),
                        textcoords="offset points", xytext=(5, 5),
                        fontsize=7, color=color)
    if lower_bound is not None:
        ax.axhline(lower_bound / 1e6, color="k", ls="--", lw=0.8,
                   label=f"lower bound {lower_bound / 1e6:.3f} MB")
    ax.set_xlabel("statement (op of the function body, in program order)")
    ax.set_ylabel("live heap MB")
    ax.set_title(title)
    ax.legend(loc="upper right", fontsize=8)
    ax.grid(alpha=0.3)
    fig.tight_layout()
    pathlib.Path(png).parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(png)
    plt.close(fig)


def add_arguments(parser):
    parser.add_argument("model", metavar="MODEL", help=".tflite, .onnx or bufferized .mlir")
    parser.add_argument("-o", "--output", required=True, help="PNG to write")
    parser.add_argument("--upstream", action="store_true",
                        help="also draw the upstream optimize-allocation-liveness line")


def run(args):
    from peakmem import optimize
    r = optimize.optimize(args.model, execute_programs=False)
    plot_before_after(r["before_text"], r["after_text"], args.output,
                      title=r["model"], lower_bound=r["lower_bound"],
                      upstream_text=r["upstream_text"] if args.upstream else None)
    print(args.output)
    return 0
