//===- TensorModel.cpp - Buffer lifetimes of tensor IR --------------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// One method per phase of the model (TensorModel.h): the body's shape, its
// statements, each statement's uses and result buffers, the returned
// buffers, the barrier edges.
//
//===----------------------------------------------------------------------===//

#include "peakmem/Analysis/TensorModel.h"
#include "peakmem/Core/Model/Simulation.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Interfaces/DataLayoutInterfaces.h"
#include "mlir/Interfaces/DestinationStyleOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;

namespace peakmem {

namespace {

/// Buffer sizes and their sum must stay below this (the largest finite
/// capacity the bounds and certificates of the core handle, 2^62).
constexpr int64_t kMaxModelBytes = int64_t(1) << 62;

/// Bytes of a tensor plus `padding`, or nullopt for a dynamic shape.
/// Sets `overflow` when the size does not fit the model (checked arithmetic).
std::optional<int64_t> staticBytes(RankedTensorType type, Operation *op,
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
Value viewSource(Operation *op) {
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

std::string typeString(Type type) {
  std::string s;
  llvm::raw_string_ostream os(s);
  type.print(os);
  return s;
}

bool isZeroByteProducer(Operation *op) {
  return op->hasTrait<OpTrait::ConstantLike>() || isa<tensor::EmptyOp>(op);
}

/// Builds one TensorModel; each method is one phase, in the order build()
/// runs them.
class TensorModelBuilder {
public:
  TensorModelBuilder(FunctionOpInterface fn, int64_t padding, bool inPlace,
                     TensorModel &m)
      : fn(fn), padding(padding), inPlace(inPlace), m(m) {}

  std::optional<ModelFailure> build() {
    if (std::optional<ModelFailure> failure = checkBody())
      return failure;
    addStatements();
    for (size_t s = 0; s < m.ops.size(); ++s) {
      if (std::optional<ModelFailure> failure = addUses(s))
        return failure;
      barrier[s] = !isMemoryEffectFree(m.ops[s]);
      if (std::optional<ModelFailure> failure = addResults(s))
        return failure;
    }
    markReturned();
    addBarrierEdges();
    m.problem.finalize();
    m.floating.resize(m.ops.size());
    for (size_t s = 0; s < m.ops.size(); ++s)
      m.floating[s] = !holdsBuffer[s] && !barrier[s];
    m.peak = simulatePeak(m.problem, identityOrder(m.problem));
    return std::nullopt;
  }

private:
  /// One block, and no memref arguments (bufferized IR is not tensor IR).
  std::optional<ModelFailure> checkBody() {
    Region &body = fn.getFunctionBody();
    if (!body.hasOneBlock())
      return ModelFailure{fn.getLoc(), "the body has more than one block"};
    m.block = &body.front();
    for (BlockArgument arg : m.block->getArguments())
      if (isa<BaseMemRefType>(arg.getType()))
        return ModelFailure{fn.getLoc(), "memref arguments: bufferized IR is "
                                         "peakmem-reorder's job"};
    return std::nullopt;
  }

  /// Every op before the terminator is a statement.
  void addStatements() {
    Block &block = *m.block;
    terminator =
        (!block.empty() && block.back().hasTrait<OpTrait::IsTerminator>())
            ? &block.back()
            : nullptr;
    for (Operation &op : block) {
      if (&op == terminator)
        break;
      stmtOf[&op] = m.problem.addStatement();
      m.ops.push_back(&op);
    }
    holdsBuffer.assign(m.ops.size(), false);
    barrier.assign(m.ops.size(), false);
  }

  /// Uses (nested ones included) of values defined outside statement `s`:
  /// an edge from their statement, and a use of their buffer.
  std::optional<ModelFailure> addUses(size_t s) {
    Operation *op = m.ops[s];
    StmtId stmt = static_cast<StmtId>(s);
    std::optional<ModelFailure> error;
    op->walk([&](Operation *nested) {
      if (nested != op) {
        for (Value result : nested->getResults())
          if (isa<ShapedType>(result.getType()) && !error)
            error = ModelFailure{nested->getLoc(),
                                 "a nested op produces a shaped value (its "
                                 "buffer would not be modeled)"};
      }
      for (Value operand : nested->getOperands()) {
        if (isa<BaseMemRefType>(operand.getType()) && !error)
          error =
              ModelFailure{nested->getLoc(), "memref values: bufferized IR is "
                                             "peakmem-reorder's job"};
        Operation *def = operand.getDefiningOp();
        if (def && def->getBlock() == m.block && def != op) {
          m.problem.addEdge(stmtOf[def], stmt);
          int64_t b = bufferOfValue(operand);
          if (b >= 0) {
            m.problem.addUse(stmt, static_cast<BufferId>(b));
            holdsBuffer[s] = true;
          }
        }
      }
    });
    return error;
  }

  /// The buffer of each tensor result of statement `s`: none (constants,
  /// empty tensors), its operand's (views, in-place results) or a new one.
  std::optional<ModelFailure> addResults(size_t s) {
    Operation *op = m.ops[s];
    StmtId stmt = static_cast<StmtId>(s);
    Value source = viewSource(op);
    auto dps = dyn_cast<DestinationStyleOpInterface>(op);
    for (Value result : op->getResults()) {
      if (isa<BaseMemRefType>(result.getType()))
        return ModelFailure{op->getLoc(), "memref values: bufferized IR is "
                                          "peakmem-reorder's job"};
      auto type = dyn_cast<TensorType>(result.getType());
      if (!type)
        continue;
      auto ranked = dyn_cast<RankedTensorType>(type);
      bool overflow = false;
      std::optional<int64_t> bytes =
          ranked ? staticBytes(ranked, op, padding, overflow) : std::nullopt;
      if (!bytes)
        return ModelFailure{op->getLoc(),
                            "a tensor of dynamic or unknown size"};
      if (overflow)
        return ModelFailure{op->getLoc(),
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
        return ModelFailure{op->getLoc(),
                            "the tensors of the function add up to more bytes "
                            "than the model's byte counts hold (below 2^62)"};
      BufferId b = m.problem.addBuffer(*bytes, /*freedInBlock=*/true);
      m.problem.addUse(stmt, b);
      holdsBuffer[s] = true;
      linear.push_back(true);
      mapValue(result, b);
    }
    return std::nullopt;
  }

  /// Returned (or otherwise passed to the terminator) buffers live to the
  /// end.
  void markReturned() {
    if (!terminator)
      return;
    for (Value operand : terminator->getOperands()) {
      int64_t b = bufferOfValue(operand);
      if (b >= 0)
        m.problem.buffer(static_cast<BufferId>(b)).freedInBlock = false;
    }
  }

  /// Barriers are fences: every statement before stays before, every
  /// statement after stays after. Each statement gets an edge from the
  /// closest barrier before it and to the closest barrier after it; the rest
  /// follows transitively (O(statements) edges).
  void addBarrierEdges() {
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
  }

  /// Buffer of a tensor value, -1 when it has no bytes.
  int64_t bufferOfValue(Value v) const {
    auto it = bufferOf.find(v);
    return it == bufferOf.end() ? -1 : it->second;
  }

  void mapValue(Value v, int64_t b) {
    bufferOf[v] = b;
    linear[b] = linear[b] && v.hasOneUse();
  }

  FunctionOpInterface fn;
  const int64_t padding;
  const bool inPlace;
  TensorModel &m;
  Operation *terminator = nullptr;
  llvm::DenseMap<Operation *, StmtId> stmtOf;
  llvm::DenseMap<Value, int64_t> bufferOf;
  /// Per buffer: every value mapped to it has a single use (in-place ok).
  std::vector<bool> linear;
  std::vector<bool> holdsBuffer, barrier;
  /// Sum of every buffer's bytes: bounds every live set the core simulates.
  int64_t totalBytes = 0;
};

} // namespace

std::optional<ModelFailure> buildTensorModel(FunctionOpInterface fn,
                                             int64_t padding, bool inPlace,
                                             TensorModel &m) {
  return TensorModelBuilder(fn, padding, inPlace, m).build();
}

Order sinkFloating(const TensorModel &m, const Order &order) {
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

} // namespace peakmem
