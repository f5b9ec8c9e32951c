//===- CertificateCodec.cpp - Flat int64 encoding of certificates ---------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// encodeCertificate / decodeCertificate (Certificate.h): version 1 (every
// kind but multiway, unchanged) and version 2 (version 1 plus the multiway
// section). The decoder checks every count against the remaining size before
// reading, so no input makes it read out of bounds.
//
//===----------------------------------------------------------------------===//

#include "peakmem/Core/Bounds/Certificate.h"

#include <limits>

namespace peakmem {

static constexpr size_t kHeaderSize = 9;
static constexpr int64_t kVersion1 = 1;

static void appendFlow(std::vector<int64_t> &out,
                       const std::vector<FlowArc> &flow) {
  for (const FlowArc &a : flow) {
    out.push_back(a.from);
    out.push_back(a.to);
    out.push_back(a.amount);
  }
}

std::vector<int64_t> encodeCertificate(const Certificate &c) {
  const bool multiway = c.kind == BoundKind::Multiway || !c.members.empty() ||
                        !c.memberFlows.empty() || c.form != MultiwayForm::Last;
  std::vector<int64_t> out{kCertificateMagic,
                           multiway ? kCertificateVersion : kVersion1,
                           c.peak,
                           c.lowerBound,
                           static_cast<int64_t>(c.kind),
                           static_cast<int64_t>(c.witness),
                           c.conditionedOn,
                           static_cast<int64_t>(c.flow.size()),
                           static_cast<int64_t>(c.flow2.size())};
  appendFlow(out, c.flow);
  appendFlow(out, c.flow2);
  if (!multiway)
    return out;
  out.push_back(static_cast<int64_t>(c.form));
  out.push_back(static_cast<int64_t>(c.members.size()));
  for (StmtId m : c.members)
    out.push_back(m);
  // A flow per member; a mismatched struct is encoded as it is (the checker
  // rejects it), with missing flows empty.
  for (size_t i = 0; i < c.members.size(); ++i)
    out.push_back(static_cast<int64_t>(
        i < c.memberFlows.size() ? c.memberFlows[i].size() : 0));
  for (size_t i = 0; i < c.members.size() && i < c.memberFlows.size(); ++i)
    appendFlow(out, c.memberFlows[i]);
  return out;
}

static bool fail(std::string *error, const std::string &message) {
  if (error)
    *error = message;
  return false;
}

static constexpr int64_t kMaxId = std::numeric_limits<uint32_t>::max();

/// Reads `count` triples at data[pos..] into `flow` (the caller checked that
/// they fit); `first` numbers them in messages.
static bool readArcs(const int64_t *data, size_t pos, size_t count,
                     size_t first, std::vector<FlowArc> &flow,
                     std::string *error) {
  for (size_t i = 0; i < count; ++i) {
    const int64_t *t = data + pos + 3 * i;
    if (t[0] < 0 || t[0] > kMaxId || t[1] < 0 || t[1] > kMaxId)
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

/// The multiway section of version 2 at data[pos..size).
static bool decodeMultiway(const int64_t *data, size_t pos, size_t size,
                           Certificate &out, std::string *error) {
  if (size - pos < 2)
    return fail(error, "too short for the multiway section");
  if (data[pos] != 0 && data[pos] != 1)
    return fail(error, "multiway form is not 0 (last) or 1 (first)");
  out.form = static_cast<MultiwayForm>(data[pos]);
  const int64_t k = data[pos + 1];
  pos += 2;
  if (k < 0 || static_cast<uint64_t>(k) > (size - pos) / 2)
    return fail(error, "member count does not match the size");
  for (int64_t i = 0; i < k; ++i, ++pos) {
    if (data[pos] < 0 || data[pos] > kMaxId)
      return fail(error, "member " + std::to_string(i) + " out of range");
    out.members.push_back(static_cast<StmtId>(data[pos]));
  }
  const size_t countsAt = pos;
  pos += static_cast<size_t>(k);
  size_t arcs = 0;
  for (int64_t i = 0; i < k; ++i) {
    const int64_t c = data[countsAt + i];
    if (c < 0 || static_cast<uint64_t>(c) > (size - pos) / 3 - arcs)
      return fail(error, "member arc counts do not match the size");
    arcs += static_cast<size_t>(c);
  }
  if (size - pos != 3 * arcs)
    return fail(error, "member arc counts do not match the size");
  out.memberFlows.assign(static_cast<size_t>(k), {});
  size_t done = 0;
  for (int64_t i = 0; i < k; ++i) {
    const size_t c = static_cast<size_t>(data[countsAt + i]);
    if (!readArcs(data, pos + 3 * done, c, done, out.memberFlows[i], error))
      return false;
    done += c;
  }
  return true;
}

bool decodeCertificate(const int64_t *data, size_t size, Certificate &c,
                       std::string *error) {
  if (size && !data)
    return fail(error, "no data");
  if (size < kHeaderSize)
    return fail(error, "too short for a certificate header");
  if (data[0] != kCertificateMagic)
    return fail(error, "bad magic number");
  if (data[1] != kVersion1 && data[1] != kCertificateVersion)
    return fail(error, "unsupported version " + std::to_string(data[1]));
  const bool v2 = data[1] == kCertificateVersion;
  const BoundKind last = v2 ? BoundKind::Multiway : BoundKind::Exhaustive;
  if (data[4] < 0 || data[4] > static_cast<int64_t>(last))
    return fail(error, "bound kind out of range");
  if (data[5] < 0 || data[5] > kMaxId)
    return fail(error, "witness out of range");
  if (data[6] < -1 || data[6] > kMaxId)
    return fail(error, "conditionedOn out of range");
  const size_t room = (size - kHeaderSize) / 3;
  if (data[7] < 0 || data[8] < 0 || static_cast<uint64_t>(data[7]) > room ||
      static_cast<uint64_t>(data[8]) > room - static_cast<uint64_t>(data[7]))
    return fail(error, "arc counts do not match the size");
  const size_t k1 = static_cast<size_t>(data[7]);
  const size_t k2 = static_cast<size_t>(data[8]);
  const size_t end = kHeaderSize + 3 * (k1 + k2);
  if (!v2 && end != size)
    return fail(error, (size - kHeaderSize) % 3
                           ? "flow section is not a whole number of triples"
                           : "arc counts do not match the size");
  Certificate out;
  out.peak = data[2];
  out.lowerBound = data[3];
  out.kind = static_cast<BoundKind>(data[4]);
  out.witness = static_cast<StmtId>(data[5]);
  out.conditionedOn = data[6];
  if (!readArcs(data, kHeaderSize, k1, 0, out.flow, error) ||
      !readArcs(data, kHeaderSize + 3 * k1, k2, k1, out.flow2, error))
    return false;
  if (v2 && !decodeMultiway(data, end, size, out, error))
    return false;
  c = std::move(out);
  return true;
}

bool decodeCertificate(const std::vector<int64_t> &data, Certificate &c,
                       std::string *error) {
  return decodeCertificate(data.data(), data.size(), c, error);
}

} // namespace peakmem
