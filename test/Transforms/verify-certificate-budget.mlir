// A verifier an input cannot stall (issue #22 item 7): a hostile input of
// about 1 MB (generated here) finishes within a few seconds and a few hundred
// MB, whatever its records claim. peakmem-verify-certificate checks every
// function within max-work work units (default 1,000,000,000): a record
// whose check would not fit is reported as not checked (an error, never an
// acceptance), identical records of a block are checked once, and an
// `exhaustive` record's enumeration stops one set past its claim.
// RUN: %python %S/Inputs/hostile-certificates.py gen > %t.mlir
// Certifying it is bounded too (#22 item 8: 100 nested blocks with gaps share
// one budget per function instead of 100 ms each).
// RUN: %python %S/Inputs/run-bounded.py 60 500 0 -- peakmem-opt %t.mlir -p 'builtin.module(func.func(peakmem-reorder{remarks=0},peakmem-certify{remarks=0}))' -o %t.cert.mlir
// RUN: %python %S/Inputs/hostile-certificates.py forge < %t.cert.mlir > %t.forged.mlir
// RUN: %python -c "import os,sys; n=os.path.getsize(sys.argv[1]); assert n > 1000000, n" %t.forged.mlir
// RUN: %python %S/Inputs/run-bounded.py 60 500 1 -- peakmem-opt %t.forged.mlir -p 'builtin.module(peakmem-verify-certificate)' -o /dev/null --mlir-print-op-on-diagnostic=false 2> %t.err
// RUN: FileCheck %s < %t.err
// @big claims 2^20 enumerated sets on 2,000 independent fills: refused before
// any enumeration, with what it would cost.
// CHECK-DAG: error: peakmem: certificate of 'big' not checked within max-work=1000000000 work units (checking this exhaustive record costs up to {{[0-9]+}}, 1000000000 left)
// @fit claims 150: that fits, so it is checked, and refuted one set past it.
// CHECK-DAG: error: peakmem: certificate of 'fit' rejected: exhaustive: more than the 150 ideals the certificate records
// @dup's 100 identical (true) records and @many's 100 true records pass.
// CHECK-NOT: 'dup'
// CHECK-NOT: 'many'
// CHECK: run-bounded: exit 1, {{.*}} s, peak RSS {{[0-9]+}} MB

// allow-unchecked turns a record that was not checked into a warning (the
// pass succeeds, the claim stays unverified); a refuted one stays an error.
// RUN: %python %S/Inputs/run-bounded.py 60 500 1 -- peakmem-opt %t.forged.mlir -p 'builtin.module(peakmem-verify-certificate{allow-unchecked=true})' -o /dev/null --mlir-print-op-on-diagnostic=false 2> %t.allow.err
// RUN: FileCheck %s --check-prefix=ALLOW < %t.allow.err
// ALLOW-DAG: warning: peakmem: certificate of 'big' not checked within max-work=1000000000
// ALLOW-DAG: error: peakmem: certificate of 'fit' rejected
// A budget too small for the true records: each is reported, none accepted.
// RUN: not peakmem-opt %t.cert.mlir -p 'builtin.module(peakmem-verify-certificate{max-work=1000})' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=SMALL
// SMALL: error: peakmem: certificate of 'big' not checked within max-work=1000 work units
// SMALL: error: peakmem: certificate of 'many' nested block of 'scf.if': not checked within max-work=1000 work units
// With the default budget the records peakmem-certify wrote all verify.
// RUN: peakmem-opt %t.cert.mlir -p 'builtin.module(peakmem-verify-certificate)' -o /dev/null
