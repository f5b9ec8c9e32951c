# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""No silent skips in CI (conftest.py): under PEAKMEM_CI=1 a test or a module
that skips for a missing package, tool or build product fails the run, while
a developer's run without PEAKMEM_CI gets a clear skip; a skip for data
outside the repository ("data:") is accepted and counted. Runs pytest on a
small test directory that uses this directory's conftest.py."""

import os
import pathlib
import shutil
import subprocess
import sys

HERE = pathlib.Path(__file__).resolve().parent

CASES = {
    "test_missing_package.py": (
        "import pytest\n"
        "pytest.importorskip('peakmem_no_such_package')\n\n"
        "def test_never_runs():\n    pass\n"),
    "test_missing_tool.py": (
        "import pytest\n\n"
        "@pytest.mark.skipif(True, reason='mlir-frobnicate not found')\n"
        "def test_tool():\n    pass\n\n"
        "def test_runtime_skip():\n    pytest.skip('runtime not built')\n"),
    "test_data.py": (
        "import pytest\n\n"
        "@pytest.mark.skipif(True, reason='data: /nowhere/models not present')\n"
        "def test_model():\n    pass\n\n"
        "@pytest.mark.xfail(strict=True)\n"
        "def test_known_bug():\n    assert False\n\n"
        "def test_passes():\n    pass\n"),
}


def _run(tmp_path, ci):
    for name, text in CASES.items():
        (tmp_path / name).write_text(text)
    shutil.copy(HERE / "conftest.py", tmp_path / "conftest.py")
    env = {k: v for k, v in os.environ.items() if k != "PEAKMEM_CI"}
    if ci:
        env["PEAKMEM_CI"] = "1"
    # A module that fails to collect stops a pytest run (ctest's too); go on
    # here to see every other verdict as well.
    return subprocess.run([sys.executable, "-m", "pytest", "-q", "-rA", "-p", "no:cacheprovider",
                           "--continue-on-collection-errors", str(tmp_path)],
                          capture_output=True, text=True, env=env, cwd=tmp_path)


def test_developer_run_skips_clearly(tmp_path):
    proc = _run(tmp_path, ci=False)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    out = proc.stdout
    assert "peakmem_no_such_package" in out and "mlir-frobnicate not found" in out
    assert "1 passed" in out and "1 xfailed" in out


def test_ci_run_fails_on_missing_dependencies(tmp_path):
    proc = _run(tmp_path, ci=True)
    out = proc.stdout
    assert proc.returncode != 0, out
    # The module skip, the marked skip and the run-time skip each fail ...
    assert "module skipped under PEAKMEM_CI=1" in out, out
    assert out.count("test skipped under PEAKMEM_CI=1") == 2, out
    assert "peakmem_no_such_package" in out and "runtime not built" in out
    # ... the data skip, the expected failure and the passing test do not.
    assert "1 passed" in out and "1 xfailed" in out and "1 skipped" in out
    assert "1 tests skipped for data outside the repository" in out
