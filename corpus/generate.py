#!/usr/bin/python3
"""Regenerates every corpus file from ../shared/models (and the built-in ReDimNet graphs).

    /usr/bin/python3 corpus/generate.py [--models DIR] [--only SUBSTR] [--jobs N]
"""
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "python"))

from peakmem.frontends.corpus import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())
