//===- CertificateTest.cpp - Certificate construction, checking, codec ----===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "peakmem/Core/Bounds/Certificate.h"
#include "TestProblems.h"
#include "peakmem/Core/Bounds/ExhaustiveCheck.h"
#include "peakmem/Core/Model/Simulation.h"
#include "peakmem/Core/Support/MaxFlow.h"

#include <gtest/gtest.h>

#include <cstdio>

using namespace peakmem;

namespace {

using test::optimalOrder;

Problem forkJoin() {
  Problem p;
  for (int i = 0; i < 5; ++i)
    p.addStatement();
  BufferId A1 = p.addBuffer(10, true), A2 = p.addBuffer(1, true),
           B1 = p.addBuffer(10, true), B2 = p.addBuffer(1, true),
           J = p.addBuffer(1, false);
  p.addUse(0, A1);
  p.addUse(1, A1);
  p.addUse(1, A2);
  p.addUse(2, B1);
  p.addUse(3, B1);
  p.addUse(3, B2);
  p.addUse(4, A2);
  p.addUse(4, B2);
  p.addUse(4, J);
  p.addEdge(0, 1);
  p.addEdge(2, 3);
  p.addEdge(1, 4);
  p.addEdge(3, 4);
  p.finalize();
  return p;
}

/// A tampered certificate may only be accepted if what it claims is true.
void expectRejectedOrTrue(const Problem &p, const Order &order,
                          const Certificate &c, int64_t opt, int &rejected,
                          int &total) {
  ++total;
  std::string error = checkCertificate(p, order, c);
  if (!error.empty()) {
    ++rejected;
    return;
  }
  EXPECT_LE(c.lowerBound, opt) << describeCertificate(c);
  EXPECT_EQ(c.peak, simulatePeak(p, order));
}

TEST(Certificate, ForkJoinPairwise) {
  Problem p = forkJoin();
  Order order{0, 1, 2, 3, 4};
  LowerBound lb = computeLowerBound(p, order);
  ASSERT_EQ(lb.kind, BoundKind::Pairwise);
  Certificate c = makeCertificate(p, order, lb);
  EXPECT_EQ(checkCertificate(p, order, c), "");
  EXPECT_TRUE(c.isOptimal());
  EXPECT_EQ(c.lowerBound, 12);
  EXPECT_FALSE(c.flow.empty());
  EXPECT_FALSE(c.flow2.empty());
  EXPECT_EQ(describeCertificate(c).substr(0, 30),
            "peak 12 B, lower bound 12 B (p");

  // Every field changed is caught.
  auto expectRejected = [&](Certificate t, const char *what) {
    EXPECT_NE(checkCertificate(p, order, t), "") << what;
  };
  Certificate t = c;
  t.peak = 11;
  expectRejected(t, "peak");
  t = c;
  t.lowerBound = 11;
  expectRejected(t, "lower bound weakened");
  t.lowerBound = 13;
  expectRejected(t, "lower bound strengthened");
  for (BoundKind k :
       {BoundKind::Boundary, BoundKind::Local, BoundKind::ForcedLive,
        BoundKind::ReverseTrap, BoundKind::ForwardTrap}) {
    t = c;
    t.kind = k;
    expectRejected(t, boundKindName(k));
  }
  t = c;
  t.witness = static_cast<StmtId>(c.conditionedOn);
  t.conditionedOn = c.witness;
  expectRejected(t, "branches swapped without their flows");
  t.flow.swap(t.flow2);
  EXPECT_EQ(checkCertificate(p, order, t), "") << "both branches swapped";
  for (int64_t u : {-1, 0, 2, 3, 4, 5}) {
    t = c;
    t.conditionedOn = u;
    expectRejected(t, "partner");
  }
  t = c;
  t.flow.swap(t.flow2);
  expectRejected(t, "flows swapped");
  t = c;
  t.flow2.clear();
  expectRejected(t, "second flow dropped");
  // Alter each flow arc in every way.
  for (size_t i = 0; i < c.flow.size(); ++i) {
    t = c;
    t.flow[i].amount += 1;
    expectRejected(t, "amount + 1");
    t.flow[i].amount -= 2;
    expectRejected(t, "amount - 1");
    t = c;
    t.flow[i].to += 1;
    expectRejected(t, "head moved");
    t = c;
    t.flow[i].from ^= 1;
    expectRejected(t, "tail moved");
    t = c;
    t.flow.erase(t.flow.begin() + i);
    expectRejected(t, "arc dropped");
    t = c;
    t.flow.insert(t.flow.begin() + i, c.flow[i]);
    expectRejected(t, "arc duplicated");
  }
  // Problem changes: a buffer shrunk at the peak, an edge added.
  Problem q = forkJoin();
  const_cast<Buffer &>(q.buffer(2)).bytes = 9;
  EXPECT_NE(checkCertificate(q, order, c), "");
  // Orders: illegal, or legal with another peak.
  EXPECT_NE(checkCertificate(p, Order{1, 0, 2, 3, 4}, c), "");
  EXPECT_NE(checkCertificate(p, Order{0, 2, 1, 3, 4}, c), "");
  EXPECT_NE(checkCertificate(p, Order{0, 1, 2, 3}, c), "");
}

TEST(Certificate, EveryKindOnRandomProblems) {
  // Certificates of every bound at every statement / pair pass the checker
  // and prove exactly the bound the solver computed.
  std::mt19937 rng(31);
  int checked = 0;
  for (int iter = 0; iter < 250; ++iter) {
    Problem p = test::randomProblem(rng, 3 + iter % 10);
    if (iter % 4 == 0)
      p.liveIn = 5;
    const Order order = optimalOrder(p);
    const StmtId n = p.numStatements();
    auto expectValid = [&](const LowerBound &lb) {
      Certificate c = makeCertificate(p, order, lb);
      ASSERT_EQ(checkCertificate(p, order, c), "")
          << "iter " << iter << " " << describeCertificate(c);
      EXPECT_EQ(c.lowerBound, lb.bytes) << describeCertificate(c);
      ++checked;
    };
    expectValid(boundaryBound(p));
    for (StmtId v = 0; v < n; ++v) {
      expectValid(localBound(p, v));
      expectValid(forcedLiveBound(p, v));
      expectValid(trapBound(p, v, BoundKind::ReverseTrap));
      expectValid(trapBound(p, v, BoundKind::ForwardTrap));
      for (StmtId u = 0; u < n; ++u) {
        LowerBound pw = pairwiseBound(p, v, u);
        if (pw.kind == BoundKind::Pairwise)
          expectValid(pw);
      }
    }
  }
  std::printf("[certificates] %d certificates of all kinds checked\n", checked);
}

TEST(Certificate, OptimalOrdersAndTampering) {
  std::mt19937 rng(77);
  const int numProblems = 600;
  int optimal = 0, rejected = 0, tampered = 0;
  int byKind[8] = {0, 0, 0, 0, 0, 0, 0, 0};
  size_t maxWords = 0;
  for (int iter = 0; iter < numProblems; ++iter) {
    Problem p = test::randomProblem(rng, 3 + iter % 10);
    const int64_t opt = test::bruteForceOptimum(p);
    const Order order = optimalOrder(p);
    BoundOptions generous;
    generous.maxFlows = 1000;
    LowerBound lb = computeLowerBound(p, order, generous);
    Certificate c = makeCertificate(p, order, lb);
    ASSERT_EQ(c.peak, opt);
    ASSERT_EQ(checkCertificate(p, order, c), "") << describeCertificate(c);
    ASSERT_EQ(c.lowerBound, lb.bytes);
    optimal += c.isOptimal();
    ++byKind[static_cast<int>(c.kind)];

    // Round trip through the record.
    const CertificateRecord record = certificateRecord(c);
    maxWords = std::max(maxWords, record.flow.size() + record.flow2.size());
    Certificate d;
    std::string error;
    ASSERT_TRUE(certificateFromRecord(record, d, &error)) << error;
    EXPECT_TRUE(test::sameRecord(certificateRecord(d), record));
    EXPECT_EQ(checkCertificate(p, order, d), "");

    // Fields that must always be caught.
    Certificate t = c;
    t.peak += 1;
    EXPECT_NE(checkCertificate(p, order, t), "");
    t = c;
    t.lowerBound += 1;
    EXPECT_NE(checkCertificate(p, order, t), "");
    t = c;
    t.lowerBound -= 1;
    EXPECT_NE(checkCertificate(p, order, t), "");
    // Flow arcs altered: always caught (every arc has a non-terminal end).
    for (int which = 0; which < 2; ++which) {
      const size_t numArcs = (which ? c.flow2 : c.flow).size();
      for (size_t i = 0; i < numArcs; ++i) {
        for (int64_t delta : {-1, 1}) {
          Certificate u = c;
          (which ? u.flow2 : u.flow)[i].amount += delta;
          EXPECT_NE(checkCertificate(p, order, u), "");
        }
        Certificate u = c;
        auto &f = which ? u.flow2 : u.flow;
        f.erase(f.begin() + i);
        EXPECT_NE(checkCertificate(p, order, u), "");
      }
    }
    // Fields whose change might by chance still describe a true bound.
    for (StmtId w = 0; w < p.numStatements(); ++w) {
      t = c;
      t.witness = w;
      if (w != c.witness)
        expectRejectedOrTrue(p, order, t, opt, rejected, tampered);
    }
    for (int k = 0; k < 6; ++k) {
      t = c;
      t.kind = static_cast<BoundKind>(k);
      if (t.kind != c.kind)
        expectRejectedOrTrue(p, order, t, opt, rejected, tampered);
    }
    t = c;
    t.conditionedOn = (c.conditionedOn + 2) % (p.numStatements() + 1) - 1;
    expectRejectedOrTrue(p, order, t, opt, rejected, tampered);
    // Problem altered: each buffer one byte larger or smaller.
    for (BufferId b = 0; b < p.numBuffers(); ++b)
      for (int64_t delta : {-1, 1}) {
        Problem q = p;
        const_cast<Buffer &>(q.buffer(b)).bytes += delta;
        if (q.buffer(b).bytes < 0)
          continue;
        ++tampered;
        std::string error = checkCertificate(q, order, c);
        if (!error.empty()) {
          ++rejected;
          continue;
        }
        EXPECT_LE(c.lowerBound, test::bruteForceOptimum(q));
        EXPECT_EQ(c.peak, simulatePeak(q, order));
      }
    // Order permuted: adjacent swaps.
    for (size_t i = 0; i + 1 < order.size(); ++i) {
      Order o = order;
      std::swap(o[i], o[i + 1]);
      expectRejectedOrTrue(p, o, c, opt, rejected, tampered);
    }
  }
  std::printf("[certificates] optimal-order certificates: %d/%d prove "
              "optimality; kinds boundary %d, local %d, forced-live %d, "
              "reverse-trap %d, forward-trap %d, pairwise %d; largest "
              "flows %zu words; %d/%d soft tamperings rejected (the rest "
              "still state true facts)\n",
              optimal, numProblems, byKind[0], byKind[1], byKind[2], byKind[3],
              byKind[4], byKind[5], maxWords, rejected, tampered);
}

TEST(Certificate, MakeCertificateFallsBack) {
  Problem p = forkJoin();
  Order order{0, 1, 2, 3, 4};
  LowerBound bogus{99, BoundKind::Local, 17, -1};
  Certificate c = makeCertificate(p, order, bogus);
  EXPECT_EQ(c.kind, BoundKind::Boundary);
  EXPECT_EQ(checkCertificate(p, order, c), "");
  // A comparable "pair" becomes a plain trap certificate.
  LowerBound comparable{0, BoundKind::Pairwise, 4, 1};
  c = makeCertificate(p, order, comparable);
  EXPECT_EQ(c.kind, BoundKind::ReverseTrap);
  EXPECT_EQ(checkCertificate(p, order, c), "");
  // A conditioned trap is certified unconditioned.
  c = makeCertificate(p, order, trapBound(p, 3, BoundKind::ReverseTrap, 1));
  EXPECT_EQ(c.conditionedOn, -1);
  EXPECT_EQ(c.lowerBound, 11);
  EXPECT_EQ(checkCertificate(p, order, c), "");
}

TEST(Certificate, CheckerRejectsGarbageStructs) {
  Problem p = forkJoin();
  Order order{0, 1, 2, 3, 4};
  Certificate good = makeCertificate(p, order, computeLowerBound(p, order));
  Certificate t = good;
  t.kind = static_cast<BoundKind>(9);
  EXPECT_NE(checkCertificate(p, order, t), "");
  t = good;
  t.witness = 5;
  EXPECT_EQ(checkCertificate(p, order, t),
            "pairwise witness 5 is not a statement");
  t = good;
  t.flow[0].from = std::numeric_limits<uint32_t>::max();
  EXPECT_NE(checkCertificate(p, order, t), "");
  t = good;
  t.flow[0].amount = kInfiniteCapacity;
  EXPECT_NE(checkCertificate(p, order, t), "");
  // Saturated infinite arcs must not overflow the balance.
  t = good;
  t.kind = BoundKind::ReverseTrap;
  t.conditionedOn = -1;
  t.flow2.clear();
  t.flow = {{0, 15, kInfiniteCapacity},
            {15, 0, kInfiniteCapacity},
            {15, 1, kInfiniteCapacity},
            {15, 2, kInfiniteCapacity}};
  EXPECT_NE(checkCertificate(p, order, t), "");
  // An invalid problem is reported, not trusted.
  Problem cyclic = forkJoin();
  cyclic.addEdge(4, 0);
  cyclic.finalize();
  EXPECT_EQ(checkCertificate(cyclic, order, good).rfind("invalid problem", 0),
            0u);
  // Random structs: never crash; accepted ones are true.
  std::mt19937 rng(8);
  for (int iter = 0; iter < 20000; ++iter) {
    t = good;
    t.kind = static_cast<BoundKind>(rng() % 7);
    t.witness = rng() % 7;
    t.conditionedOn = static_cast<int64_t>(rng() % 8) - 1;
    for (auto *f : {&t.flow, &t.flow2}) {
      f->resize(rng() % 7);
      for (FlowArc &a : *f) {
        a.from = rng() % 4 ? rng() % 18 : static_cast<uint32_t>(rng());
        a.to = rng() % 4 ? rng() % 18 : static_cast<uint32_t>(rng());
        a.amount = rng() % 4 ? static_cast<int64_t>(rng() % 3)
                             : static_cast<int64_t>(rng()) - (1ll << 31);
      }
    }
    if (checkCertificate(p, order, t).empty()) {
      EXPECT_LE(t.lowerBound, 12);
    }
  }
}

TEST(Certificate, CheckerRejectsProblemsOverTheSizeLimit) {
  // Two live 2^62-byte buffers (the peak, 2^63, does not fit in int64): no
  // certificate of such a problem is accepted, whatever it claims.
  Problem p;
  for (int i = 0; i < 2; ++i) {
    StmtId s = p.addStatement();
    p.addUse(s, p.addBuffer(int64_t(1) << 62, /*freedInBlock=*/false));
  }
  p.addEdge(0, 1);
  p.finalize();
  Certificate c;
  c.kind = BoundKind::Boundary;
  c.peak = c.lowerBound = std::numeric_limits<int64_t>::min();
  EXPECT_EQ(checkCertificate(p, Order{0, 1}, c),
            "invalid problem: totals more than 2^62 - 1 bytes of buffers and "
            "scratch (the limit of the memory model)");
}

TEST(Certificate, HugeTamperedFlowsAreRejectedWithoutOverflow) {
  Problem p = forkJoin();
  Order order{0, 1, 2, 3, 4};
  Certificate good = makeCertificate(p, order, computeLowerBound(p, order));
  ASSERT_EQ(checkCertificate(p, order, good), "");
  // Amounts near INT64_MAX on every arc, with claims to match the
  // wrapped sums: rejected (capacity), never accepted through a wrap.
  for (int64_t huge : {kInfiniteCapacity, kInfiniteCapacity + 1,
                       std::numeric_limits<int64_t>::max()}) {
    Certificate t = good;
    for (auto *f : {&t.flow, &t.flow2})
      for (FlowArc &a : *f)
        a.amount = huge;
    t.lowerBound = t.peak;
    EXPECT_NE(checkCertificate(p, order, t), "");
  }
  // describeCertificate of an unchecked (decoded) certificate.
  Certificate t = good;
  t.peak = std::numeric_limits<int64_t>::max();
  t.lowerBound = -1;
  EXPECT_NE(describeCertificate(t).find("gap out of the int64 range"),
            std::string::npos);
}

TEST(Certificate, RecordRejectsNumbersOutOfRange) {
  Problem p = forkJoin();
  Order order{0, 1, 2, 3, 4};
  Certificate c = makeCertificate(p, order, computeLowerBound(p, order));
  const CertificateRecord good = certificateRecord(c);
  // Arcs to edit (the checker would refuse them; the reader does not).
  CertificateRecord arcs = good;
  arcs.flow = {0, 1, 4, 1, 2, 4};
  Certificate d;
  std::string error;
  ASSERT_TRUE(certificateFromRecord(arcs, d, &error)) << error;
  auto rejects = [&](auto edit, const std::string &message) {
    CertificateRecord r = arcs;
    edit(r);
    Certificate e = c;
    EXPECT_FALSE(certificateFromRecord(r, e, &error)) << message;
    EXPECT_EQ(error, message);
    EXPECT_TRUE(test::sameRecord(certificateRecord(e), certificateRecord(c)))
        << "the certificate is left unchanged";
  };
  rejects([](CertificateRecord &r) { r.witness = -1; }, "witness out of range");
  rejects([](CertificateRecord &r) { r.witness = int64_t(1) << 40; },
          "witness out of range");
  rejects([](CertificateRecord &r) { r.conditionedOn = -2; },
          "conditionedOn out of range");
  rejects([](CertificateRecord &r) { r.flow.pop_back(); },
          "flow arrays must hold (from, to, amount) triples");
  rejects([](CertificateRecord &r) { r.flow[0] = -3; },
          "flow arc 0 names a node out of range");
  rejects(
      [](CertificateRecord &r) {
        r.flow2 = {1, int64_t(1) << 33, 1};
      },
      "flow arc 2 names a node out of range");
  rejects([](CertificateRecord &r) { r.flow[5] = 0; },
          "flow arc 1 carries a non-positive amount");
  rejects(
      [](CertificateRecord &r) {
        r.members = {1, 2};
      },
      "'flows' must hold one flow per member");
  rejects(
      [](CertificateRecord &r) {
        r.members = {1, -1};
        r.memberFlows = {{}, {}};
      },
      "member 1 out of range");

  // Random records and random mutations: never crash; anything read is
  // either rejected by the checker or states a true bound.
  std::mt19937_64 rng(3);
  int read = 0, accepted = 0;
  for (int iter = 0; iter < 20000; ++iter) {
    CertificateRecord r = good;
    if (iter % 2 == 0) {
      r = CertificateRecord{};
      r.kind = static_cast<BoundKind>(rng() % 8);
    }
    test::mutateRecord(r, rng);
    if (!certificateFromRecord(r, d, &error))
      continue;
    ++read;
    if (checkCertificate(p, order, d).empty()) {
      ++accepted;
      EXPECT_LE(d.lowerBound, 12);
      EXPECT_EQ(d.peak, 12);
    }
  }
  EXPECT_GT(read, 0);
  std::printf("[certificates] mutated records: %d of 20000 read, %d of those "
              "accepted (all true)\n",
              read, accepted);
}

} // namespace

namespace {

/// randomProblem plus statements the exhaustive check's reductions take
/// out: memory-free ones, late sinks (views of returned buffers), and ones
/// covered by a neighbour (a subset of its buffers, no more scratch), before
/// or after it.
Problem problemWithCoveredStatements(std::mt19937 &rng, unsigned n,
                                     unsigned extra) {
  Problem base = test::randomProblem(rng, n);
  Problem p;
  for (StmtId v = 0; v < base.numStatements(); ++v)
    p.addStatement(StmtKind::Compute, base.statement(v).scratch);
  for (BufferId b = 0; b < base.numBuffers(); ++b) {
    p.addBuffer(base.buffer(b).bytes, base.buffer(b).freedInBlock);
    for (StmtId u : base.buffer(b).users)
      p.addUse(u, b);
  }
  for (auto [a, b] : base.edges())
    p.addEdge(a, b);
  std::uniform_int_distribution<int> coin(0, 99);
  std::uniform_int_distribution<StmtId> pick(0, n - 1);
  for (unsigned e = 0; e < extra; ++e) {
    StmtId s = pick(rng);
    if (coin(rng) < 20) { // A late sink: a view of returned buffers.
      StmtId v = p.addStatement();
      for (BufferId b : base.statement(s).buffers)
        if (!base.buffer(b).freedInBlock)
          p.addUse(v, b);
      if (coin(rng) < 50)
        p.addEdge(s, v);
      continue;
    }
    int kind = coin(rng) % 3;
    StmtId v = p.addStatement(StmtKind::Compute, 0);
    if (kind != 0)
      for (BufferId b : base.statement(s).buffers)
        if (coin(rng) < 60)
          p.addUse(v, b);
    if (kind == 2) {
      p.addEdge(v, s);
      for (StmtId t : base.succs(s))
        if (coin(rng) < 50)
          p.addEdge(v, t);
    } else {
      p.addEdge(s, v);
      for (StmtId q : base.preds(s))
        if (coin(rng) < 50)
          p.addEdge(q, v);
    }
  }
  p.finalize();
  return p;
}

} // namespace

TEST(Certificate, ExhaustiveAgainstBruteForce) {
  // The exhaustive kind is accepted exactly when no order peaks below its
  // claim: at the optimum (for an optimal order), never above it.
  std::mt19937 rng(6161);
  int accepted = 0;
  for (int iter = 0; iter < 500; ++iter) {
    Problem p = iter % 2 ? test::randomProblem(rng, 1 + iter % 11)
                         : problemWithCoveredStatements(rng, 3 + iter % 8,
                                                        1 + iter % 4);
    ASSERT_EQ(p.check(), "");
    std::string what = "iter " + std::to_string(iter);
    const int64_t opt = test::bruteForceOptimum(p);
    Order best = optimalOrder(p);
    ASSERT_EQ(simulatePeak(p, best), opt) << what;
    LowerBound claim;
    claim.kind = BoundKind::Exhaustive;
    claim.bytes = opt;
    Certificate c = makeCertificate(p, best, claim);
    ASSERT_EQ(c.kind, BoundKind::Exhaustive) << what;
    EXPECT_EQ(c.lowerBound, opt) << what;
    EXPECT_EQ(checkCertificate(p, best, c), "") << what;
    accepted += c.isOptimal();
    // One byte more is a false claim: some order reaches opt.
    Certificate above = c;
    above.lowerBound = opt + 1;
    above.peak = opt + 1;
    EXPECT_NE(checkCertificate(p, best, above), "") << what;
    ExhaustiveResult e = enumerateBelow(p, opt + 1);
    EXPECT_TRUE(e.complete && e.below) << what;
    // A worse order cannot be certified optimal by enumeration.
    Order identity = identityOrder(p);
    if (isLegalOrder(p, identity) && simulatePeak(p, identity) > opt) {
      LowerBound at;
      at.kind = BoundKind::Exhaustive;
      at.bytes = simulatePeak(p, identity);
      EXPECT_NE(makeCertificate(p, identity, at).kind, BoundKind::Exhaustive)
          << what;
      Certificate forged = c;
      forged.peak = forged.lowerBound = at.bytes;
      EXPECT_NE(checkCertificate(p, identity, forged), "") << what;
    }
  }
  EXPECT_EQ(accepted, 500);
}

TEST(Certificate, ExhaustiveTampering) {
  std::mt19937 rng(6262);
  for (int iter = 0; iter < 200; ++iter) {
    Problem p = problemWithCoveredStatements(rng, 4 + iter % 7, 2);
    Order best = optimalOrder(p);
    LowerBound claim;
    claim.kind = BoundKind::Exhaustive;
    claim.bytes = simulatePeak(p, best);
    Certificate c = makeCertificate(p, best, claim);
    ASSERT_EQ(checkCertificate(p, best, c), "");
    std::vector<Certificate> bad(6, c);
    bad[0].witness += 1; // Recorded ideal count.
    bad[1].witness -= 1;
    bad[2].peak += 1;
    bad[3].lowerBound += 1;
    bad[4].conditionedOn = 0;
    bad[5].flow.push_back({0, 1, 1});
    for (size_t k = 0; k < bad.size(); ++k)
      EXPECT_NE(checkCertificate(p, best, bad[k]), "")
          << "iter " << iter << " mutation " << k;
    // Round trip through the record.
    Certificate d;
    std::string error;
    ASSERT_TRUE(certificateFromRecord(certificateRecord(c), d, &error))
        << error;
    EXPECT_EQ(d.kind, BoundKind::Exhaustive);
    EXPECT_EQ(checkCertificate(p, best, d), "");
  }
}
