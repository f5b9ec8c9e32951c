#!/usr/bin/env python3
"""The hostile input of test/Transforms/verify-certificate-budget.mlir
(issue #22 item 7): certificate records that would make a verifier
re-enumerate without end, duplicated records, and many nested blocks.

Usage: hostile-certificates.py gen [STATEMENTS] [IFS]   > program.mlir
       hostile-certificates.py forge < certified.mlir    > forged.mlir

`gen` writes three functions: @big, one block of 3 x STATEMENTS/3 small
fills (each of its own buffer, all independent) next to one large buffer,
so that almost every set of the small fills stays below the peak (an
enumeration below the peak never ends); @dup, one `scf.if` block with a gap
between its bound and its optimum (peakmem-certify records it as
`exhaustive`); @many, IFS such blocks. `forge` takes the output of
peakmem-certify and (1) replaces @big's record by an `exhaustive` claim of
2^20 enumerated sets, (2) repeats @dup's nested record 100 times, and (3)
gives @fit (a copy of @big) an `exhaustive` claim small enough for the
verifier's budget (it is then checked, and refuted, one set past the claim).
"""
import random
import re
import sys

SIZES = [64, 128, 256, 512, 1024]


def gen_if_block(w, rng, tag, producers=6, consumers=8):
    w("  scf.if %c {")
    bufs = []
    for p in range(producers):
        size = rng.choice(SIZES)
        w(f"    %p{tag}_{p} = memref.alloc() : memref<{size}xf32>")
        w(f"    linalg.fill ins(%x : f32) outs(%p{tag}_{p} : memref<{size}xf32>)")
        bufs.append((f"%p{tag}_{p}", size))
    smalls = []
    view = "memref<16xf32, strided<[1]>>"
    for k in range(consumers):
        (n1, s1), (n2, s2) = rng.sample(bufs, 2)
        w(f"    %u{tag}_{k} = memref.subview {n1}[0] [16] [1] : memref<{s1}xf32> to {view}")
        w(f"    %v{tag}_{k} = memref.subview {n2}[0] [16] [1] : memref<{s2}xf32> to {view}")
        w(f"    %q{tag}_{k} = memref.alloc() : memref<16xf32>")
        w(f"    linalg.add ins(%u{tag}_{k}, %v{tag}_{k} : {view}, {view}) outs(%q{tag}_{k} : memref<16xf32>)")
        smalls.append(f"%q{tag}_{k}")
    for name, size in bufs:
        w(f"    memref.dealloc {name} : memref<{size}xf32>")
    for name in smalls:
        w(f"    memref.dealloc {name} : memref<16xf32>")
    w("  }")


def gen_big(w, name, statements):
    w(f"func.func @{name}(%x: f32) {{")
    w("  %large = memref.alloc() : memref<65536xf32>")
    w("  linalg.fill ins(%x : f32) outs(%large : memref<65536xf32>)")
    w("  memref.dealloc %large : memref<65536xf32>")
    for i in range(statements // 3):
        w(f"  %a{i} = memref.alloc() : memref<4xf32>")
        w(f"  linalg.fill ins(%x : f32) outs(%a{i} : memref<4xf32>)")
        w(f"  memref.dealloc %a{i} : memref<4xf32>")
    w("  return")
    w("}")


def gen(statements: int, ifs: int) -> None:
    w = print
    gen_big(w, "big", statements)
    gen_big(w, "fit", statements)
    rng = random.Random(2)
    for name, blocks in (("dup", 1), ("many", ifs)):
        w(f"func.func @{name}(%c: i1, %in: memref<16xf32>) {{")
        w("  %c0 = arith.constant 0 : index")
        w("  %x = memref.load %in[%c0] : memref<16xf32>")
        for b in range(blocks):
            gen_if_block(w, rng, f"{name}{b}")
        w("  return")
        w("}")


def claim(attrs: str, witness: int) -> str:
    """An exhaustive record: lower bound = peak, `witness` sets enumerated."""
    cert = ("{conditioned_on = -1 : i64, flow = array<i64>, flow2 = array<i64>, "
            f'kind = "exhaustive", witness = {witness} : i64}}')
    attrs = re.sub(r"peakmem\.certificate = \{[^{}]*\}", "peakmem.certificate = " + cert, attrs)
    peak = re.search(r"peakmem\.peak = (\d+)", attrs).group(1)
    attrs = re.sub(r"peakmem\.lower_bound = \d+", f"peakmem.lower_bound = {peak}", attrs)
    return re.sub(r"peakmem\.optimal = (true|false)", "peakmem.optimal = true", attrs)


def forge() -> None:
    out, function = [], None
    for line in sys.stdin.read().splitlines():
        m = re.match(r"\s*func\.func @(\w+)\(", line)
        if m:
            function = m.group(1)
            if function == "big":
                line = claim(line, 1 << 20)
            elif function == "fit":
                line = claim(line, 150)
        nested = re.search(r"peakmem\.nested = \[(\{.*\})\]", line)
        if nested and function == "dup":
            line = line.replace(nested.group(0), "peakmem.nested = [" +
                                ", ".join([nested.group(1)] * 100) + "]")
        out.append(line)
    print("\n".join(out))


if __name__ == "__main__":
    if sys.argv[1:2] == ["gen"]:
        nums = [int(a) for a in sys.argv[2:]]
        statements, ifs = (nums + [6000, 100][len(nums):])[:2]
        gen(statements, ifs)
    elif sys.argv[1:2] == ["forge"]:
        forge()
    else:
        sys.exit(__doc__)
