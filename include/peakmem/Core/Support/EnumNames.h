//===- EnumNames.h - Names of enumerators as one table ---------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The printed names of an enumeration as one table of {value, name} rows, so
// that naming, parsing and listing the values read the same rows instead of
// a switch, a list and a loop each:
//
//   static constexpr EnumName<Heuristic> kNames[] = {{Heuristic::BFS, "bfs"},
//                                                    ...};
//   const char *heuristicName(Heuristic h) {
//     return enumName(kNames, h, "unknown");
//   }
//
//===----------------------------------------------------------------------===//

#ifndef PEAKMEM_CORE_SUPPORT_ENUMNAMES_H
#define PEAKMEM_CORE_SUPPORT_ENUMNAMES_H

#include <cstddef>
#include <string>
#include <vector>

namespace peakmem {

template <typename E> struct EnumName {
  E value;
  const char *name;
};

/// The name of `value` in `table`, or `unknown` if no row has it.
template <typename E, size_t N>
const char *enumName(const EnumName<E> (&table)[N], E value,
                     const char *unknown) {
  for (const EnumName<E> &row : table)
    if (row.value == value)
      return row.name;
  return unknown;
}

/// Sets `value` to the value named `name` in `table`; false (and `value`
/// unchanged) if no row has that name.
template <typename E, size_t N>
bool parseEnumName(const EnumName<E> (&table)[N], const std::string &name,
                   E &value) {
  for (const EnumName<E> &row : table)
    if (name == row.name) {
      value = row.value;
      return true;
    }
  return false;
}

/// Every value of `table`, in its order.
template <typename E, size_t N>
std::vector<E> enumValues(const EnumName<E> (&table)[N]) {
  std::vector<E> values;
  for (const EnumName<E> &row : table)
    values.push_back(row.value);
  return values;
}

} // namespace peakmem

#endif // PEAKMEM_CORE_SUPPORT_ENUMNAMES_H
