//===- OpCost.cpp - Bytes an allocation requests, MACs an op performs -----===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Byte sizes follow the heap lowering exactly (docs/Model.md, "Byte sizes").
// `finalize-memref-to-llvm` requests
//   numElements * sizeof(T) + extra,
// where sizeof(T) is a `getelementptr T, ptr null, 1` on the converted LLVM
// type T, i.e. LLVM's alloc size of T under the lowered module's data layout,
// and extra is the `alignment` attribute, or sizeof(T) again when there is no
// attribute and the element type is not a signless integer, index or float
// (MemRefToLLVM.cpp, getAlignment). The translated module has LLVM's default
// data layout unless the input carries one; inputs that carry one are refused.
//
//===----------------------------------------------------------------------===//

#include "peakmem/Analysis/OpCost.h"
#include "peakmem/Analysis/MemoryModel.h"
#include "peakmem/Analysis/OpSemantics.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Linalg/IR/LinalgInterfaces.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/DataLayoutInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <limits>

using namespace mlir;

namespace peakmem {

namespace {

constexpr int64_t kInt64Max = std::numeric_limits<int64_t>::max();

/// Sets *whyNot (when given) and returns std::nullopt.
template <typename T = int64_t>
std::optional<T> refuse(std::string *whyNot, const std::string &reason) {
  if (whyNot)
    *whyNot = reason;
  return std::nullopt;
}

std::string typeString(Type type) {
  std::string s;
  llvm::raw_string_ostream os(s);
  type.print(os);
  return s;
}

/// a * b for non-negative a, b; std::nullopt if it does not fit in int64.
std::optional<int64_t> mul(int64_t a, int64_t b) {
  int64_t r;
  if (a < 0 || b < 0 || __builtin_mul_overflow(a, b, &r))
    return std::nullopt;
  return r;
}

/// a + b for non-negative a, b; std::nullopt if it does not fit in int64.
std::optional<int64_t> add(int64_t a, int64_t b) {
  int64_t r;
  if (a < 0 || b < 0 || __builtin_add_overflow(a, b, &r))
    return std::nullopt;
  return r;
}

/// Alloc size of LLVM's iN under the default data layout. The layout lists
/// i1:8, i8:8, i16:16, i32:32 and i64:32 (ABI alignment 4); an unlisted
/// width takes the alignment of the next larger listed width, or of the
/// largest (i64, 4 bytes) above 64 bits. Alloc size = store size rounded up
/// to that alignment: i17 -> 4, i48 -> 8, i65 -> 12, i128 -> 16.
int64_t intAllocSize(unsigned bits) {
  uint64_t store = llvm::divideCeil(uint64_t(bits), 8);
  uint64_t align = bits <= 8 ? 1 : bits <= 16 ? 2 : 4;
  return static_cast<int64_t>(llvm::alignTo(store, align));
}

/// The bit width of the LLVM type a scalar (vector element) converts to:
/// integers keep their width, index is i64 (the default index width), LLVM's
/// own float types keep theirs (f80 is x86_fp80, 80 bits), and the 4-, 6-
/// and 8-bit floats become integers of their width.
std::optional<unsigned> scalarBits(Type type, std::string *whyNot) {
  if (auto i = dyn_cast<IntegerType>(type))
    return i.getWidth();
  if (isa<IndexType>(type))
    return 64u;
  if (isa<Float16Type, BFloat16Type, Float32Type, Float64Type, Float80Type,
          Float128Type, Float4E2M1FNType, Float6E2M3FNType, Float6E3M2FNType,
          Float8E5M2Type, Float8E4M3Type, Float8E4M3FNType, Float8E5M2FNUZType,
          Float8E4M3FNUZType, Float8E4M3B11FNUZType, Float8E3M4Type,
          Float8E8M0FNUType>(type))
    return cast<FloatType>(type).getWidth();
  if (isa<FloatType>(type))
    return refuse<unsigned>(whyNot, "'" + typeString(type) +
                                        "', which has no LLVM lowering");
  return refuse<unsigned>(whyNot, "'" + typeString(type) +
                                      "', which the model does not size");
}

/// Alloc size of a scalar's LLVM type.
std::optional<int64_t> scalarAllocSize(Type type, std::string *whyNot) {
  std::optional<unsigned> bits = scalarBits(type, whyNot);
  if (!bits)
    return std::nullopt;
  if (isa<IntegerType, IndexType>(type))
    return intAllocSize(*bits);
  switch (*bits) {
  case 16: // half, bfloat
    return 2;
  case 32:
    return 4;
  case 64:
    return 8;
  case 80: // x86_fp80: store size 10, alignment PowerOf2Ceil(10) = 16
  case 128:
    return 16;
  default: // 4-, 6- and 8-bit floats, lowered to i4, i6, i8
    return intAllocSize(*bits);
  }
}

} // namespace

std::optional<int64_t> elementAllocSize(Type type, std::string *whyNot) {
  if (isa<IntegerType, IndexType, FloatType>(type))
    return scalarAllocSize(type, whyNot);
  if (auto complex = dyn_cast<ComplexType>(type)) {
    // struct {T, T}: T's alloc size is a multiple of its alignment, which is
    // the struct's, so the struct is exactly two of them.
    std::optional<int64_t> part =
        scalarAllocSize(complex.getElementType(), whyNot);
    if (!part)
      return std::nullopt;
    return 2 * *part;
  }
  if (auto vector = dyn_cast<VectorType>(type)) {
    if (vector.isScalable())
      return refuse(whyNot, "'" + typeString(type) +
                                "', a scalable vector of no static size");
    // vector<d0 x ... x dn x T> is [d0 x [... <dn x T>]]; a 0-d vector is
    // <1 x T>. The LLVM vector <n x T> is n * bits(T) bits, bit-packed
    // (vector<8xi1> is one byte); its alignment is PowerOf2Ceil(store size)
    // (the default layout's v64:64 and v128:128 agree), so its alloc size
    // is PowerOf2Ceil(store size): vector<3xf32> -> 16.
    std::optional<unsigned> bits = scalarBits(vector.getElementType(), whyNot);
    if (!bits)
      return std::nullopt;
    ArrayRef<int64_t> shape = vector.getShape();
    int64_t inner = shape.empty() ? 1 : shape.back();
    std::optional<int64_t> vectorBits = mul(inner, *bits);
    if (!vectorBits || *vectorBits > (int64_t(1) << 60))
      return refuse(whyNot, "'" + typeString(type) + "', too large to size");
    uint64_t store = llvm::divideCeil(uint64_t(*vectorBits), 8);
    std::optional<int64_t> size =
        store == 0 ? 0 : static_cast<int64_t>(llvm::PowerOf2Ceil(store));
    for (int64_t d : shape.empty() ? shape : shape.drop_back())
      if (size)
        size = mul(*size, d);
    if (!size)
      return refuse(whyNot, "'" + typeString(type) + "', too large to size");
    return size;
  }
  // A memref element is its lowered descriptor: a ranked one is
  // struct {ptr, ptr, i64, [r x i64], [r x i64]} (24 + 16 r bytes; pointers
  // are 8 bytes with alignment 8, so no padding), an unranked one
  // struct {i64, ptr} (16 bytes). Its layout does not change the struct.
  if (auto memref = dyn_cast<MemRefType>(type))
    return 24 + 16 * static_cast<int64_t>(memref.getRank());
  if (isa<UnrankedMemRefType>(type))
    return 16;
  return refuse(whyNot,
                "'" + typeString(type) + "', which the model does not size");
}

std::optional<int64_t> heapBytes(ShapedType type,
                                 std::optional<int64_t> alignment,
                                 std::string *whyNot) {
  if (!type.hasRank() || !type.hasStaticShape())
    return refuse(whyNot, "of dynamic or unknown size");
  std::string why;
  std::optional<int64_t> element =
      elementAllocSize(type.getElementType(), &why);
  if (!element)
    return refuse(whyNot, "of element type " + why);
  // numElements * sizeof(T) (a zero dimension gives 0 whatever the others).
  std::optional<int64_t> elements = 1;
  if (llvm::is_contained(type.getShape(), 0))
    elements = 0;
  for (int64_t d : type.getShape())
    if (elements)
      elements = mul(*elements, d);
  std::optional<int64_t> bytes =
      elements ? mul(*elements, *element) : std::nullopt;
  int64_t extra = 0;
  if (alignment) {
    if (*alignment <= 0)
      return refuse(whyNot, "with a non-positive alignment");
    extra = *alignment;
  } else if (!type.getElementType().isSignlessIntOrIndexOrFloat()) {
    extra = *element;
  }
  if (bytes)
    bytes = add(*bytes, extra);
  if (!bytes)
    return refuse(whyNot, "whose size in bytes does not fit in 64 bits");
  return bytes;
}

std::string dataLayoutSpecReason(Operation *op) {
  for (Operation *a = op; a; a = a->getParentOp())
    for (NamedAttribute attr : a->getAttrs())
      if (isa<DataLayoutSpecInterface>(attr.getValue()) ||
          attr.getName() == "llvm.data_layout")
        return "under a data layout specification ('" + attr.getName().str() +
               "' on '" + a->getName().getStringRef().str() +
               "'): the model sizes types by LLVM's default data layout";
  return {};
}

std::optional<int64_t> allocationBytes(Value allocation, std::string *whyNot) {
  Operation *def = allocation.getDefiningOp();
  auto type = dyn_cast<MemRefType>(allocation.getType());
  if (!def || !type)
    return refuse(whyNot, "of dynamic or unknown size");
  // Stack allocations (memref.alloca) never reach the heap allocator: they
  // live in the frame of their allocation scope and are 0 heap bytes.
  if (auto iface = dyn_cast<MemoryEffectOpInterface>(def)) {
    SmallVector<MemoryEffects::EffectInstance> effects;
    iface.getEffectsOnValue(allocation, effects);
    for (auto &e : effects)
      if (isa<MemoryEffects::Allocate>(e.getEffect()) &&
          isa<SideEffects::AutomaticAllocationScopeResource>(e.getResource()))
        return 0;
  }
  // An allocation nothing uses (not even a free) is trivially dead: every
  // MLIR rewrite driver of the lowering erases it, so it never reaches the
  // allocator.
  if (allocation.use_empty() && isOpTriviallyDead(def))
    return 0;
  if (std::string reason = dataLayoutSpecReason(def); !reason.empty())
    return refuse(whyNot, reason);
  if (auto alloc = dyn_cast<memref::AllocOp>(def)) {
    if (!type.getLayout().isIdentity())
      return refuse(whyNot, "with a non-identity layout, which "
                            "finalize-memref-to-llvm does not lower");
    std::optional<int64_t> alignment;
    if (std::optional<uint64_t> a = alloc.getAlignment())
      alignment = *a > uint64_t(kInt64Max) ? -1 : int64_t(*a);
    return heapBytes(type, alignment, whyNot);
  }
  // convert-bufferization-to-memref: an identity-layout memref.alloc of the
  // same shape, without alignment, and a copy.
  if (isa<bufferization::CloneOp>(def))
    return heapBytes(type, std::nullopt, whyNot);
  // expand-realloc: a new buffer (same alignment) only when the result is
  // larger than the source; otherwise the source buffer is reused.
  if (auto realloc = dyn_cast<memref::ReallocOp>(def)) {
    MemRefType source = realloc.getSource().getType();
    if (!source.hasStaticShape() || !type.hasStaticShape())
      return refuse(whyNot, "of dynamic or unknown size");
    if (type.getNumElements() <= source.getNumElements())
      return refuse(whyNot, "no larger than the one it reallocates "
                            "(expand-realloc then reuses the old buffer)");
    std::optional<int64_t> alignment;
    if (std::optional<uint64_t> a = realloc.getAlignment())
      alignment = *a > uint64_t(kInt64Max) ? -1 : int64_t(*a);
    return heapBytes(type, alignment, whyNot);
  }
  return refuse(whyNot, "by '" + def->getName().getStringRef().str() +
                            "', which the model does not size (only "
                            "memref.alloc, memref.realloc and "
                            "bufferization.clone reach the heap allocator)");
}

/// a * b for non-negative a, b, saturating at INT64_MAX.
static int64_t saturatingMul(int64_t a, int64_t b) {
  int64_t r;
  if (a == 0 || b == 0)
    return 0;
  if (__builtin_mul_overflow(a, b, &r))
    return kInt64Max;
  return r;
}

/// a + b for non-negative a, b, saturating at INT64_MAX.
static int64_t saturatingAdd(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_add_overflow(a, b, &r))
    return kInt64Max;
  return r;
}

/// An add (float, integer or complex) and a multiplication (OpSemantics).
static bool isAdd(Operation *op) {
  return getOpSemantics(op).arith == OpSemantics::Arith::Add;
}
static bool isMul(Operation *op) {
  return getOpSemantics(op).arith == OpSemantics::Arith::Mul;
}

bool isMultiplyAccumulate(Operation *op) {
  auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
  if (!linalgOp || linalgOp.getNumReductionLoops() == 0 ||
      op->getNumRegions() != 1 || !llvm::hasSingleElement(op->getRegion(0)))
    return false;
  Block &body = op->getRegion(0).front();
  // Some yielded value is an add one of whose operands is computed, inside
  // the payload, from a multiplication (through casts and zero-point
  // subtractions, as in quantized convolutions).
  for (Value yielded : body.getTerminator()->getOperands()) {
    Operation *add = yielded.getDefiningOp();
    if (!add || add->getBlock() != &body || !isAdd(add))
      continue;
    SmallVector<Operation *> work;
    llvm::SmallPtrSet<Operation *, 8> seen;
    for (Value v : add->getOperands())
      if (Operation *d = v.getDefiningOp(); d && d->getBlock() == &body)
        work.push_back(d);
    while (!work.empty()) {
      Operation *d = work.pop_back_val();
      if (!seen.insert(d).second)
        continue;
      if (isMul(d))
        return true;
      for (Value v : d->getOperands())
        if (Operation *e = v.getDefiningOp(); e && e->getBlock() == &body)
          work.push_back(e);
    }
  }
  return false;
}

/// One operation per element of the largest vector `op` computes on (1 for
/// scalars), when it is scalar work: an op without regions that is not a
/// constant or a terminator, whose operands and results are no memrefs or
/// tensors (arith, math, index computations, a call on scalars), or a
/// registered single-element access (memref.load/store, affine.load/store;
/// OpSemantics). 0 for every other op without regions: views, metadata,
/// allocations and frees, and whole-memref ops (memref.copy counts 0, as it
/// always has).
static int64_t scalarOps(Operation *op, const OpSemantics &facts) {
  if (op->hasTrait<OpTrait::ConstantLike>() ||
      op->hasTrait<OpTrait::IsTerminator>())
    return 0;
  auto isBuffer = [](Type t) { return isa<BaseMemRefType, TensorType>(t); };
  if (!facts.accessesOneElement &&
      (llvm::any_of(op->getOperandTypes(), isBuffer) ||
       llvm::any_of(op->getResultTypes(), isBuffer)))
    return 0;
  int64_t elements = 1;
  for (TypeRange types :
       {TypeRange(op->getOperandTypes()), TypeRange(op->getResultTypes())})
    for (Type t : types)
      if (auto vector = dyn_cast<VectorType>(t);
          vector && vector.hasStaticShape())
        elements = std::max(elements, vector.getNumElements());
  return elements;
}

/// The functions whose work countCalleeWork is summing on this thread.
static thread_local llvm::SmallPtrSet<Operation *, 4> calleesInProgress;

/// The work of each callee counted during the outermost countWork call on
/// this thread (cleared when it returns, so a later change of a body is
/// always seen): a callee called from several places is counted once, so a
/// call tree costs its number of functions, not its number of paths (a
/// function calling the next one twice, 30 deep, was 2^30 counts). Only
/// counts that met no recursive call below them are kept: such a count is
/// a function of the callee's body alone, the same wherever it is called.
static thread_local llvm::DenseMap<Operation *, WorkCount> calleeWorkMemo;
/// How deep countWork is on this thread, and how many recursive calls it
/// has cut short (a count that saw one depends on the path to it).
static thread_local unsigned countWorkDepth = 0;
static thread_local uint64_t recursionCuts = 0;

/// The work of a call of a function with a body that this thread may read
/// (CalleeBodiesScope, MemoryModel.h): its callee's body, counted once per
/// call. Not counted for a recursive call. std::nullopt for other calls.
static std::optional<WorkCount> countCalleeWork(CallOpInterface call) {
  auto callee = dyn_cast_or_null<FunctionOpInterface>(call.resolveCallable());
  if (!callee || callee.isExternal() || !CalleeBodiesScope::mayRead(callee))
    return std::nullopt;
  if (auto known = calleeWorkMemo.find(callee); known != calleeWorkMemo.end())
    return known->second;
  WorkCount work;
  if (!calleesInProgress.insert(callee).second) {
    work.counted = false;
    ++recursionCuts;
    return work;
  }
  uint64_t cutsBefore = recursionCuts;
  for (Block &block : callee.getFunctionBody())
    for (Operation &nested : block) {
      WorkCount inner = countWork(&nested);
      work.macs = saturatingAdd(work.macs, inner.macs);
      work.ops = saturatingAdd(work.ops, inner.ops);
      work.counted &= inner.counted;
    }
  calleesInProgress.erase(callee);
  if (recursionCuts == cutsBefore)
    calleeWorkMemo.try_emplace(callee, work);
  return work;
}

static WorkCount countWorkOf(Operation *op);

WorkCount countWork(Operation *op) {
  ++countWorkDepth;
  WorkCount work = countWorkOf(op);
  if (--countWorkDepth == 0)
    calleeWorkMemo.clear();
  return work;
}

/// The work of `op` (WorkCount, OpCost.h), summed over nested ops and
/// multiplied by the static trip count of a loop; a call of a function
/// with a body does its callee's work.
static WorkCount countWorkOf(Operation *op) {
  if (auto call = dyn_cast<CallOpInterface>(op))
    if (std::optional<WorkCount> callee = countCalleeWork(call))
      return *callee;
  WorkCount work;
  if (auto linalgOp = dyn_cast<linalg::LinalgOp>(op)) {
    SmallVector<int64_t> ranges = linalgOp.getStaticLoopRanges();
    if (llvm::any_of(ranges, [](int64_t r) { return r < 0; })) {
      work.counted = false; // dynamic (kDynamic is negative)
      return work;
    }
    int64_t points = 1;
    for (int64_t range : ranges)
      points = saturatingMul(points, range);
    work.ops = points;
    work.macs = isMultiplyAccumulate(op) ? points : 0;
    return work;
  }
  OpSemantics facts = getOpSemantics(op);
  if (op->getNumRegions() == 0) {
    work.ops = scalarOps(op, facts);
    // A scalar addition fed by a multiplication in its block: one MAC.
    if (work.ops != 0 && facts.arith == OpSemantics::Arith::Add &&
        llvm::any_of(op->getOperands(), [&](Value v) {
          Operation *def = v.getDefiningOp();
          return def && def->getBlock() == op->getBlock() &&
                 getOpSemantics(def).arith == OpSemantics::Arith::Mul;
        }))
      work.macs = work.ops;
    return work;
  }
  for (Region &region : op->getRegions())
    for (Block &block : region)
      for (Operation &nested : block) {
        WorkCount inner = countWork(&nested);
        work.macs = saturatingAdd(work.macs, inner.macs);
        work.ops = saturatingAdd(work.ops, inner.ops);
        work.counted &= inner.counted;
      }
  // How often the regions run: a loop's static trip count; at most once
  // for a registered op that runs each region at most once (scf.if...);
  // unknown otherwise (scf.while, a dynamic loop, a kernel launch): the
  // counts are then a lower bound and the work is not counted.
  std::optional<llvm::APInt> trips;
  if (auto loop = dyn_cast<LoopLikeOpInterface>(op))
    trips = loop.getStaticTripCount();
  if (trips) {
    // The trip count is unsigned and may be wider than 64 bits.
    int64_t count = trips->getActiveBits() > 62
                        ? kInt64Max
                        : static_cast<int64_t>(trips->getZExtValue());
    work.macs = saturatingMul(work.macs, count);
    work.ops = saturatingMul(work.ops, count);
  } else if (!facts.regionsRunOnce) {
    work.counted = false;
  }
  return work;
}

int64_t countMacs(Operation *op) { return countWork(op).macs; }

int64_t countOps(Operation *op) { return countWork(op).ops; }

} // namespace peakmem
