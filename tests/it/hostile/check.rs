//! The defining property of every successful result of `cute::expr::eval`, rechecked with an
//! independent evaluator in `i128` (no code shared with `cute-core`'s arithmetic). Included by
//! path by the fuzz targets (`fuzz/fuzz_targets/*.rs`) and by the corpus replay in
//! `tests/it/hostile/mod.rs`, so CI checks the same properties without a nightly toolchain.

use std::fmt::Write as _;

use cute::expr::{eval, parse_call, Value};
use cute::morphism::to_morphism;
use cute::{coalesce, ComposedLayout, IntTuple, Layout};

/// The most points a property is checked at (the rest of a larger domain is sampled).
const POINTS: i128 = 1 << 12;

/// A layout's flattened modes, widened.
pub(crate) struct Flat {
    s: Vec<i128>,
    d: Vec<i128>,
}

impl Flat {
    pub(crate) fn of(l: &Layout) -> Flat {
        let w = |x: &[i64]| x.iter().map(|&v| i128::from(v)).collect();
        Flat {
            s: w(l.shape().leaves()),
            d: w(l.stride().leaves()),
        }
    }

    fn size(&self) -> i128 {
        self.s.iter().product()
    }

    /// `L(i)`: `i` split colexicographically (C++'s truncating division, as CuTe's `idx2crd`),
    /// the last mode taking the rest; `None` where an empty mode before the last leaves `i > 0`
    /// without a coordinate.
    pub(crate) fn try_eval(&self, mut i: i128) -> Option<i128> {
        let mut off = 0;
        for (k, (&s, &d)) in self.s.iter().zip(&self.d).enumerate() {
            let c = if k + 1 == self.s.len() {
                i
            } else {
                // Index 0 is coordinate 0 even past an empty mode.
                if s == 0 && i != 0 {
                    return None;
                }
                let c = i.checked_rem(s).unwrap_or(0);
                i = i.checked_div(s).unwrap_or(0);
                c
            };
            off += c * d;
        }
        Some(off)
    }

    /// `L(i)` inside the domain, where it is always defined.
    fn eval(&self, i: i128) -> i128 {
        self.try_eval(i)
            .expect("an index in the domain has a coordinate")
    }

    /// The indices a property is checked at: all of `0..n`, or `POINTS` spread over it.
    fn points(n: i128) -> impl Iterator<Item = i128> {
        let step = (n / POINTS).max(1);
        (0..n.min(POINTS))
            .map(move |k| k * step)
            .chain(core::iter::once(n - 1))
            .filter(move |&i| i >= 0 && i < n)
    }
}

/// Every `Layout` the library returns keeps its invariant: no negative shape leaf (a zero one
/// makes it empty), and the product of the nonzero leaves and the lowest and highest offsets in
/// `i64`.
fn invariant(l: &Layout) -> Result<(), String> {
    let f = Flat::of(l);
    if f.s.iter().any(|&s| s < 0) {
        return Err(format!("{l}: a shape leaf is negative"));
    }
    let nonzero = || f.s.iter().zip(&f.d).filter(|(&s, _)| s != 0);
    let terms = || nonzero().map(|(&s, &d)| (s - 1) * d);
    let (lo, hi): (i128, i128) = (
        terms().filter(|t| *t < 0).sum(),
        terms().filter(|t| *t > 0).sum(),
    );
    let fits = |x: i128| i64::try_from(x).is_ok();
    let product: i128 = nonzero().map(|(&s, _)| s).product();
    if !fits(product) || !fits(lo) || !fits(hi) {
        return Err(format!("{l}: size or offsets past i64"));
    }
    if i128::from(l.size()) != f.size() {
        return Err(format!(
            "{l}: size {} but the shape's product is {}",
            l.size(),
            f.size()
        ));
    }
    for i in Flat::points(f.size()) {
        let got = l
            .eval(i as i64)
            .map_err(|e| format!("{l}: eval({i}) failed: {e}"))?;
        if i128::from(got) != f.eval(i) {
            return Err(format!("{l}: eval({i}) = {got}, but {}", f.eval(i)));
        }
    }
    Ok(())
}

fn layout(v: &Value) -> Option<&Layout> {
    match v {
        Value::Layout(l) => Some(l),
        _ => None,
    }
}

/// The call's layout arguments and result, for the properties below.
struct Call<'a> {
    text: &'a str,
    args: Vec<&'a Value>,
    r: &'a Layout,
}

impl Call<'_> {
    fn arg(&self, k: usize) -> Option<&Layout> {
        self.args.get(k).copied().and_then(layout)
    }

    fn fail(&self, what: std::fmt::Arguments<'_>) -> Result<(), String> {
        Err(format!("{} = {}: {what}", self.text, self.r))
    }

    /// `R(i) == A(B(i))` for `i < size(B)` (composition, and the first mode of a divide).
    fn composes(&self, same_size: bool) -> Result<(), String> {
        let (Some(a), Some(b)) = (self.arg(0), self.arg(1)) else {
            return Ok(());
        };
        let (fa, fb, fr) = (Flat::of(a), Flat::of(b), Flat::of(self.r));
        if same_size && fr.size() != fb.size() {
            return self.fail(format_args!("size != size(B) {}", fb.size()));
        }
        // A divide of an empty `A` is empty: its rest mode has no tile.
        if fr.size() < fb.size() && fa.size() != 0 {
            return self.fail(format_args!("smaller than B"));
        }
        for i in Flat::points(fb.size().min(fr.size())) {
            // An empty `A` extends by its last mode only when no empty mode comes before it.
            let Some(want) = fa.try_eval(fb.eval(i)) else {
                return self.fail(format_args!("A(B({i})) is undefined: A is empty"));
            };
            if fr.eval(i) != want {
                return self.fail(format_args!("R({i}) != A(B({i}))"));
            }
        }
        Ok(())
    }

    /// `R(i) == L(i)` on the domain of `L`, with the same size (coalesce).
    fn same_function(&self) -> Result<(), String> {
        let Some(l) = self.arg(0) else { return Ok(()) };
        let (fl, fr) = (Flat::of(l), Flat::of(self.r));
        if fr.size() != fl.size() {
            return self.fail(format_args!("the size changed"));
        }
        for i in Flat::points(fl.size()) {
            if fr.eval(i) != fl.eval(i) {
                return self.fail(format_args!("differs at {i}"));
            }
        }
        Ok(())
    }

    /// `L(R(i)) == i` for `i < size(R)`.
    fn right_inverse(&self) -> Result<(), String> {
        let Some(l) = self.arg(0) else { return Ok(()) };
        let (fl, fr) = (Flat::of(l), Flat::of(self.r));
        for i in Flat::points(fr.size()) {
            if fl.try_eval(fr.eval(i)) != Some(i) {
                return self.fail(format_args!("L(R({i})) != {i}"));
            }
        }
        Ok(())
    }

    /// `L(R(L(i))) == L(i)` for `i < size(L)`.
    fn left_inverse(&self) -> Result<(), String> {
        let Some(l) = self.arg(0) else { return Ok(()) };
        let (fl, fr) = (Flat::of(l), Flat::of(self.r));
        for i in Flat::points(fl.size()) {
            let x = fl.eval(i);
            if fl.try_eval(fr.eval(x)) != Some(x) {
                return self.fail(format_args!("L(R(L({i}))) != L({i})"));
            }
        }
        Ok(())
    }

    /// `R` increasing from 0, and no `R(i)` past `R(0)` in the image of `L`.
    fn complement(&self) -> Result<(), String> {
        let Some(l) = self.arg(0) else { return Ok(()) };
        let (fl, fr) = (Flat::of(l), Flat::of(self.r));
        if fr.size() > POINTS || fl.size() > POINTS {
            return Ok(());
        }
        let image: std::collections::HashSet<i128> = (0..fl.size()).map(|i| fl.eval(i)).collect();
        let mut last = -1;
        for i in 0..fr.size() {
            let x = fr.eval(i);
            if x <= last {
                return self.fail(format_args!("not increasing at {i}"));
            }
            if i > 0 && image.contains(&x) {
                return self.fail(format_args!("R({i}) = {x} is in the image of L"));
            }
            last = x;
        }
        Ok(())
    }

    /// The first mode of a product by a layout is `A`: `R(i) == A(i)` for `i < size(A)`.
    fn product(&self) -> Result<(), String> {
        let Some(a) = self.arg(0) else { return Ok(()) };
        let (fa, fr) = (Flat::of(a), Flat::of(self.r));
        if fr
            .size()
            .checked_rem(fa.size())
            .unwrap_or_else(|| fr.size())
            != 0
        {
            return self.fail(format_args!("size(A) does not divide the size"));
        }
        if self.arg(1).is_some() {
            // An empty `B` makes the product empty: no index of `A` is left in it.
            for i in Flat::points(fa.size().min(fr.size())) {
                if fr.eval(i) != fa.eval(i) {
                    return self.fail(format_args!("R({i}) != A({i})"));
                }
            }
        }
        Ok(())
    }
}

impl Call<'_> {
    /// `make_ordered_layout`: a bijection onto `0..size` (checked whole up to 2^16 elements).
    fn compact(&self) -> Result<(), String> {
        let n = self.r.size();
        if n > 1 << 16 {
            return Ok(());
        }
        let mut seen = vec![false; usize::try_from(n).unwrap_or(0)];
        for i in 0..n {
            match self.r.eval(i).ok().and_then(|x| usize::try_from(x).ok()) {
                Some(x) if x < seen.len() && !seen[x] => seen[x] = true,
                _ => return self.fail(format_args!("not a bijection onto 0..{n} at {i}")),
            }
        }
        Ok(())
    }

    /// `tile_to_shape(B, S)`: mode `i` of the result has the size of mode `i` of `S`.
    fn tiles(&self) -> Result<(), String> {
        let target: IntTuple = match self.args.get(1) {
            Some(Value::Tuple(t)) => *t,
            Some(Value::Int(n)) => IntTuple::int(*n),
            _ => return Ok(()),
        };
        let modes = if target.is_int() { 1 } else { target.rank() };
        for i in 0..modes {
            let want = if target.is_int() {
                target.product()
            } else {
                target.view().mode(i).unwrap().product()
            };
            let got = self.r.mode(i).map(|m| m.size());
            if want.ok() != got {
                return self.fail(format_args!(
                    "mode {i} has size {got:?}, the target's {want:?}"
                ));
            }
        }
        Ok(())
    }
}

/// `size` and `cosize` against their definitions.
fn int_result(op: &str, l: &Layout, n: i64) -> Result<(), String> {
    let f = Flat::of(l);
    let want = match op {
        "size" => f.size(),
        "cosize" if f.size() == 0 => 0,
        "cosize" => f.eval(f.size() - 1) + 1,
        _ => return Ok(()),
    };
    if i128::from(n) == want {
        Ok(())
    } else {
        Err(format!("{op}({l}) = {n}, not {want}"))
    }
}

/// Checks the result of `text` (when it evaluates) against its operation's definition.
///
/// # Errors
/// The property that fails, in words.
pub(crate) fn check(text: &str) -> Result<(), String> {
    let Ok(value) = eval(text) else {
        return Ok(());
    };
    if let Value::Layout(l) = &value {
        invariant(l)?;
    }
    let Ok(Some(call)) = parse_call(text) else {
        return Ok(());
    };
    let args: Vec<&Value> = call.args.iter().map(|(v, _)| v).collect();
    if let (Value::Composed(g), Some(Value::Composed(f))) = (&value, args.first()) {
        return composed_result(&call.op, &args, f, g);
    }
    if let Some(result) = morphism_result(&call.op, &args, &value) {
        return result;
    }
    let Some(r) = layout(&value) else {
        if let (Some(Value::Layout(l)), Value::Int(n)) = (args.first(), &value) {
            return int_result(&call.op, l, *n);
        }
        return Ok(());
    };
    let c = Call { text, args, r };
    match call.op.as_str() {
        "composition" => c.composes(true),
        "logical_divide" | "zipped_divide" | "tiled_divide" | "flat_divide" => c.composes(false),
        "coalesce" if c.args.len() == 1 => c.same_function(),
        "right_inverse" => c.right_inverse(),
        "left_inverse" => c.left_inverse(),
        "complement" => c.complement(),
        "logical_product" | "zipped_product" | "tiled_product" | "flat_product" => c.product(),
        "make_ordered_layout" => c.compact(),
        "tile_to_shape" => c.tiles(),
        _ => Ok(()),
    }
}

/// The morphism operations (Carlisle et al.), against each other and CuTe's: `to_morphism(L)` is of
/// standard form and gives `L` back, `from_morphism(f)` is tractable and its standard form gives it
/// back, `morphism_coalesce(f)`'s layout is `coalesce(L_f)`, and `is_tractable(L)` says whether `L`
/// has a standard form.
fn morphism_result(op: &str, args: &[&Value], value: &Value) -> Option<Result<(), String>> {
    let holds = |c: bool, what: String| if c { Ok(()) } else { Err(what) };
    Some(match (op, args.first(), value) {
        ("to_morphism", Some(Value::Layout(l)), Value::Morphism(f)) => holds(
            f.is_standard_form() && f.layout().as_ref() == Ok(l),
            format!("to_morphism({l}) = {f}, not of standard form or not {l} back"),
        ),
        ("from_morphism", _, Value::Layout(l)) => holds(
            to_morphism(l).is_ok_and(|g| g.layout().as_ref() == Ok(l)),
            format!("from_morphism gives {l}, whose standard form does not give it back"),
        ),
        ("morphism_coalesce", Some(Value::Morphism(f)), Value::Morphism(k)) => {
            let (Ok(l), Ok(lk)) = (f.layout(), k.layout()) else {
                return Some(Err(format!("morphism_coalesce({f}) = {k}: a layout fails")));
            };
            holds(
                f.domain().rank() == 0 || coalesce(&l).as_ref() == Ok(&lk),
                format!("morphism_coalesce({f}) = {k}, whose layout is not coalesce({l})"),
            )
        }
        ("is_tractable", Some(Value::Layout(l)), Value::Bool(b)) => holds(
            *b == to_morphism(l).is_ok(),
            format!("is_tractable({l}) = {b}, yet to_morphism says otherwise"),
        ),
        _ => return None,
    })
}

/// A swizzled layout, widened: `Sw(o + L(i))` with the swizzle's bits taken from `B`, `M`, `S`.
pub(crate) struct Swizzled {
    bits: u32,
    base: u32,
    shift: i32,
    offset: i128,
    l: Flat,
}

impl Swizzled {
    pub(crate) fn of(c: &ComposedLayout) -> Swizzled {
        let (bits, base, shift) = c.swizzle().params();
        Swizzled {
            bits,
            base,
            shift,
            offset: i128::from(c.offset()),
            l: Flat::of(c.layout()),
        }
    }

    /// `F(i)` for `i` in the domain, `None` outside it.
    pub(crate) fn at(&self, i: i128) -> Option<i128> {
        if !(0..self.l.size()).contains(&i) {
            return None;
        }
        let x = self.offset + self.l.try_eval(i)?;
        let (hi, lo) = if self.shift >= 0 {
            (self.base + self.shift.unsigned_abs(), self.base)
        } else {
            (self.base, self.base + self.shift.unsigned_abs())
        };
        // Each of the `B` bits read at `hi + k` flips bit `lo + k`.
        Some((0..self.bits).fold(x, |x, k| x ^ (((x >> (hi + k)) & 1) << (lo + k))))
    }
}

/// An operation on a swizzled layout `F = Sw ∘ o ∘ L`: the inverses as below; any other keeps
/// the swizzle and offset and applies the operation to `L`, as CuTe does.
fn composed_result(
    op: &str,
    args: &[&Value],
    f: &ComposedLayout,
    g: &ComposedLayout,
) -> Result<(), String> {
    if matches!(op, "right_inverse" | "left_inverse") {
        return composed_inverse(op, f, g);
    }
    let rest = args[1..].iter().fold(String::new(), |mut out, v| {
        let _ = write!(out, ", {v}");
        out
    });
    let plain = format!("{op}({}{rest})", f.layout());
    match eval(&plain) {
        Ok(Value::Layout(l))
            if g.swizzle() == f.swizzle() && g.offset() == f.offset() && *g.layout() == l =>
        {
            Ok(())
        }
        other => Err(format!("{op}({f}{rest}) = {g}, but {plain} = {other:?}")),
    }
}

/// `right_inverse` and `left_inverse` of a swizzled layout `F`: `F(G(i)) == i` for `i < size(G)`,
/// `F(G(F(i))) == F(i)` for `i < size(F)`, each read inside its domain.
fn composed_inverse(op: &str, f: &ComposedLayout, g: &ComposedLayout) -> Result<(), String> {
    let (sf, sg) = (Swizzled::of(f), Swizzled::of(g));
    let fail = |what: String| Err(format!("{op}({f}) = {g}: {what}"));
    match op {
        "right_inverse" => {
            for i in Flat::points(sg.l.size()) {
                if sg.at(i).and_then(|x| sf.at(x)) != Some(i) {
                    return fail(format!("F(G({i})) != {i}"));
                }
            }
        }
        "left_inverse" => {
            for i in Flat::points(sf.l.size()) {
                let y = sf.at(i);
                if y.and_then(|y| sg.at(y)).and_then(|j| sf.at(j)) != y {
                    return fail(format!("F(G(F({i}))) != F({i})"));
                }
            }
        }
        _ => {}
    }
    Ok(())
}
