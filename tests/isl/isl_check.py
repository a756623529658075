"""A real ISL (islpy) as the independent checker of `cute isl` and of the algebra.

For each case of the vendored corpus under a size limit:

* every layout operand's exported maps (`cute isl`, `cute isl --index`) hold exactly the points
  `cute eval` gives, and so does each swizzled layout `swizzle_layout(B, M, S, L)` (against the
  corpus' own offsets, computed with CuTe C++);
* composition: ISL composes the operands' layout mappings (`R_B` then `R_A`) and the result is
  the same relation as cute's result (cases where `B` reaches past `A`'s domain, where CuTe
  extends `A`'s last mode, are outside what the relation of `A` describes and are counted apart);
* right_inverse `R` of `L`: `R` then `L` is the identity on `R`'s domain, and `R` is as long as
  the run of offsets `0, 1, 2, ...` that `L` reaches;
* left_inverse `R` of `L`: `L` then `R` then `L` is `L` (CuTe's quasi-inverse; the identity
  where `L` is injective);
* right_inverse and left_inverse `G` of each swizzled layout `F` (a swizzled layout itself,
  `cute isl --index "right_inverse(swizzle_layout(...))"`): `G` then `F` is the identity on
  `G`'s domain, and `F` then `G` then `F` is `F`;
* complement `C` of `A`: the map `(a, c) -> a + c` over image(A) x image(C) is injective (the
  concatenation `(A, C)` is injective), and image(C) starts at 0.

Then the tables of Bhaskaracharya, Acharya, Hagedorn, Grover, "Modeling Layout Abstractions
Using Integer Set Relations", whose relations are transcribed below: every linear layout of
Table 1 (`cute isl` of its `LinearLayout(...)` notation) is the relation of its "Layout Mapping"
column and the XOR of its bases at every point; every row of Table 2 is computed by `cute eval`,
and the result's layout mapping (`cute isl --index`) is the paper's relation. Rows where this
project deliberately differs from the paper are listed in ISL_PAPER_DEVIATIONS with the reason.
Last, the rows with F2 strides of Tables 4-6 of Cecka, "CuTe Layout Representation and Algebra".

Usage: python3 isl_check.py CUTE_BINARY CORPUS.jsonl [MAX_SIZE]
"""

import json
import re
import subprocess
import sys

import islpy as isl


def cute(binary, *args):
    r = subprocess.run([binary, *args], capture_output=True, text=True)
    if r.returncode != 0:
        return None
    return r.stdout.strip()


def points_map(offsets):
    """The map {[i] -> [o_i]} of a list of offsets."""
    if not offsets:
        return isl.Map("{ [i] -> [o] : 1 = 0 }")
    return isl.Map("{ " + "; ".join(f"[{i}] -> [{o}]" for i, o in enumerate(offsets)) + " }")


def natural_points(values, shape):
    """The map {[c0, ..., ck] -> [o]} of values (an offset, or a list of them) listed in
    colexicographic order of shape."""
    parts = []
    for i, o in enumerate(values):
        c, rest = [], i
        for s in shape:
            c.append(rest % s)
            rest //= s
        o = ", ".join(map(str, o)) if isinstance(o, list) else o
        parts.append("[" + ", ".join(map(str, c)) + f"] -> [{o}]")
    return isl.Map("{ " + "; ".join(parts) + " }")


def identity(n):
    return isl.Map(f"{{ [i] -> [i] : 0 <= i < {n} }}")


def identity_on(domain):
    return isl.Map.identity(domain.get_space().map_from_set()).intersect_domain(domain)


class Checker:
    def __init__(self, binary, max_size):
        self.binary = binary
        self.max_size = max_size
        self.counts = {}
        self.failures = []

    def count(self, what):
        self.counts[what] = self.counts.get(what, 0) + 1

    def fail(self, case, msg):
        self.failures.append(f"{case}: {msg}")

    def index_map(self, expr):
        text = cute(self.binary, "isl", "--index", expr)
        return None if text is None else isl.Map(text)

    def offsets(self, expr):
        text = cute(self.binary, "eval", f"eval({expr})")
        return None if text is None else json.loads(text)

    def size(self, layout):
        text = cute(self.binary, "eval", f"size({layout})")
        return None if text is None else int(text)

    def export(self, case, layout):
        """Both exports of `layout` against `cute eval`; its index map, or None when too large."""
        n = self.size(layout)
        if n is None or n > self.max_size:
            return None
        want = self.offsets(layout)
        m = self.index_map(layout)
        if not m.is_equal(points_map(want)):
            self.fail(case, f"cute isl --index {layout}: {m} is not {want}")
            return m
        natural = cute(self.binary, "isl", layout)
        shape = [int(s) + 1 for s in re.findall(r"<= c\d+ <= (-?\d+)", natural)]
        if not isl.Map(natural).is_equal(natural_points(want, shape)):
            self.fail(case, f"cute isl {layout}: {natural} does not give {want}")
        self.count("exports checked")
        return m

    def swizzled_inverses(self, cid, expr, f):
        """The inverses of a swizzled layout F, as swizzled layouts G: G then F is the identity on
        G's domain; F then G then F is F."""
        for op in ("right_inverse", "left_inverse"):
            g = self.index_map(f"{op}({expr})")
            if g is None:
                self.count(f"{op} of a swizzled layout: rejected by cute (not checked)")
                continue
            if op == "right_inverse":
                ok = g.apply_range(f).is_equal(identity_on(g.domain()))
            else:
                ok = f.apply_range(g).apply_range(f).is_equal(f)
            if not ok:
                self.fail(cid, f"{op}({expr}) = {g} is not an inverse of {f}")
            else:
                self.count(f"{op} of a swizzled layout: the composed relation checked")

    def case(self, rec):
        op, args, cid = rec["op"], rec["args"], rec["id"]
        if op == "swizzle_layout" and "result" in rec:
            expr = f"swizzle_layout({', '.join(map(str, args))})"
            if len(rec["result"]) > self.max_size:
                return
            m = self.index_map(expr)
            if m is None:
                # Deviations (listed in cute_cli::check::DEVIATIONS) are rejected.
                self.count("swizzle_layout: rejected by cute (not checked)")
                return
            elif not m.is_equal(points_map(rec["result"])):
                self.fail(cid, f"cute isl --index {expr} differs from CuTe C++'s offsets")
            else:
                self.count("swizzled layouts checked against CuTe C++")
            natural = cute(self.binary, "isl", expr)
            shape = [int(s) + 1 for s in re.findall(r"<= c\d+ <= (-?\d+)", natural)]
            if not isl.Map(natural).is_equal(natural_points(rec["result"], shape)):
                self.fail(cid, f"cute isl {expr} differs from CuTe C++'s offsets")
            self.swizzled_inverses(cid, expr, m)
            return
        if op not in ("composition", "right_inverse", "left_inverse", "complement"):
            return
        expr = f"{op}({', '.join(map(str, args))})"
        result = cute(self.binary, "eval", expr)
        if result is None:
            self.count(f"{op}: rejected by cute (not checked)")
            return
        maps = [self.export(cid, a) for a in args if ":" in a]
        r = self.export(cid, result)
        if r is None or any(m is None for m in maps):
            self.count(f"{op}: over the size limit")
            return
        if op == "composition":
            a, b = maps
            if not b.range().is_subset(a.domain()):
                self.count("composition: B reaches past A's domain (not checked)")
                return
            if not b.apply_range(a).is_equal(r):
                self.fail(cid, f"{expr} = {result}, but ISL composes {b.apply_range(a)}")
                return
        elif op == "right_inverse":
            (l,) = maps
            n = self.size(result)
            if not r.apply_range(l).is_equal(identity(n)):
                self.fail(cid, f"{expr} = {result}: R then L is not the identity on [0, {n})")
                return
            # As long as the run 0, 1, 2, ... that L reaches (CuTe's right inverse is the
            # largest such), unless R is the trivial 1:0.
            image = l.range()
            if result != "1:0" and isl.Set(f"{{ [o] : 0 <= o <= {n} }}").is_subset(image):
                self.fail(cid, f"{expr} = {result}: L also reaches offset {n}")
                return
        elif op == "left_inverse":
            (l,) = maps
            # CuTe's quasi-inverse: L(R(L(i))) == L(i) (the identity R(L(i)) == i where L is
            # injective).
            if not l.apply_range(r).apply_range(l).is_equal(l):
                self.fail(cid, f"{expr} = {result}: L then R then L is not L")
                return
        elif op == "complement":
            a = maps[0]
            ia, ic = a.range(), r.range()
            both = ia.insert_dims(isl.dim_type.set, 1, 1).intersect(
                ic.insert_dims(isl.dim_type.set, 0, 1)
            )
            pairs = isl.Map("{ [x, y] -> [x + y] }").intersect_domain(both)
            if not pairs.is_injective():
                self.fail(cid, f"{expr} = {result}: (A, C) is not injective")
                return
            if not isl.Set("{ [0] }").is_subset(ic):
                self.fail(cid, f"{expr} = {result}: image(C) lacks 0")
                return
        self.count(f"{op}: the same relation in ISL")


# Bhaskaracharya et al. Table 1: a linear layout, and its "Layout Mapping" in ISL's syntax.
ISL_PAPER_TABLE_1 = [
    ("swizzled", "LinearLayout(crd=(4,4),idx=(4,4),vals=[(1,1),(2,2),(0,1),(0,2)])",
     "{ [c0, c1] -> [c0, 1 - (c0) mod 2 - (1 + c0 + c1) mod 2 + (1 + c0 + 3*c1 - (1 + c1) mod 2) mod 4]"
     " : 0 <= c0 <= 3 and 0 <= c1 <= 3 }"),
    ("1d_identity", "LinearLayout(crd=8,idx=8,vals=[1,2,4])", "{ [c0] -> [c0] : 0 <= c0 <= 7 }"),
    ("zeros", "LinearLayout(crd=8,idx=8,vals=[0,0,0])", "{ [c0] -> [0] : 0 <= c0 <= 7 }"),
    ("2d_identity", "LinearLayout(crd=(4,4),idx=(4,4),vals=[(1,0),(2,0),(0,1),(0,2)])",
     "{ [c0, c1] -> [c0, c1] : 0 <= c0 <= 3 and 0 <= c1 <= 3 }"),
    ("2d_transpose", "LinearLayout(crd=(4,4),idx=(4,4),vals=[(0,1),(0,2),(1,0),(2,0)])",
     "{ [c0, c1] -> [c0, c1] : 0 <= c0 <= 3 and 0 <= c1 <= 3 }"),
    ("1d_transpose", "LinearLayout(crd=16,idx=16,vals=[4,8,1,2])",
     "{ [c0] -> [15 + 4*c0 + 15*floor((-1 - c0)/4)] : 0 <= c0 <= 15 }"),
    ("2d_broadcast", "LinearLayout(crd=(4,4),idx=4,vals=[1,2,0,0])",
     "{ [c0, c1] -> [c0] : 0 <= c0 <= 3 and 0 <= c1 <= 3 }"),
]

# Bhaskaracharya et al. Table 2: an expression, its layout mapping in ISL's syntax, and the
# resulting layout.
ISL_PAPER_TABLE_2 = [
    ("(4,2,2):(2,1,8)", "{ [c] -> [7 + 2*c + 6*floor(c/8) + 7*floor((-1 - c)/4)] : 0 <= c <= 15 }",
     "(4,2,2):(2,1,8)"),
    ("right_inverse((4,2,2):(2,1,8))",
     "{ [c] -> [-3*c + 4*floor(c/8) + 7*floor((1 + c)/2)] : 0 <= c <= 15 }", "(2,4,2):(4,1,8)"),
    ("left_inverse((4,2,2):(4,2,32))",
     "{ [c] -> [2*c - 7*floor(c/4) + 28*floor(c/16) - 56*floor(c/32) + 14*(c mod 2)] : 0 <= c <= 63 }",
     "(2,2,4,2,2):(16,4,1,32,8)"),
    ("right_inverse((4,8,2):(8,1,33))",
     "{ [c] -> [31 + 4*c + 31*floor((-1 - c)/8)] : 0 <= c <= 31 }", "(8,4):(4,1)"),
    ("complement((2,2):(1,5),20)", "{ [c] -> [2*c + 5*floor(c/2)] : 0 <= c <= 5 }", "(2,3):(2,9)"),
    ("complement((4,2):(1,16),32)", "{ [c] -> [4*c] : 0 <= c <= 3 }", "4:4"),
    ("complement((2,2):(2,10),20)",
     "{ [c] -> [-1 + 2*c + 10*floor(c/4) + ((1 + c) mod 2)] : 0 <= c <= 7 }", "((2,2),2):((1,4),18)"),
    ("complement((2,2):(1,4),20)", "{ [c] -> [-2 + 4*c + 2*((1 + c) mod 2)] : 0 <= c <= 5 }",
     "(2,3):(2,8)"),
    ("composition((2,2):(1,80),(2,2):(2,1))",
     "{ [c] -> [-79*c + 159*floor((1 + c)/2)] : 0 <= c <= 3 }", "(2,2):(80,1)"),
    ("composition((4,6,8,10):(2,3,5,7),6:12)",
     "{ [c] -> [-4*c + 13*floor((1 + c)/2)] : 0 <= c <= 5 }", "(2,3):(9,5)"),
    ("composition((4,2,8):(3,12,97),3:3)", "{ [c] -> [9*c] : 0 <= c <= 2 }", "3:9"),
    ("composition(((4,2),(2,4)):((2,16),(1,8)),((4,8),2):((16,1),8))",
     "{ [c] -> [30 + 8*c + 8*floor(c/16) - 31*floor(c/32) + 30*floor((-1 - c)/4)] : 0 <= c <= 63 }",
     "((4,(4,2)),2):((8,(2,16)),1)"),
    ("composition((4,2,2):(2,1,8),16:1)",
     "{ [c] -> [7 + 2*c + 6*floor(c/8) + 7*floor((-1 - c)/4)] : 0 <= c <= 15 }", "(4,2,2):(2,1,8)"),
    ("swizzle_layout(1,2,1,16:1)", "{ [c] -> [c - (c mod 8) + ((c + 4*floor(c/8)) mod 8)] : 0 <= c <= 15 }",
     None),
    ("swizzle_layout(1,2,-1,16:1)",
     "{ [c] -> [-7 + 2*(c mod 8) + ((7 + c - 2*(c mod 4)) mod 16)] : 0 <= c <= 15 }", None),
]

# Rows where this project differs from the paper on purpose, with the reason.
ISL_PAPER_DEVIATIONS = {
    # The paper's "Layout Mapping" of 2d_transpose is the identity, but its own bases (and its
    # binary vector space mapping, [c2, c3, c0, c1]) send input dimension 0 to output 1: the
    # relation is [c1, c0]. cute follows the bases.
    "2d_transpose": "{ [c0, c1] -> [c1, c0] : 0 <= c0 <= 3 and 0 <= c1 <= 3 }",
    # The paper's complement fills the gaps of the image ((2,3):(2,9), a rest mode 2:18 below);
    # cute computes CuTe's complement, the layout CuTe C++ returns.
    "complement((2,2):(1,5),20)": "(2,2):(2,10)",
    "complement((2,2):(2,10),20)": "(2,2):(1,4)",
    # CuTe C++ 4.2 (compiled from the wheel's headers) gives (_2,_2,_16):(_0,_4,_1), another
    # left inverse of the same injective layout; the paper's is pycute's. cute follows C++.
    "left_inverse((4,2,2):(4,2,32))": "(2,2,16):(0,4,1)",
}


def xor_points(vals, ins, outs):
    """The map of a linear layout by XOR of its bases, point by point (independent of cute)."""
    bits = [s.bit_length() - 1 for s in ins]
    obits = [s.bit_length() - 1 for s in outs]
    parts = []
    import itertools
    for c in itertools.product(*[range(s) for s in ins]):
        y = [0] * len(outs)
        k = 0
        for v, b in zip(c, bits):
            for j in range(b):
                if v >> j & 1:
                    val = vals[k] if isinstance(vals[k], tuple) else (vals[k],)
                    y = [a ^ x for a, x in zip(y, val)]
                k += 1
        parts.append("[" + ", ".join(map(str, c)) + "] -> [" + ", ".join(map(str, y)) + "]")
    assert all(o >= 0 for o in obits)
    return isl.Map("{ " + "; ".join(parts) + " }")


# Cecka's rows with F2 strides (Tables 4-6), which cute computes (cute-core's f2 tests):
# each relation is exported by `cute isl` and the row's defining property is checked in ISL.
F2_COMPOSITION = ("(8,8):(f1,f9)", "((4,8),2):((16,1),8)", "((4,8),2):((f18,f1),f9)")
F2_INVERSE = ("(4,(4,3)):(f1,(f5,f16))", "(4,4,3):(f1,f5,f16)", 48)


COORD_LAYOUTS = [
    "make_identity_layout((4,(2,3)))",
    "(2,(2,3)):(e1,(2e0,e(2,0)))",
    "(4,8):(e1,e0)",
    "(2,4):(0,3e0)",
    "composition(make_identity_layout((8,8)), (4,(2,2)):(8,(1,32)))",
    "composition(make_identity_layout((6,4)), ((2,3),4):((3,1),6))",
]


def coord_rows(c):
    """Coordinate layouts: both maps hold exactly the coordinates `cute eval` lists."""
    for expr in COORD_LAYOUTS:
        # `[(0,0,(0)),(0,1,(0)),...]`: each top-level tuple's integers, in order.
        listed = cute(c.binary, "eval", f"eval({expr})")[1:-1]
        tuples = re.findall(r"\((?:[^()]|\([^()]*\))*\)", listed)
        coords = [[int(v) for v in re.findall(r"-?\d+", t)] for t in tuples]
        outs = len(coords[0])
        index = isl.Map(cute(c.binary, "isl", "--index", expr))
        want = isl.Map("{ " + "; ".join(f"[{i}] -> [{', '.join(map(str, o))}]" for i, o in enumerate(coords)) + " }")
        natural = cute(c.binary, "isl", expr)
        shape = [int(s) + 1 for s in re.findall(r"<= c\d+ <= (-?\d+)", natural)]
        if outs == 0 or not index.is_equal(want):
            c.fail(expr, f"cute isl --index {expr}: {index} is not {want}")
        elif not isl.Map(natural).is_equal(natural_points(coords, shape)):
            c.fail(expr, f"cute isl {expr}: {natural} does not give {coords}")
        else:
            c.count("coordinate layouts: both maps hold the coordinates cute eval lists")


def f2_rows(c):
    a, b, r = (isl.Map(cute(c.binary, "isl", "--index", x)) for x in F2_COMPOSITION)
    if not b.apply_range(a).is_equal(r):
        c.fail("Cecka Table 4", f"{F2_COMPOSITION[0]} o {F2_COMPOSITION[1]} is not {F2_COMPOSITION[2]}")
    # The F2 layout is the swizzled layout it stands for.
    sw = isl.Map(cute(c.binary, "isl", "--index", "swizzle_layout(3,0,3,(8,8):(1,8))"))
    if not a.is_equal(sw):
        c.fail("Cecka Table 4", f"{F2_COMPOSITION[0]} is not Sw<3,0,3> o (8,8):(1,8)")
    l, r = (isl.Map(cute(c.binary, "isl", "--index", x)) for x in F2_INVERSE[:2])
    if not r.apply_range(l).is_equal(identity(F2_INVERSE[2])):
        c.fail("Cecka Table 5", f"{F2_INVERSE[1]} then {F2_INVERSE[0]} is not the identity")
    if not l.apply_range(r).is_equal(identity(F2_INVERSE[2])):
        c.fail("Cecka Table 6", f"{F2_INVERSE[0]} then {F2_INVERSE[1]} is not the identity")
    c.count("Cecka Tables 4-6: F2-strided rows checked in ISL")


def isl_paper_tables(c):
    for name, text, relation in ISL_PAPER_TABLE_1:
        got = cute(c.binary, "isl", text)
        if got is None:
            c.fail(name, f"cute isl {text} failed")
            continue
        m = isl.Map(got)
        dims = re.match(r"LinearLayout\(crd=\(?([\d,]+)\)?,idx=\(?([\d,]+)\)?,vals=\[(.*)\]\)", text)
        ins = [int(x) for x in dims.group(1).split(",")]
        outs = [int(x) for x in dims.group(2).split(",")]
        vals = eval("[" + dims.group(3) + "]")
        if not m.is_equal(xor_points(vals, ins, outs)):
            c.fail(name, f"cute isl {text}: {got} is not the XOR of its bases")
            continue
        want = ISL_PAPER_DEVIATIONS.get(name, relation)
        if not m.is_equal(isl.Map(want)):
            c.fail(name, f"cute isl {text}: {got} is not the paper's {want}")
            continue
        if name in ISL_PAPER_DEVIATIONS and m.is_equal(isl.Map(relation)):
            c.fail(name, "listed as a deviation but equal to the paper")
        c.count("Bhaskaracharya et al. Table 1: linear layouts equal to the paper's relations"
                + (" (1 listed deviation)" if name in ISL_PAPER_DEVIATIONS else ""))
    for expr, relation, result in ISL_PAPER_TABLE_2:
        got = cute(c.binary, "eval", expr) if result is not None else None
        want = ISL_PAPER_DEVIATIONS.get(expr, result)
        if result is not None and got != want:
            c.fail(expr, f"cute eval gives {got}, not {want}")
            continue
        exported = cute(c.binary, "isl", "--index", got if got is not None else expr)
        m = isl.Map(exported)
        if expr in ISL_PAPER_DEVIATIONS:
            # The paper's relation is of its own result: check that one's export instead.
            m = isl.Map(cute(c.binary, "isl", "--index", result))
        if not m.is_equal(isl.Map(relation)):
            c.fail(expr, f"cute isl --index gives {m}, not the paper's {relation}")
            continue
        c.count("Bhaskaracharya et al. Table 2: rows with the paper's relation and result")


def main():
    binary, corpus = sys.argv[1], sys.argv[2]
    max_size = int(sys.argv[3]) if len(sys.argv) > 3 else 128
    c = Checker(binary, max_size)
    import time
    with open(corpus) as f:
        for line in f:
            rec = json.loads(line)
            t = time.time()
            c.case(rec)
            took = time.time() - t
            if took > 2:
                print(f"slow: {rec['id']} took {took:.1f} s", file=sys.stderr)
    isl_paper_tables(c)
    f2_rows(c)
    coord_rows(c)
    for what, n in sorted(c.counts.items()):
        print(f"{n:6}  {what}")
    for f in c.failures[:50]:
        print("FAIL", f)
    print(f"isl_check: {len(c.failures)} failures")
    sys.exit(1 if c.failures else 0)


if __name__ == "__main__":
    main()
