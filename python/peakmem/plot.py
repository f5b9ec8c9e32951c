# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Plots of data it is given (`peakmem plot`, `peakmem optimize --plot`,
tools/bench.py): live bytes over statements, before and after
(peakmem-report timelines, see optimize.live_timelines); the static arena plan
(peakmem-plan-arena's json: buffers as rectangles, time against offset).
matplotlib is imported when a plot is drawn."""

import pathlib

# (key of the timelines dict, legend label, short name, color), in drawing order.
SERIES = [("imported", "as imported (frees at the end)", "imported", "#d62728"),
          ("upstream", "upstream optimize-allocation-liveness", "upstream", "#ff7f0e"),
          ("peakmem", "peakmem", "peakmem", "#1f77b4")]


def plot_before_after(timelines: dict, png: str, *, title: str = "",
                      lower_bound=None):
    """Live MB over the statements of each program, with each peak marked.

    `timelines` maps "imported", "peakmem" and optionally "upstream" to the
    peakmem-report timeline of the program's function body (one entry of the
    report's json "blocks": {"peak", "timeline": [{"live", "op"}...]}).

    The legend sits below the axes, so it never hides a line or a peak; the
    peak labels sit inside the axes on a white box, towards the middle of the
    plot, and are staggered when two peaks are close (upstream and peakmem
    often peak at the same statement).
    """
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(9, 4.8), dpi=120)
    peaks = {}  # (statement, bytes) -> [op, color, short names]
    length = 1
    for key, label, short, color in SERIES:
        body = timelines.get(key)
        if body is None:
            continue
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


def plot_arena(plan: dict, png: str, *, title: str = "", baselines: dict = None,
               live_peak=None):
    """The static arena plan of one function (peakmem-plan-arena's json):
    each placed buffer a rectangle spanning its lifetime (statement steps of
    the function body, both ends included) and its bytes [offset, offset +
    bytes); the arena size, its lower bound and the best baseline planner's
    arena as horizontal lines."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.patches import Rectangle

    size, bound = plan["arena_size"], plan["lower_bound"]
    unit, uname = (1024.0, "KiB") if size < 8 * 2**20 else (2**20, "MiB")
    fig, ax = plt.subplots(figsize=(10, 5.2), dpi=120)
    cmap = plt.get_cmap("tab20")
    bufs = sorted(plan["buffers"], key=lambda b: (b["first"], b["offset"]))
    for i, b in enumerate(bufs):
        ax.add_patch(Rectangle(
            (b["first"] - 0.5, b["offset"] / unit), b["last"] - b["first"] + 1,
            b["bytes"] / unit, facecolor=cmap(i % 20), alpha=0.75,
            edgecolor="#333333", lw=0.3, hatch="//" if b["nested"] else None))
    steps = max(plan.get("steps", 0), max((b["last"] + 1 for b in bufs), default=1))
    lines = [(size, "k", "-", f"arena {size:,} B")]
    if bound != size:
        lines.append((bound, "#2ca02c", "--", f"lower bound {bound:,} B "
                      f"(gap {100.0 * (size - bound) / size:.1f}%)"))
    else:
        lines[0] = (size, "k", "-", f"arena {size:,} B = lower bound (optimal)")
    if baselines:
        name = min(baselines, key=lambda k: (baselines[k], k))
        if baselines[name] == size:
            lines[0] = lines[0][:3] + (lines[0][3] + f", = best baseline ({name})",)
        elif baselines[name] > size:
            lines.append((baselines[name], "#d62728", ":",
                          f"best baseline ({name}) {baselines[name]:,} B"))
    if live_peak is not None and live_peak not in (size, bound):
        lines.append((live_peak, "#1f77b4", "-.",
                      f"live peak {live_peak:,} B (with malloc padding)"))
    live = [0] * steps
    for b in bufs:
        for t in range(b["first"], b["last"] + 1):
            live[t] += b["bytes"]
    ax.step(range(steps), [v / unit for v in live], where="mid", color="#555555",
            lw=0.8, label="bytes live at each step (sum of the rectangles above it)")
    for value, color, style, label in lines:
        ax.axhline(value / unit, color=color, ls=style, lw=1.1, label=label)
    top = max(v for v, *_ in lines) / unit
    ax.set_xlim(-0.5 - 0.01 * steps, steps - 0.5 + 0.01 * steps)
    ax.set_ylim(0, top * 1.06 or 1)
    ax.set_xlabel("statement step of the function body (program order)")
    ax.set_ylabel(f"offset in the arena ({uname})")
    nested = sum(1 for b in bufs if b["nested"])
    ax.set_title(f"{title}: {len(bufs)} buffers in the arena"
                 + (f" ({nested} in nested blocks, hatched)" if nested else ""))
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.12), ncol=2, fontsize=8,
              frameon=False)
    ax.grid(alpha=0.25)
    fig.tight_layout()
    pathlib.Path(png).parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(png, bbox_inches="tight")
    plt.close(fig)
