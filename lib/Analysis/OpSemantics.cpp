//===- OpSemantics.cpp - What no interface says about an op ---------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The registry of peakmem/Analysis/OpSemantics.h. To support a new
// dialect's ops, add rows to kRegisteredOps below (one per op: its name and
// the facts that hold for it), or call registerOpSemantics from code that
// links the library, before any pass runs.
//
//===----------------------------------------------------------------------===//

#include "peakmem/Analysis/OpSemantics.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Async/IR/Async.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/LinalgInterfaces.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

#include <utility>

using namespace mlir;

namespace peakmem {

namespace {

using Arith = OpSemantics::Arith;

//===-- Transfers of the DMA ops ------------------------------------------===//

template <typename OpTy>
std::optional<TransferTag> tagOf(OpTy op, AffineMap map) {
  TransferTag tag;
  tag.memref = op.getTagMemRef();
  tag.indices.assign(op.getTagIndices().begin(), op.getTagIndices().end());
  tag.map = map;
  return tag;
}

std::optional<Transfer> affineDmaStarted(Operation *op) {
  auto dma = dyn_cast<affine::AffineDmaStartOp>(op);
  if (!dma)
    return std::nullopt;
  return Transfer{*tagOf(dma, dma.getTagMap()), dma.getSrcMemRef(),
                  dma.getDstMemRef()};
}

std::optional<TransferTag> affineDmaWaited(Operation *op) {
  auto dma = dyn_cast<affine::AffineDmaWaitOp>(op);
  if (!dma)
    return std::nullopt;
  return tagOf(dma, dma.getTagMap());
}

std::optional<Transfer> memrefDmaStarted(Operation *op) {
  auto dma = dyn_cast<memref::DmaStartOp>(op);
  if (!dma)
    return std::nullopt;
  return Transfer{*tagOf(dma, AffineMap()), dma.getSrcMemRef(),
                  dma.getDstMemRef()};
}

std::optional<TransferTag> memrefDmaWaited(Operation *op) {
  auto dma = dyn_cast<memref::DmaWaitOp>(op);
  if (!dma)
    return std::nullopt;
  return tagOf(dma, AffineMap());
}

//===-- The table ---------------------------------------------------------===//

OpSemantics regions(RegionExecution r, bool once = false) {
  OpSemantics s;
  s.regions = r;
  s.regionsRunOnce = once;
  return s;
}

OpSemantics async(AsyncRole role, bool onlySynchronises) {
  OpSemantics s;
  s.async = role;
  s.onlySynchronises = onlySynchronises;
  return s;
}

OpSemantics inBounds(bool oneElement = false) {
  OpSemantics s;
  s.accessesInBounds = true;
  s.accessesOneElement = oneElement;
  return s;
}

OpSemantics oneElement() {
  OpSemantics s;
  s.accessesOneElement = true;
  return s;
}

OpSemantics metadataOnly() {
  OpSemantics s;
  s.readsOnlyMetadata = true;
  return s;
}

OpSemantics exactView() {
  OpSemantics s;
  s.keepsElementLayout = true;
  return s;
}

OpSemantics arith(Arith a) {
  OpSemantics s;
  s.arith = a;
  return s;
}

OpSemantics dmaStart(std::optional<Transfer> (*f)(Operation *)) {
  OpSemantics s;
  s.transferStarted = f;
  return s;
}

OpSemantics dmaWait(std::optional<TransferTag> (*f)(Operation *)) {
  OpSemantics s;
  s.transferWaited = f;
  return s;
}

/// Every registered op, added to `ops`. gpu::AsyncOpInterface ops need no
/// row for their asynchronous role (getOpSemantics derives it); gpu.wait has
/// one because it has no access of its own.
void addRegisteredOps(llvm::StringMap<OpSemantics> &ops) {
  using R = RegionExecution;
  using A = AsyncRole;
  const std::pair<const char *, OpSemantics> rows[] = {
      // Regions.
      {"scf.for", regions(R::Sequential)},
      {"scf.if", regions(R::Sequential, /*once=*/true)},
      {"scf.while", regions(R::Sequential)},
      {"scf.execute_region", regions(R::Sequential, /*once=*/true)},
      {"scf.index_switch", regions(R::Sequential, /*once=*/true)},
      {"affine.for", regions(R::Sequential)},
      {"affine.if", regions(R::Sequential, /*once=*/true)},
      {"memref.alloca_scope", regions(R::Sequential, /*once=*/true)},
      {"scf.parallel", regions(R::Concurrent)},
      {"scf.forall", regions(R::Concurrent)},
      {"affine.parallel", regions(R::Concurrent)},
      {"gpu.launch", regions(R::Concurrent)}, // Deferred in async form.
      // Asynchronous work named by handles.
      {"async.execute",
       [] {
         OpSemantics s = async(A::Starts, false);
         s.regions = R::Deferred;
         s.regionsRunOnce = true;
         return s;
       }()},
      {"async.await", async(A::WaitsOnHost, true)},
      {"async.await_all", async(A::WaitsOnHost, true)},
      {"async.add_to_group", async(A::JoinsGroup, false)},
      {"async.create_group", async(A::CreatesGroup, false)},
      {"gpu.wait", async(A::None, true)}, // Role from AsyncOpInterface.
      // DMA transfers named by a tag element.
      {"affine.dma_start", dmaStart(affineDmaStarted)},
      {"affine.dma_wait", dmaWait(affineDmaWaited)},
      {"memref.dma_start", dmaStart(memrefDmaStarted)},
      {"memref.dma_wait", dmaWait(memrefDmaWaited)},
      // Accesses and costs.
      {"memref.copy", inBounds()},
      {"memref.load", inBounds(/*oneElement=*/true)},
      {"memref.store", inBounds(/*oneElement=*/true)},
      {"affine.load", oneElement()},
      {"affine.store", oneElement()},
      {"memref.subview", exactView()},
      {"memref.expand_shape", exactView()},
      {"memref.collapse_shape", exactView()},
      {"memref.transpose", exactView()},
      {"memref.cast", exactView()},
      {"memref.dim", metadataOnly()},
      {"memref.rank", metadataOnly()},
      {"memref.extract_strided_metadata", metadataOnly()},
      {"arith.addf", arith(Arith::Add)},
      {"arith.addi", arith(Arith::Add)},
      {"complex.add", arith(Arith::Add)},
      {"arith.mulf", arith(Arith::Mul)},
      {"arith.muli", arith(Arith::Mul)},
      {"complex.mul", arith(Arith::Mul)},
  };
  for (const auto &[name, facts] : rows)
    ops[name] = facts;
}

struct Registry {
  llvm::StringMap<OpSemantics> ops;
  llvm::DenseSet<TypeID> handleTypes;
  llvm::StringSet<> scriptDialects{"transform", "pdl", "pdl_interp"};
  llvm::StringSet<> nonRetainingCallees;
  Registry() {
    addRegisteredOps(ops);
    for (TypeID t :
         {TypeID::get<async::TokenType>(), TypeID::get<async::ValueType>(),
          TypeID::get<async::GroupType>(), TypeID::get<gpu::AsyncTokenType>()})
      handleTypes.insert(t);
  }
};

Registry &registry() {
  static Registry r;
  return r;
}

} // namespace

OpSemantics getOpSemantics(Operation *op) {
  Registry &r = registry();
  auto it = r.ops.find(op->getName().getStringRef());
  OpSemantics s = it == r.ops.end() ? OpSemantics() : it->second;
  if (isa<linalg::LinalgOp>(op))
    s.accessesInBounds = true;
  if (auto asyncOp = dyn_cast<gpu::AsyncOpInterface>(op)) {
    if (asyncOp.getAsyncToken())
      s.async = AsyncRole::Starts;
    else if (!asyncOp.getAsyncDependencies().empty())
      s.async = AsyncRole::WaitsOnHost;
    if (asyncOp.getAsyncToken() && op->getNumRegions() != 0)
      s.regions = RegionExecution::Deferred;
  }
  return s;
}

void registerOpSemantics(llvm::StringRef opName, const OpSemantics &facts) {
  registry().ops[opName] = facts;
}

void registerAsyncHandleType(TypeID type) {
  registry().handleTypes.insert(type);
}

void registerScriptDialect(llvm::StringRef dialectNamespace) {
  registry().scriptDialects.insert(dialectNamespace);
}

bool isScriptOp(Operation *op) {
  return registry().scriptDialects.contains(
      op->getName().getDialectNamespace());
}

void registerNonRetainingCallee(llvm::StringRef name) {
  registry().nonRetainingCallees.insert(name);
}

bool callMayRetain(CallOpInterface call, OpOperand &operand) {
  auto symbol = dyn_cast_if_present<SymbolRefAttr>(call.getCallableForCallee());
  if (!symbol)
    return true; // An indirect call: the callee is not known.
  if (registry().nonRetainingCallees.contains(
          symbol.getLeafReference().getValue()))
    return false;
  auto callee = dyn_cast_or_null<FunctionOpInterface>(call.resolveCallable());
  if (!callee)
    return true;
  for (auto [index, arg] : llvm::enumerate(call.getArgOperandsMutable()))
    if (&arg == &operand)
      return index >= callee.getNumArguments() ||
             !callee.getArgAttr(index, "llvm.nocapture");
  return true; // Not an argument (a callee operand, say).
}

std::string retainerName(Operation *op) {
  if (auto call = dyn_cast<CallOpInterface>(op))
    if (auto symbol =
            dyn_cast_if_present<SymbolRefAttr>(call.getCallableForCallee()))
      return symbol.getLeafReference().str();
  return op->getName().getStringRef().str();
}

std::string describeRetainAssumption(ArrayRef<std::string> retainers) {
  if (retainers.empty())
    return {};
  std::string names;
  for (const std::string &name : retainers)
    names += (names.empty() ? "'" : ", '") + name + "'";
  bool one = retainers.size() == 1;
  return "assuming " + names + " may keep the pointers " +
         (one ? "it is" : "they are") + " passed (llvm.nocapture on " +
         (one ? "its" : "their") + " arguments lifts this)";
}

bool isAsyncHandleType(Type t) {
  return registry().handleTypes.contains(t.getTypeID());
}

std::optional<Transfer> getTransferStarted(Operation *op) {
  OpSemantics s = getOpSemantics(op);
  return s.transferStarted ? s.transferStarted(op) : std::nullopt;
}

std::optional<TransferTag> getTransferWaited(Operation *op) {
  OpSemantics s = getOpSemantics(op);
  return s.transferWaited ? s.transferWaited(op) : std::nullopt;
}

} // namespace peakmem
