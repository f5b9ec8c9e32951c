//===- CertificateCodec.cpp - Certificates to and from their record -------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// certificateRecord / certificateFromRecord (Certificate.h): the numbers of
// the one certificate encoding, the record that CertificateAttr.h writes as
// attributes, and the range checks that make them a Certificate. Every size
// is checked before anything is read.
//
//===----------------------------------------------------------------------===//

#include "peakmem/Core/Bounds/Certificate.h"

#include <limits>

namespace peakmem {

static std::vector<int64_t> flowTriples(const std::vector<FlowArc> &flow) {
  std::vector<int64_t> out;
  out.reserve(3 * flow.size());
  for (const FlowArc &a : flow) {
    out.push_back(a.from);
    out.push_back(a.to);
    out.push_back(a.amount);
  }
  return out;
}

CertificateRecord certificateRecord(const Certificate &c) {
  CertificateRecord r;
  r.peak = c.peak;
  r.lowerBound = c.lowerBound;
  r.kind = c.kind;
  r.witness = c.witness;
  r.conditionedOn = c.conditionedOn;
  r.flow = flowTriples(c.flow);
  r.flow2 = flowTriples(c.flow2);
  r.form = c.form;
  r.members.assign(c.members.begin(), c.members.end());
  for (const std::vector<FlowArc> &flow : c.memberFlows)
    r.memberFlows.push_back(flowTriples(flow));
  return r;
}

static bool fail(std::string *error, const std::string &message) {
  if (error)
    *error = message;
  return false;
}

static constexpr int64_t kMaxId = std::numeric_limits<uint32_t>::max();

static bool isId(int64_t v) { return v >= 0 && v <= kMaxId; }

/// Reads (from, to, amount) triples into `flow`; `first` numbers the arcs in
/// messages.
static bool readArcs(const std::vector<int64_t> &triples, size_t first,
                     std::vector<FlowArc> &flow, std::string *error) {
  if (triples.size() % 3)
    return fail(error, "flow arrays must hold (from, to, amount) triples");
  for (size_t i = 0; i < triples.size() / 3; ++i) {
    const int64_t *t = triples.data() + 3 * i;
    if (!isId(t[0]) || !isId(t[1]))
      return fail(error, "flow arc " + std::to_string(first + i) +
                             " names a node out of range");
    if (t[2] <= 0)
      return fail(error, "flow arc " + std::to_string(first + i) +
                             " carries a non-positive amount");
    flow.push_back(
        {static_cast<uint32_t>(t[0]), static_cast<uint32_t>(t[1]), t[2]});
  }
  return true;
}

bool certificateFromRecord(const CertificateRecord &record, Certificate &c,
                           std::string *error) {
  if (!isId(record.witness))
    return fail(error, "witness out of range");
  if (record.conditionedOn != -1 && !isId(record.conditionedOn))
    return fail(error, "conditionedOn out of range");
  if (record.memberFlows.size() != record.members.size())
    return fail(error, "'flows' must hold one flow per member");
  Certificate out;
  out.peak = record.peak;
  out.lowerBound = record.lowerBound;
  out.kind = record.kind;
  out.witness = static_cast<StmtId>(record.witness);
  out.conditionedOn = record.conditionedOn;
  out.form = record.form;
  if (!readArcs(record.flow, 0, out.flow, error) ||
      !readArcs(record.flow2, out.flow.size(), out.flow2, error))
    return false;
  for (size_t i = 0; i < record.members.size(); ++i) {
    if (!isId(record.members[i]))
      return fail(error, "member " + std::to_string(i) + " out of range");
    out.members.push_back(static_cast<StmtId>(record.members[i]));
  }
  out.memberFlows.resize(record.members.size());
  size_t done = 0;
  for (size_t i = 0; i < record.memberFlows.size(); ++i) {
    if (!readArcs(record.memberFlows[i], done, out.memberFlows[i], error))
      return false;
    done += out.memberFlows[i].size();
  }
  c = std::move(out);
  return true;
}

} // namespace peakmem
