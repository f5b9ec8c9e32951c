#!/usr/bin/env python3
"""Writes a module where @main passes a buffer down a chain of N functions,
each passing its argument on to the next (the last one writes it): the
hostile input of callRetention's walk (lib/Transforms/SymbolCalls.h), one
call level per function.

Usage: gen-call-chain.py N MODE
  plan    @main allocates the buffer (peakmem-plan-arena places it)
  verify  @main holds a hand-made plan: the buffer is a view of its arena
          (peakmem-verify-arena proves the chain keeps no alias of it)
"""
import sys

# The plan peakmem-plan-arena{arena=argument} records for @main (the chain
# allocates nothing: the same for every N).
PLAN = ("peakmem.arena_alignment = 4 : i64, peakmem.arena_certificate = "
        "{certificate = {conditioned_on = -1 : i64, flow = array<i64>, "
        "flow2 = array<i64>, kind = \"boundary\", witness = 3 : i64}, "
        "lower_bound = 64 : i64, optimal = true, peak = 64 : i64}, "
        "peakmem.arena_lower_bound = 64 : i64, peakmem.arena_optimal = true, "
        "peakmem.arena_size = 64 : i64")


def main() -> int:
    if len(sys.argv) != 3 or sys.argv[2] not in ("plan", "verify"):
        print(__doc__, file=sys.stderr)
        return 2
    n, mode = int(sys.argv[1]), sys.argv[2]
    ty = "memref<16xf32>"
    out = []
    for i in range(n - 1):
        out.append(f"func.func private @f{i}(%a: {ty}) {{\n"
                   f"  func.call @f{i + 1}(%a) : ({ty}) -> ()\n"
                   f"  return\n}}")
    out.append(f"func.func private @f{n - 1}(%a: {ty}) {{\n"
               f"  %c = arith.constant 1.0 : f32\n"
               f"  linalg.fill ins(%c : f32) outs(%a : {ty})\n"
               f"  return\n}}")
    if mode == "plan":
        out.append(f"func.func @main(%x: {ty}) {{\n"
                   f"  %t = memref.alloc() : {ty}\n"
                   f"  func.call @f0(%t) : ({ty}) -> ()\n"
                   f"  linalg.copy ins(%t : {ty}) outs(%x : {ty})\n"
                   f"  memref.dealloc %t : {ty}\n"
                   f"  return\n}}")
    else:
        out.append(
            f"func.func @main(%x: {ty}, %arena: memref<64xi8> "
            f"{{peakmem.arena}}) attributes {{{PLAN}}} {{\n"
            f"  %c0 = arith.constant 0 : index\n"
            f"  %t = memref.view %arena[%c0][] {{peakmem.align = 4 : i64}} : "
            f"memref<64xi8> to {ty}\n"
            f"  func.call @f0(%t) : ({ty}) -> ()\n"
            f"  linalg.copy ins(%t : {ty}) outs(%x : {ty})\n"
            f"  return\n}}")
    print("\n".join(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
