#!/usr/bin/env python3
"""Runs the command given; fails if it printed "internal error" yet exited 0
(test/Transforms/internal-error-exit.mlir). Prints what it saw."""
import subprocess
import sys

r = subprocess.run(sys.argv[1:], capture_output=True, text=True)
internal = "internal error" in r.stderr
print(f"exit {r.returncode}, internal error printed: {internal}")
if internal and r.returncode == 0:
    sys.stderr.write(r.stderr)
    sys.exit("an internal error was reported but the command exited 0")
