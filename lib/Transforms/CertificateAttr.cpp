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
  if (c.kind == BoundKind::Multiway) {
    cert.append("form", b.getStringAttr(multiwayFormName(c.form)));
    SmallVector<int64_t> members(c.members.begin(), c.members.end());
    cert.append("members", DenseI64ArrayAttr::get(ctx, members));
    SmallVector<Attribute> flows;
    for (const std::vector<FlowArc> &flow : c.memberFlows)
      flows.push_back(flowToAttr(ctx, flow));
    cert.append("flows", ArrayAttr::get(ctx, flows));
  }
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

/// Appends the multiway section of the version-2 flat encoding
/// (Certificate.h) from the optional entries "form", "members" and "flows";
/// absent entries encode an empty section (form last, no members).
static std::string appendMultiway(DictionaryAttr cert,
                                  std::vector<int64_t> &flat) {
  int64_t form = 0;
  if (Attribute a = cert.get("form")) {
    auto name = dyn_cast<StringAttr>(a);
    if (!name || (name.getValue() != "last" && name.getValue() != "first"))
      return "'form' must be \"last\" or \"first\"";
    form = name.getValue() == "first";
  }
  DenseI64ArrayAttr members;
  if (Attribute a = cert.get("members"))
    if (!(members = dyn_cast<DenseI64ArrayAttr>(a)))
      return "'members' must be an array<i64>";
  ArrayAttr flows;
  if (Attribute a = cert.get("flows"))
    if (!(flows = dyn_cast<ArrayAttr>(a)))
      return "'flows' must be an array of array<i64>";
  const size_t k = members ? members.size() : 0;
  if ((flows ? flows.size() : 0) != k)
    return "'flows' must hold one flow per member";
  flat.push_back(form);
  flat.push_back(static_cast<int64_t>(k));
  if (members)
    flat.insert(flat.end(), members.asArrayRef().begin(),
                members.asArrayRef().end());
  SmallVector<DenseI64ArrayAttr> arrays;
  for (size_t i = 0; i < k; ++i) {
    auto flow = dyn_cast<DenseI64ArrayAttr>(flows[i]);
    if (!flow || flow.size() % 3)
      return "'flows' must hold (from, to, amount) triples as array<i64>";
    arrays.push_back(flow);
    flat.push_back(flow.size() / 3);
  }
  for (DenseI64ArrayAttr flow : arrays)
    flat.insert(flat.end(), flow.asArrayRef().begin(), flow.asArrayRef().end());
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
  if (std::string error = appendMultiway(cert, flat); !error.empty())
    return "certificate: " + error;
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
