# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""`python3 test/python/fuzz ...` (or `python3 -m fuzz` in test/python):
the command line of cli.py."""

import os
import sys

if __package__ in (None, ""):
    # Run as a directory: import the package from its parent, not its
    # modules from the directory itself.
    sys.path[0] = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    from fuzz.cli import main
else:
    from .cli import main

sys.exit(main())
