# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Plots of data they are given (`peakmem plot`, `peakmem optimize --plot`,
tools/bench.py): live bytes over statements, before and after
(peakmem-report timelines, see optimize.live_timelines); the static arena plan
(peakmem-plan-arena's json: buffers as rectangles, time against offset).

One unit system everywhere: binary units (1 KiB = 1,024 B, 1 MiB =
1,048,576 B), exact byte counts with thousands separators next to them.
Statements are counted from 1 in program order over the ops of the function
body, as in `peakmem optimize`'s report. matplotlib is imported when a plot
is drawn.
"""

import pathlib
import textwrap

# (key of the timelines dict, legend label, short name, color, line style), in
# drawing order.
SERIES = [("imported", "as imported (frees at the end)", "imported", "#d62728", "-"),
          ("upstream", "upstream optimize-allocation-liveness", "upstream", "#ff7f0e", "--"),
          ("peakmem", "peakmem", "peakmem", "#1f77b4", "-")]
# A second panel zooms on the curves that matter when the imported program's
# peak is more than this many times theirs.
ZOOM_RATIO = 1.5
# Legend entries are wrapped at this many characters, so that a long entry
# never widens the figure and squeezes the axes (tight_layout fits legends).
LEGEND_WIDTH = 110


def binary_unit(nbytes):
    """(divisor, name) of the binary unit that suits `nbytes`."""
    if nbytes >= 2**20:
        return 2.0**20, "MiB"
    if nbytes >= 2**10:
        return 2.0**10, "KiB"
    return 1.0, "B"


def _unit_label(what, unit, uname):
    """An axis label that says its unit: `live heap (MiB; 1 MiB = 1,048,576 B)`."""
    return f"{what} ({uname}; 1 {uname} = {int(unit):,} B)" if unit > 1 else f"{what} (B)"


def _wrap(label):
    return textwrap.fill(label, LEGEND_WIDTH, subsequent_indent="  ")


def _pyplot():
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    return plt


def _series(timelines):
    """[(key, label, short, color, style, live bytes, peak, peak statement)],
    with a curve that equals an earlier one merged into it (said in the
    legend), so that no curve hides another unannounced."""
    drawn = []
    for key, label, short, color, style in SERIES:
        body = timelines.get(key)
        if body is None:
            continue
        live = [s["live"] for s in body["timeline"]]
        same = next((d for d in drawn if d["live"] == live), None)
        if same is not None:
            same["shorts"].append(short)
            same["style"] = "-"
            continue
        i = max(range(len(live)), key=live.__getitem__) if live else 0
        drawn.append({"key": key, "label": label, "note": "", "shorts": [short], "color": color,
                      "style": style, "live": live, "peak": body["peak"], "at": i + 1,
                      "op": body["timeline"][i]["op"] if live else ""})
    for k, d in enumerate(drawn):
        if len(d["shorts"]) > 1:
            d["label"] = (" and ".join(d["shorts"]) + " coincide (the same live bytes at "
                          "every statement)")
        # Where a curve drawn later is equal to this one, it hides it: say so.
        for later in drawn[k + 1:]:
            n = min(len(d["live"]), len(later["live"]))
            same = sum(1 for a, b in zip(d["live"], later["live"]) if a == b)
            if n and same * 2 >= n:
                d["note"] += (f"; hidden under {' and '.join(later['shorts'])} where equal "
                              f"({same:,} of {n:,} statements)")
    return drawn


def _draw_curves(ax, drawn, lower_bound, unit, uname):
    for d in drawn:
        xs = range(1, len(d["live"]) + 1)
        ax.step(xs, [v / unit for v in d["live"]], where="mid", color=d["color"],
                ls=d["style"], lw=1.3, label=_wrap(f"{d['label']}: peak {d['peak'] / unit:,.3f} "
                f"{uname} ({d['peak']:,} B) at statement {d['at']:,}{d['note']}"))
        ax.plot([d["at"]], [d["peak"] / unit], "o", color=d["color"], ms=5, zorder=3)
    if lower_bound is not None:
        at = [s for d in drawn if d["peak"] == lower_bound for s in d["shorts"]]
        at = ", ".join(at[:-1]) + " and " + at[-1] if len(at) > 1 else "".join(at)
        ax.axhline(lower_bound / unit, color="k", ls=":", lw=0.9, label=_wrap(
            f"lower bound over every order {lower_bound / unit:,.3f} {uname} "
            f"({lower_bound:,} B)" + (f", = the peak of {at} (optimal)" if at else "")))
    ax.grid(alpha=0.3)


def plot_before_after(timelines: dict, png: str, *, title: str = "", lower_bound=None):
    """Live bytes over the statements of each program, with each peak marked.

    `timelines` maps "imported", "peakmem" and optionally "upstream" to the
    peakmem-report timeline of the program's function body (one entry of the
    report's json "blocks": {"peak", "timeline": [{"live", "op"}...]}).

    Curves that are equal at every statement are drawn once and the legend
    says they coincide. When the imported program (its frees at the end)
    peaks far above the others, a second panel shows the others at their own
    scale (from zero, so that no difference is magnified).
    """
    plt = _pyplot()
    drawn = _series(timelines)
    top = max([d["peak"] for d in drawn] + [lower_bound or 0]) or 1
    rest = [d for d in drawn if d["key"] != "imported"]
    rest_top = max([d["peak"] for d in rest] + [lower_bound or 0]) if rest else 0
    zoom = bool(rest) and len(rest) < len(drawn) and top > ZOOM_RATIO * rest_top
    fig, axes = plt.subplots(2 if zoom else 1, 1, figsize=(9.5, 7.8 if zoom else 5.0),
                             dpi=120, squeeze=False)
    unit, uname = binary_unit(top)
    ax = axes[0][0]
    _draw_curves(ax, drawn, lower_bound, unit, uname)
    ax.set_ylim(0, top / unit * 1.08)
    ax.set_ylabel(_unit_label("live heap", unit, uname))
    ax.set_title(title + (": every program" if zoom else ""))
    if zoom:
        zunit, zname = binary_unit(rest_top)
        zx = axes[1][0]
        _draw_curves(zx, rest, lower_bound, zunit, zname)
        zx.set_ylim(0, rest_top / zunit * 1.08)
        zx.set_ylabel(_unit_label("live heap", zunit, zname))
        zx.set_title(f"the same, without the imported program (its peak, "
                     f"{top / unit:,.1f} {uname}, is {top / max(rest_top, 1):,.0f}x theirs)",
                     fontsize=9)
    for row in axes:
        row[0].set_xlabel("statement (ops of the function body, counted from 1 in "
                          "program order)", fontsize=8)
        row[0].legend(loc="upper center", bbox_to_anchor=(0.5, -0.16), ncol=1, fontsize=8,
                      frameon=False)
    fig.tight_layout()
    pathlib.Path(png).parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(png, bbox_inches="tight")
    plt.close(fig)


def _outside_words(fp):
    """`outside: 1 result (1,024 B), 4 arguments (6,144 B)` of a footprint."""
    if not fp:
        return ""
    results = [b for b in fp["outside"] if b["returned"]]
    others = [b for b in fp["outside"] if not b["returned"]]
    parts = []
    for group, word in ((results, "result"), (others, "other buffer")):
        if group:
            parts.append(f"{len(group)} {word}{'s' if len(group) > 1 else ''} "
                         f"({sum(b['bytes'] or 0 for b in group):,} B)")
    if fp["arguments"]:
        n = len(fp["arguments"])
        parts.append(f"{n} argument{'' if n == 1 else 's'} ({fp['argument_bytes']:,} B)")
    return ("; outside it: " + ", ".join(parts) + f"; device total {fp['total']:,} B"
            if parts else "")


def _arena_lines(plan, baselines, live_peak):
    """(bytes, color, style, label) of the horizontal lines of the arena plot;
    a line drawn within 0.4% of the plot's height of an earlier one says
    that they coincide at this scale."""
    lines = _arena_line_values(plan, baselines, live_peak)
    top = max(v for v, *_ in lines) or 1
    out = []
    for k, (value, color, style, label, name) in enumerate(lines):
        for other, *_, other_name in lines[:k]:
            if abs(value - other) <= 0.004 * top:
                label += (f" ({abs(value - other):,} B from the {other_name}: the two lines "
                          "coincide at this scale)")
                break
        out.append((value, color, style, label))
    return out


def _arena_line_values(plan, baselines, live_peak):
    """(bytes, color, style, label, short name) of each horizontal line."""
    size, bound = plan["arena_size"], plan["lower_bound"]
    if bound != size:
        lines = [(size, "k", "-", f"arena {size:,} B", "arena"),
                 (bound, "#2ca02c", "--", f"lower bound {bound:,} B "
                  f"(gap {100.0 * (size - bound) / size:.1f}%)", "lower bound")]
    else:
        lines = [(size, "k", "-", f"arena {size:,} B = lower bound (optimal)", "arena")]
    if baselines:
        best = min(baselines.values())
        names = sorted(k for k, v in baselines.items() if v == best)
        plural = "s" if len(names) > 1 else ""
        if best == size:
            lines[0] = lines[0][:3] + (lines[0][3] + f", = best baseline{plural} "
                                       f"({', '.join(names)})", "arena")
        elif best > size:
            lines.append((best, "#d62728", ":", f"best baseline{plural} ({', '.join(names)}) "
                          f"{best:,} B", "best baseline"))
    if live_peak == size:
        lines[0] = lines[0][:3] + (lines[0][3] + ", = the live peak", "arena")
    elif live_peak == bound:
        lines[1] = lines[1][:3] + (lines[1][3] + ", = the live peak", "lower bound")
    if live_peak is not None and live_peak not in (size, bound):
        lines.append((live_peak, "#1f77b4", "-.",
                      f"live peak {live_peak:,} B (allocator units: each allocation's bytes "
                      "plus its alignment padding; the arena packs buffer bytes rounded to "
                      "their alignment, so it can be a few bytes below)", "live peak"))
    return lines


def plot_arena(plan: dict, png: str, *, title: str = "", baselines: dict = None,
               live_peak=None, footprint: dict = None):
    """The static arena plan of one function (peakmem-plan-arena's json):
    each placed buffer a rectangle spanning its lifetime (statements of the
    function body, counted from 1, both ends included) and its bytes
    [offset, offset + bytes); the arena size, its lower bound, the best
    baseline planners' arena and the live peak as horizontal lines; the title
    says what lies outside the arena (`footprint`: peakmem.footprint)."""
    plt = _pyplot()
    from matplotlib.patches import Rectangle

    lines = _arena_lines(plan, baselines, live_peak)
    unit, uname = binary_unit(max(v for v, *_ in lines))
    fig, ax = plt.subplots(figsize=(10, 5.4), dpi=120)
    cmap = plt.get_cmap("tab20")
    bufs = sorted(plan["buffers"], key=lambda b: (b["first"], b["offset"]))
    for i, b in enumerate(bufs):
        ax.add_patch(Rectangle(
            (b["first"] + 0.5, b["offset"] / unit), b["last"] - b["first"] + 1,
            b["bytes"] / unit, facecolor=cmap(i % 20), alpha=0.75,
            edgecolor="#333333", lw=0.3, hatch="//" if b["nested"] else None))
    steps = max(plan.get("steps", 0), max((b["last"] + 1 for b in bufs), default=1))
    live = [0] * steps
    for b in bufs:
        for t in range(b["first"], b["last"] + 1):
            live[t] += b["bytes"]
    ax.step(range(1, steps + 1), [v / unit for v in live], where="mid", color="#555555",
            lw=0.8, label="bytes of the arena's buffers live at each statement")
    for value, color, style, label in lines:
        ax.axhline(value / unit, color=color, ls=style, lw=1.1, label=_wrap(label))
    top = max(v for v, *_ in lines) / unit
    ax.set_xlim(0.5 - 0.01 * steps, steps + 0.5 + 0.01 * steps)
    ax.set_ylim(0, top * 1.06 or 1)
    ax.set_xlabel("statement (ops of the function body, counted from 1 in program order)")
    ax.set_ylabel(_unit_label("offset in the arena", unit, uname))
    nested = sum(1 for b in bufs if b["nested"])
    inside = [b for b in bufs if b.get("result")]
    ax.set_title(f"{title}: {len(bufs)} buffers in the arena ({plan['arena_size']:,} B)"
                 + (f", {nested} in nested blocks (hatched)" if nested else "")
                 + (f", {len(inside)} result{'s' if len(inside) > 1 else ''} among them "
                    f"({sum(b['bytes'] for b in inside):,} B)" if inside else "")
                 + _outside_words(footprint), fontsize=9, wrap=True)
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.12), ncol=1, fontsize=8,
              frameon=False)
    ax.grid(alpha=0.25)
    fig.tight_layout()
    pathlib.Path(png).parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(png, bbox_inches="tight")
    plt.close(fig)
