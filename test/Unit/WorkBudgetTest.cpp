//===- WorkBudgetTest.cpp - Deterministic work limits ---------------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "peakmem/Core/Support/WorkBudget.h"

#include <gtest/gtest.h>

#include <thread>

using namespace peakmem;

namespace {

TEST(WorkBudget, StopsPastItsLimitAndStaysStopped) {
  WorkBudget b(10);
  EXPECT_TRUE(b.charge(4));
  EXPECT_TRUE(b.fits(6));
  EXPECT_FALSE(b.fits(7));
  EXPECT_TRUE(b.charge(6)); // Exactly the limit: still within it.
  EXPECT_EQ(b.left(), 0u);
  EXPECT_FALSE(b.exhausted());
  EXPECT_FALSE(b.charge(1));
  EXPECT_TRUE(b.exhausted());
  EXPECT_EQ(b.stop(), WorkStop::WorkLimit);
  EXPECT_EQ(b.used(), 11u); // Counted either way.
  EXPECT_FALSE(b.charge(0));
  EXPECT_EQ(b.left(), 0u);
  EXPECT_STREQ(workStopName(b.stop()), "work-limit");
}

TEST(WorkBudget, ZeroLimitAndUnlimited) {
  WorkBudget zero(0);
  EXPECT_TRUE(zero.charge(0));
  EXPECT_FALSE(zero.charge(1));
  WorkBudget unlimited;
  EXPECT_TRUE(unlimited.charge(kUnlimitedWork - 1));
  EXPECT_TRUE(unlimited.charge(1));
  EXPECT_TRUE(unlimited.charge(1000)); // Saturates, never wraps.
  EXPECT_EQ(unlimited.used(), kUnlimitedWork);
  EXPECT_EQ(unlimited.stop(), WorkStop::None);
}

TEST(WorkBudget, ChildChargesItsParentAndStopsWithIt) {
  WorkBudget parent(100);
  {
    WorkBudget child(parent, 30);
    EXPECT_EQ(child.left(), 30u);
    EXPECT_TRUE(child.charge(20));
    EXPECT_EQ(parent.used(), 20u);
    EXPECT_FALSE(child.charge(20)); // Its own limit.
    EXPECT_EQ(child.stop(), WorkStop::WorkLimit);
    EXPECT_FALSE(parent.exhausted());
    EXPECT_EQ(parent.used(), 40u);
  }
  WorkBudget big(parent, 1000);
  EXPECT_EQ(big.left(), 60u); // The parent's limit is the lower one.
  EXPECT_TRUE(big.charge(60));
  EXPECT_FALSE(big.charge(1));
  EXPECT_TRUE(parent.exhausted());
  EXPECT_EQ(big.stop(), WorkStop::WorkLimit);
  WorkBudget late(parent, 5);
  EXPECT_TRUE(late.exhausted()); // Born exhausted: the parent is.
  EXPECT_EQ(late.left(), 0u);
}

TEST(TimeCap, OffNeverFiresAndReadsNoClock) {
  TimeCap off;
  EXPECT_FALSE(off.enabled());
  EXPECT_FALSE(off.check());
  EXPECT_EQ(off.elapsedMs(), 0);
  TimeCap negative(-5);
  EXPECT_FALSE(negative.enabled());
  WorkBudget b(kUnlimitedWork, &off);
  EXPECT_TRUE(b.charge(kTimeCapCheckUnits * 4));
  EXPECT_EQ(b.timeCap(), &off);
}

TEST(TimeCap, FiresAfterItsLimitAndExhaustsEveryBudgetReadingIt) {
  TimeCap cap(2);
  EXPECT_TRUE(cap.enabled());
  TimeCap huge(1e300); // Capped internally; must not overflow.
  EXPECT_FALSE(huge.check());
  WorkBudget root(kUnlimitedWork, &cap);
  WorkBudget child(root, kUnlimitedWork);
  EXPECT_EQ(child.timeCap(), &cap);
  std::this_thread::sleep_for(std::chrono::milliseconds(5));
  // The clock is read only when the charges cross a check interval.
  EXPECT_TRUE(child.charge(1));
  EXPECT_FALSE(child.charge(kTimeCapCheckUnits));
  EXPECT_TRUE(cap.fired());
  EXPECT_EQ(child.stop(), WorkStop::TimeCap);
  EXPECT_EQ(root.stop(), WorkStop::TimeCap);
  EXPECT_STREQ(workStopName(root.stop()), "time-limit");
  // A fresh budget on a fired cap stops at its first charge.
  WorkBudget again(kUnlimitedWork, &cap);
  EXPECT_FALSE(again.charge(1));
  EXPECT_GE(cap.elapsedMs(), 2);
}

} // namespace
