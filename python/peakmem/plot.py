"""`python -m peakmem plot`: live bytes over statements, before and after."""

import pathlib

from peakmem import passes


def plot_before_after(before_text: str, after_text: str, png: str, *,
                      title: str = "", lower_bound=None, function=None,
                      upstream_text: str = None):
    """Live MB over the statements of each program, with each peak marked.

    The legend sits below the axes, so it never hides a line or a peak; the
    peak labels sit inside the axes on a white box, towards the middle of the
    plot, and are staggered when two peaks are close (upstream and peakmem
    often peak at the same statement).
    """
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(9, 4.8), dpi=120)
    series = [(before_text, "as imported (frees at the end)", "imported", "#d62728")]
    if upstream_text:
        series.append((upstream_text, "upstream optimize-allocation-liveness",
                       "upstream", "#ff7f0e"))
    series.append((after_text, "peakmem", "peakmem", "#1f77b4"))
    peaks = {}  # (statement, bytes) -> [op, color, short names]
    length = 1
    for text, label, short, color in series:
        entry = passes.timeline(text, function)
        body = entry["blocks"][0]
        live = [s["live"] / 1e6 for s in body["timeline"]]
        length = max(length, len(live))
        ax.step(range(len(live)), live, where="mid", color=color, lw=1.2,
                label=f"{label} (peak {body['peak'] / 1e6:.3f} MB)")
        if live:
            i = max(range(len(live)), key=live.__getitem__)
            ax.plot([i], [live[i]], "o", color=color, ms=5, zorder=3)
            key = (i, body["timeline"][i]["live"])
            # Programs peaking at the same statement share one label.
            peaks.setdefault(key, [body["timeline"][i]["op"], color, []])[2].append(short)
            peaks[key][1] = color  # the marker drawn last
    if lower_bound is not None:
        ax.axhline(lower_bound / 1e6, color="k", ls="--", lw=0.8,
                   label=f"lower bound {lower_bound / 1e6:.3f} MB")
    top = max([b / 1e6 for _, b in peaks] + [lower_bound / 1e6 if lower_bound else 0]) or 1.0
    ax.set_ylim(bottom=min(0.0, ax.get_ylim()[0]), top=top * 1.22)
    ax.set_xlim(-0.02 * length, 1.02 * length)
    placed = []  # (statement, MB) of the labels drawn so far
    # Labels extend from their peak towards the middle of the plot. Placing
    # those nearest the middle first puts them lowest, so that the leader
    # lines of the labels stacked above them pass beside them, not through.
    for (i, peak), (op, color, names) in sorted(
            peaks.items(), key=lambda kv: abs(kv[0][0] - 0.5 * length)):
        mb = peak / 1e6
        # Stack labels of peaks that are close in both x and y; each leader
        # line starts at the label's corner nearest the peak, so it passes
        # beside the labels below it, not through them.
        level = sum(1 for j, other in placed
                    if abs(j - i) < 0.25 * length and abs(other - mb) < 0.12 * top)
        placed.append((i, mb))
        right = i > 0.5 * length  # the label extends towards the middle
        ax.annotate(f"{' and '.join(names)}: peak {mb:.3f} MB at statement {i} ({op})",
                    (i, mb), textcoords="offset points",
                    xytext=(-12 if right else 12, 10 + 16 * level),
                    ha="right" if right else "left", va="bottom",
                    fontsize=7, color=color, zorder=4,
                    bbox=dict(boxstyle="round,pad=0.2", fc="white", ec=color,
                              lw=0.6, alpha=0.9),
                    arrowprops=dict(arrowstyle="-", color=color, lw=0.6,
                                    relpos=(1.0 if right else 0.0, 0.0)))
    ax.set_xlabel("statement (op of the function body, in program order)")
    ax.set_ylabel("live heap MB")
    ax.set_title(title)
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.14), ncol=2,
              fontsize=8, frameon=False)
    ax.grid(alpha=0.3)
    fig.tight_layout()
    pathlib.Path(png).parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(png, bbox_inches="tight")
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
