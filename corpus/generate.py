#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Regenerates every corpus file from ../shared/models (and the built-in ReDimNet graphs).

    /usr/bin/python3 corpus/generate.py [--models DIR] [--only SUBSTR] [--jobs N]

The script is tools/corpus.py; this is its usual name.
"""
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "tools"))

from corpus import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())
