#!/usr/bin/env python3
"""Generates one function with many small `scf.if` blocks (the input of
test/Transforms/budget.mlir and of the budget measurements in
docs/Scheduling.md).

Usage: gen-many-ifs.py [BLOCKS] [PRODUCERS] [CONSUMERS] [SEED] [FUNCTIONS]

Every block fills PRODUCERS buffers of pseudo-random sizes from the
argument, then CONSUMERS small buffers, each from two random producers; all
buffers are freed at the end of the block. Which producers are live together
depends on the order of the consumers (a vertex-separation problem), so the
exact search of a block rarely finishes or meets its lower bound early.
With FUNCTIONS > 1, that many such functions (@many_ifs_0, ...), each with
BLOCKS blocks of its own random sizes (the input of threading.mlir).
"""
import random
import sys


def function(w, name, blocks, producers, consumers, rng) -> None:
    sizes = [64, 128, 256, 512, 1024]
    w(f"func.func @{name}(%c: i1, %in: memref<16xf32>) {{")
    w("  %c0 = arith.constant 0 : index")
    w("  %x = memref.load %in[%c0] : memref<16xf32>")
    for b in range(blocks):
        w("  scf.if %c {")
        bufs = []
        for p in range(producers):
            size = rng.choice(sizes)
            w(f"    %p{b}_{p} = memref.alloc() : memref<{size}xf32>")
            w(f"    linalg.fill ins(%x : f32) outs(%p{b}_{p} : memref<{size}xf32>)")
            bufs.append((f"%p{b}_{p}", size))
        smalls = []
        for k in range(consumers):
            (n1, s1), (n2, s2) = rng.sample(bufs, 2)
            view = "memref<16xf32, strided<[1]>>"
            w(f"    %u{b}_{k} = memref.subview {n1}[0] [16] [1] : memref<{s1}xf32> to {view}")
            w(f"    %v{b}_{k} = memref.subview {n2}[0] [16] [1] : memref<{s2}xf32> to {view}")
            w(f"    %q{b}_{k} = memref.alloc() : memref<16xf32>")
            w(f"    linalg.add ins(%u{b}_{k}, %v{b}_{k} : {view}, {view}) outs(%q{b}_{k} : memref<16xf32>)")
            smalls.append(f"%q{b}_{k}")
        for name_, size in bufs:
            w(f"    memref.dealloc {name_} : memref<{size}xf32>")
        for name_ in smalls:
            w(f"    memref.dealloc {name_} : memref<16xf32>")
        w("  }")
    w("  return")
    w("}")


def main() -> None:
    args = [int(a) for a in sys.argv[1:]]
    blocks, producers, consumers, seed, functions = (
        args + [150, 16, 20, 1, 1][len(args):])[:5]
    rng = random.Random(seed)
    if functions == 1:
        function(print, "many_ifs", blocks, producers, consumers, rng)
        return
    for f in range(functions):
        function(print, f"many_ifs_{f}", blocks, producers, consumers, rng)


if __name__ == "__main__":
    main()
