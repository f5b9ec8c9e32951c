//===- CertificateAttr.cpp - Certificates as MLIR attributes --------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "peakmem/Transforms/CertificateAttr.h"

#include "mlir/IR/Builders.h"

using namespace mlir;

namespace peakmem {

static DenseI64ArrayAttr flowToAttr(MLIRContext *ctx,
                                    const std::vector<FlowArc> &flow) {
  SmallVector<int64_t> flat;
  flat.reserve(flow.size() * 3);
  for (const FlowArc &a : flow) {
    flat.push_back(a.from);
    flat.push_back(a.to);
    flat.push_back(a.amount);
  }
  return DenseI64ArrayAttr::get(ctx, flat);
}

DictionaryAttr certificateToAttr(MLIRContext *ctx, const Certificate &c) {
  Builder b(ctx);
  NamedAttrList cert;
  cert.append("kind", b.getStringAttr(boundKindName(c.kind)));
  cert.append("witness", b.getI64IntegerAttr(c.witness));
  cert.append("conditioned_on", b.getI64IntegerAttr(c.conditionedOn));
  cert.append("flow", flowToAttr(ctx, c.flow));
  cert.append("flow2", flowToAttr(ctx, c.flow2));
  NamedAttrList record;
  record.append("peak", b.getI64IntegerAttr(c.peak));
  record.append("lower_bound", b.getI64IntegerAttr(c.lowerBound));
  record.append("optimal", b.getBoolAttr(c.isOptimal()));
  record.append("certificate", cert.getDictionary(ctx));
  return record.getDictionary(ctx);
}

/// Reads an i64 entry of `dict`.
static std::string getI64(DictionaryAttr dict, StringRef name, int64_t &out) {
  auto attr = dict.getAs<IntegerAttr>(name);
  if (!attr || !attr.getType().isInteger(64))
    return ("missing or non-i64 '" + name + "'").str();
  out = attr.getInt();
  return {};
}

std::string certificateFromAttr(DictionaryAttr record, Certificate &c) {
  int64_t peak, lowerBound, witness, conditionedOn;
  std::string err;
  if (!(err = getI64(record, "peak", peak)).empty() ||
      !(err = getI64(record, "lower_bound", lowerBound)).empty())
    return err;
  auto optimal = record.getAs<BoolAttr>("optimal");
  if (!optimal)
    return "missing or non-bool 'optimal'";
  auto cert = record.getAs<DictionaryAttr>("certificate");
  if (!cert)
    return "missing 'certificate' dictionary";
  auto kindAttr = cert.getAs<StringAttr>("kind");
  BoundKind kind;
  if (!kindAttr || !parseBoundKind(kindAttr.str(), kind))
    return "missing or unknown certificate 'kind'";
  if (!(err = getI64(cert, "witness", witness)).empty() ||
      !(err = getI64(cert, "conditioned_on", conditionedOn)).empty())
    return "certificate: " + err;
  auto flow = cert.getAs<DenseI64ArrayAttr>("flow");
  auto flow2 = cert.getAs<DenseI64ArrayAttr>("flow2");
  if (!flow || !flow2)
    return "certificate: missing 'flow' or 'flow2' (array<i64>)";
  if (flow.size() % 3 || flow2.size() % 3)
    return "certificate: flow arrays must hold (from, to, amount) triples";
  // The core decoder validates ranges and never reads out of bounds.
  std::vector<int64_t> flat = {kCertificateMagic,
                               kCertificateVersion,
                               peak,
                               lowerBound,
                               static_cast<int64_t>(kind),
                               witness,
                               conditionedOn,
                               flow.size() / 3,
                               flow2.size() / 3};
  flat.insert(flat.end(), flow.asArrayRef().begin(), flow.asArrayRef().end());
  flat.insert(flat.end(), flow2.asArrayRef().begin(), flow2.asArrayRef().end());
  std::string error;
  if (!decodeCertificate(flat, c, &error))
    return "certificate: " + error;
  if (optimal.getValue() != c.isOptimal())
    return "'optimal' is " +
           std::string(optimal.getValue() ? "true" : "false") + " but peak " +
           std::to_string(peak) +
           (c.isOptimal() ? " equals" : " differs from") + " lower_bound " +
           std::to_string(lowerBound);
  return {};
}

} // namespace peakmem
