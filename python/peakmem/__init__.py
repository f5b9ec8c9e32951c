# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""peakmem's Python library: model importers (frontends/), the execution
harness (execute), pipelines and their reports (passes, mlirtext), the
optimize job and plots; cli/ holds the `peakmem` subcommands.

Run with Debian's interpreter: ``/usr/bin/python3 -m peakmem --help`` from the
``python/`` directory (or with ``PYTHONPATH=python``).
"""
