"""peakmem front ends, execution harness, corpus benchmark and plots.

Run with Debian's interpreter: ``/usr/bin/python3 -m peakmem --help`` from the
``python/`` directory (or with ``PYTHONPATH=python``).
"""
