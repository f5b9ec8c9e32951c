//===- Passes.td - peakmem pass definitions ----------------*- tablegen -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#ifndef PEAKMEM_TRANSFORMS_PASSES
#define PEAKMEM_TRANSFORMS_PASSES

include "mlir/Pass/PassBase.td"

// Every pass is op-agnostic (`Pass<"...">`, no anchor): it works on the
// function-like op it is scheduled on, or on every function-like op nested
// in the op it is scheduled on (a module: the flag form), with the same
// result (FunctionRunner.h, docs/Passes.md). Its runOnOperation hands one
// method per function to peakmem::runOnFunctions.

def ReportPass : Pass<"peakmem-report"> {
  let summary = "Annotate each function with its modeled peak memory";
  let description = [{
    Builds the peakmem memory model of the function (every block, nested
    scratch included) and sets `peakmem.peak = <bytes> : i64` on it: the
    exact number of heap bytes the lowered function has live at its worst
    moment, counted as the allocator is asked for them. It also sets
    `peakmem.macs = <n> : i64`, the multiply-accumulates of the body (points
    of every linalg op's iteration domain; see docs/Model.md). A remark at the
    statement where the peak is reached names the bytes and live buffers.

    Functions the model cannot describe exactly (tensor IR, dynamic shapes,
    unstructured control flow, conditional frees) get a remark saying why and
    are left unchanged.

    With `json=<path>`, writes the live-bytes timeline of every modeled block
    of every function to `<path>`: a JSON list with one entry per function
    (`function`: its name; `path`: its symbol path, `@inner::@f` for a
    function of nested module `@inner`; `peak`; `blocks`). A file
    that cannot be opened or written (a full disk) fails the pass with an
    error naming it.
  }];
  let options = [
    Option<"jsonPath", "json", "std::string", /*default=*/"",
           "Write per-statement live bytes of every block to this file">,
    Option<"emitRemarks", "remarks", "bool", /*default=*/"true",
           "Emit a remark at the peak statement of every function">,
  ];
}

def ReorderPass : Pass<"peakmem-reorder"> {
  let summary = "Permute the statements of every block to minimise peak memory";
  let description = [{
    Reorders the ops of every block of the function (nested blocks first) so
    that the modeled peak is as low as possible. Ops are moved, never edited:
    no operand, attribute, region or arithmetic changes, so outputs are
    bitwise identical. Every SSA, read/write/free dependency (through any
    alias) is respected; ops with unknown effects are fixed barriers; the
    terminator stays last. Allocations land right before the first user of
    their buffer and deallocations right after the last user.

    With `algorithm=auto` the current order is certified first (a block
    already proven optimal costs one bound evaluation and no search), then
    every baseline heuristic runs and the exact search continues from the
    best of them until it meets the lower bound or its share of the budget
    runs out. `algorithm=exact` does the same (it also starts from the best
    heuristic, so it is never worse than `auto` with the same limits).

    Deterministic: every limit counts work, never time, so the same input and
    options give the same output on any machine, under any load and with any
    number of threads. `max-work` is the work of the whole function in one
    run of the pass, in work units (docs/Scheduling.md: a unit is an
    elementary step of the bound's max-flows and of the exact search, about
    2-10 ns on a current x86 core); every block is first bounded (at most
    40,000,000 units each) and given its best heuristic order, then the
    blocks that still need a search share what is left, each taking an even
    share of the rest when it starts (work a block does not use goes to the
    next). When the budget cannot give every such block 100,000 units, only
    the blocks with the largest gap between peak and bound are searched. The
    heuristics always run (they are linear). A search is an anytime search:
    with a larger `max-work` the peak never gets worse.

    An exact search stops at the first of: its share of `max-work`
    (work-limit), `max-states` expanded states (state-cap), or reaching the
    lower bound. `max-memo-entries` caps the memo of one segment; a full memo
    does not stop the search, it only prunes less. When a search was
    stopped, the remark names the limit and the function gets
    `peakmem.search_stop`, the list of the limits that stopped a search of
    its blocks (`"work-limit"`, `"state-cap"`, `"time-limit"`); a proven or
    certified function has none.

    `time-limit-ms` (default 0: off) is an opt-in wall-clock cap per
    function, a safety net for those who prefer a bounded wait to
    reproducible output: when it fires, the work stops there, the remark
    says so and a warning says that the function's output depends on
    timing.

    The peak never grows: a block for which nothing strictly better is found
    is left byte-identical. Sets `peakmem.peak` to the new peak and emits a
    remark per function with the peak before and after and whether the order
    is proven optimal; when it is not, the remark says how the budget was
    shared (blocks searched, stopped by their share, not searched, units
    spent).

    A change of any block drops the attributes it makes false: the
    certificate record of `peakmem-certify` (`peakmem.lower_bound`,
    `peakmem.optimal`, `peakmem.certificate`, `peakmem.nested`) and
    `peakmem.predicted_peak`; `peakmem.peak` and (when present)
    `peakmem.macs` are recomputed. Run `peakmem-certify` last.
  }];
  let options = [
    Option<"algorithm", "algorithm", "std::string", /*default=*/"\"auto\"",
           "auto | exact | lpmf | bfs | dfs | xla-list | xla-dfs | post-order">,
    Option<"maxWork", "max-work", "uint64_t", /*default=*/"100000000",
           "Work of bounds and exact searches per function (shared by its "
           "blocks), in work units">,
    Option<"timeLimitMs", "time-limit-ms", "unsigned", /*default=*/"0",
           "Opt-in wall-clock cap per function, in milliseconds (0: off; "
           "when it fires the output is not reproducible)">,
    Option<"maxStates", "max-states", "unsigned", /*default=*/"2000000",
           "Cap on the states one exact search of a block expands">,
    Option<"maxMemoEntries", "max-memo-entries", "unsigned",
           /*default=*/"1048576",
           "Cap on the ideals one exact search memoises per segment (24 "
           "bytes each, up to twice as many slots); a full memo prunes less">,
    Option<"emitRemarks", "remarks", "bool", /*default=*/"true",
           "Emit a remark per function with the peak before and after">,
  ];
}

def RecomputePass : Pass<"peakmem-recompute"> {
  let summary = "Recompute cheap producers before late users to lower the peak";
  let description = [{
    Plans on the function body from the order it has (in peakmem-optimize,
    the order peakmem-reorder just gave it). The planner reschedules the body
    without recomputation first and keeps that order when nothing pays, so
    the body is not reordered before planning; the nested blocks, which it
    does not plan on, are reordered first as peakmem-reorder does
    (`reorder-max-work`, 0 to leave them). It clones the producers of buffers
    that are kept alive across the peak only for late users: the clone (the
    same ops on the same inputs, so the
    same bits) writes a fresh buffer with its own allocation and free right
    before the late users, and the original buffer dies after its early
    users. Candidates and order are decided together by the core planner
    (docs/Recompute.md); the final order is applied exactly as planned, so
    a certificate computed afterwards describes the final IR.

    A producer is recomputable when every op writing the buffer writes only
    that buffer, has no unknown effect, allocates and frees nothing, has no
    results, and reaches the buffer only through pure view-like ops. When the
    producer's inputs are dead at the late users, the recomputation can
    include a chain: the producers of those inputs are cloned too, back to
    inputs that are live there anyway (a network's stem, recomputed from the
    function argument).

    Budgets: each op is recomputed at most `max-recompute-per-op` times, the
    extra multiply-accumulates (of contractions and convolutions) stay within
    `max-mac-overhead` of the function's total, and the extra element
    operations (every point of every structured op, elementwise ones
    included) within `max-op-overhead` of theirs (both as defined in
    docs/Model.md). When nothing helps
    (for example when the peak is one op's own inputs and outputs), the IR is
    left as the planner's reordering made it and a remark says why.

    Work budgets, in work units (docs/Scheduling.md), are per function and
    per phase: the nested blocks share one `reorder-max-work`, the planning
    (every rescheduling included) has `plan-max-work`. The output depends on
    them, never on time: the planner is a fixed sequence of steps the budget
    only cuts short, so a larger `plan-max-work` never gives a higher peak
    (docs/Recompute.md). `time-limit-ms` (0: off) is an opt-in wall-clock cap
    per function; when it fires a warning says the output is not
    reproducible.

    Like peakmem-reorder, a change drops the certificate records and
    `peakmem.predicted_peak`, and recomputes `peakmem.peak` and (when
    present) `peakmem.macs` and `peakmem.ops` of the final IR.
  }];
  let options = [
    Option<"maxRecomputePerOp", "max-recompute-per-op", "unsigned",
           /*default=*/"2", "Extra executions allowed per op">,
    Option<"maxMacOverhead", "max-mac-overhead", "double",
           /*default=*/"0.004",
           "Extra MACs allowed, as a fraction of the function's MACs">,
    Option<"maxOpOverhead", "max-op-overhead", "double",
           /*default=*/"0.01",
           "Extra element operations allowed, as a fraction of the "
           "function's operations">,
    Option<"reorderMaxWork", "reorder-max-work", "uint64_t",
           /*default=*/"100000000",
           "Work per function of reordering the nested blocks before "
           "planning, in work units (0: leave them as they are)">,
    Option<"planMaxWork", "plan-max-work", "uint64_t",
           /*default=*/"100000000",
           "Work per function of the recompute planning, in work units">,
    Option<"timeLimitMs", "time-limit-ms", "unsigned", /*default=*/"0",
           "Opt-in wall-clock cap per function, in milliseconds (0: off; "
           "when it fires the output is not reproducible)">,
    Option<"emitRemarks", "remarks", "bool", /*default=*/"true",
           "Emit a remark per function with peaks and extra MACs, and one at "
           "each recomputed buffer">,
  ];
}

def CertifyPass : Pass<"peakmem-certify"> {
  let summary = "Attach the peak, a lower bound and a checkable certificate";
  let description = [{
    Computes lower bounds on the peak of every legal order of each block
    (boundary, local, forced-live, reverse and forward closure min-cut "trap"
    bounds, pairwise either/or bounds around the peak steps, and multiway
    bounds: one of a set of statements runs last, or first) and records, on
    the function, for its body:

      peakmem.peak        = <bytes of the current order> : i64
      peakmem.lower_bound = <bytes no legal order can go below> : i64
      peakmem.optimal     = true iff peak == lower_bound
      peakmem.certificate = {kind = "<bound kind>", witness = <statement>,
                             conditioned_on = <statement or -1>,
                             flow = array<i64: from, to, amount, ...>,
                             flow2 = array<i64: ...>}
                            (a multiway record also has form = "last" or
                             "first", members = array<i64: ...> and flows,
                             one flow per member: docs/Certificates.md)

    When the best bound leaves a gap, the block is enumerated instead: the
    executed sets that steps below the current peak reach (on the contracted
    problem, with memory-free statements dropped and covered ones merged
    into a neighbour). If no order gets below the peak this way, within
    2^20 enumerated sets and 20,000,000 work units, the record is of kind
    `exhaustive`: lower bound = peak, `witness` = the number of sets
    enumerated. Such a record is kept only when checking it fits the default
    budget of `peakmem-verify-certificate`, so that every record this pass
    writes can be verified.

    `max-work` is the work of the whole function (every block's bound and
    enumeration), in work units: each block's bound gets at most 40,000,000
    units and its enumeration at most 20,000,000 of what is left, so a
    function of many blocks with gaps costs at most `max-work`, and the
    records depend on it, never on time. When it runs out, the blocks left
    get the cheap bounds only (still a valid record). `time-limit-ms` (0:
    off) is an opt-in wall-clock cap per function; when it fires a warning
    says the records are not reproducible.

    Blocks nested in an op (loop bodies...) that allocate buffers get the
    same record in `peakmem.nested`, an array with one dictionary per block
    of the op, on that op. docs/Certificates.md gives the network and how to
    check a certificate by hand; `peakmem-verify-certificate` checks them.

    The records describe the IR as certified: a later peakmem pass that
    changes the function drops them (docs/Certificates.md), so certify last.
  }];
  let options = [
    Option<"maxWork", "max-work", "uint64_t", /*default=*/"200000000",
           "Work of the bounds and enumerations per function (shared by its "
           "blocks), in work units">,
    Option<"timeLimitMs", "time-limit-ms", "unsigned", /*default=*/"0",
           "Opt-in wall-clock cap per function, in milliseconds (0: off; "
           "when it fires the records are not reproducible)">,
    Option<"emitRemarks", "remarks", "bool", /*default=*/"true",
           "Emit a remark per function with the peak, bound and gap">,
  ];
}

def VerifyCertificatePass : Pass<"peakmem-verify-certificate"> {
  let summary = "Re-check peakmem certificates against the IR as it stands";
  let description = [{
    Rebuilds the memory model from the IR, re-simulates the current order and
    checks every recorded number and the certificate's flow (arcs exist with
    enough capacity, conservation, value) without running any solver; an
    `exhaustive` record is checked by enumerating again (the same count of
    executed sets, none reaching the end below the claim), not by the exact
    search. Any
    mismatch (an edited number, a moved op, a resized buffer, a malformed
    attribute) is an error at the function. Functions without peakmem
    attributes are skipped.

    The verifier's work is bounded per function, never by time: `max-work`
    work units for all its records. Identical records of one block are
    checked once. A flow record costs time linear in the block and the flow;
    an `exhaustive` record costs work proportional to the number of sets it
    records (the enumeration stops one set past the claim), which is known
    before checking: a record whose check would not fit in what is left is
    not checked. A record not checked is never accepted: it is an error
    ("not checked within max-work") unless `allow-unchecked` is set, which
    turns it into a warning (the pass then succeeds, the claim stays
    unverified). Memory stays proportional to the block and the record (at
    most 64 MiB of enumerated sets).
  }];
  let options = [
    Option<"maxWork", "max-work", "uint64_t", /*default=*/"1000000000",
           "Work of every check of one function, in work units">,
    Option<"allowUnchecked", "allow-unchecked", "bool", /*default=*/"false",
           "Warn instead of failing on a record that does not fit in "
           "max-work (it is not checked)">,
  ];
}

def ReorderTensorsPass : Pass<"peakmem-reorder-tensors"> {
  let summary = "Reorder linalg-on-tensors IR by a tensor-level memory model";
  let description = [{
    The regeneration route (docs/Regeneration.md): orders the ops of a
    function body in tensor IR, before bufferization, with the same core
    scheduler as `peakmem-reorder`, from a tensor-level model:

    - every tensor result is a buffer of its static size (elements x element
      bytes, plus `padding` bytes, the alignment one-shot-bufferize gives its
      allocations by default), live from its op through its last SSA user;
      tensors reaching the terminator (returned) live to the end;
    - constants and `tensor.empty` are 0 bytes (globals; an empty tensor has
      no contents: its allocation is counted at the op that writes it);
    - views (a pure op without regions whose single tensor operand has the
      element type and at least the elements of each tensor result: reshapes,
      casts, slices) alias their operand's buffer;
    - with `in-place=true`, the result of a destination-style op (linalg,
      insert_slice) reuses its init's buffer when every value of that buffer
      has a single use, as one-shot-bufferize would write it in place; by
      default every result is a new buffer, live together with its init;
    - edges are SSA def-use only (value semantics); an op with memory effects
      (itself or nested) is a barrier and keeps its place; function arguments
      are the caller's memory.

    Ops holding no buffer (constants, `tensor.empty`, scalar ops) are placed
    right before their first user in the new order, so that bufferization
    allocates where the data is produced. The order changes only when the
    model's peak strictly improves. Sets `peakmem.predicted_peak = <bytes> :
    i64`, the tensor model's peak of the final order: a prediction, not a
    measurement, since bufferization later decides in-place reuse, copies and
    allocation placement itself. Functions with several blocks, dynamic
    shapes, memref values or shaped values produced inside regions get a
    remark and are left unchanged, as do functions whose tensor sizes (with
    padding) do not fit the model's byte counts (below 2^62). A change drops
    the peakmem attributes about the old order (as peakmem-reorder does).
  }];
  let options = [
    Option<"algorithm", "algorithm", "std::string", /*default=*/"\"auto\"",
           "auto | exact | lpmf | bfs | dfs | xla-list | xla-dfs | post-order">,
    Option<"maxWork", "max-work", "uint64_t", /*default=*/"100000000",
           "Work of the bound and exact search per function, in work units">,
    Option<"timeLimitMs", "time-limit-ms", "unsigned", /*default=*/"0",
           "Opt-in wall-clock cap per function, in milliseconds (0: off; "
           "when it fires the output is not reproducible)">,
    Option<"padding", "padding", "int64_t", /*default=*/"64",
           "Bytes added to every buffer (the allocation alignment), in "
           "[0, 2^32]">,
    Option<"inPlace", "in-place", "bool", /*default=*/"false",
           "Destination-style results reuse a single-use init's buffer">,
    Option<"emitRemarks", "remarks", "bool", /*default=*/"true",
           "Emit a remark with the modeled peak before and after">,
  ];
}

def PlanArenaPass : Pass<"peakmem-plan-arena"> {
  let summary = "Place every non-escaping static heap buffer in one arena";
  let description = [{
    Static memory planning (docs/Arena.md): in each function body, every
    statically shaped heap `memref.alloc` whose buffer is freed in its block
    becomes a `memref.view` into one arena at a static byte offset, and its
    `memref.dealloc` is erased. A slot is free from its buffer's last use:
    the deallocs of the placed buffers first move right after their last use
    (through any alias), then lifetimes are the memory model's for the
    current order (nested blocks modeled as their statement), so a program
    with every free at the end gets the arena it would get after upstream
    `--optimize-allocation-liveness`. Offsets come from the core planner
    (`planArena`), which starts from the best published baseline and stops
    at the bound.

    Buffers allocated in nested blocks (bodies of scf.for, scf.if,
    scf.while, scf.execute_region, scf.index_switch, affine.for, affine.if,
    memref.alloca_scope: regions that run one at a time) are placed too; each
    counts at the step of its statement in the entry block and, inside it,
    over its own sub-step life (the pre-order positions of the nested ops,
    a loop body once), so nested buffers of one statement with disjoint
    lives share bytes (docs/Arena.md, "Nested blocks"); one used by
    asynchronous work or below a region that is not sequential keeps the
    whole step. Buffers in other region ops (scf.parallel, scf.forall...
    whose bodies may run concurrently) stay plain allocations, with a
    remark.

    Each buffer occupies its bytes rounded up to its alignment: the alloc's
    `alignment` attribute, at least its element size rounded to a power of
    two, at least `alignment=`. `memref.view` needs an identity layout, the
    default memory space and whole-byte integer, float or index elements;
    other buffers, escaping buffers, buffers freed by another op than
    `memref.dealloc`, buffers whose aliases flow into terminators or
    non-view results, buffers whose address may outlive their visible
    uses (an alias passed to a call, stored to memory, or used inside an
    `async.*` region: once the dealloc is gone the IR would no longer show
    their lifetime), buffers with an alias that may touch bytes outside
    them (a `memref.reinterpret_cast` to another offset, a dynamic one: a
    slot must hold every byte its aliases reach) and buffers aligned above
    2^32 stay as they are, with one remark each. Functions the
    memory model cannot describe (dynamic shapes among them) are left alone
    with a remark. An entry-block allocation left out with a static shape
    (a result among them) moves down right before the first statement that
    uses it. Ops are otherwise untouched: outputs stay bitwise identical.

    `arena=alloc` (default): one `memref.alloc() {alignment = A} :
    memref<Nxi8>` at the start of the body (A: the largest buffer
    alignment), freed right before the terminator; the counting allocator
    measures N + A for it. `arena=argument`: a trailing `memref<Nxi8>`
    argument (argument attribute `peakmem.arena`) the caller provides; only
    for functions that no symbol use anywhere under the outermost op names
    (calls, `gpu.launch_func @kernels::@k`, `func.constant`, attributes, in
    any nested symbol table), else refused with a remark. Below the
    outermost op with multithreading on, the rest of the IR cannot be read
    safely: refused when functions exist outside the pass's root.
    With `arena=argument` the results are in the arena too: an entry-block
    allocation the function returns, itself or through view-like ops
    (reshape, collapse/expand_shape, subview, cast, chains of them),
    becomes a view of the arena, created at its producer and live to the
    end of the function, and the function returns the same view chain of
    it, so the arena is the whole activation memory; the offset of that
    slot is recorded in `peakmem.result_offsets` (one i64 per result, -1
    outside) and the bound counts it. `peakmem.result_placement = {inside,
    inside_bytes, outside, outside_bytes}` (functions that return memrefs)
    and the remark say which results are inside and outside, with their
    bytes; with `arena=alloc` results stay outside, allocated at their
    first use.
    `inputs-in-arena` (only with `arena=argument` and `materialize`): each
    memref argument that is static with an identity layout, only read
    (no write or free through any alias) and whose uses show its lifetime
    (not returned, passed to a call, stored or captured) lives in the arena:
    its uses read a view of the arena (`peakmem.input = i`, i its argument
    number) and the argument is dropped, so the caller writes the input at
    its offset before the call instead of passing it (a kept argument would
    invite a caller to pass a buffer and skip the write);
    `peakmem.input_offsets` records one i64 per argument as written (-1: an
    argument the function still takes). Its slot is live from the entry to
    its last use, and reused after it. Other arguments stay arguments, with
    a remark each. The certified bound counts an input from its first use
    in the best order (a relaxation of "from the entry": still a lower
    bound); the plan and the verifier hold it from the entry.
    `alignment=` is at most 2^32; a function whose sizes rounded to their
    alignments exceed 2^62 - 1 bytes is left unchanged with a remark.

    On the function: `peakmem.arena_size = N`, `peakmem.arena_alignment =
    A`, `peakmem.arena_lower_bound` (a bound on the arena over every legal
    order of the entry block and every placement, in arena units, for this
    lifetime model: Bounds.h on the rounded problem, nested buffers held for
    their statement), `peakmem.arena_certificate` (its certificate, in the
    record format of `peakmem.certificate`, on the problem
    `peakmem-verify-arena` rebuilds from the views; constants and other
    weightless sources are not part of it, so `cse` after planning keeps it
    valid), `peakmem.arena_optimal` (size == bound); every view carries
    `peakmem.align`. A remark per function gives the arena, the
    bound, optimal or the gap, the live bound of this order, the planner's
    stop reason and the best baseline. `peakmem-verify-arena` checks it all.

    `order-search` (default on): while the plan of the current order is
    above the bound, the order of the entry block is searched with the
    placement (docs/Arena.md): legal orders whose live bound is at most the
    current order's, each planned; the order of the smallest arena is
    applied. With `max-live-increase=N` the search may also take an order
    whose live bound is up to N bytes higher when its arena is smaller than
    every order found within the current live bound. A small block (at most
    24 statements and 10,000 legal orders) has every legal order planned
    exactly instead: `exhaustive_optimum` is then the smallest arena over
    every order and placement, which proves the bound unreachable when it is
    above it. `peakmem.arena_stats` records `order` ("kept", "reordered" or
    "traded") and the live bounds before and after, and the remark says so.
    Reordering moves ops only: outputs stay bitwise identical.

    `allocator=caching` sizes the arena's request for PyTorch's CUDA
    caching allocator (docs/CachingAllocator.md), whose segment classes are
    not monotone in the request (1-10 MiB: a 20 MiB segment; 10 MiB: 10
    MiB): the planned size, 1 MiB + 1 B and 10 MiB are replayed with every
    other request of the call (the allocations left outside the arena,
    escaping outputs included, in program order) through the allocator's
    model, and the one that reserves least is taken, the planned size on a
    tie. The arena is then `memref<R x i8>` with `R >= N`, recorded as
    `peakmem.arena_request = R` with `peakmem.arena_request_rule`; the json
    record gives both sizes and both reserved peaks. When a request cannot
    be replayed (allocations outside the arena in a nested block, of an
    unknown size, or other allocating ops) the planned size is kept and the
    rule says why. `allocator=malloc` (default) requests the planned size.
  }];
  let options = [
    Option<"arena", "arena", "std::string", /*default=*/"\"alloc\"",
           "alloc | argument: where the arena comes from">,
    Option<"allocator", "allocator", "std::string", /*default=*/"\"malloc\"",
           "malloc | caching: the allocator the arena's request is sized "
           "for (caching: the size that reserves least under PyTorch's CUDA "
           "caching allocator)">,
    Option<"alignment", "alignment", "int64_t", /*default=*/"1",
           "Floor of every buffer's alignment (a power of two)">,
    Option<"budgetMs", "budget-ms", "unsigned", /*default=*/"0",
           "Opt-in wall-clock cap of the placement and order search per "
           "function, in milliseconds (0: off; the searches stop on their "
           "work limits, so the plan is reproducible)">,
    Option<"maxWork", "max-work", "uint64_t", /*default=*/"0",
           "Work units the placement and order search of one function may "
           "spend in all (0: each search stage's own limits only)">,
    Option<"jsonPath", "json", "std::string", /*default=*/"",
           "Write each function's plan (every placed buffer's offset, bytes "
           "and lifetime) to this file, for plots: one record per function "
           "keyed and sorted by symbol path (@inner::@f)">,
    Option<"emitRemarks", "remarks", "bool", /*default=*/"true",
           "Emit a remark per function with the arena, bound and baselines">,
    Option<"orderSearch", "order-search", "bool", /*default=*/"true",
           "While the arena is above the bound, also search the order of "
           "the entry block (never a larger live peak unless "
           "max-live-increase allows it)">,
    Option<"maxLiveIncrease", "max-live-increase", "int64_t",
           /*default=*/"0",
           "Live-peak bytes the order search may add for a smaller arena">,
    Option<"materialize", "materialize", "bool", /*default=*/"true",
           "Turn the plan into views of the arena; false: only record it "
           "(peakmem.arena_offset on each placed alloc) for "
           "peakmem-materialize-arena">,
    Option<"inputsInArena", "inputs-in-arena", "bool", /*default=*/"false",
           "With arena=argument: the memref inputs live in the arena too, "
           "at recorded offsets (peakmem.input_offsets) the caller writes "
           "them to; their arguments are dropped">,
  ];
  let dependentDialects = ["mlir::arith::ArithDialect",
                           "mlir::memref::MemRefDialect"];
}

def MaterializeArenaPass : Pass<"peakmem-materialize-arena"> {
  let summary = "Turn a recorded arena plan into views of one arena";
  let description = [{
    The second step of arena planning (docs/Arena.md), the first being
    `peakmem-plan-arena{materialize=false}`; `peakmem-plan-arena` runs both.
    A recorded plan is data in the IR, which a test or another tool can
    write by hand: `peakmem.arena_offset = N : i64` on each placed
    `memref.alloc` (optionally `peakmem.align`), `peakmem.arena_size` and
    `peakmem.arena_alignment` on the function; the bound attributes and
    certificate, if present, are kept for `peakmem-verify-arena`.

    The plan is checked first by the rules of `peakmem-verify-arena`
    (alignment, inside the arena, every alias inside its slot, lifetimes
    visible, no two slots live at the same time on a byte): a wrong or
    malformed plan is an error and the function stays as it was. Then the
    arena is created (`arena=alloc`: an entry-block `memref.alloc` freed
    before the terminator; `arena=argument`: a trailing argument marked
    `peakmem.arena`, only for functions nothing references, as for
    `peakmem-plan-arena`), every placed alloc becomes a `memref.view` of it
    at its offset, and its deallocs are erased. Other ops are untouched.
    A result may be a slot only with `arena=argument`; its offset is
    recorded in `peakmem.result_offsets`.
    The arena has `peakmem.arena_request` bytes when the plan records it (at
    least `peakmem.arena_size`); `allocator=caching` chooses and records one
    first when it does not, as `peakmem-plan-arena{allocator=caching}` does.
  }];
  let options = [
    Option<"arena", "arena", "std::string", /*default=*/"\"alloc\"",
           "alloc | argument: where the arena comes from">,
    Option<"allocator", "allocator", "std::string", /*default=*/"\"malloc\"",
           "malloc | caching: the allocator the arena's request is sized "
           "for, when the plan records no peakmem.arena_request">,
    Option<"emitRemarks", "remarks", "bool", /*default=*/"true",
           "Emit a remark per materialized function">,
  ];
  let dependentDialects = ["mlir::arith::ArithDialect",
                           "mlir::memref::MemRefDialect"];
}

def VerifyArenaPass : Pass<"peakmem-verify-arena"> {
  let summary = "Re-check a static arena plan against the IR as it stands";
  let description = [{
    Independent of the planner (which it never calls). For a function with
    `peakmem.arena_size`, it finds the arena (the entry-block `memref.alloc`
    or argument marked `peakmem.arena`) and rebuilds every view's lifetime
    from the IR: from the view to the last use of it or of any view-like
    alias in its block, a use nested in an op counting for that op's whole
    step; a view in a nested block is live for the step of its statement
    in the entry block, and two nested views of one statement whose
    sub-step lives (re-derived from the IR) are disjoint may share bytes.
    It rejects, with an error at the offending
    op: two views live together whose byte ranges (offset + bytes rounded to
    the view's alignment) intersect; a view outside the arena; an offset
    that is dynamic or not a multiple of the view's alignment; an alignment
    above the arena's; an arena whose type or alignment disagrees with the
    recorded attributes; an input view (`peakmem.input`) outside the entry
    block, in an allocated arena, written through any alias, or whose
    offset `peakmem.input_offsets` does not record (an input view is live
    from the entry); a returned view (itself or through view-like ops)
    unless the arena is an argument, or whose offset
    `peakmem.result_offsets` does not record (a returned view is live to
    the end of the function);
    recorded attributes; an arena used other than by views and its dealloc;
    a view whose alias escapes (terminator, non-view result, address taken);
    a view with an alias that may touch bytes outside it (the bytes of
    every alias are bounded through static offsets, sizes and strides of
    views, subviews and casts; a dynamic reinterpret_cast or an unknown
    view-like op cannot be bounded). Lifetimes are those of uses, not of
    SSA values: a view that upstream `cse` merged with another of the same
    offset and type is live in segments, a new one starting where a use
    overwrites it whole without reading it (a linalg op whose payload does
    not read that init, a memref.copy into it) after a step without use.
    The bound is never solved again: the function is cloned with every
    segment of every view turned back into an allocation freed after its
    last use, the memory model is rebuilt on the clone (weightless sources
    such as the offsets' constants dropped), and the recorded
    `peakmem.arena_certificate` is checked on that problem by
    `checkCertificate`, the checker of `peakmem-verify-certificate` (no
    solver, no clock), within `max-work` work units per function (the
    planner keeps only certificates that fit the default). `peakmem.arena_lower_bound` must be the bound the
    certificate proves (a bound of 0 needs none), must not exceed the arena,
    and `peakmem.arena_optimal` must equal (size == bound). The arena is a
    `memref<N x i8>` of `N = peakmem.arena_request` when recorded (which
    must be at least `peakmem.arena_size`, with a string
    `peakmem.arena_request_rule`), else `N = peakmem.arena_size`.
  }];  let options = [
    Option<"maxWork", "max-work", "uint64_t", /*default=*/"1000000000",
           "Work units the check of the bound's certificate may take per "
           "function; a certificate that does not fit is an error (not "
           "checked)">,
  ];
}

def SplitPass : Pass<"peakmem-split", "::mlir::ModuleOp"> {
  let summary = "Compute the memory-heavy stage of a tensor program tile by "
                "tile (patch-based execution), bit-identical";
  let description = [{
    Below the single-layer wall (docs/Split.md): when one layer's inputs and
    outputs set the peak, no order, recompute or arena can go lower; running
    a stage of consecutive ops around that layer tile by tile, so that only
    a tile of each of its intermediate tensors exists at a time, can. Works
    on linalg on tensors before bufferization (static shapes, one block per
    function), on every function of the module it is scheduled on (a module
    pass: candidates are measured by bufferizing a copy of the module).

    A stage is an output op (a linalg op at or after the tensor model's peak
    step) and its ancestors after a start point, shrunk so that every
    member's result is used only by members; members are linalg structured
    ops, `tensor.pad`, `tensor.extract_slice`, `tensor.collapse_shape` and
    `tensor.expand_shape`. The output is cut into a grid of tiles along its
    dimensions 1 and 2 (H and W of NHWC); per tile each member computes the
    hull of what its users in the tile read (the halo), with static shapes,
    and the tile is written into one destination tensor. No loop is
    generated. The bits are preserved by construction: linalg members are
    tiled with their TilingInterface along parallel loops only (a tile that
    would cut a reduction loop is refused), so every output point runs the
    same payload over the same values in the same order; pads are rebuilt
    per tile with the padding the tile has at the borders; ops whose payload
    has memory effects and pads with position-dependent padding values are
    refused (docs/Safety.md).

    The choice: candidates (stage output, start, grid) are enumerated,
    built on copies of the function and ranked by the tensor model's peak
    (in-place, docs/Regeneration.md); the best `max-evaluations` within the
    budgets are then measured exactly: a copy of the module is bufferized by
    the `bufferize` pipeline and optimized by `peakmem-optimize` (reorder,
    and recompute within what the split left of the budgets, with
    `reorder-max-work` and `plan-max-work`), and its `peakmem.peak` read. The split with the lowest measured peak is applied
    if it is strictly below the unsplit program's, measured the same way;
    otherwise the IR is left unchanged and a remark says why. Then the next
    stage, around the peak the split left, the same way, up to
    `max-stages` stages. Budgets: the
    split program's MACs and element operations (OpCost, counted on the
    bufferized program, halo recompute included) may exceed the unsplit
    program's by at most `max-mac-overhead` and `max-op-overhead`;
    recompute then gets what is left. The enumeration stops after
    `max-candidates` built candidates; nothing depends on time.

    Every function gets the record `peakmem.split` (docs/Passes.md,
    "Records"): when split, `peak_before` and `peak_after` (bytes, as
    measured), `tiles` ("RxC" per stage, comma-separated), `stages`,
    `stage_ops` (members of all stages, the outputs included),
    `macs_before`, `macs_after`, `ops_before`, `ops_after` (of the measured
    programs, recompute included) and `recompute_mac_budget` /
    `recompute_op_budget`, the budgets peakmem-optimize must be given after
    bufferization to reach `peak_after` (decimal strings); otherwise
    `reason`, with the measured `peak_before` (= `peak_after`) when the
    unsplit program was measured. A remark per function gives the same
    figures, or the reason.
  }];
  let options = [
    Option<"maxMacOverhead", "max-mac-overhead", "double", /*default=*/"0.1",
           "Extra MACs allowed (halo recompute and recompute), as a fraction "
           "of the unsplit program's, in [0, 1]">,
    Option<"maxOpOverhead", "max-op-overhead", "double", /*default=*/"0.1",
           "Extra element operations allowed, as a fraction of the unsplit "
           "program's, in [0, 1]">,
    Option<"tiles", "tiles", "std::string", /*default=*/"\"\"",
           "Only this grid, RxC tiles along dims 1 and 2 of the stage "
           "output (e.g. 4x4, 8x1); empty: search the default grids">,
    Option<"maxCandidates", "max-candidates", "unsigned", /*default=*/"256",
           "Candidate splits built and rated by the tensor model, at most "
           "(per function)">,
    Option<"maxStages", "max-stages", "unsigned", /*default=*/"2",
           "Stages split one after the other per function, at most (each "
           "around the peak the previous one left, within what is left of "
           "the budgets)">,
    Option<"maxEvaluations", "max-evaluations", "unsigned", /*default=*/"4",
           "Best-rated candidates measured after bufferization, at most (per "
           "function)">,
    Option<"bufferize", "bufferize", "std::string",
           /*default=*/"\"one-shot-bufferize{bufferize-function-boundaries "
           "function-boundary-type-conversion=identity-layout-map},"
           "buffer-deallocation-pipeline,convert-bufferization-to-memref,"
           "canonicalize\"",
           "The bufferization pipeline candidates are measured after (on "
           "builtin.module; the importer's by default)">,
    Option<"reorderMaxWork", "reorder-max-work", "uint64_t",
           /*default=*/"100000000",
           "Work per function of the measurements' peakmem-optimize "
           "reordering (its reorder-max-work), in work units">,
    Option<"planMaxWork", "plan-max-work", "uint64_t",
           /*default=*/"100000000",
           "Work per function of the measurements' recompute planning "
           "(peakmem-optimize's plan-max-work), in work units">,
    Option<"emitRemarks", "remarks", "bool", /*default=*/"true",
           "Emit a remark per function with the peak before and after">,
  ];
}

def InPlacePass : Pass<"peakmem-inplace"> {
  let summary = "Write elementwise outputs over inputs that die there";
  let description = [{
    In the order as written, rewrites a structured op (a `LinalgOp` on
    buffers) to write its output over one of its inputs when that is
    provably safe and bit-preserving (docs/InPlace.md), as edge runtimes do
    for elementwise kernels (TFLite's `kTfLiteInplaceOpInput0Shared`,
    ExecuTorch, TVM's `call_tir_inplace`): the op has one output and only
    parallel iterators; its payload has no memory effects and does not read
    the output's element; the input and the output have the same memref
    type (static shape, element type, layout, memory space) and the same
    indexing map, a permutation; the output is a plain allocation of the
    block that no statement uses before the op and that a plain free
    releases in the block; the input is a plain allocation of the same
    block, allocated alike (same allocator and alignment), that the memory
    model shows no later statement uses through any alias except its free,
    whose address does not escape, and that no other operand of the op may
    alias. Then every use of the output becomes a use of the input, the
    output's allocation and the input's free are erased (the merged buffer
    is freed where the output was), and the op gets
    `peakmem.inplace = <input position> : i64`. Pairs are found on the
    memory model of the program and applied in rounds until none is left
    (a chain of elementwise ops shares one buffer).

    The function gets `peakmem.inplace_record = {pairs, bytes, peak_before,
    peak_after}` and its attributes are refreshed (stale certificates
    dropped). Every later pass (reorder, certify, plan-arena) sees the
    program with these pairs: a bound certified afterwards is over every
    order of that program, not of the program before. With `remarks`, each
    pair and each structured op left alone (with the reason) get a remark.
  }];
  let options = [
    Option<"emitRemarks", "remarks", "bool", /*default=*/"true",
           "Emit a remark for every structured op: in place, or why not">,
  ];
}

def VerifyInPlacePass : Pass<"peakmem-verify-inplace"> {
  let summary = "Re-derive every in-place pair from the IR as it stands";
  let description = [{
    For every op marked `peakmem.inplace = N`, checks from the IR alone the
    rules peakmem-inplace applied (docs/InPlace.md): a structured op on
    buffers with one output and only parallel iterators, a payload without
    memory effects that does not read the output's element, input N and the
    output the same value, a plain allocation of the function (not an
    argument or a view), of a statically shaped memref type, with the same
    indexing map, a permutation, and no other operand that may alias it. A
    claim that does not hold is an error at the op.
  }];
}

#endif // PEAKMEM_TRANSFORMS_PASSES
