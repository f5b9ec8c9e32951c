//===- InPlace.cpp - Write elementwise outputs over dying inputs ----------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// peakmem-inplace (docs/InPlace.md): in the current order, an op that passes
// the rules of InPlaceRules.h writes its output over an input buffer when
// the memory model shows that the input dies there (no later statement uses
// it through any alias) and that the output is a fresh allocation nothing
// touches before the op. The output's uses become uses of the input, the
// output's allocation and the input's free are erased: the merged buffer is
// freed where the output was.
//
//===----------------------------------------------------------------------===//

#include "InPlaceRules.h"
#include "peakmem/Analysis/MemoryModel.h"
#include "peakmem/Transforms/FunctionRunner.h"
#include "peakmem/Transforms/FunctionScheduler.h"
#include "peakmem/Transforms/Passes.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "peakmem-inplace"

STATISTIC(NumPairs, "Outputs written over an input");

namespace peakmem {
#define GEN_PASS_DEF_INPLACEPASS
#include "peakmem/Transforms/Passes.h.inc"
} // namespace peakmem

using namespace mlir;
using namespace peakmem;

namespace {

/// One output to write over one input.
struct Pair {
  linalg::LinalgOp op;
  unsigned inputPos = 0;
  Value in, out;
  Operation *inFree = nullptr;
  int64_t bytes = 0;
};

/// An op that stays as it is, and why.
struct Refusal {
  Operation *op;
  std::string reason;
};

/// The model of one block with its buffers by allocation value.
struct BlockFacts {
  const BlockModel &bm;
  llvm::DenseMap<Value, BufferId> bufferOf;

  explicit BlockFacts(const BlockModel &bm) : bm(bm) {
    for (BufferId b = 0; b < bm.allocations.size(); ++b)
      bufferOf[bm.allocations[b]] = b;
  }

  /// The statement freeing `b` with a plain free after `s`, if any.
  std::optional<StmtId> plainFreeAfter(BufferId b, StmtId s) const {
    for (StmtId u : bm.problem.buffer(b).users) {
      const Statement &st = bm.problem.statement(u);
      if (u > s && st.kind == StmtKind::Free && st.target == b)
        return u;
    }
    return std::nullopt;
  }

  std::string where(StmtId u) const {
    std::string s;
    llvm::raw_string_ostream os(s);
    os << "'" << bm.ops[u]->getName() << "' at " << bm.ops[u]->getLoc();
    return s;
  }

  /// Why the output of statement `s` cannot be written over an input.
  std::string checkOutput(StmtId s, Value out, BufferId &bOut) const {
    auto it = bufferOf.find(out);
    if (it == bufferOf.end() || !isPlainAllocation(out))
      return "its output is not an allocation of this block";
    bOut = it->second;
    if (bm.pinned[bOut])
      return "its output's address escapes";
    for (StmtId u : bm.problem.buffer(bOut).users)
      if (u < s && bm.ops[u] != out.getDefiningOp())
        return "its output is used before the op (" + where(u) + ")";
    if (!plainFreeAfter(bOut, s))
      return "its output is not freed by a plain free in this block";
    return "";
  }

  /// Why input `input` of statement `s` cannot share the output's buffer
  /// `bOut`; fills `pair` when it can.
  std::string checkInput(StmtId s, linalg::LinalgOp op, OpOperand &input,
                         BufferId bOut, Pair &pair) const {
    if (std::string why = checkInPlaceInput(op, input); !why.empty())
      return why;
    Value in = input.get();
    if (isa<BlockArgument>(in))
      return "is a block argument (memory of the caller or a loop)";
    auto it = bufferOf.find(in);
    if (it == bufferOf.end() || !isPlainAllocation(in))
      return "is not an allocation of this block (a view or a value from "
             "outside)";
    BufferId bIn = it->second;
    Operation *inAlloc = in.getDefiningOp();
    Operation *outAlloc = bm.allocations[bOut].getDefiningOp();
    if (inAlloc->getName() != outAlloc->getName() ||
        inAlloc->getPropertiesAsAttribute() !=
            outAlloc->getPropertiesAsAttribute() ||
        bm.problem.buffer(bIn).bytes != bm.problem.buffer(bOut).bytes)
      return "is allocated unlike the output (another allocator, alignment "
             "or size)";
    if (bm.pinned[bIn])
      return "its address escapes";
    std::optional<StmtId> free = plainFreeAfter(bIn, s);
    for (StmtId u : bm.problem.buffer(bIn).users)
      if (u > s && u != free)
        return "is used after the op through an alias (" + where(u) + ")";
    if (!free)
      return "is not freed by a plain free in this block (it outlives the "
             "op)";
    if (reachesOtherOperand(op, in, {&input}))
      return "aliases another operand of the op";
    pair = {op,
            input.getOperandNumber(),
            in,
            bm.allocations[bOut],
            bm.ops[*free],
            bm.problem.buffer(bIn).bytes};
    return "";
  }

  /// The pair of statement `s`, or the reason it has none.
  std::string checkStatement(StmtId s, Pair &pair) const {
    auto op = cast<linalg::LinalgOp>(bm.ops[s]);
    if (std::string why = checkInPlaceOp(op); !why.empty())
      return why;
    BufferId bOut = 0;
    OpOperand *init = op.getDpsInitOperand(0);
    if (std::string why = checkOutput(s, init->get(), bOut); !why.empty())
      return why;
    if (reachesOtherOperand(op, init->get(), {init}))
      return "its output aliases another operand";
    std::string reasons;
    for (OpOperand *input : op.getDpsInputOperands()) {
      std::string why = checkInput(s, op, *input, bOut, pair);
      if (why.empty())
        return "";
      reasons += (reasons.empty() ? "input " : "; input ") +
                 std::to_string(input->getOperandNumber()) + " " + why;
    }
    return reasons.empty() ? "has no input" : reasons;
  }
};

/// The pairs of `model` that share no buffer with each other, in block and
/// statement order, and the ops that have none.
SmallVector<Pair> findPairs(const MemoryModel &model,
                            SmallVector<Refusal> &refusals) {
  SmallVector<Pair> pairs;
  llvm::DenseSet<Value> touched;
  for (const auto &bm : model.getBlockModels()) {
    BlockFacts facts(*bm);
    for (StmtId s = 0; s < bm->ops.size(); ++s) {
      Operation *op = bm->ops[s];
      if (!isa<linalg::LinalgOp>(op) || op->hasAttr(kInPlaceAttr))
        continue;
      Pair pair;
      std::string why = facts.checkStatement(s, pair);
      if (!why.empty()) {
        refusals.push_back({op, why});
        continue;
      }
      if (touched.contains(pair.in) || touched.contains(pair.out))
        continue; // Decided on the next model.
      touched.insert(pair.in);
      touched.insert(pair.out);
      pairs.push_back(pair);
    }
  }
  return pairs;
}

void apply(Pair p) {
  Operation *outAlloc = p.out.getDefiningOp();
  p.out.replaceAllUsesWith(p.in);
  outAlloc->erase();
  p.inFree->erase();
  Builder b(p.op->getContext());
  p.op->setAttr(kInPlaceAttr, b.getI64IntegerAttr(p.inputPos));
}

struct InPlacePass : FunctionPass<peakmem::impl::InPlacePassBase<InPlacePass>> {
  using FunctionPass::FunctionPass;

  FunctionStatus runOnFunction(FunctionOpInterface fn,
                               AnalysisManager analyses) override {
    const MemoryModel &first = analyses.getAnalysis<MemoryModel>();
    if (!first.isModeled()) {
      emitNotModeled(fn, *first.getFailure());
      return FunctionStatus::Unchanged;
    }
    int64_t peakBefore = first.getPeak(), bytes = 0, count = 0;
    std::unique_ptr<MemoryModel> owned;
    const MemoryModel *model = &first;
    SmallVector<Refusal> refusals;
    // Each round applies the pairs of one model that share no buffer; a
    // pair over a buffer merged in this round waits for the next model.
    for (;;) {
      refusals.clear();
      SmallVector<Pair> pairs = findPairs(*model, refusals);
      if (pairs.empty())
        break;
      for (const Pair &p : pairs) {
        LLVM_DEBUG(llvm::dbgs() << "in place: " << p.op << "\n");
        if (emitRemarks)
          p.op->emitRemark()
              << "peakmem-inplace: output written over input " << p.inputPos
              << " (" << p.bytes << " bytes shared)";
        apply(p);
        ++NumPairs;
        ++count;
        bytes += p.bytes;
      }
      owned = std::make_unique<MemoryModel>(fn);
      model = owned.get();
      if (!model->isModeled()) {
        fn.emitError() << "peakmem-inplace: internal error: the function is "
                          "not modeled after the rewrite: "
                       << model->getFailure()->reason;
        return FunctionStatus::Failed;
      }
    }
    if (emitRemarks)
      for (const Refusal &r : refusals)
        r.op->emitRemark() << "peakmem-inplace: not in place: " << r.reason;
    if (count == 0)
      return FunctionStatus::Unchanged;
    std::unique_ptr<MemoryModel> after =
        remodelAfterChange(fn, "peakmem-inplace");
    if (!after)
      return FunctionStatus::Failed;
    Builder b(fn.getContext());
    int64_t peakAfter = after->getPeak();
    fn->setAttr(
        kInPlaceRecordAttr,
        b.getDictionaryAttr(
            {b.getNamedAttr("pairs", b.getI64IntegerAttr(count)),
             b.getNamedAttr("bytes", b.getI64IntegerAttr(bytes)),
             b.getNamedAttr("peak_before", b.getI64IntegerAttr(peakBefore)),
             b.getNamedAttr("peak_after", b.getI64IntegerAttr(peakAfter))}));
    if (emitRemarks)
      emitRemark(fn.getLoc())
          << "peakmem-inplace: '" << fn.getName() << "' " << count
          << " outputs written over inputs (" << bytes << " bytes), peak "
          << peakBefore << " -> " << peakAfter << " bytes";
    return FunctionStatus::Changed;
  }
};

} // namespace
