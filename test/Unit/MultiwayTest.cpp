//===- MultiwayTest.cpp - Multiway bounds and their certificates ----------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "TestProblems.h"
#include "peakmem/Core/Bounds/Bounds.h"
#include "peakmem/Core/Bounds/Certificate.h"
#include "peakmem/Core/Model/Simulation.h"

#include <gtest/gtest.h>

#include <cstdio>

using namespace peakmem;

namespace {

/// Sources a, b, c (1024 B each), g reads all three (writes 4 B), then
/// readers ra, rb, rc each read one source and g and write 4 B (escaping).
/// The first reader sees every source and g live: OPT = 3080 = 3 * 1024 +
/// 4 + 4; the best single-statement or pairwise bound is 3076 (at g).
Problem firstOfThree() {
  Problem p;
  StmtId a = p.addStatement(), b = p.addStatement(), c = p.addStatement(),
         g = p.addStatement();
  BufferId A = test::addOutput(p, a, 1024), B = test::addOutput(p, b, 1024),
           C = test::addOutput(p, c, 1024), G = test::addOutput(p, g, 4);
  test::addRead(p, a, A, g);
  test::addRead(p, b, B, g);
  test::addRead(p, c, C, g);
  for (auto [src, buf] : {std::pair{a, A}, {b, B}, {c, C}}) {
    StmtId r = p.addStatement();
    test::addOutput(p, r, 4, /*freed=*/false);
    test::addRead(p, src, buf, r);
    test::addRead(p, g, G, r);
  }
  p.finalize();
  return p;
}

/// The largest bound over every pair (both either/or forms).
int64_t bestPair(const Problem &p) {
  int64_t best = boundaryBound(p).bytes;
  for (StmtId v = 0; v < p.numStatements(); ++v) {
    best = std::max(best, trapBound(p, v, BoundKind::ReverseTrap).bytes);
    for (StmtId u = 0; u < v; ++u)
      if (pairwiseIncomparable(p, {u, v})) {
        best = std::max(best, pairwiseBound(p, v, u).bytes);
        best =
            std::max(best, multiwayBound(p, {u, v}, MultiwayForm::First).bytes);
      }
  }
  return best;
}

TEST(Multiway, BeatsEveryPairOnFirstOfThree) {
  Problem p = firstOfThree();
  ASSERT_EQ(p.check(), "");
  EXPECT_EQ(test::bruteForceOptimum(p), 3080);
  EXPECT_EQ(bestPair(p), 3076);
  LowerBound first = multiwayBound(p, {6, 4, 5}, MultiwayForm::First);
  EXPECT_EQ(first.bytes, 3080);
  EXPECT_EQ(first.members, (std::vector<StmtId>{4, 5, 6}));
  EXPECT_EQ(first.witness, 4u);
  // "Last" over the readers is weak: the last reader may run alone.
  EXPECT_LT(multiwayBound(p, {4, 5, 6}, MultiwayForm::Last).bytes, 3080);
  // Not sets of incomparable statements.
  EXPECT_EQ(multiwayBound(p, {4}, MultiwayForm::First).bytes, kInfeasibleBound);
  EXPECT_EQ(multiwayBound(p, {4, 4, 5}, MultiwayForm::First).bytes,
            kInfeasibleBound);
  EXPECT_EQ(multiwayBound(p, {0, 4, 5}, MultiwayForm::First).bytes,
            kInfeasibleBound);
  EXPECT_EQ(multiwayBound(p, {4, 5, 99}, MultiwayForm::First).bytes,
            kInfeasibleBound);

  Order order = identityOrder(p);
  EXPECT_EQ(simulatePeak(p, order), 3080);
  LowerBound lb = computeLowerBound(p, order);
  EXPECT_EQ(lb.bytes, 3080);
  EXPECT_EQ(lb.kind, BoundKind::Multiway);
  BoundOptions off;
  off.multiway = false;
  EXPECT_EQ(computeLowerBound(p, order, off).bytes, 3076);
  Certificate c = makeCertificate(p, order, lb);
  EXPECT_EQ(checkCertificate(p, order, c), "");
  EXPECT_TRUE(c.isOptimal());
  EXPECT_EQ(c.memberFlows.size(), c.members.size());
  EXPECT_NE(describeCertificate(c).find("(multiway at statement"),
            std::string::npos);
}

/// Every multiway certificate field changed is rejected.
void expectTamperingRejected(const Problem &p, const Order &order,
                             const Certificate &c) {
  auto rejected = [&](const Certificate &t, const std::string &what) {
    EXPECT_NE(checkCertificate(p, order, t), "") << what;
  };
  Certificate t = c;
  t.form =
      c.form == MultiwayForm::First ? MultiwayForm::Last : MultiwayForm::First;
  // A flipped form may only pass if its flows still prove the claim there.
  if (checkCertificate(p, order, t).empty()) {
    EXPECT_LE(t.lowerBound, test::bruteForceOptimum(p));
  }
  t = c;
  t.lowerBound += 1;
  rejected(t, "bound + 1");
  t = c;
  t.lowerBound -= 1;
  rejected(t, "bound - 1");
  t = c;
  t.members.push_back(t.members.back());
  t.memberFlows.push_back(t.memberFlows.back());
  rejected(t, "duplicate member");
  t = c;
  t.members.pop_back();
  t.memberFlows.pop_back();
  if (t.members.size() < 2)
    rejected(t, "one member");
  t = c;
  t.memberFlows.pop_back();
  rejected(t, "flow missing");
  t = c;
  std::swap(t.members[0], t.members[1]);
  rejected(t, "members unsorted");
  t = c;
  t.conditionedOn = t.members[0];
  rejected(t, "conditioned");
  t = c;
  t.flow = t.memberFlows[0];
  rejected(t, "stray flow");
  t = c;
  t.kind = BoundKind::Pairwise;
  rejected(t, "kind pairwise");
  for (size_t m = 0; m < c.members.size(); ++m)
    for (size_t i = 0; i < c.memberFlows[m].size(); ++i) {
      t = c;
      t.memberFlows[m].erase(t.memberFlows[m].begin() + i);
      rejected(t, "arc dropped");
      for (int64_t delta : {-1, 1}) {
        t = c;
        t.memberFlows[m][i].amount += delta;
        rejected(t, "amount changed");
      }
      t = c;
      t.memberFlows[m][i].to += 1;
      rejected(t, "head moved");
    }
  // A comparable member: an ancestor or descendant of a member.
  for (StmtId x = 0; x < p.numStatements(); ++x) {
    if (std::find(c.members.begin(), c.members.end(), x) != c.members.end() ||
        pairwiseIncomparable(p, {x, c.members[0]}))
      continue;
    t = c;
    t.members[0] = x;
    rejected(t, "comparable member");
    break;
  }
}

TEST(Multiway, TamperingIsRejected) {
  Problem p = firstOfThree();
  Order order = identityOrder(p);
  Certificate c = makeCertificate(p, order, computeLowerBound(p, order));
  ASSERT_EQ(c.kind, BoundKind::Multiway);
  ASSERT_EQ(checkCertificate(p, order, c), "");
  expectTamperingRejected(p, order, c);
  Certificate t = c;
  t.witness = c.members[1];
  EXPECT_NE(checkCertificate(p, order, t), "") << "witness";
  t = c;
  t.members = {4, 6};
  t.memberFlows = {c.memberFlows[0], c.memberFlows[2]};
  EXPECT_NE(checkCertificate(p, order, t), "") << "member dropped";
  // Multiway fields on another kind.
  Certificate plain = makeCertificate(p, order, localBound(p, 3));
  ASSERT_EQ(checkCertificate(p, order, plain), "");
  t = plain;
  t.form = MultiwayForm::First;
  EXPECT_NE(checkCertificate(p, order, t), "");
  t = plain;
  t.members = c.members;
  EXPECT_NE(checkCertificate(p, order, t), "");
}

TEST(Multiway, SoundAgainstBruteForce) {
  // Every multiway bound of every set tried is at most the optimum; the
  // driver's bound too, and its certificates check and survive tampering.
  std::mt19937 rng(1515);
  int sets = 0, certified = 0, beatsPairs = 0;
  for (int iter = 0; iter < 1500; ++iter) {
    Problem p = test::randomProblem(rng, 3 + iter % 10);
    if (iter % 5 == 0)
      p.liveIn = 8;
    const int64_t opt = test::bruteForceOptimum(p);
    const Order best = test::optimalOrder(p);
    const StmtId n = p.numStatements();
    // Random sets of 2..5 statements, both forms.
    for (int k = 0; k < 12; ++k) {
      std::vector<StmtId> set;
      for (unsigned m = 2 + rng() % 4; set.size() < m;)
        set.push_back(rng() % n);
      for (MultiwayForm form : {MultiwayForm::Last, MultiwayForm::First}) {
        LowerBound lb = multiwayBound(p, set, form);
        if (lb.bytes == kInfeasibleBound)
          continue;
        ++sets;
        ASSERT_LE(lb.bytes, opt) << "iter " << iter;
        Certificate c = makeCertificate(p, best, lb);
        ASSERT_EQ(c.kind, BoundKind::Multiway);
        ASSERT_EQ(checkCertificate(p, best, c), "") << describeCertificate(c);
        ASSERT_EQ(c.lowerBound, lb.bytes);
      }
    }
    BoundOptions generous;
    generous.maxFlows = 1000;
    LowerBound lb = computeLowerBound(p, best, generous);
    ASSERT_LE(lb.bytes, opt) << "iter " << iter;
    if (lb.kind != BoundKind::Multiway)
      continue;
    beatsPairs += lb.bytes > bestPair(p);
    Certificate c = makeCertificate(p, best, lb);
    ASSERT_EQ(checkCertificate(p, best, c), "") << describeCertificate(c);
    ++certified;
    expectTamperingRejected(p, best, c);
    // Round trip through the record.
    const CertificateRecord record = certificateRecord(c);
    ASSERT_EQ(record.members.size(), record.memberFlows.size());
    Certificate d;
    std::string error;
    ASSERT_TRUE(certificateFromRecord(record, d, &error)) << error;
    EXPECT_TRUE(test::sameRecord(certificateRecord(d), record));
    EXPECT_EQ(checkCertificate(p, best, d), "");
  }
  std::printf("[multiway] %d random sets at most OPT; %d driver certificates "
              "of kind multiway, %d above every pair\n",
              sets, certified, beatsPairs);
  EXPECT_GT(certified, 0);
  EXPECT_GT(beatsPairs, 0);
}

TEST(Multiway, RecordIsRobust) {
  Problem p = firstOfThree();
  Order order = identityOrder(p);
  Certificate c = makeCertificate(p, order, computeLowerBound(p, order));
  const CertificateRecord good = certificateRecord(c);
  ASSERT_EQ(good.kind, BoundKind::Multiway);
  ASSERT_GE(good.members.size(), 2u);
  Certificate d;
  std::string error;
  ASSERT_TRUE(certificateFromRecord(good, d, &error)) << error;
  EXPECT_EQ(checkCertificate(p, order, d), "");
  auto withEdit = [&](auto edit) {
    CertificateRecord r = good;
    edit(r);
    return r;
  };
  EXPECT_FALSE(certificateFromRecord(
      withEdit([](CertificateRecord &r) { r.members.push_back(0); }), d,
      &error));
  EXPECT_EQ(error, "'flows' must hold one flow per member");
  EXPECT_FALSE(certificateFromRecord(
      withEdit([](CertificateRecord &r) { r.memberFlows.pop_back(); }), d,
      &error));
  EXPECT_FALSE(certificateFromRecord(
      withEdit([](CertificateRecord &r) { r.members[0] = -1; }), d, &error));
  EXPECT_EQ(error, "member 0 out of range");
  EXPECT_FALSE(certificateFromRecord(
      withEdit([](CertificateRecord &r) { r.members[1] = int64_t(1) << 40; }),
      d, &error));
  const size_t withArcs = good.memberFlows[0].empty() ? 1 : 0;
  ASSERT_FALSE(good.memberFlows[withArcs].empty());
  EXPECT_FALSE(certificateFromRecord(withEdit([&](CertificateRecord &r) {
                                       r.memberFlows[withArcs].pop_back();
                                     }),
                                     d, &error));
  EXPECT_FALSE(certificateFromRecord(
      withEdit([&](CertificateRecord &r) { r.memberFlows[withArcs][2] = 0; }),
      d, &error));
  EXPECT_EQ(error.find("carries a non-positive amount") != std::string::npos,
            true)
      << error;
  // A member's flow of the other form is read, and then refused by the
  // checker.
  Certificate other;
  ASSERT_TRUE(certificateFromRecord(withEdit([](CertificateRecord &r) {
                                      r.form = r.form == MultiwayForm::Last
                                                   ? MultiwayForm::First
                                                   : MultiwayForm::Last;
                                    }),
                                    other, &error));
  EXPECT_NE(checkCertificate(p, order, other), "");
  // Random mutations: never crash; accepted ones state true bounds.
  std::mt19937_64 rng(15);
  int read = 0;
  for (int iter = 0; iter < 20000; ++iter) {
    CertificateRecord r = good;
    test::mutateRecord(r, rng);
    if (!certificateFromRecord(r, d, &error))
      continue;
    ++read;
    if (checkCertificate(p, order, d).empty()) {
      EXPECT_LE(d.lowerBound, 3080);
    }
  }
  EXPECT_GT(read, 0);
}

} // namespace
