//===- ProblemIOTest.cpp - The textual form of a Problem ------------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "peakmem/Core/Model/ProblemIO.h"
#include "TestProblems.h"
#include "peakmem/Core/Model/Simulation.h"

#include <gtest/gtest.h>

#include <random>

using namespace peakmem;

namespace {

/// Every field the form carries, compared one by one.
void expectSameProblem(const Problem &a, const Problem &b) {
  ASSERT_EQ(a.numStatements(), b.numStatements());
  ASSERT_EQ(a.numBuffers(), b.numBuffers());
  EXPECT_EQ(a.liveIn, b.liveIn);
  EXPECT_EQ(a.edges(), b.edges());
  for (StmtId s = 0; s < a.numStatements(); ++s) {
    const Statement &x = a.statement(s), &y = b.statement(s);
    EXPECT_EQ(x.kind, y.kind) << "statement " << s;
    EXPECT_EQ(x.scratch, y.scratch) << "statement " << s;
    EXPECT_EQ(x.macs, y.macs) << "statement " << s;
    EXPECT_EQ(x.ops, y.ops) << "statement " << s;
    EXPECT_EQ(x.buffers, y.buffers) << "statement " << s;
    EXPECT_EQ(x.target, y.target) << "statement " << s;
  }
  for (BufferId i = 0; i < a.numBuffers(); ++i) {
    EXPECT_EQ(a.buffer(i).bytes, b.buffer(i).bytes) << "buffer " << i;
    EXPECT_EQ(a.buffer(i).freedInBlock, b.buffer(i).freedInBlock);
    EXPECT_EQ(a.buffer(i).users, b.buffer(i).users) << "buffer " << i;
  }
}

/// alloc A; compute on A with costs and scratch; free A; an escaping B.
Problem allocComputeFree() {
  Problem p;
  BufferId a = p.addBuffer(64, true), b = p.addBuffer(32, false);
  StmtId alloc = p.addStatement(StmtKind::Alloc);
  StmtId use = p.addStatement(StmtKind::Compute, 8);
  StmtId free = p.addStatement(StmtKind::Free);
  p.statement(alloc).target = a;
  p.statement(free).target = a;
  p.statement(use).macs = 100;
  p.statement(use).ops = 250;
  p.addUse(alloc, a);
  p.addUse(use, a);
  p.addUse(use, b);
  p.addUse(free, a);
  p.addEdge(alloc, use);
  p.addEdge(use, free);
  p.liveIn = 16;
  p.finalize();
  return p;
}

TEST(ProblemIO, RoundTripKeepsEveryField) {
  Problem p = allocComputeFree();
  ASSERT_EQ(p.check(), "");
  Problem q;
  ASSERT_EQ(readProblem(writeProblem(p), q), "");
  expectSameProblem(p, q);
  EXPECT_EQ(simulatePeak(p, identityOrder(p)),
            simulatePeak(q, identityOrder(q)));
  // Written again, the same text.
  EXPECT_EQ(writeProblem(q), writeProblem(p));
}

TEST(ProblemIO, RoundTripOfRandomProblems) {
  std::mt19937 rng(24);
  for (unsigned n : {0u, 1u, 5u, 12u, 30u}) {
    Problem p = test::randomProblem(rng, n);
    Problem q;
    ASSERT_EQ(readProblem(writeProblem(p), q), "") << "n=" << n;
    expectSameProblem(p, q);
  }
}

TEST(ProblemIO, ReadsHandWrittenText) {
  // Whitespace, any key order, optional costs absent.
  const char *text = R"({
    "statements": [ {"target": 0, "kind": 0, "scratch": 4, "buffers": [0]},
                    {"kind": 0, "scratch": 0, "target": 0, "buffers": [0, 1]} ],
    "buffers": [ {"freed": true, "bytes": 10}, {"bytes": 20, "freed": false} ],
    "edges": [ [0, 1] ],
    "live_in": 0 })";
  Problem p;
  ASSERT_EQ(readProblem(text, p), "");
  EXPECT_EQ(p.numStatements(), 2u);
  EXPECT_EQ(p.buffer(1).bytes, 20);
  EXPECT_FALSE(p.buffer(1).freedInBlock);
  EXPECT_EQ(p.statement(0).macs, 0);
  // Step 0: A + scratch 4; step 1: A + B.
  EXPECT_EQ(simulatePeak(p, identityOrder(p)), 30);
}

/// `text` is refused with an error containing `expected`.
void expectRefused(const std::string &text, const std::string &expected) {
  Problem p;
  std::string error = readProblem(text, p);
  EXPECT_NE(error.find(expected), std::string::npos)
      << "input: " << text << "\nerror: " << error;
}

TEST(ProblemIO, MalformedTextIsAClearError) {
  expectRefused("", "a value is missing");
  expectRefused("{\"live_in\": 0", "expected ',' or '}'");
  expectRefused("[1, 2]", "a problem must be an object");
  expectRefused("{\"live_in\": 1.5}", "expected an integer");
  expectRefused("{\"live_in\": 99999999999999999999}", "int64 range");
  expectRefused("{} x", "text after the value");
  expectRefused("{\"a\": 1, \"a\": 2}", "duplicate key 'a'");
  expectRefused(std::string(100, '[') + std::string(100, ']'),
                "nested deeper than 64");
  expectRefused("{\"live_in\": tru}", "expected a value");
  expectRefused("{\"live_in\": \"0\\n\"}", "escapes are not supported");
  expectRefused("{\"live_in\": \"0}", "unterminated string");
}

TEST(ProblemIO, InvalidProblemsAreRefused) {
  const std::string head =
      R"({"live_in": 0, "buffers": [{"bytes": 8, "freed": true}], )";
  expectRefused(R"({"live_in": 0, "buffers": [], "statements": []})",
                "a problem needs 'edges'");
  expectRefused(head + R"("statements": [], "edges": [], "extra": 1})",
                "unknown key 'extra'");
  expectRefused(head + R"("statements": [{"kind": 3, "scratch": 0,
                "target": 0, "buffers": []}], "edges": []})",
                "'kind' must be 0");
  expectRefused(head + R"("statements": [{"kind": 0, "scratch": 0,
                "target": 0, "buffers": [1]}], "edges": []})",
                "a used buffer id out of range");
  expectRefused(head + R"("statements": [{"kind": 0, "scratch": 0,
                "target": 0, "buffers": [0]}], "edges": [[0, 1]]})",
                "an edge's statement id out of range");
  expectRefused(head + R"("statements": [{"kind": 0, "scratch": 0,
                "target": 0, "buffers": [0]}], "edges": [[0]]})",
                "an edge is a list of two statement ids");
  expectRefused(head + R"("statements": [{"kind": 0, "scratch": 0,
                "target": 0, "buffers": [0]}, {"kind": 0, "scratch": 0,
                "target": 0, "buffers": [0]}], "edges": [[0, 1], [1, 0]]})",
                "cycle");
  expectRefused(R"({"live_in": 0, "buffers": [{"bytes": 8, "freed": 1}],
                "statements": [], "edges": []})",
                "'freed' must be true or false");
}

} // namespace
