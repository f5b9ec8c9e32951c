//===- CertificateAttr.cpp - Certificates as MLIR attributes --------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The attributes are the one encoding of a certificate: this file maps them
// to and from the core's CertificateRecord (Certificate.h), whose range
// checks make a Certificate of it.
//
//===----------------------------------------------------------------------===//

#include "peakmem/Transforms/CertificateAttr.h"

#include "mlir/IR/Builders.h"

using namespace mlir;

namespace peakmem {

DictionaryAttr certificateToAttr(MLIRContext *ctx, const Certificate &c) {
  const CertificateRecord r = certificateRecord(c);
  Builder b(ctx);
  NamedAttrList cert;
  cert.append("kind", b.getStringAttr(boundKindName(r.kind)));
  cert.append("witness", b.getI64IntegerAttr(r.witness));
  cert.append("conditioned_on", b.getI64IntegerAttr(r.conditionedOn));
  cert.append("flow", DenseI64ArrayAttr::get(ctx, r.flow));
  cert.append("flow2", DenseI64ArrayAttr::get(ctx, r.flow2));
  if (r.kind == BoundKind::Multiway) {
    cert.append("form", b.getStringAttr(multiwayFormName(r.form)));
    cert.append("members", DenseI64ArrayAttr::get(ctx, r.members));
    SmallVector<Attribute> flows;
    for (const std::vector<int64_t> &flow : r.memberFlows)
      flows.push_back(DenseI64ArrayAttr::get(ctx, flow));
    cert.append("flows", ArrayAttr::get(ctx, flows));
  }
  NamedAttrList record;
  record.append("peak", b.getI64IntegerAttr(r.peak));
  record.append("lower_bound", b.getI64IntegerAttr(r.lowerBound));
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

static std::vector<int64_t> toVector(DenseI64ArrayAttr array) {
  return {array.asArrayRef().begin(), array.asArrayRef().end()};
}

/// Reads the optional multiway entries "form", "members" and "flows"
/// (absent: form last, no members).
static std::string readMultiway(DictionaryAttr cert, CertificateRecord &r) {
  if (Attribute a = cert.get("form")) {
    auto name = dyn_cast<StringAttr>(a);
    if (!name || (name.getValue() != "last" && name.getValue() != "first"))
      return "'form' must be \"last\" or \"first\"";
    r.form =
        name.getValue() == "first" ? MultiwayForm::First : MultiwayForm::Last;
  }
  if (Attribute a = cert.get("members")) {
    auto members = dyn_cast<DenseI64ArrayAttr>(a);
    if (!members)
      return "'members' must be an array<i64>";
    r.members = toVector(members);
  }
  ArrayAttr flows;
  if (Attribute a = cert.get("flows"))
    if (!(flows = dyn_cast<ArrayAttr>(a)))
      return "'flows' must be an array of array<i64>";
  if ((flows ? flows.size() : 0) != r.members.size())
    return "'flows' must hold one flow per member";
  for (Attribute a : flows ? flows.getValue() : ArrayRef<Attribute>()) {
    auto flow = dyn_cast<DenseI64ArrayAttr>(a);
    if (!flow || flow.size() % 3)
      return "'flows' must hold (from, to, amount) triples as array<i64>";
    r.memberFlows.push_back(toVector(flow));
  }
  return {};
}

/// Reads the "certificate" dictionary of a record into `r`.
static std::string readCertificate(DictionaryAttr cert, CertificateRecord &r) {
  auto kindAttr = cert.getAs<StringAttr>("kind");
  if (!kindAttr || !parseBoundKind(kindAttr.str(), r.kind))
    return "missing or unknown certificate 'kind'";
  std::string err;
  if (!(err = getI64(cert, "witness", r.witness)).empty() ||
      !(err = getI64(cert, "conditioned_on", r.conditionedOn)).empty())
    return "certificate: " + err;
  auto flow = cert.getAs<DenseI64ArrayAttr>("flow");
  auto flow2 = cert.getAs<DenseI64ArrayAttr>("flow2");
  if (!flow || !flow2)
    return "certificate: missing 'flow' or 'flow2' (array<i64>)";
  if (flow.size() % 3 || flow2.size() % 3)
    return "certificate: flow arrays must hold (from, to, amount) triples";
  r.flow = toVector(flow);
  r.flow2 = toVector(flow2);
  if (std::string error = readMultiway(cert, r); !error.empty())
    return "certificate: " + error;
  return {};
}

std::string certificateFromAttr(DictionaryAttr record, Certificate &c) {
  CertificateRecord r;
  std::string err;
  if (!(err = getI64(record, "peak", r.peak)).empty() ||
      !(err = getI64(record, "lower_bound", r.lowerBound)).empty())
    return err;
  auto optimal = record.getAs<BoolAttr>("optimal");
  if (!optimal)
    return "missing or non-bool 'optimal'";
  auto cert = record.getAs<DictionaryAttr>("certificate");
  if (!cert)
    return "missing 'certificate' dictionary";
  if (!(err = readCertificate(cert, r)).empty())
    return err;
  if (!certificateFromRecord(r, c, &err))
    return "certificate: " + err;
  if (optimal.getValue() != c.isOptimal())
    return "'optimal' is " +
           std::string(optimal.getValue() ? "true" : "false") + " but peak " +
           std::to_string(r.peak) +
           (c.isOptimal() ? " equals" : " differs from") + " lower_bound " +
           std::to_string(r.lowerBound);
  return {};
}

} // namespace peakmem
