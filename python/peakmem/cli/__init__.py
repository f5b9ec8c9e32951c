# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The `peakmem` subcommands, one module each with add_arguments(parser) and
run(args); peakmem/__main__.py lists and dispatches them."""
