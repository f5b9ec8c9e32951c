# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""pytest configuration of the Python tests: the peakmem package of this
checkout (python/) and the shared helpers of this directory are importable,
whatever the working directory or PYTHONPATH.

No silent skips in CI. A test skips itself when something it needs is
missing (a Python package, an MLIR tool, the build): a developer without
them gets a clear skip. Under PEAKMEM_CI=1 (ctest's `python` test sets it,
so `tools/test.sh` and CI run this way) every such skip is an error instead,
at collection (a module's importorskip) as at run time: CI cannot be green
with the importers or the harness untested. The only skips CI accepts are
those for data that is not part of the repository (the real models of
../shared/models, PEAKMEM_MODELS): their reason starts with "data:", and the
run's summary counts them."""

import os
import pathlib
import sys

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]

for path in (REPO / "python", pathlib.Path(__file__).resolve().parent):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

CI = os.environ.get("PEAKMEM_CI", "") not in ("", "0")
DATA = "data:"


def _skip_reason(report) -> str:
    longrepr = report.longrepr
    if isinstance(longrepr, tuple) and len(longrepr) == 3:
        reason = str(longrepr[2])
    else:
        reason = str(longrepr)
    return reason[len("Skipped: "):] if reason.startswith("Skipped: ") else reason


def _forbidden(report) -> bool:
    return (CI and report.skipped and not hasattr(report, "wasxfail")
            and not _skip_reason(report).startswith(DATA))


def _fail(report, where):
    reason = _skip_reason(report)
    report.outcome = "failed"
    report.longrepr = (f"{where} skipped under PEAKMEM_CI=1: {reason}\n"
                       "CI must run every test: install what is missing "
                       "(tools/setup.sh), or run pytest without PEAKMEM_CI for a "
                       "local run that may skip")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if _forbidden(report):
        _fail(report, "test")


@pytest.hookimpl(hookwrapper=True)
def pytest_make_collect_report(collector):
    outcome = yield
    report = outcome.get_result()
    if _forbidden(report):
        _fail(report, "module")


def pytest_terminal_summary(terminalreporter):
    data = [r for r in terminalreporter.stats.get("skipped", [])
            if _skip_reason(r).startswith(DATA)]
    if data:
        terminalreporter.write_line(
            f"{len(data)} tests skipped for data outside the repository "
            f"({_skip_reason(data[0])}); set PEAKMEM_MODELS to run them")
