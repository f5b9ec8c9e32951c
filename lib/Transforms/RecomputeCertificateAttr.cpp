//===- RecomputeCertificateAttr.cpp - The recompute certificate record ----===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "RecomputeCertificateAttr.h"
#include "peakmem/Analysis/Recomputability.h"
#include "peakmem/Core/Model/Simulation.h"
#include "peakmem/Core/Recompute/RecomputeCertificate.h"

#include "mlir/IR/Builders.h"

using namespace mlir;

namespace peakmem {

std::vector<Producer> recomputeProducers(const BlockModel &bm,
                                         const Contraction &c) {
  Recomputability r = computeRecomputability(bm);
  std::vector<Producer> producers;
  for (BufferId b = 0; b < bm.problem.numBuffers(); ++b) {
    if (!r.recomputable[b])
      continue;
    Producer producer{b, {}};
    for (StmtId w : r.writers[b])
      producer.group.push_back(static_cast<StmtId>(c.toContracted[w]));
    producers.push_back(std::move(producer));
  }
  return producers;
}

DictionaryAttr recomputeCertificateAttr(MLIRContext *ctx, int64_t lowerBound,
                                        int64_t peak,
                                        const RecomputeOptions &options,
                                        StringRef foundBy) {
  Builder b(ctx);
  NamedAttrList record;
  record.append("kind", b.getStringAttr("recompute"));
  record.append("order", b.getStringAttr("as written"));
  record.append("lower_bound", b.getI64IntegerAttr(lowerBound));
  record.append("peak", b.getI64IntegerAttr(peak));
  record.append("optimal", b.getBoolAttr(lowerBound == peak));
  record.append("max_recompute_per_op",
                b.getI64IntegerAttr(options.maxRecomputePerOp));
  record.append("max_mac_overhead", b.getF64FloatAttr(options.maxMacOverhead));
  record.append("max_op_overhead", b.getF64FloatAttr(options.maxOpOverhead));
  record.append("found_by", b.getStringAttr(foundBy));
  if (lowerBound == peak)
    record.append("optimality", b.getStringAttr(kRecomputeOptimality));
  return record.getDictionary(ctx);
}

/// Reads the bounds of `record` into `options`; "" or what is malformed.
static std::string readBounds(DictionaryAttr record,
                              RecomputeOptions &options) {
  auto k = record.getAs<IntegerAttr>("max_recompute_per_op");
  auto macs = record.getAs<FloatAttr>("max_mac_overhead");
  auto ops = record.getAs<FloatAttr>("max_op_overhead");
  if (!k || !macs || !ops)
    return "missing 'max_recompute_per_op' (integer), 'max_mac_overhead' or "
           "'max_op_overhead' (float)";
  double m = macs.getValueAsDouble(), o = ops.getValueAsDouble();
  if (k.getInt() < 0 || k.getInt() > 64 || !(m >= 0 && m <= 1) ||
      !(o >= 0 && o <= 1))
    return "bounds out of range (max_recompute_per_op in [0, 64], overheads "
           "in [0, 1])";
  options.maxRecomputePerOp = unsigned(k.getInt());
  options.maxMacOverhead = m;
  options.maxOpOverhead = o;
  return "";
}

std::string checkRecomputeCertificateAttr(DictionaryAttr record,
                                          const BlockModel &bm,
                                          WorkBudget &work, bool &unchecked) {
  unchecked = false;
  auto kind = record.getAs<StringAttr>("kind");
  auto order = record.getAs<StringAttr>("order");
  if (!kind || kind.getValue() != "recompute" || !order ||
      order.getValue() != "as written")
    return "malformed: kind must be \"recompute\" and order \"as written\"";
  auto bound = record.getAs<IntegerAttr>("lower_bound");
  auto peak = record.getAs<IntegerAttr>("peak");
  auto optimal = record.getAs<BoolAttr>("optimal");
  if (!bound || !peak || !optimal)
    return "malformed: missing 'lower_bound', 'peak' (integers) or 'optimal' "
           "(bool)";
  RecomputeOptions options;
  if (std::string error = readBounds(record, options); !error.empty())
    return "malformed: " + error;
  Contraction c = contract(bm.problem);
  Order asWritten = identityOrder(c.problem);
  int64_t own = simulatePeak(c.problem, asWritten);
  if (peak.getInt() != own)
    return "'peak' is " + std::to_string(peak.getInt()) +
           " but the block as written peaks at " + std::to_string(own) +
           " bytes";
  bool isOptimal = bound.getInt() == own;
  auto optimality = record.getAs<StringAttr>("optimality");
  if (optimal.getValue() != isOptimal ||
      (optimality &&
       (!isOptimal || optimality.getValue() != kRecomputeOptimality)))
    return "'optimal' or 'optimality' does not match lower_bound == peak";
  std::string error =
      checkRecomputeBound(c.problem, asWritten, recomputeProducers(bm, c),
                          options, bound.getInt(), work, &unchecked);
  return unchecked ? "not checked: " + error : error;
}

} // namespace peakmem
