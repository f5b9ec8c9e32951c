# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Where the tests find the real models, which are data outside the
repository: $PEAKMEM_MODELS, else ../shared/models beside the checkout.
Tests that need them skip with a reason starting "data:", the one kind of
skip a CI run (PEAKMEM_CI=1, conftest.py) accepts, and counts."""

import os
import pathlib

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]
MODELS = pathlib.Path(os.environ.get("PEAKMEM_MODELS") or REPO.parent / "shared" / "models")


def needs(path: pathlib.Path = MODELS):
    """A skip mark for a test that reads `path` (a model file or MODELS)."""
    return pytest.mark.skipif(not path.exists(),
                              reason=f"data: {path} not present (set PEAKMEM_MODELS)")
