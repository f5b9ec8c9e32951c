//===- VerifyArenaBound.cpp - The bound over every order, from the IR ----===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "VerifyArena.h"
#include "peakmem/Analysis/AsyncWork.h"
#include "peakmem/Analysis/MemoryModel.h"
#include "peakmem/Core/Arena/Arena.h"
#include "peakmem/Core/Bounds/Bounds.h"
#include "peakmem/Core/Bounds/Certificate.h"
#include "peakmem/Core/Bounds/ExhaustiveCheck.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"

using namespace mlir;
using namespace peakmem;

/// The live-bytes bound over every order of `rounded`: the best closure
/// bound (its certificate checked); when that is below `claimed`, an
/// enumeration of the executed sets (ExhaustiveCheck.h, no time limit, its
/// cap on sets) that shows no order peaks below `claimed`, if it completes.
static int64_t boundOverEveryOrder(const Problem &rounded, int64_t claimed,
                                   std::string &error) {
  Order order = identityOrder(rounded);
  BoundOptions bo;
  bo.maxFlows = 256;
  // Work units, never time: four times the passes' bound work, as it has
  // four times their flows.
  WorkBudget work(4 * kDefaultBoundWork);
  Certificate cert = makeCertificate(
      rounded, order, computeLowerBound(rounded, order, bo, &work));
  error = checkCertificate(rounded, order, cert);
  if (!error.empty() || cert.lowerBound >= claimed)
    return cert.lowerBound;
  ExhaustiveResult e = enumerateBelow(rounded, claimed);
  return e.complete && !e.below ? claimed : cert.lowerBound;
}

/// Turns every segment of every view of `views` in the clone (`map`: from
/// `fn` to the clone) into an allocation freed right after the segment's
/// last step, and erases the clone's arena. Returns, per new allocation,
/// the view it stands for.
static llvm::DenseMap<Operation *, const ArenaView *>
viewsToAllocations(FunctionOpInterface fn, FunctionOpInterface cloneFn,
                   IRMapping &map, Value arena, ArrayRef<ArenaView> views) {
  Block &entry = cloneFn.getFunctionBody().front();
  // Where asynchronous work using a nested view ends (entry-block views
  // carry it in their segments already).
  AsyncWorkEnds async = findAsyncWorkEnds(cloneFn);
  std::vector<Operation *> stepOps;
  for (Operation &op : entry)
    stepOps.push_back(&op);
  OpBuilder b(fn.getContext());
  llvm::DenseMap<Operation *, const ArenaView *> viewOfAlloc;
  for (const ArenaView &v : views) {
    auto view = cast<memref::ViewOp>(map.lookup(v.op.getOperation()));
    Block *block = view->getBlock();
    for (size_t k = 0; k < v.segments.size(); ++k) {
      const LiveSegment &seg = v.segments[k];
      // The first segment starts at the view; the others at the entry op
      // that overwrites the value.
      b.setInsertionPoint(k == 0 ? view.getOperation() : stepOps[seg.first]);
      auto alloc = memref::AllocOp::create(b, view.getLoc(), view.getType());
      for (OpOperand *use : seg.uses)
        map.lookup(use->getOwner())
            ->setOperand(use->getOperandNumber(), alloc.getResult());
      Operation *last = block == &entry ? stepOps[seg.last] : nullptr;
      if (!last) {
        // A nested view: freed after its last use in its own block.
        last = alloc;
        for (Operation *u : alloc->getUsers())
          if (Operation *anc = block->findAncestorOpInBlock(*u)) {
            if (last->isBeforeInBlock(anc))
              last = anc;
            for (Operation *end : async.ends.lookup(anc))
              if (last->isBeforeInBlock(end))
                last = end;
          }
      } else if (last->isBeforeInBlock(alloc)) {
        last = alloc;
      }
      b.setInsertionPointAfter(last);
      memref::DeallocOp::create(b, view.getLoc(), alloc.getResult());
      viewOfAlloc[alloc] = &v;
    }
    Value shift = view.getByteShift();
    view.erase();
    if (Operation *c = shift.getDefiningOp(); c && c->use_empty())
      c->erase();
  }
  Value cloneArena = map.lookupOrNull(arena);
  if (Operation *def = cloneArena ? cloneArena.getDefiningOp() : nullptr) {
    for (Operation *user : llvm::make_early_inc_range(def->getUsers()))
      user->erase();
    def->erase();
  }
  return viewOfAlloc;
}

FailureOr<int64_t> peakmem::recomputeBound(FunctionOpInterface fn, Value arena,
                                           ArrayRef<ArenaView> views,
                                           int64_t claimed) {
  IRMapping map;
  Operation *clone = fn->clone(map);
  auto cloneFn = cast<FunctionOpInterface>(clone);
  llvm::DenseMap<Operation *, const ArenaView *> viewOfAlloc =
      viewsToAllocations(fn, cloneFn, map, arena, views);
  FailureOr<int64_t> result = failure();
  {
    MemoryModel model(cloneFn);
    if (!model.isModeled()) {
      fn.emitError() << "peakmem-verify-arena: cannot rebuild the bound: "
                     << model.getFailure()->reason;
    } else {
      const BlockModel &entry = *model.getEntryBlockModel();
      Problem p = entry.problem;
      std::vector<int64_t> align(p.numBuffers(), 1);
      for (StmtId s = 0; s < p.numStatements(); ++s)
        p.statement(s).scratch = 0;
      llvm::DenseMap<Operation *, StmtId> stepOf;
      for (StmtId s = 0; s < entry.ops.size(); ++s)
        stepOf[entry.ops[s]] = s;
      for (BufferId buf = 0; buf < p.numBuffers(); ++buf) {
        auto it = viewOfAlloc.find(entry.allocations[buf].getDefiningOp());
        p.buffer(buf).bytes = it == viewOfAlloc.end() ? 0 : it->second->bytes;
        if (it != viewOfAlloc.end())
          align[buf] = it->second->align;
      }
      for (auto &[alloc, v] : viewOfAlloc)
        if (v->nested)
          p.statement(stepOf.lookup(entry.block->findAncestorOpInBlock(*alloc)))
              .scratch += v->size;
      ArenaExtractionOptions xo;
      xo.alignment = align;
      xo.includeScratch = true;
      xo.scratchAlignment = 1;
      std::string error;
      int64_t bound =
          boundOverEveryOrder(roundedForArena(p, xo), claimed, error);
      if (!error.empty())
        fn.emitError() << "peakmem-verify-arena: internal: recomputed bound "
                          "fails its certificate: "
                       << error;
      else
        result = bound;
    }
  }
  clone->erase();
  return result;
}
