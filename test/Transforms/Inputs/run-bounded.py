#!/usr/bin/env python3
"""Runs a command and checks that it stayed within a wall-clock time and a
peak resident memory, and exited as expected. Prints the measurement.

Usage: run-bounded.py MAX_SECONDS MAX_MB EXPECTED_EXIT -- COMMAND...

Exit 0 if COMMAND exited with EXPECTED_EXIT within both limits, else 1. The
limits are generous on purpose (a loaded 2-core machine): the test is that
the work is bounded, not how fast it is; the figures go to docs/Testing.md.
In a sanitizer build (PEAKMEM_SANITIZED=1, set by test/lit.cfg.py) both
limits are multiplied by SANITIZER_FACTOR: ASan's shadow memory and checks
make the same work take about 2-3x the memory and time.
"""
import os
import resource
import subprocess
import sys
import time

SANITIZER_FACTOR = 4


def main() -> int:
    args = sys.argv[1:]
    if len(args) < 5 or args[3] != "--":
        print(__doc__, file=sys.stderr)
        return 2
    max_s, max_mb, expected = float(args[0]), float(args[1]), int(args[2])
    if os.environ.get("PEAKMEM_SANITIZED") == "1":
        max_s, max_mb = max_s * SANITIZER_FACTOR, max_mb * SANITIZER_FACTOR
    start = time.monotonic()
    code = subprocess.call(args[4:])
    took = time.monotonic() - start
    mb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    print(f"run-bounded: exit {code}, {took:.2f} s, peak RSS {mb:.0f} MB "
          f"(limits {max_s:g} s, {max_mb:g} MB, expected exit {expected})", file=sys.stderr)
    return 0 if code == expected and took <= max_s and mb <= max_mb else 1


if __name__ == "__main__":
    sys.exit(main())
