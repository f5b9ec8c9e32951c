# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""A snapshot of what the fuzzer generates and decides, to show that a
change of the fuzzer's code (a refactoring) changes neither.

    python3 test/python/fuzz_snapshot.py dump --fuzz DIR --out A.json \
        [--sections programs,mutations,verdicts]
    python3 test/python/fuzz_snapshot.py compare A.json B.json

`dump` imports `fuzz` from DIR (a directory holding fuzz.py or the fuzz/
package: an old checkout's test/python, or this one's) and records:

* programs: for seeds of every range (original, tiny, extended, refused,
  new shapes, huge, training), a hash of the generated module, its units,
  the oracle's peaks (model rule and executed), its optimum (small
  programs), a hash of every block's dependencies, its features;
* mutations: certificate records of extended programs edited by
  fuzz.Mutator and statements moved by the certificate mover, each with
  its description, the printed records and the oracle's judgement;
* verdicts (needs build/bin/peakmem-opt, PEAKMEM_BUILD_DIR): every
  outcome (problems, counts, peaks, printed outputs; no timings) of
  check_programs, check_executions, check_passes (extended + refused,
  new shapes + huge, training) and check_arena_programs on fixed seeds.

`compare` prints every key whose value differs and exits 1 if any does.
Both run with PYTHONHASHSEED=0 (the script re-executes itself so): the
reason the oracle gives for a dependency names the first base of a set
intersection, which depends on the string hash.
peakmem's timed searches can make two runs of the same binary differ
(issue #23): compare the verdicts of two runs of the old code too before
blaming the change.
"""

import argparse
import copy
import dataclasses
import hashlib
import importlib
import json
import os
import pkgutil
import random
import sys


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _find(fz, *names):
    """A function of the fuzzer by one of its names, at the top or in one
    of its modules (the single-file fuzzer had them all at the top, some
    with a leading underscore)."""
    mods = [fz] + [importlib.import_module(f"{fz.__name__}.{info.name}")
                   for info in pkgutil.iter_modules(getattr(fz, "__path__",
                                                            []))
                   if not info.name.startswith("__")]
    for name in names:
        for mod in mods:
            if hasattr(mod, name):
                return getattr(mod, name)
    raise AttributeError(names[0])


def _plain(x):
    """JSON-able: dataclasses as dicts, keys as strings, sets sorted."""
    if dataclasses.is_dataclass(x) and not isinstance(x, type):
        return {f.name: _plain(getattr(x, f.name))
                for f in dataclasses.fields(x) if f.name != "seconds"}
    if isinstance(x, dict):
        return {repr(k): _plain(v) for k, v in x.items()}
    if isinstance(x, (set, frozenset)):
        return sorted(_plain(v) for v in x)
    if isinstance(x, (list, tuple)):
        return [_plain(v) for v in x]
    return x


RANGES = [("original", 0, 2000), ("tiny", 1_000_000, 300),
          ("extended", 2_000_000, 800), ("extended-tiny", 3_000_000, 100),
          ("refused", 4_000_000, 64), ("shapes", 5_000_000, 800),
          ("huge", 6_000_000, 16), ("training", 7_000_000, 200)]


def programs(fz) -> dict:
    out = {}
    for _, base, n in RANGES:
        for seed in range(base, base + n):
            p = fz.generate(seed)
            blocks = p.blocks()
            deps = [[repr(k), fz.dependencies(b)] for k, b in blocks]
            small = max(len(fz.schedule_units(b)) for _, b in blocks) <= 12
            out[str(seed)] = {
                "module": _sha(p.module()), "stubs": _sha(p.module(True)),
                "units": p.units, "peak": fz.program_peak(p),
                "executed": fz.program_peak(p, executed=True),
                "optimum": fz.optimum(p.body)[0] if small else None,
                "deps": _sha(json.dumps(deps)),
                "features": sorted(fz.features(p)),
                "shapes": p.shapes, "refused": p.refused}
    return out


def _records(fz, p, facts):
    """Records shaped like peakmem-certify's, true or not, for `p`."""
    cert = ("dict", [("conditioned_on", ("int", -1, "i64")),
                     ("flow", ("dense", "i64", [1, 2, 3])),
                     ("flow2", ("dense", "i64", [])),
                     ("kind", ("str", "local")),
                     ("witness", ("int", 3, "i64"))])
    peak, opt = facts.peak(None), facts.opt(None)
    nested = {}
    for key, blk in p.blocks():
        if key is None or not blk.bufs:
            continue
        sid, region = (key, 0) if not isinstance(key, tuple) else key
        nested.setdefault(sid, ("array", []))[1].append(("dict", [
            ("certificate", cert),
            ("lower_bound", ("int", facts.opt(key) or 0, "i64")),
            ("optimal", ("bool", True)),
            ("peak", ("int", facts.peak(key), "i64")),
            ("region", ("int", region, "i64"))]))
    return fz.Records([("peakmem.certificate", cert),
                       ("peakmem.lower_bound", ("int", opt or 0, "i64")),
                       ("peakmem.optimal", ("bool", peak == opt)),
                       ("peakmem.peak", ("int", peak, "i64"))], nested)


def mutations(fz) -> dict:
    move_one = _find(fz, "move_one", "_move_one")
    copy_program = _find(fz, "copy_program")
    out = {}
    for seed in range(2_000_000, 2_000_150):
        p = fz.generate(seed)
        facts = fz.Facts(p, 12)
        honest = _records(fz, p, facts)
        rng = random.Random(seed)
        mut = fz.Mutator(rng, facts)
        rows = []
        for _ in range(12):
            recs = copy.deepcopy(honest)
            what = [mut.mutate(recs) for _ in range(rng.randint(1, 3))]
            bad, malformed = fz.judge(recs, facts)
            rows.append([what, recs.func_attrs(),
                         sorted(recs.nested_attrs().items()), bad,
                         malformed])
        keys = [None] + [k for k, b in p.blocks()
                         if k is not None and b.bufs]
        for _ in range(3):
            q = copy_program(p)
            what = move_one(q, rng, keys)
            rows.append([what, _sha(fz.render(q))])
        out[str(seed)] = _sha(json.dumps(_plain(rows)))
    return out


def verdicts(fz) -> dict:
    out = {}

    def seeds(base, n):
        return list(range(base, base + n))

    out["programs"] = _plain(fz.check_programs(seeds(0, 250)))
    out["training programs"] = _plain(fz.check_programs(
        seeds(7_000_000, 20)))
    outs, execs = fz.check_executions(seeds(1_000_000, 6))
    out["executions"] = _plain([outs, execs])
    for name, first, extra in (
            ("passes", seeds(2_000_000, 100), seeds(4_000_000, 8)),
            ("shapes", seeds(5_000_000, 100), seeds(6_000_000, 4)),
            ("training passes", seeds(7_000_000, 10), [])):
        res = fz.check_passes(first + extra, execute=4)
        out[name] = _plain(res)
        out[name + " summary"] = fz.summarize_passes(res)
    res = fz.check_arena_programs(seeds(0, 60), execute=2)
    out["arena"] = _plain(res)
    out["arena summary"] = fz.summarize_passes(res)
    return out


def dump(args) -> int:
    sys.path.insert(0, args.fuzz)
    fz = importlib.import_module("fuzz")
    snap = {}
    for section in args.sections.split(","):
        snap[section] = {"programs": programs, "mutations": mutations,
                         "verdicts": verdicts}[section](fz)
        print(f"{section}: {len(snap[section])} entries", flush=True)
    with open(args.out, "w") as f:
        json.dump(snap, f, indent=1, sort_keys=True)
    return 0


def _diff(a, b, path, out):
    if isinstance(a, dict) and isinstance(b, dict):
        for k in sorted(set(a) | set(b)):
            _diff(a.get(k), b.get(k), f"{path}/{k}", out)
    elif isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b)):
            _diff(x, y, f"{path}[{i}]", out)
    elif a != b:
        out.append(f"{path}: {json.dumps(a)[:300]} != {json.dumps(b)[:300]}")


def compare(args) -> int:
    with open(args.a) as f:
        a = json.load(f)
    with open(args.b) as f:
        b = json.load(f)
    diffs = []
    _diff(a, b, "", diffs)
    for d in diffs:
        print(d)
    for section in sorted(set(a) | set(b)):
        print(f"{section}: {len(a.get(section, {}))} vs "
              f"{len(b.get(section, {}))} entries")
    print(f"{len(diffs)} differences")
    return 1 if diffs else 0


def main(argv=None) -> int:
    if os.environ.get("PYTHONHASHSEED") != "0":
        # The oracle names one reason per dependency, the first base of a
        # set intersection: fix the string hash so that two runs agree.
        os.environ["PYTHONHASHSEED"] = "0"
        os.execv(sys.executable, [sys.executable] + sys.argv)
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    d = sub.add_parser("dump")
    d.add_argument("--fuzz", required=True)
    d.add_argument("--out", required=True)
    d.add_argument("--sections", default="programs,mutations,verdicts")
    c = sub.add_parser("compare")
    c.add_argument("a")
    c.add_argument("b")
    args = ap.parse_args(argv)
    return dump(args) if args.cmd == "dump" else compare(args)


if __name__ == "__main__":
    sys.exit(main())
