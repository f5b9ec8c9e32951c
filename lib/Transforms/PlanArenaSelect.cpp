//===- PlanArenaSelect.cpp - Which buffers peakmem-plan-arena places -----===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "PlanArenaSelect.h"
#include "ArenaAliases.h"
#include "ArenaSlots.h"
#include "SymbolCalls.h"
#include "peakmem/Analysis/OpCost.h"
#include "peakmem/Core/Arena/Arena.h"
#include "peakmem/Transforms/FunctionRunner.h"
#include "peakmem/Transforms/OptionChecks.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace peakmem;

/// memref.view gives a memref of these elements at any byte shift; their
/// byte size (DataLayout) is what the lowering strides by.
static bool isViewableElement(Type t) {
  if (isa<IndexType>(t))
    return true;
  if (auto i = dyn_cast<IntegerType>(t))
    return i.getWidth() % 8 == 0;
  if (auto f = dyn_cast<FloatType>(t))
    return f.getWidth() % 8 == 0;
  return false;
}

std::string peakmem::inputRefusal(BlockArgument arg) {
  auto type = dyn_cast<MemRefType>(arg.getType());
  if (!type)
    return "it is not a memref";
  if (!type.hasStaticShape())
    return "its shape is dynamic";
  if (!type.getLayout().isIdentity())
    return "memref.view cannot produce its non-identity layout";
  if (type.getMemorySpace())
    return "it is not in the default memory space";
  if (!isViewableElement(type.getElementType()) ||
      !elementAllocSize(type.getElementType()))
    return "memref.view cannot produce its element type";
  if (Operation *writer = findWrite(arg))
    return "it may be written or freed by '" +
           writer->getName().getStringRef().str() + "'";
  if (std::optional<HiddenUse> hidden =
          findHiddenUse(arg, /*allocation=*/false, /*returns=*/false))
    return hidden->reason;
  int64_t bytes =
      type.getNumElements() * *elementAllocSize(type.getElementType());
  if (std::optional<AliasOutside> outside = findAliasOutside(arg, bytes))
    return outside->describe(bytes);
  return {};
}

std::vector<ArenaInput> peakmem::moveInputsToAllocs(
    FunctionOpInterface fn,
    std::vector<std::pair<unsigned, std::string>> &refused) {
  Block &entry = fn.getFunctionBody().front();
  OpBuilder b(fn.getContext());
  std::vector<ArenaInput> inputs;
  for (BlockArgument arg : entry.getArguments()) {
    if (!isa<BaseMemRefType>(arg.getType()) || arg.use_empty())
      continue;
    if (std::string why = inputRefusal(arg); !why.empty()) {
      refused.push_back({arg.getArgNumber(), why});
      continue;
    }
    b.setInsertionPointToStart(&entry);
    auto alloc = memref::AllocOp::create(b, arg.getLoc(),
                                         cast<MemRefType>(arg.getType()));
    alloc->setAttr(kInputAttr, b.getI64IntegerAttr(arg.getArgNumber()));
    arg.replaceAllUsesWith(alloc.getResult());
    b.setInsertionPoint(&entry.back());
    memref::DeallocOp::create(b, arg.getLoc(), alloc.getResult());
    inputs.push_back({arg.getArgNumber(), alloc});
  }
  // In argument order at the top of the block.
  for (ArenaInput &in : llvm::reverse(inputs))
    in.alloc->moveBefore(&entry.front());
  return inputs;
}

void peakmem::restoreInputs(FunctionOpInterface fn,
                            ArrayRef<ArenaInput> inputs) {
  for (ArenaInput in : inputs) {
    Value v = in.alloc->getResult(0);
    for (Operation *user : llvm::make_early_inc_range(v.getUsers()))
      if (isa<memref::DeallocOp>(user))
        user->erase();
    v.replaceAllUsesWith(fn.getArgument(in.arg));
    in.alloc->erase();
  }
}

/// Decides whether buffer `b` of `bm` goes into the arena. Returns the reason
/// it does not ("" and `out` filled when it does). `regionReason` is non-empty
/// when the block sits in a region op that may run its body concurrently.
static std::string classify(const BlockModel &bm, BufferId b,
                            StringRef regionReason, int64_t minAlign,
                            bool results, Candidate &out) {
  Value v = bm.allocations[b];
  auto alloc = v.getDefiningOp<memref::AllocOp>();
  if (!alloc)
    return "'" + v.getDefiningOp()->getName().getStringRef().str() +
           "' is not a memref.alloc";
  if (!regionReason.empty())
    return regionReason.str();
  out.result = isReturnedThroughViews(v);
  if (!bm.problem.buffer(b).freedInBlock && out.result) {
    // A result of the function, not freed, in the arena the caller owns:
    // live to the end (the model's rule for a buffer that escapes).
    if (!results)
      return "it escapes its block (returned, yielded or never freed)";
  } else if (!bm.problem.buffer(b).freedInBlock) {
    // Never freed, not returned: the plain program leaks it. Its slot is
    // free after its last use, which its uses show (findHiddenUse below:
    // nothing keeps its address).
    if (!isa<FunctionOpInterface>(bm.block->getParentOp()))
      return "it escapes its block (returned, yielded or never freed)";
    for (Operation *user : v.getUsers())
      if (isa<memref::DeallocOp>(user))
        return "it is freed outside its block";
    if (std::optional<HiddenUse> hidden =
            findHiddenUse(v, /*allocation=*/true, /*returns=*/results))
      return "it escapes its block (returned, yielded or never freed): " +
             hidden->reason;
    // A callee may free what its caller never frees (a declaration marked
    // llvm.nocapture, like free itself, keeps no alias but may release it):
    // a never-freed buffer that reaches any call stays out.
    for (Operation *user : usersThroughViews(v))
      if (isa<CallOpInterface>(user))
        return "it is never freed and passed to '" +
               user->getName().getStringRef().str() + "', which may free it";
    // One life only (ArenaLifetimes.h): a value overwritten whole after a
    // gap in its uses is left out for now (docs/Arena.md).
    DenseMap<Operation *, uint32_t> pos;
    for (Operation &op : *bm.block)
      pos[&op] = pos.size();
    if (liveSegments(v, *bm.block, pos).size() != 1)
      return "it is never freed and its uses form several lives (a whole "
             "overwrite after a gap)";
    out.leaked = true;
  } else {
    // The free: a memref.dealloc statement of this block.
    for (StmtId s : bm.problem.buffer(b).users)
      if (bm.problem.statement(s).kind == StmtKind::Free &&
          bm.problem.statement(s).target == b)
        out.dealloc = dyn_cast<memref::DeallocOp>(bm.ops[s]);
    if (!out.dealloc)
      return "it is freed by an op other than memref.dealloc";
  }
  MemRefType type = alloc.getType();
  if (!type.getLayout().isIdentity())
    return "memref.view cannot produce its non-identity layout";
  if (type.getMemorySpace())
    return "it is not in the default memory space";
  if (!isViewableElement(type.getElementType()))
    return "memref.view cannot produce its element type (whole-byte "
           "integer, float or index only)";
  // Its uses must show its whole lifetime: the planned IR no longer has
  // the dealloc (ArenaSlots.h, the verifier's rule).
  if (std::optional<HiddenUse> hidden =
          findHiddenUse(v, /*allocation=*/true, /*returns=*/results))
    return hidden->reason;
  // The element stride of the lowered view is LLVM's alloc size of the
  // element (i24 and i48 take 4 and 8 bytes, f80 16), as for the heap
  // request (OpCost.h); MLIR's DataLayout size (3 for i24) would overlap.
  std::optional<int64_t> elemSize = elementAllocSize(type.getElementType());
  if (!elemSize)
    return "its element type cannot be sized";
  int64_t elemBytes = *elemSize;
  // Alignments above kMaxArenaAlignment (the option's cap) could push
  // rounded sizes past the model's byte limit.
  if (uint64_t asked = alloc.getAlignment().value_or(1);
      asked > static_cast<uint64_t>(kMaxArenaAlignment))
    return "its alignment " + std::to_string(asked) +
           " is above the largest supported " +
           std::to_string(kMaxArenaAlignment);
  out.alloc = alloc;
  if (auto input = alloc->getAttrOfType<IntegerAttr>(kInputAttr))
    out.input = input.getInt();
  out.bytes = type.getNumElements() * elemBytes;
  // The slot holds the buffer's bytes: an alias reaching past them (a
  // reinterpret_cast with another offset) would touch another slot.
  if (std::optional<AliasOutside> outside = findAliasOutside(v, out.bytes))
    return outside->describe(out.bytes);
  out.align = std::max<int64_t>(
      {static_cast<int64_t>(
           llvm::PowerOf2Ceil(std::max<int64_t>(1, elemBytes))),
       static_cast<int64_t>(alloc.getAlignment().value_or(1)), minAlign});
  out.buffer = b;
  return {};
}

/// The buffers of every modeled block that go into the arena (`placed`), and
/// the heap buffers that stay plain allocations with the reason (`refused`).
/// A nested buffer lives for the whole step of its statement in the entry
/// block.
void peakmem::selectBuffers(FunctionOpInterface fn, const MemoryModel &model,
                            int64_t minAlign, std::vector<Candidate> &placed,
                            std::vector<Refusal> &refused, bool results) {
  const BlockModel &entry = *model.getEntryBlockModel();
  llvm::DenseMap<Operation *, uint32_t> stepOf;
  for (uint32_t s = 0; s < entry.ops.size(); ++s)
    stepOf[entry.ops[s]] = s;
  for (const auto &bm : model.getBlockModels()) {
    bool nested = bm.get() != &entry;
    uint32_t step = 0;
    std::string regionReason;
    if (nested) {
      step = stepOf.lookup(
          entry.block->findAncestorOpInBlock(*bm->block->getParentOp()));
      for (Operation *p = bm->block->getParentOp(); p != fn;
           p = p->getParentOp())
        if (!runsOneAtATime(p)) {
          regionReason = "it is allocated in '" +
                         p->getName().getStringRef().str() +
                         "', whose region may run concurrently or re-entrantly";
          break;
        }
    }
    for (BufferId b = 0; b < bm->problem.numBuffers(); ++b) {
      if (bm->problem.buffer(b).bytes == 0)
        continue; // Stack (memref.alloca) or empty: not heap memory.
      Candidate c;
      std::string why = classify(*bm, b, regionReason, minAlign, results, c);
      if (!why.empty()) {
        Refusal r{bm->allocations[b].getDefiningOp(),
                  why,
                  bm->problem.buffer(b).bytes,
                  {},
                  nested,
                  !nested && isReturnedThroughViews(bm->allocations[b])};
        if (nested)
          r.steps.push_back(step);
        else
          r.steps.assign(bm->problem.buffer(b).users.begin(),
                         bm->problem.buffer(b).users.end());
        refused.push_back(std::move(r));
        continue;
      }
      c.nested = nested;
      if (nested)
        c.step = step;
      placed.push_back(c);
    }
  }
}

ResultCounts peakmem::countResults(ArrayRef<Candidate> placed,
                                   ArrayRef<Refusal> refused) {
  ResultCounts n;
  for (const Candidate &c : placed)
    if (c.result) {
      ++n.inside;
      n.insideBytes += c.bytes;
    }
  for (const Refusal &r : refused)
    if (r.result) {
      ++n.outside;
      n.outsideBytes += r.bytes;
    }
  return n;
}

std::string peakmem::roundedTotalRefusal(ArrayRef<Candidate> placed) {
  int64_t total = 0;
  for (const Candidate &c : placed) {
    int64_t size = alignTo(c.bytes, c.align);
    if (size > kMaxTotal - total)
      return "the arena's sizes, rounded to their alignments, exceed the "
             "model's byte limit (2^62 - 1)";
    total += size;
  }
  return {};
}

std::vector<ArenaRoot> peakmem::candidateRoots(Block &entry,
                                               ArrayRef<Candidate> placed) {
  DenseMap<Operation *, uint32_t> pos;
  for (Operation &op : entry)
    pos[&op] = pos.size();
  // Asynchronous work keeps the buffers it uses live until it may end: a
  // free never moves before that.
  DenseMap<Operation *, uint32_t> usedUntil =
      asyncUsedUntil(entry.getParentOp(), entry, pos);
  std::vector<ArenaRoot> roots;
  for (const Candidate &c : placed) {
    Value v = memref::AllocOp(c.alloc).getResult();
    roots.push_back({v, c.bytes, alignTo(c.bytes, c.align), c.align, c.nested,
                     liveSegments(v, entry, pos, &usedUntil), c.input >= 0});
  }
  return roots;
}

CallerIndex CallerIndex::build(Operation *root) {
  CallerIndex index;
  Operation *top = root;
  while (Operation *parent = top->getParentOp())
    top = parent;
  if (root != top && root->getContext()->isMultithreadingEnabled())
    for (FunctionOpInterface other : collectFunctions(top))
      if (!root->isAncestor(other)) {
        index.unavailable =
            "other functions may be transformed concurrently, so its callers "
            "cannot be checked (run the pass on the outermost module, or "
            "with --mlir-disable-threading)";
        return index;
      }
  // Every symbol table's uses, resolved in that table (SymbolCalls.h).
  SymbolUses uses(top);
  if (!uses.unknown().empty())
    index.unavailable = "its callers cannot be found (" + uses.unknown() + ")";
  index.referenced = uses.referenced();
  return index;
}

std::string CallerIndex::argumentRefusal(FunctionOpInterface fn) const {
  if (!unavailable.empty())
    return unavailable;
  if (referenced.contains(fn.getOperation()))
    return "it is referenced in the IR (a call, a kernel launch or a symbol "
           "use): its callers would need the arena too";
  return {};
}

llvm::json::Array peakmem::leftOutToJson(ArrayRef<Refusal> refused,
                                         ArrayRef<uint32_t> order) {
  DenseMap<uint32_t, uint32_t> stepOf;
  for (uint32_t i = 0; i < order.size(); ++i)
    stepOf[order[i]] = i;
  llvm::json::Array out;
  for (const Refusal &r : refused) {
    int64_t first = -1, last = -1;
    for (uint32_t s : r.steps) {
      int64_t at = order.empty() ? s : stepOf.lookup(s);
      first = first < 0 ? at : std::min(first, at);
      last = std::max(last, at);
    }
    out.push_back(llvm::json::Object{{"bytes", r.bytes},
                                     {"reason", r.reason},
                                     {"first", first},
                                     {"last", last},
                                     {"nested", r.nested}});
  }
  return out;
}
