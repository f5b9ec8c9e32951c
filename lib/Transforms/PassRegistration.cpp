//===- PassRegistration.cpp - Register every peakmem pass and pipeline ----===//

#include "peakmem/Transforms/Passes.h"

void peakmem::registerPeakMem() { registerPeakMemPasses(); }
