#!/usr/bin/env python3
"""Writes a module where @f<i> calls @f<i+1> twice, DEPTH levels deep (the
last one fills a buffer): 2^DEPTH call paths through DEPTH functions, the
hostile input of the work count of a call (countWork, OpCost.h), which
counts a callee's body at each of its calls. @main allocates a buffer,
passes it to @f0, copies it out and frees it.

Usage: gen-call-tree.py DEPTH
"""
import sys


def main() -> int:
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    depth = int(sys.argv[1])
    ty = "memref<16xf32>"
    out = []
    for i in range(depth):
        out.append(f"func.func private @f{i}(%a: {ty}) {{\n"
                   f"  func.call @f{i + 1}(%a) : ({ty}) -> ()\n"
                   f"  func.call @f{i + 1}(%a) : ({ty}) -> ()\n"
                   f"  return\n}}")
    out.append(f"func.func private @f{depth}(%a: {ty}) {{\n"
               f"  %c = arith.constant 1.0 : f32\n"
               f"  linalg.fill ins(%c : f32) outs(%a : {ty})\n"
               f"  return\n}}")
    out.append(f"func.func @main(%x: {ty}) {{\n"
               f"  %t = memref.alloc() : {ty}\n"
               f"  func.call @f0(%t) : ({ty}) -> ()\n"
               f"  linalg.copy ins(%t : {ty}) outs(%x : {ty})\n"
               f"  memref.dealloc %t : {ty}\n"
               f"  return\n}}")
    print("\n".join(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
