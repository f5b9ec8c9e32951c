//===- JsonRecords.h - One JSON file of per-function records --*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The `json=FILE` output of a pass: one record per function, keyed by the
// function's symbol path, the file rewritten sorted by that key after every
// record. The records belong to one pass instance and the clones MLIR makes
// of it for its threads (they share one JsonRecords through a shared_ptr
// copied with the pass), not to the process: two pipelines writing the same
// file do not mix, and the bytes written depend neither on the order in
// which functions finish nor on the thread count.
//
//===----------------------------------------------------------------------===//

#ifndef PEAKMEM_LIB_TRANSFORMS_JSONRECORDS_H
#define PEAKMEM_LIB_TRANSFORMS_JSONRECORDS_H

#include "mlir/IR/Operation.h"
#include "llvm/Support/JSON.h"

#include <map>
#include <mutex>
#include <string>

namespace peakmem {

/// Where `fn` stands below the outermost op: its symbol and those of the
/// symbol tables around it, "@f" or "@inner::@f"; an unnamed nested table
/// contributes "<op name>#<its index in its block>". Same-named functions
/// of different nested modules get different paths.
std::string symbolPath(mlir::Operation *fn);

class JsonRecords {
public:
  /// Sets the record of `key` in `path` and rewrites `path` with every
  /// record of it so far, as a JSON array sorted by key. Thread-safe.
  /// Returns "" on success, else why the file could not be written.
  std::string put(const std::string &path, const std::string &key,
                  llvm::json::Value record);

private:
  std::mutex mutex;
  std::map<std::string, std::map<std::string, llvm::json::Value>> files;
};

} // namespace peakmem

#endif // PEAKMEM_LIB_TRANSFORMS_JSONRECORDS_H
