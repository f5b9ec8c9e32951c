# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The installed `peakmem` command (cmake/PeakMemInstall.cmake, issue 14).

Installs the build tree (PEAKMEM_BUILD_DIR, default <repo>/build) into a
temporary prefix with `cmake --install`, then runs <prefix>/bin/peakmem from a
fresh directory with an environment that does not mention the source tree
(PATH = <prefix>/bin:/usr/bin:/bin, no PYTHONPATH, no PEAKMEM_BUILD_DIR).
Also checks the one-line messages for a missing tool or an unimportable
subcommand, and that every subcommand's help has a description and an example.

Run: /usr/bin/python3 -m pytest test/python/test_install.py
Skipped when the build tree or the MLIR tools are missing.
"""

import os
import pathlib
import shutil
import subprocess
import sys

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]

from peakmem import __main__ as cli
from peakmem import binaries
from shared_models import MODELS, needs

BUILD = pathlib.Path(os.environ.get("PEAKMEM_BUILD_DIR", REPO / "build"))
# The smallest bundled model, bufferized (always in the repository), and its
# TFLite source (in ../shared/models beside the repository, when present).
MODEL_MLIR = REPO / "corpus" / "tflite" / "lenet_300_100_int8.mlir"
MODEL_TFLITE = MODELS / "tflite" / "lenet_300_100_int8.tflite"


def _have_tools():
    try:
        binaries.llvm_tool("mlir-opt")
        binaries.llvm_tool("mlir-runner")
        return shutil.which("cmake") is not None
    except FileNotFoundError:
        return False


needs_install = pytest.mark.skipif(
    not (BUILD / "cmake_install.cmake").exists() or not (BUILD / "bin" / "peakmem-opt").exists()
    or not _have_tools(),
    reason="build tree not configured and built, or cmake / MLIR tools missing")


def _clean_env(prefix, **extra):
    """An environment that knows nothing of the source or build tree."""
    env = {"PATH": f"{prefix}/bin:/usr/bin:/bin", "LANG": "C.UTF-8",
           "HOME": os.environ.get("HOME", "/tmp")}
    for key, value in os.environ.items():  # sanitizer builds' settings
        if key in ("PEAKMEM_LLVM_BIN", "LD_PRELOAD") or key.startswith(
                ("ASAN_", "UBSAN_", "LSAN_")):
            env[key] = value
    env.update(extra)
    return env


def _listing(root):
    return sorted(str(p.relative_to(root)) for p in pathlib.Path(root).rglob("*"))


@pytest.fixture(scope="module")
def prefix(tmp_path_factory):
    prefix = tmp_path_factory.mktemp("prefix")
    proc = subprocess.run(["cmake", "--install", str(BUILD), "--prefix", str(prefix)],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return prefix


def _peakmem(prefix, cwd, *argv, env=None):
    # Through PATH, as a user types it.
    return subprocess.run(["peakmem", *argv], cwd=cwd, capture_output=True, text=True,
                          timeout=600, env=env or _clean_env(prefix))


@needs_install
def test_installed_layout(prefix):
    for rel in ("bin/peakmem", "bin/peakmem-opt", "share/peakmem/python/peakmem/__main__.py",
                "share/peakmem/python/peakmem/_install.py"):
        assert (prefix / rel).is_file(), rel
    assert os.access(prefix / "bin" / "peakmem", os.X_OK)
    assert list(prefix.glob("lib*/**/libpeakmem_runtime.so"))
    # `peakmem exec --allocator caching` links the second runtime.
    assert list(prefix.glob("lib*/**/libpeakmem_caching_runtime.so"))


@needs_install
def test_installed_optimize_from_another_directory(prefix, tmp_path):
    work = tmp_path / "work"
    work.mkdir()
    shutil.copy(MODEL_MLIR, work / "model.mlir")
    before = _listing(prefix)
    proc = _peakmem(prefix, work, "optimize", "model.mlir")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    out = proc.stdout
    assert "peak as imported:" in out and "measured" in out
    assert "peakmem:" in out and "lower bound:" in out
    assert "(identical)" in out and "measured == modeled:   yes" in out
    # It writes nothing into the current directory or the prefix.
    assert _listing(work) == ["model.mlir"]
    assert _listing(prefix) == before
    # --help says where the tools come from: the prefix, not the build tree.
    proc = _peakmem(prefix, work, "--help")
    assert proc.returncode == 0
    assert f"installed under {prefix}" in proc.stdout


@needs_install
@needs(MODEL_TFLITE)
def test_installed_optimize_tflite_with_plot(prefix, tmp_path):
    proc = _peakmem(prefix, tmp_path, "optimize", str(MODEL_TFLITE), "--plot", "live.png")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "measured == modeled:   yes" in proc.stdout
    assert (tmp_path / "live.png").stat().st_size > 0


def _assert_one_line(proc, *needles):
    assert proc.returncode != 0
    assert "Traceback" not in proc.stderr
    errors = [l for l in proc.stderr.splitlines() if not l.startswith("[peakmem] ")]
    assert len(errors) == 1, proc.stderr
    for needle in needles:
        assert needle in errors[0], errors[0]
    return errors[0]


@needs_install
def test_missing_peakmem_opt_is_one_line(prefix, tmp_path):
    # A copy of the installation without peakmem-opt, moved elsewhere.
    moved = tmp_path / "moved"
    (moved / "bin").mkdir(parents=True)
    shutil.copy2(prefix / "bin" / "peakmem", moved / "bin" / "peakmem")
    shutil.copytree(prefix / "share", moved / "share")
    proc = _peakmem(moved, tmp_path, "optimize", str(MODEL_MLIR))
    _assert_one_line(proc, "peakmem-opt not found", str(moved / "bin" / "peakmem-opt"),
                     "cmake --install")
    # PEAKMEM_BUILD_DIR overrides the prefix: the message names that tree.
    empty = tmp_path / "empty-build"
    empty.mkdir()
    proc = _peakmem(prefix, tmp_path, "optimize", str(MODEL_MLIR),
                    env=_clean_env(prefix, PEAKMEM_BUILD_DIR=str(empty)))
    _assert_one_line(proc, "peakmem-opt not found", str(empty / "bin" / "peakmem-opt"),
                     "cmake --build")


@needs_install
def test_missing_mlir_tools_is_one_line(prefix, tmp_path):
    env = _clean_env(prefix, PEAKMEM_LLVM_BIN=str(tmp_path / "no-llvm"))
    proc = _peakmem(prefix, tmp_path, "optimize", str(MODEL_MLIR), env=env)
    _assert_one_line(proc, "mlir-opt not found", "apt-get install mlir-22-tools")


@needs_install
def test_source_only_commands_explain_themselves(prefix, tmp_path):
    proc = _peakmem(prefix, tmp_path, "bench")
    _assert_one_line(proc, "peakmem bench: not a peakmem command", "source checkout",
                     "python3 tools/bench.py")


# ------------------------------------------------------------ in process
def test_unimportable_subcommand_is_listed_and_explains(tmp_path, monkeypatch, capsys):
    (tmp_path / "peakmem_broken_cmd.py").write_text("import numpy\nraise ValueError('boom')\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    commands = dict(cli.COMMANDS)
    commands["broken"] = cli.Command("peakmem_broken_cmd", "a broken command",
                                     "Does nothing.", "peakmem broken")
    commands["nodeps"] = cli.Command("no_such_dependency_xyz", "needs a missing module",
                                     "Does nothing.", "peakmem nodeps")
    monkeypatch.setattr(cli, "COMMANDS", commands)
    with pytest.raises(SystemExit):
        cli.main(["--help"])
    out = capsys.readouterr().out
    assert "broken" in out and "a broken command [unavailable]" in out
    assert cli.main(["broken", "--any", "args"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == ["peakmem broken: unavailable: peakmem_broken_cmd failed to import: "
                   "ValueError: boom"]
    assert cli.main(["nodeps"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == ["peakmem nodeps: unavailable: Python module 'no_such_dependency_xyz' "
                   "not found"]


def test_tool_not_found_caught_at_top_level(monkeypatch, capsys):
    monkeypatch.setattr(binaries, "LLVM_BIN", pathlib.Path("/nonexistent"))
    monkeypatch.setenv("PATH", "/nonexistent")
    monkeypatch.delenv("PEAKMEM_TRACEBACK", raising=False)
    assert cli.main(["optimize", str(MODEL_MLIR), "--no-exec"]) == 2
    err = [l for l in capsys.readouterr().err.splitlines() if not l.startswith("[peakmem] ")]
    assert len(err) == 1 and err[0].startswith("peakmem: ")
    assert "not found" in err[0]


@pytest.mark.skipif(not binaries.available("bin/peakmem-opt", "mlir-opt"),
                    reason="peakmem-opt not built or mlir-opt missing")
def test_missing_python_package_is_one_line(tmp_path, monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import fails
    monkeypatch.delenv("PEAKMEM_TRACEBACK", raising=False)
    assert cli.main(["optimize", str(MODEL_MLIR), "--no-exec",
                     "--plot", str(tmp_path / "p.png")]) == 2
    err = [l for l in capsys.readouterr().err.splitlines() if not l.startswith("[peakmem] ")]
    assert err == ["peakmem optimize: Python module 'matplotlib' not found; "
                   "install it with `apt-get install python3-matplotlib`"]


@pytest.mark.parametrize("command", sorted(cli.COMMANDS))
def test_help_describes_and_gives_an_example(command, capsys):
    with pytest.raises(SystemExit) as exit_info:
        cli.main([command, "--help"])
    assert exit_info.value.code == 0
    out = capsys.readouterr().out
    assert cli.COMMANDS[command].description.splitlines()[0] in out
    assert f"example:\n  {cli.COMMANDS[command].example}" in out


def test_top_level_help_gives_an_example(capsys):
    with pytest.raises(SystemExit):
        cli.main(["--help"])
    out = capsys.readouterr().out
    assert "example:\n  peakmem optimize" in out
    for command in cli.COMMANDS:
        assert command in out
