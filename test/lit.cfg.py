# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# -*- Python -*-
import os

import lit.formats
from lit.llvm import llvm_config

config.name = "PEAKMEM"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.peakmem_obj_root, "test")
config.excludes = ["Unit", "python", "CMakeLists.txt", "lit.cfg.py",
                   "lit.site.cfg.py", "Inputs"]

llvm_config.use_default_substitutions()
llvm_config.with_environment("PATH", config.peakmem_tools_dir, append_path=True)
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)
llvm_config.with_environment("PYTHONPATH",
                             os.path.join(config.peakmem_src_root, "python"),
                             append_path=True)
llvm_config.with_environment("PEAKMEM_BUILD_DIR", config.peakmem_obj_root)

# Sanitizer builds: Inputs/run-bounded.py widens its time and memory limits
# (ASan's shadow memory and checks, not the work, grow).
if config.peakmem_sanitized.upper() in ("ON", "TRUE", "1", "YES"):
    config.environment["PEAKMEM_SANITIZED"] = "1"

# The pass plugin is not built in sanitizer builds.
if os.path.exists(os.path.join(config.peakmem_lib_dir,
                               "PeakMemPlugin" + config.llvm_shlib_ext)):
    config.available_features.add("plugin")
config.substitutions.append(
    ("%plugin", os.path.join(config.peakmem_lib_dir,
                             "PeakMemPlugin" + config.llvm_shlib_ext)))
config.substitutions.append(("%python", config.python_executable))
config.substitutions.append(
    ("%mlir_opt", os.path.join(config.llvm_tools_dir, "mlir-opt")))
config.substitutions.append(("%corpus", os.path.join(config.peakmem_src_root,
                                                     "corpus")))
