#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""`python3 tools/compare_results.py A.csv B.csv`: do two runs of
tools/bench.py agree?

Compares two results csvs (docs/results.csv, or `git show HEAD:docs/results.csv`
saved to a file) model by model on every column except the wall times
(bench_common.TIMING_COLUMNS, the one list of them). Prints each difference
as `model column: A -> B` and a summary line; exits 1 if any non-timing
column differs, a model is in one file only, or the files' columns differ
(columns in one file only are listed and not compared).

--worse-only reports only the differences that make B worse than A on the
results issue #23 tracks (higher final peak or arena, lower bound lower,
fewer certified or at-bound models) and still lists every other difference.
"""

import argparse
import csv
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

from bench_common import TIMING_COLUMNS  # noqa: E402

# Columns where a larger value is worse / better (for the "worse" verdict).
LOWER_IS_BETTER = ["peak_reorder", "peak_final", "arena_peakmem", "peak_arena"]
HIGHER_IS_BETTER = ["lower_bound", "arena_bound"]
TRUE_IS_BETTER = ["optimal", "arena_optimal"]


def read(path):
    with open(path, newline="") as f:
        reader = csv.DictReader(f)
        rows = {f"{r['group']}/{r['model']}": r for r in reader}
        return reader.fieldnames or [], rows


def verdict(column, a, b):
    """'worse', 'better' or '' for a difference in `column`."""
    try:
        if column in LOWER_IS_BETTER:
            return "worse" if int(b) > int(a) else "better"
        if column in HIGHER_IS_BETTER:
            return "worse" if int(b) < int(a) else "better"
    except ValueError:
        return ""
    if column in TRUE_IS_BETTER:
        return "worse" if a == "True" and b != "True" else "better"
    return ""


def compare(a_path, b_path, out=sys.stdout):
    """Prints the differences; returns (differences, worse) counts."""
    a_cols, a_rows = read(a_path)
    b_cols, b_rows = read(b_path)
    diffs = worse = 0
    for col in [c for c in a_cols if c not in b_cols]:
        print(f"column {col}: only in {a_path}", file=out)
        diffs += 1
    for col in [c for c in b_cols if c not in a_cols]:
        print(f"column {col}: only in {b_path}", file=out)
        diffs += 1
    columns = [c for c in a_cols if c in b_cols and c not in TIMING_COLUMNS]
    for model in sorted(set(a_rows) | set(b_rows)):
        if model not in a_rows or model not in b_rows:
            print(f"{model}: only in {a_path if model in a_rows else b_path}", file=out)
            diffs += 1
            continue
        a, b = a_rows[model], b_rows[model]
        for col in columns:
            if a[col] != b[col]:
                v = verdict(col, a[col], b[col])
                worse += v == "worse"
                diffs += 1
                print(f"{model} {col}: {a[col]!r} -> {b[col]!r}" + (f" ({v})" if v else ""),
                      file=out)
    n = len(set(a_rows) & set(b_rows))
    print(f"{n} models in both, {len(columns)} non-timing columns compared "
          f"({len(TIMING_COLUMNS)} timing columns skipped): {diffs} differences, "
          f"{worse} of them worse in {b_path}", file=out)
    return diffs, worse


def main(argv=None):
    parser = argparse.ArgumentParser(prog="tools/compare_results.py", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("a", help="the reference csv")
    parser.add_argument("b", help="the csv compared with it")
    parser.add_argument("--worse-only", action="store_true",
                        help="exit 1 only when some result is worse in B (still list all)")
    args = parser.parse_args(argv)
    diffs, worse = compare(args.a, args.b)
    return int(bool(worse if args.worse_only else diffs))


if __name__ == "__main__":
    sys.exit(main())
