# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The program of a seed: seeds below EXT_BASE as they always were,
extended ones, refused ones (one thing the model must refuse inserted),
new shapes, huge sizes and training steps, each from its own range."""

import random
from typing import List

from .config import (HOSTILE_BASE, HUGE_BASE, LEAKED_BASE, REFUSED_BASE,
                     SHAPES_BASE, TRAIN_BASE)
from .gen_training import TrainingGenerator
from .generator import Generator
from .model import Program
from .render import render


def generate(seed: int) -> Program:
    """The program of a seed: seeds below EXT_BASE as they always were,
    EXT_BASE.. extended, EXT_TINY_BASE.. extended and tiny, REFUSED_BASE..
    an extended program with one thing the model must refuse."""
    if seed >= LEAKED_BASE:
        return generate_leaked(seed)
    if seed >= HOSTILE_BASE:
        return Generator(seed).generate()
    if seed >= TRAIN_BASE:
        return TrainingGenerator(seed).generate()
    if seed >= HUGE_BASE:
        return generate_huge(seed)
    if REFUSED_BASE <= seed < SHAPES_BASE:
        return generate_refused(seed)
    return Generator(seed).generate()


def generate_leaked(seed: int) -> Program:
    """The original program of seed - LEAKED_BASE with the free of one
    entry-block buffer (drawn from the seed) removed: that buffer is never
    freed and not returned (config.LEAKED_BASE)."""
    p = Generator(seed - LEAKED_BASE).generate()
    frees = [k for k, s in enumerate(p.body.stmts) if s.free]
    if frees:
        del p.body.stmts[random.Random(seed).choice(frees)]
    p.seed, p.name = seed, f"fz{seed}"
    p.text = render(p)
    return p


# What the model refuses (docs/Model.md "What is refused"), one per
# REFUSED_BASE seed in turn: lines inserted before a random top-level
# statement of an extended program (or an argument / another function).
REFUSED_KINDS = ("multi-block", "tensor-argument", "tensor-op",
                 "dynamic-alloc", "free-in-region", "leak-in-loop",
                 "call-with-body", "call-returns-memref")


def generate_refused(seed: int) -> Program:
    p = Generator(seed).generate()
    rng = random.Random(seed * 31 + 7)
    kind = REFUSED_KINDS[(seed - REFUSED_BASE) % len(REFUSED_KINDS)]
    top = [s for s in p.body.stmts if s.op != "arith.constant"]
    at = rng.choice(top).sid
    ins: List[str] = []
    extra_args: List[str] = []
    if kind == "multi-block":
        ins = ['    cf.br ^bb1 loc("rbr")', "  ^bb1:"]
    elif kind == "tensor-argument":
        extra_args = ["%targ: tensor<4xf32>"]
    elif kind == "tensor-op":
        ins = ['    %rt = tensor.empty() : tensor<4xf32> loc("rt")']
    elif kind == "dynamic-alloc":
        ins = ["    %rn = arith.constant 4 : index",
               '    %rd = memref.alloc(%rn) : memref<?xf32> loc("rd")',
               "    %rf = arith.constant 1.000000e+00 : f32",
               "    linalg.fill ins(%rf : f32) outs(%rd : memref<?xf32>)",
               "    memref.dealloc %rd : memref<?xf32>"]
    elif kind == "free-in-region":
        ins = ["    %rb = memref.alloc() : memref<4xf32>",
               "    %rc = arith.constant true",
               "    scf.if %rc {",
               '      memref.dealloc %rb : memref<4xf32> loc("rf")',
               "    }"]
    elif kind == "leak-in-loop":
        ins = ["    %r0 = arith.constant 0 : index",
               "    %r1 = arith.constant 1 : index",
               "    %r2 = arith.constant 2 : index",
               "    scf.for %ri = %r0 to %r2 step %r1 {",
               '      %rl = memref.alloc() : memref<4xf32> loc("rl")',
               "    }"]
    elif kind == "call-with-body":
        ins = [f'    func.call @fz{seed}_body() : () -> () loc("rc")']
        p.extra_funcs = (f"  func.func private @fz{seed}_body() {{\n"
                         "    return\n  }\n")
    elif kind == "call-returns-memref":
        ins = [f"    %rm = func.call @fz{seed}_get() : () -> memref<4xf32>"
               ' loc("rm")']
        p.extra_funcs = (f"  func.func private @fz{seed}_get() -> "
                         "memref<4xf32>\n")
    p.refused = kind
    p.text = render(p, insert_before={at: ins} if ins else None,
                    extra_args=extra_args)
    return p


# Huge sizes (HUGE_BASE..): never executed; every pass must refuse the
# function with a "not modeled" remark and leave it byte-identical.
HUGE_KINDS = ("huge-alloc-2^62", "huge-alloc-2^64", "huge-alignment-2^62",
              "huge-macs")


def generate_huge(seed: int) -> Program:
    p = Generator(seed).generate()
    rng = random.Random(seed * 37 + 11)
    kind = HUGE_KINDS[(seed - HUGE_BASE) % len(HUGE_KINDS)]
    top = [s for s in p.body.stmts if s.op != "arith.constant"]
    at = rng.choice(top).sid
    extra_args: List[str] = []
    if kind == "huge-alloc-2^62":
        # 2^62 bytes of i8.
        t = "memref<4611686018427387904xi8>"
        ins = [f'    %hg = memref.alloc() : {t} loc("hg")',
               f"    memref.dealloc %hg : {t}"]
    elif kind == "huge-alloc-2^64":
        # 2^61 f64 = 2^64 bytes: does not fit in 64 bits.
        t = "memref<2305843009213693952xf64>"
        ins = [f'    %hg = memref.alloc() : {t} loc("hg")',
               f"    memref.dealloc %hg : {t}"]
    elif kind == "huge-alignment-2^62":
        t = "memref<4xf32>"
        ins = ['    %hg = memref.alloc() {alignment = 4611686018427387904 : '
               f'i64}} : {t} loc("hg")',
               f"    memref.dealloc %hg : {t}"]
    else:
        # 2^22 x 2^22 x 2^22 = 2^66 multiply-accumulates on arguments.
        t = "memref<4194304x4194304xf32>"
        extra_args = [f"%hx: {t}", f"%hy: {t}", f"%hz: {t}"]
        ins = [f"    linalg.matmul ins(%hx, %hy : {t}, {t}) outs(%hz : {t})"
               ' loc("hg")']
    p.refused = kind
    p.text = render(p, insert_before={at: ins}, extra_args=extra_args)
    return p
