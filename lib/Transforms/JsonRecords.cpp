//===- JsonRecords.cpp - One JSON file of per-function records -----------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "JsonRecords.h"

#include "mlir/IR/SymbolTable.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

namespace peakmem {

std::string symbolPath(Operation *fn) {
  std::string path;
  for (Operation *op = fn; op->getParentOp(); op = op->getParentOp()) {
    std::string part;
    if (auto name =
            op->getAttrOfType<StringAttr>(SymbolTable::getSymbolAttrName())) {
      part = "@" + name.getValue().str();
    } else {
      unsigned index = 0;
      for (Operation &sibling : *op->getBlock()) {
        if (&sibling == op)
          break;
        ++index;
      }
      part = op->getName().getStringRef().str() + "#" + std::to_string(index);
    }
    path = path.empty() ? part : part + "::" + path;
  }
  return path;
}

std::string JsonRecords::put(const std::string &path, const std::string &key,
                             llvm::json::Value record) {
  std::lock_guard<std::mutex> lock(mutex);
  std::map<std::string, llvm::json::Value> &records = files[path];
  records.insert_or_assign(key, std::move(record));
  llvm::json::Array all;
  for (auto &kv : records)
    all.push_back(kv.second);
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec, llvm::sys::fs::OF_Text);
  if (ec)
    return ec.message();
  os << llvm::formatv("{0:2}", llvm::json::Value(std::move(all))) << "\n";
  os.close();
  if (os.has_error()) {
    ec = os.error();
    os.clear_error();
    return ec.message();
  }
  return {};
}

} // namespace peakmem
