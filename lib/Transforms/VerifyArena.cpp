#include "peakmem/Transforms/Passes.h"
namespace peakmem {
#define GEN_PASS_DEF_VERIFYARENAPASS
#include "peakmem/Transforms/Passes.h.inc"
} // namespace peakmem
namespace {
struct VerifyArenaPass : peakmem::impl::VerifyArenaPassBase<VerifyArenaPass> {
  void runOnOperation() override {}
};
} // namespace
