//===- Certificate.h - Checkable proofs of a lower bound -------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A certificate says: "this order peaks at `peak` bytes, and no legal order
// can peak below `lowerBound`". When the two are equal the order is optimal.
// The checker needs only the Problem and the order: it re-simulates the
// order, recomputes the cheap bounds, and for trap bounds verifies a flow on
// the canonical trap network (Bounds.h) arc by arc: every arc exists with
// enough capacity, flow is conserved, and base(witness) + value = the claim.
// By weak duality any feasible flow's value is at most the minimum cut, so
// the checker never has to trust (or run) a solver. Those checks are linear
// in the problem and the certificate (up to a logarithmic factor); the
// `exhaustive` kind is not: its checker re-enumerates the order ideals the
// record counts, which costs up to exhaustiveWork (the certifier keeps such
// a record only while certificateCheckWork fits the verifier's budget).
// docs/Certificates.md describes the format and how to check one by hand.
//
//===----------------------------------------------------------------------===//

#ifndef PEAKMEM_CORE_CERTIFICATE_H
#define PEAKMEM_CORE_CERTIFICATE_H

#include "peakmem/Core/Bounds/Bounds.h"
#include "peakmem/Core/Model/Problem.h"

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

namespace peakmem {

struct Certificate {
  /// simulatePeak of the certified order.
  int64_t peak = 0;
  /// The bound the certificate proves (equal to what the flow proves).
  int64_t lowerBound = 0;
  BoundKind kind = BoundKind::Boundary;
  /// The statement the bound is about; for `exhaustive`, the number of
  /// ideals the enumeration visits (the checker must visit as many).
  StmtId witness = 0;
  /// Pairwise partner, else -1.
  int64_t conditionedOn = -1;
  /// Trap kinds: a flow on the witness's network (sorted by (from, to),
  /// unique, positive amounts). Pairwise: on the network of (witness |
  /// conditionedOn executed).
  std::vector<FlowArc> flow;
  /// Pairwise only: a flow on the network of (conditionedOn | witness
  /// executed).
  std::vector<FlowArc> flow2;
  /// Multiway only: the set S (strictly increasing, k >= 2, pairwise
  /// incomparable; witness is the first member whose branch attains the
  /// minimum), the form, and per member a flow on the reverse network of
  /// (member | the other members executed (Last) / not executed (First)).
  /// Other kinds: empty, Last.
  std::vector<StmtId> members;
  MultiwayForm form = MultiwayForm::Last;
  std::vector<std::vector<FlowArc>> memberFlows;

  bool isOptimal() const { return lowerBound == peak; }
};

/// Builds the certificate of `bound` for `order`: peak = simulatePeak(order);
/// the flows and lowerBound are recomputed from the Problem (lowerBound ==
/// bound.bytes for a bound computed on the same problem; the flows always run
/// to the end, and their work is charged to `work` afterwards). A bound
/// naming no valid statement falls back to the boundary bound.
/// For BoundKind::Exhaustive the enumeration runs within `work`; when it does
/// not complete (or finds an order below), the boundary bound.
Certificate makeCertificate(const Problem &p, const Order &order,
                            const LowerBound &bound,
                            WorkBudget *work = nullptr);

/// Default work of certifyOrder's exhaustive enumeration.
constexpr WorkUnits kDefaultExhaustiveWork = 20'000'000;
/// Default work of checking every record of one function
/// (peakmem-verify-certificate's max-work); peakmem-certify keeps an
/// exhaustive record only while the function's records fit in it.
constexpr WorkUnits kDefaultVerifyWork = 1'000'000'000;

/// Limits of certifyOrder, in work units, each within the caller's budget.
struct CertifyOptions {
  /// The lower bound (computeLowerBound) and its certificate.
  WorkUnits boundWork = kDefaultBoundWork;
  /// The exhaustive enumeration, when the bound leaves a gap.
  WorkUnits exhaustiveWork = kDefaultExhaustiveWork;
  /// An exhaustive record is kept only if checking it costs at most this
  /// (certificateCheckWork), so that the verifier's budget can check it.
  WorkUnits maxCheckWork = kUnlimitedWork;
};

/// The certificate of `order` that peakmem-certify and peakmem-plan-arena
/// record: the best lower bound (computeLowerBound, within
/// options.boundWork of `work`); when it leaves a gap to the order's peak,
/// the `exhaustive` kind (no order peaks lower), kept only if its
/// enumeration completes within options.exhaustiveWork of `work` and its
/// check fits options.maxCheckWork. Depends on the limits only, never on
/// time (unless `work` has a TimeCap).
Certificate certifyOrder(const Problem &p, const Order &order, WorkBudget &work,
                         const CertifyOptions &options = {});
/// The same with a budget of its own, limited by the options' caps only.
Certificate certifyOrder(const Problem &p, const Order &order,
                         const CertifyOptions &options = {});

/// Validates `c` against the Problem and the order without any solver:
/// the problem is valid, the order legal and peaking at c.peak, the bound
/// recomputed (cheap kinds) or proven by the flows (trap kinds, pairwise)
/// equals c.lowerBound, and c.lowerBound <= c.peak. Multiway: k >= 2
/// strictly increasing, pairwise-incomparable members, one valid flow per
/// member, the minimum over the branches equal to the claim and attained
/// first at the witness. Returns "" if valid, else
/// the first violation found. Linear in the problem and the certificate
/// (up to a logarithmic factor for arc look-ups), except for an
/// `exhaustive` record, whose enumeration is proportional to the ideals it
/// records (it stops one ideal past the claim).
std::string checkCertificate(const Problem &p, const Order &order,
                             const Certificate &c);
/// The same within `work`: when the enumeration of an `exhaustive` record
/// runs out of work, *unchecked is set and a description returned (the
/// record is then neither accepted nor refuted).
std::string checkCertificate(const Problem &p, const Order &order,
                             const Certificate &c, WorkBudget *work,
                             bool *unchecked);
/// An upper bound on the work checkCertificate charges for `c` (the
/// enumeration's bound, exhaustiveWork, for an `exhaustive` record), known
/// before checking: a verifier tells from it whether a record fits.
WorkUnits certificateCheckWork(const Problem &p, const Certificate &c);

/// One line for remarks, e.g. "peak 12 B, lower bound 12 B (pairwise at
/// statement 3 | 1): optimal".
std::string describeCertificate(const Certificate &c);

/// Flat int64 encoding (a dense i64 array attribute in the MLIR layer),
/// version 1:
///   [0] kCertificateMagic  [1] 1
///   [2] peak  [3] lowerBound  [4] kind (BoundKind as 0..6)
///   [5] witness  [6] conditionedOn (-1 or a statement)
///   [7] k1 = arcs in flow  [8] k2 = arcs in flow2
///   then k1 triples (from, to, amount) of flow, then k2 triples of flow2.
/// Size is exactly 9 + 3 * (k1 + k2).
/// Version 2 (kCertificateVersion) appends the multiway section and allows
/// kind 7 (multiway):
///   [e] form (0 last, 1 first)  [e+1] k = members
///   then k member ids, then k arc counts c_1..c_k, then c_1 triples of the
///   first member's flow, ..., c_k triples of the last one's,
/// where e = 9 + 3 * (k1 + k2); size exactly e + 2 + 2k + 3 * sum(c_i).
/// encodeCertificate writes version 1 whenever the multiway section would be
/// empty (every kind but multiway), so those encodings are unchanged.
constexpr int64_t kCertificateMagic = 0x504B4D43; // "PKMC"
constexpr int64_t kCertificateVersion = 2;
std::vector<int64_t> encodeCertificate(const Certificate &c);
/// Decodes the layouts above. Rejects (returns false, `c` unspecified, a
/// reason in *error if given) anything malformed: wrong size, magic or
/// version, kind out of range (multiway in version 1), ids outside uint32,
/// conditionedOn < -1, form not 0 or 1, negative counts or amounts. Never
/// reads out of bounds.
bool decodeCertificate(const int64_t *data, size_t size, Certificate &c,
                       std::string *error = nullptr);
bool decodeCertificate(const std::vector<int64_t> &data, Certificate &c,
                       std::string *error = nullptr);

} // namespace peakmem

#endif // PEAKMEM_CORE_CERTIFICATE_H
