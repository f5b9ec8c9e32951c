# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""pytest configuration of the Python tests: the peakmem package of this
checkout (python/) and the shared helpers of this directory are importable,
whatever the working directory or PYTHONPATH."""

import pathlib
import sys

REPO = pathlib.Path(__file__).resolve().parents[2]

for path in (REPO / "python", pathlib.Path(__file__).resolve().parent):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))
