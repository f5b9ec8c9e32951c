# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""peakmem-arena-solve on small CSV instances made here: its output format,
the status line, --capacity, bad input, and tools/arena_bench.py's
independent solution checker (which must reject broken solutions)."""

import csv
import os
import pathlib
import random
import subprocess
import sys

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "tools"))
import arena_bench  # noqa: E402

BUILD = pathlib.Path(os.environ.get("PEAKMEM_BUILD_DIR", REPO / "build"))
SOLVER = BUILD / "bin" / "peakmem-arena-solve"


def write(path, header, rows):
    with open(path, "w") as f:
        f.write(",".join(header) + "\n")
        for r in rows:
            f.write(",".join(str(x) for x in r) + "\n")


def solve(tmp_path, csv_path, *args):
    out = tmp_path / "solution.csv"
    proc = subprocess.run([str(SOLVER), str(csv_path), "-o", str(out)] +
                          list(args), capture_output=True, text=True)
    return proc, out


def status(proc):
    last = proc.stdout.strip().splitlines()[-1]
    return dict(kv.split("=", 1) for kv in last.split())


def test_solver_is_built():
    assert SOLVER.exists(), "build peakmem-arena-solve first (%s)" % SOLVER


def test_optimal_at_the_live_bound(tmp_path):
    inst = tmp_path / "chain.csv"
    write(inst, ["id", "lower", "upper", "size"],
          [(0, 0, 2, 4), (1, 1, 3, 4), (2, 2, 4, 4), (3, 0, 4, 2)])
    proc, out = solve(tmp_path, inst)
    assert proc.returncode == 0, proc.stderr
    assert status(proc) == {"height": "10", "lower_bound": "10",
                            "status": "optimal"}
    rows = list(csv.DictReader(open(out)))
    assert list(rows[0].keys()) == ["id", "lower", "upper", "size", "offset"]
    height, bound, error = arena_bench.check_solution(str(inst), str(out))
    assert error is None and height == 10 and bound == 10


def test_gap_proven_by_refutation(tmp_path):
    # 3 B, 2 B (align 2) and 4 B (align 4) live together need 10 B where the
    # live bound is 9 (test/Unit/ArenaExactTest.cpp has the argument).
    inst = tmp_path / "gap.csv"
    write(inst, ["id", "lower", "upper", "size", "alignment"],
          [(0, 1, 2, 3, 1), (1, 0, 3, 2, 2), (2, 1, 2, 4, 4), (3, 0, 1, 6, 2)])
    proof = tmp_path / "proof.txt"
    proc, out = solve(tmp_path, inst, "--proof=%s" % proof, "--check-proof")
    assert proc.returncode == 0, proc.stderr
    assert status(proc) == {"height": "10", "lower_bound": "10",
                            "status": "optimal"}
    assert "refutation of 9 checked" in proc.stderr
    assert proof.read_text().startswith("peakmem-arena-refutation 1\n")
    proc, _ = solve(tmp_path, inst, "--capacity=9")
    assert status(proc)["status"] == "infeasible"
    proc, out = solve(tmp_path, inst, "--capacity=10")
    # A plan within 10 B; deciding 10 does not refute 9, so not "optimal".
    assert status(proc)["status"] == "feasible"
    assert int(status(proc)["height"]) <= 10
    assert arena_bench.check_solution(str(inst), str(out))[2] is None


def test_perfect_packing_and_checker_rejects_overlaps(tmp_path):
    rng = random.Random(7)
    rects = [(0, 60, 0, 64)]
    while len(rects) < 40:
        i = rng.randrange(len(rects))
        t0, t1, b0, b1 = rects[i]
        if rng.random() < 0.5 and t1 - t0 >= 2:
            c = rng.randint(t0 + 1, t1 - 1)
            rects[i:i + 1] = [(t0, c, b0, b1), (c, t1, b0, b1)]
        elif b1 - b0 >= 2:
            c = rng.randint(b0 + 1, b1 - 1)
            rects[i:i + 1] = [(t0, t1, b0, c), (t0, t1, c, b1)]
    inst = tmp_path / "perfect.csv"
    write(inst, ["id", "lower", "upper", "size"],
          [(k, t0, t1, b1 - b0) for k, (t0, t1, b0, b1) in enumerate(rects)])
    proc, out = solve(tmp_path, inst)
    assert proc.returncode == 0, proc.stderr
    st = status(proc)
    assert int(st["lower_bound"]) == 64
    if st["status"] == "optimal":
        assert st["height"] == "64"
    height, bound, error = arena_bench.check_solution(str(inst), str(out))
    assert error is None and height == int(st["height"]) and bound == 64
    # Move one buffer onto another live with it: the checker must object.
    rows = list(csv.DictReader(open(out)))
    a = next(r for r in rows if int(r["lower"]) == 0)
    b = next(r for r in rows if r is not a and int(r["lower"]) == 0)
    b["offset"] = a["offset"]
    broken = tmp_path / "broken.csv"
    with open(broken, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0].keys()))
        w.writeheader()
        w.writerows(rows)
    assert "overlap" in arena_bench.check_solution(str(inst), str(broken))[2]


def test_bench_perfect_packings_hold_their_height_everywhere(tmp_path):
    # The benchmark's generator: every instant of [0, 400) holds exactly the
    # rectangle's height (counted here from the rows), so it is the optimum.
    path = tmp_path / "p.csv"
    height = arena_bench.perfect_packing(str(path), 3, 120, steps=400)
    rows = arena_bench.read_rows(str(path))
    assert len(rows) == 120
    live = [0] * 400
    for r in rows:
        for t in range(int(r["lower"]), int(r["upper"])):
            live[t] += int(r["size"])
    assert live == [height] * 400
    # The solver's answer on it is checked and reported against it.
    r = arena_bench.run_solver(str(SOLVER), str(path), [], None)
    assert r["error"] is None and r["checked_height"] == r["height"]
    assert r["height"] >= height
    if r["status"] == "optimal":
        assert r["height"] == height
    text = "\n".join(arena_bench.perfect_lines([("p", 120, height, r)]))
    assert "At the optimum: %d of 1" % (r["height"] == height) in text


@pytest.mark.parametrize("text, message", [
    ("id,lower,size\n0,0,4\n", "must name id, lower, upper and size"),
    ("id,lower,upper,size\n0,3,3,4\n", "0 <= lower < upper"),
    ("id,lower,upper,size\n0,0,x,4\n", "must be integers"),
    ("id,lower,upper,size,alignment\n0,0,1,4,3\n", "power of two"),
])
def test_bad_input_is_one_line_error(tmp_path, text, message):
    inst = tmp_path / "bad.csv"
    inst.write_text(text)
    proc, _ = solve(tmp_path, inst)
    assert proc.returncode == 1
    assert message in proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1
