"""A real ISL (islpy) as the independent checker of `cute isl` and of the algebra (issue 15).

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
* complement `C` of `A`: the map `(a, c) -> a + c` over image(A) x image(C) is injective (the
  concatenation `(A, C)` is injective), and image(C) starts at 0.

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


def natural_points(offsets, shape):
    """The map {[c0, ..., ck] -> [o]} of offsets listed in colexicographic order of shape."""
    parts = []
    for i, o in enumerate(offsets):
        c, rest = [], i
        for s in shape:
            c.append(rest % s)
            rest //= s
        parts.append("[" + ", ".join(map(str, c)) + f"] -> [{o}]")
    return isl.Map("{ " + "; ".join(parts) + " }")


def identity(n):
    return isl.Map(f"{{ [i] -> [i] : 0 <= i < {n} }}")


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
    for what, n in sorted(c.counts.items()):
        print(f"{n:6}  {what}")
    for f in c.failures[:50]:
        print("FAIL", f)
    print(f"isl_check: {len(c.failures)} failures")
    sys.exit(1 if c.failures else 0)


if __name__ == "__main__":
    main()
