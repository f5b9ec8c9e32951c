//===- ReorderTensors.cpp - Reorder tensor IR before bufferization --------===//
//
// The "regeneration" route of docs/Regeneration.md: schedule linalg-on-tensors
// IR with the same core scheduler as peakmem-reorder, BEFORE bufferization,
// from a tensor-level memory model:
//
//  * statement: a non-terminator op of the function body (an op with regions
//    is one statement);
//  * buffer: each tensor result of a statement, static shape, bytes =
//    elements x element size (DataLayout) + `padding`. Exceptions:
//      - constants (ConstantLike) and `tensor.empty` are 0 bytes: constants
//        become read-only globals, and an empty tensor has no contents; its
//        allocation is counted at the op that writes the tensor it seeds;
//      - views: a pure op without regions, with exactly one tensor operand,
//        whose tensor results have the operand's element type and at most
//        its number of elements (expand/collapse_shape, cast, extract_slice)
//        is an alias of its operand's buffer (no new bytes);
//  * users: the statements that use the buffer (or one of its views) as an
//    SSA operand, nested uses included; a buffer dies after its last user,
//    buffers reaching the terminator (returned) live to the end;
//  * with `in-place`: the result of a destination-style op is written into its
//    init's buffer when every value of that buffer so far (views and
//    earlier in-place results included) has a single use, so nothing else
//    reads it (no new bytes); otherwise
//    (default) every result is a new buffer, the init included;
//  * edges: SSA def-use only (tensors have value semantics); an op with
//    memory effects (itself or in its regions) is a barrier, ordered against
//    every other statement, so it keeps its place.
// Function arguments are the caller's memory (0 bytes).
//
// What bufferization then does (in-place destination reuse, copies for
// tensor.pad / insert_slice, where it puts allocations) is NOT modeled: the
// prediction is the tensor model's, and docs/Regeneration.md measures how far
// the generated program lands from it.
//
//===----------------------------------------------------------------------===//

#include "peakmem/Core/Scheduler.h"
#include "peakmem/Core/Simulation.h"
#include "peakmem/Transforms/CertificateAttr.h"
#include "peakmem/Transforms/FunctionRunner.h"
#include "peakmem/Transforms/FunctionScheduler.h"
#include "peakmem/Transforms/OptionChecks.h"
#include "peakmem/Transforms/Passes.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/DataLayoutInterfaces.h"
#include "mlir/Interfaces/DestinationStyleOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/MathExtras.h"

#include <optional>

namespace peakmem {
#define GEN_PASS_DEF_REORDERTENSORSPASS
#include "peakmem/Transforms/Passes.h.inc"
} // namespace peakmem

using namespace mlir;
using namespace peakmem;

namespace {

/// The tensor-level problem of a function body.
struct TensorModel {
  Problem problem;
  std::vector<Operation *> ops;
  /// Statements that hold no buffer and are no barrier (constants, empty
  /// tensors, scalar ops on constants): placed right before their first
  /// successor after scheduling.
  std::vector<bool> floating;
  int64_t peak = 0;
};

struct ModelError {
  Location loc;
  std::string reason;
  /// A broken invariant of this pass (not a property of the input): the pass
  /// fails instead of leaving the function unchanged with a remark.
  bool internal = false;
};

/// Buffer sizes and their sum must stay below this (the largest finite
/// capacity the bounds and certificates of the core handle, 2^62).
constexpr int64_t kMaxModelBytes = int64_t(1) << 62;

/// Bytes of a static tensor plus `padding`, or nullopt for a dynamic shape.
/// Sets `overflow` when the size does not fit the model (checked arithmetic).
static std::optional<int64_t> staticBytes(RankedTensorType type, Operation *op,
                                          int64_t padding, bool &overflow) {
  overflow = false;
  if (!type.hasStaticShape())
    return std::nullopt;
  DataLayout layout = DataLayout::closest(op);
  uint64_t elementBytes = layout.getTypeSize(type.getElementType());
  int64_t bytes = 1;
  for (int64_t dim : type.getShape())
    overflow |= llvm::MulOverflow(bytes, dim, bytes);
  overflow |=
      elementBytes > uint64_t(kMaxModelBytes) ||
      llvm::MulOverflow(bytes, static_cast<int64_t>(elementBytes), bytes) ||
      llvm::AddOverflow(bytes, padding, bytes) || bytes >= kMaxModelBytes;
  return bytes;
}

/// True when `op` only re-indexes its single tensor operand (a view at the
/// buffer level): pure, no regions, one tensor operand, and every tensor
/// result has its element type and at most its number of elements.
static Value viewSource(Operation *op) {
  // Elementwise ops on tensors (arith/math on a tensor) compute: not views.
  if (op->getNumRegions() != 0 || !isMemoryEffectFree(op) ||
      op->hasTrait<OpTrait::Elementwise>())
    return {};
  Value source;
  for (Value operand : op->getOperands()) {
    if (!isa<TensorType>(operand.getType()))
      continue;
    if (source)
      return {};
    source = operand;
  }
  if (!source)
    return {};
  auto sourceType = dyn_cast<RankedTensorType>(source.getType());
  if (!sourceType || !sourceType.hasStaticShape())
    return {};
  for (Value result : op->getResults()) {
    auto type = dyn_cast<RankedTensorType>(result.getType());
    if (!type)
      continue;
    if (!type.hasStaticShape() ||
        type.getElementType() != sourceType.getElementType() ||
        type.getNumElements() > sourceType.getNumElements())
      return {};
  }
  return source;
}

static std::string typeString(Type type) {
  std::string s;
  llvm::raw_string_ostream os(s);
  type.print(os);
  return s;
}

static bool isZeroByteProducer(Operation *op) {
  return op->hasTrait<OpTrait::ConstantLike>() || isa<tensor::EmptyOp>(op);
}

static std::optional<ModelError> buildModel(FunctionOpInterface fn,
                                            int64_t padding, bool inPlace,
                                            TensorModel &m) {
  Region &body = fn.getFunctionBody();
  if (!body.hasOneBlock())
    return ModelError{fn.getLoc(), "the body has more than one block"};
  Block &block = body.front();
  for (BlockArgument arg : block.getArguments())
    if (isa<BaseMemRefType>(arg.getType()))
      return ModelError{fn.getLoc(),
                        "memref arguments: bufferized IR is peakmem-reorder's "
                        "job"};

  Operation *terminator =
      (!block.empty() && block.back().hasTrait<OpTrait::IsTerminator>())
          ? &block.back()
          : nullptr;
  llvm::DenseMap<Operation *, StmtId> stmtOf;
  for (Operation &op : block) {
    if (&op == terminator)
      break;
    stmtOf[&op] = m.problem.addStatement();
    m.ops.push_back(&op);
  }

  // Buffer of each tensor value (-1: no bytes).
  llvm::DenseMap<Value, int64_t> bufferOf;
  auto bufferOfValue = [&](Value v) -> int64_t {
    auto it = bufferOf.find(v);
    return it == bufferOf.end() ? -1 : it->second;
  };
  // Per buffer: every value mapped to it has a single use (in-place ok).
  std::vector<bool> linear;
  auto mapValue = [&](Value v, int64_t b) {
    bufferOf[v] = b;
    linear[b] = linear[b] && v.hasOneUse();
  };
  std::vector<bool> holdsBuffer(m.ops.size(), false);
  std::vector<bool> barrier(m.ops.size(), false);
  // Sum of every buffer's bytes: bounds every live set the core simulates.
  int64_t totalBytes = 0;

  for (size_t s = 0; s < m.ops.size(); ++s) {
    // Plain variables rather than structured bindings: lambdas below capture
    // them (C++17 clang does not capture structured bindings).
    Operation *op = m.ops[s];
    StmtId stmt = static_cast<StmtId>(s);
    // Uses (nested ones included) of values defined outside the statement.
    std::optional<ModelError> error;
    op->walk([&](Operation *nested) {
      if (nested != op) {
        for (Value result : nested->getResults())
          if (isa<ShapedType>(result.getType()) && !error)
            error = ModelError{nested->getLoc(),
                               "a nested op produces a shaped value (its "
                               "buffer would not be modeled)"};
      }
      for (Value operand : nested->getOperands()) {
        if (isa<BaseMemRefType>(operand.getType()) && !error)
          error =
              ModelError{nested->getLoc(), "memref values: bufferized IR is "
                                           "peakmem-reorder's job"};
        Operation *def = operand.getDefiningOp();
        if (def && def->getBlock() == &block && def != op) {
          m.problem.addEdge(stmtOf[def], stmt);
          int64_t b = bufferOfValue(operand);
          if (b >= 0) {
            m.problem.addUse(stmt, static_cast<BufferId>(b));
            holdsBuffer[s] = true;
          }
        }
      }
    });
    if (error)
      return error;
    barrier[s] = !isMemoryEffectFree(op);

    Value source = viewSource(op);
    auto dps = dyn_cast<DestinationStyleOpInterface>(op);
    for (Value result : op->getResults()) {
      if (isa<BaseMemRefType>(result.getType()))
        return ModelError{op->getLoc(), "memref values: bufferized IR is "
                                        "peakmem-reorder's job"};
      auto type = dyn_cast<TensorType>(result.getType());
      if (!type)
        continue;
      auto ranked = dyn_cast<RankedTensorType>(type);
      bool overflow = false;
      std::optional<int64_t> bytes =
          ranked ? staticBytes(ranked, op, padding, overflow) : std::nullopt;
      if (!bytes)
        return ModelError{op->getLoc(), "a tensor of dynamic or unknown size"};
      if (overflow)
        return ModelError{op->getLoc(),
                          "a tensor of type '" + typeString(ranked) + "'" +
                              " plus padding " + std::to_string(padding) +
                              " bytes does not fit the model's byte counts "
                              "(below 2^62)"};
      if (isZeroByteProducer(op))
        continue;
      if (source) {
        int64_t b = bufferOfValue(source);
        if (b >= 0)
          mapValue(result, b);
        continue;
      }
      if (inPlace && dps) {
        // The result is written into its init's buffer when the buffer's
        // values form a chain (each used once): nothing else reads it.
        Value init = dps.getTiedOpOperand(cast<OpResult>(result))->get();
        int64_t b = bufferOfValue(init);
        if (b >= 0 && linear[b]) {
          mapValue(result, b);
          continue;
        }
      }
      if (llvm::AddOverflow(totalBytes, *bytes, totalBytes) ||
          totalBytes >= kMaxModelBytes)
        return ModelError{op->getLoc(),
                          "the tensors of the function add up to more bytes "
                          "than the model's byte counts hold (below 2^62)"};
      BufferId b = m.problem.addBuffer(*bytes, /*freedInBlock=*/true);
      m.problem.addUse(stmt, b);
      holdsBuffer[s] = true;
      linear.push_back(true);
      mapValue(result, b);
    }
  }

  // Returned (or otherwise passed to the terminator) buffers live to the end.
  if (terminator)
    for (Value operand : terminator->getOperands()) {
      int64_t b = bufferOfValue(operand);
      if (b >= 0)
        m.problem.buffer(static_cast<BufferId>(b)).freedInBlock = false;
    }

  // Barriers are fences: every statement before stays before, every
  // statement after stays after. Each statement gets an edge from the
  // closest barrier before it and to the closest barrier after it; the rest
  // follows transitively (O(statements) edges).
  std::optional<StmtId> lastBarrier;
  size_t segmentStart = 0;
  for (size_t j = 0; j < m.ops.size(); ++j) {
    StmtId stmt = static_cast<StmtId>(j);
    if (lastBarrier)
      m.problem.addEdge(*lastBarrier, stmt);
    if (!barrier[j])
      continue;
    for (size_t i = segmentStart; i < j; ++i)
      m.problem.addEdge(static_cast<StmtId>(i), stmt);
    lastBarrier = stmt;
    segmentStart = j + 1;
  }
  m.problem.finalize();
  std::string check = m.problem.check();
  if (!check.empty())
    return ModelError{fn.getLoc(), "internal error: " + check,
                      /*internal=*/true};
  m.floating.resize(m.ops.size());
  for (size_t s = 0; s < m.ops.size(); ++s)
    m.floating[s] = !holdsBuffer[s] && !barrier[s];
  m.peak = simulatePeak(m.problem, identityOrder(m.problem));
  return std::nullopt;
}

/// Moves every floating statement (no buffer, no barrier) right before its
/// first successor in `order`, latest first; statements without successors
/// stay. Legal for a legal order: a statement only moves later, and never
/// past a successor. The peak is unchanged: a floating step holds no buffer
/// of its own, so it is never above the step that follows it.
static Order sinkFloating(const TensorModel &m, const Order &order) {
  std::vector<StmtId> seq(order.begin(), order.end());
  for (size_t i = seq.size(); i-- > 0;) {
    StmtId s = seq[i];
    if (!m.floating[s] || m.problem.succs(s).empty())
      continue;
    size_t first = seq.size();
    for (size_t j = i + 1; j < seq.size(); ++j)
      if (llvm::is_contained(m.problem.succs(s), seq[j])) {
        first = j;
        break;
      }
    if (first == seq.size() || first == i + 1)
      continue;
    seq.erase(seq.begin() + i);
    seq.insert(seq.begin() + (first - 1), s);
  }
  return seq;
}

struct ReorderTensorsPass
    : peakmem::impl::ReorderTensorsPassBase<ReorderTensorsPass> {
  using Base::Base;

  LogicalResult initialize(MLIRContext *context) override {
    std::string error = checkAlgorithmOption(algorithm);
    if (error.empty())
      error = checkPaddingOption(padding);
    return reportOptionError(context, getArgument(), error);
  }

  void runOnOperation() override {
    FunctionsStatus status = runOnFunctions(
        getOperation(), getAnalysisManager(),
        [&](FunctionOpInterface fn, AnalysisManager) { return reorder(fn); });
    if (status.failed)
      signalPassFailure();
    if (!status.changed)
      markAllAnalysesPreserved();
  }

  FunctionStatus reorder(FunctionOpInterface fn) const {
    if (fn.isExternal())
      return FunctionStatus::Unchanged;
    TensorModel model;
    if (std::optional<ModelError> error =
            buildModel(fn, padding, inPlace, model)) {
      if (error->internal) {
        emitError(error->loc) << "peakmem-reorder-tensors: '" << fn.getName()
                              << "': " << error->reason;
        return FunctionStatus::Failed;
      }
      emitRemark(error->loc) << "peakmem-reorder-tensors: '" << fn.getName()
                             << "' not modeled: " << error->reason;
      return FunctionStatus::Unchanged;
    }

    int64_t predicted = model.peak;
    bool changed = false;
    ScheduleResult r;
    if (model.problem.numBuffers() > 0) {
      ScheduleOptions options;
      options.algorithm = algorithm;
      options.budgetMs = budgetMs;
      Contraction c = contract(model.problem);
      r = scheduleBlock(c.problem, options);
      if (r.peak < model.peak) {
        Order full = sinkFloating(model, expand(model.problem, c, r.order));
        if (!isLegalOrder(model.problem, full) ||
            simulatePeak(model.problem, full) != r.peak) {
          emitError(fn.getLoc())
              << "peakmem-reorder-tensors: internal error: the schedule does "
                 "not expand to a legal order with the modeled peak; function "
                 "left unchanged";
          return FunctionStatus::Failed;
        }
        Block &block = fn.getFunctionBody().front();
        Block::iterator end = block.back().hasTrait<OpTrait::IsTerminator>()
                                  ? Block::iterator(&block.back())
                                  : block.end();
        for (StmtId s : full)
          model.ops[s]->moveBefore(&block, end);
        predicted = r.peak;
        changed = true;
        // Claims about the old order are dropped; no memref model applies.
        refreshAttrsAfterChange(fn, nullptr);
      }
    }
    fn->setAttr(
        kPredictedPeakAttr,
        IntegerAttr::get(IntegerType::get(fn->getContext(), 64), predicted));
    if (emitRemarks)
      emitReorderRemark(fn, model, predicted, r);
    return changed ? FunctionStatus::Changed : FunctionStatus::Unchanged;
  }

  static void emitReorderRemark(FunctionOpInterface fn,
                                const TensorModel &model, int64_t predicted,
                                const ScheduleResult &r) {
    InFlightDiagnostic remark = emitRemark(fn.getLoc());
    remark << "peakmem-reorder-tensors: '" << fn.getName()
           << "' tensor-model peak " << model.peak << " -> " << predicted
           << " bytes";
    if (model.problem.numBuffers() == 0)
      remark << " (no buffers)";
    else if (r.certifiedBeforeSearch)
      remark << " (already optimal: certified, no search)";
    else if (r.provenOptimal)
      remark << " (proven optimal)";
    else
      remark << " (best found within budget; lower bound " << r.bound.bytes
             << ")";
  }
};

} // namespace
