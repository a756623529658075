//! `cute explain`: the step-by-step trace of an operation.
//!
//! Composition, complement, the inverses, the divides and the products are traced. A complement
//! prints each mode by increasing stride with the gap it fills, then the rest up to the
//! cotarget; an inverse, each mode by increasing stride with the condition it meets. A
//! composition prints the coalesced left-hand layout, then for each mode of the right-hand layout
//! the divide-out and keep steps with their numbers and the condition checked, then its result or
//! the condition that rejects it. Divides and products first print the complement they compute,
//! then the composition it feeds; with a tiler, each mode in turn.

use std::fmt::Write as _;

use cute::algebra::complement::complement_traced;
use cute::algebra::divide::logical_divide_traced;
use cute::algebra::inverse::{left_inverse_traced, right_inverse_traced};
use cute::algebra::product::{
    blocked_product_traced, logical_product_traced, raked_product_traced,
};
use cute::expr::{parse_call, Call, ExprError, Value};
use cute::{composition_traced, Error, IntTuple, Layout, Op, Step, Tile, Unproven};

/// The trace of `text` and, when the operation fails, its error (printed last in the trace too).
pub fn explain(text: &str) -> Result<(String, Option<ExprError>), ExprError> {
    let mut out = String::new();
    let Some(call) = parse_call(text)? else {
        let v = cute::expr::eval(text)?;
        let _ = writeln!(out, "{v} is a value; there is no operation to explain.");
        return Ok((out, None));
    };
    let _ = writeln!(out, "{}", text.trim());
    let traced = trace_call(&call, &mut out);
    if let (Some(Op::Composition), [(Value::Layout(a), _), (Value::Layout(b), _)]) =
        (Op::from_name(&call.op), call.args.as_slice())
    {
        crate::morphism::explain_composition(a, b, &mut out);
    }
    // The op's own result and error, exactly as `eval` gives them.
    match cute::expr::eval(text) {
        Ok(v) => {
            if !traced {
                let _ = writeln!(
                    out,
                    "  (no step-by-step trace for {}; it is computed directly)",
                    call.op
                );
            }
            let _ = writeln!(out, "= {v}");
            Ok((out, None))
        }
        Err(e) => {
            let _ = writeln!(out, "✗ {e}");
            Ok((out, Some(e)))
        }
    }
}

/// What a traced operation builds on, which decides how its complement and composition read.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Family {
    Complement,
    RightInverse,
    LeftInverse,
    Composition,
    Divide,
    Product,
}

/// A traced operation on one mode: `A_i` and `T_i` to the mode's result.
type ModeOp<'a> = dyn Fn(&Layout, &Layout, &mut Printer<'_>) -> Result<Layout, Error> + 'a;

/// Writes the steps of `call` when it is a composition, complement, inverse, divide or product;
/// returns whether it traced anything.
fn trace_call(call: &Call, out: &mut String) -> bool {
    let Some(op) = Op::from_name(&call.op) else {
        return false;
    };
    let family = match op {
        Op::Complement => Family::Complement,
        Op::RightInverse => Family::RightInverse,
        Op::LeftInverse => Family::LeftInverse,
        Op::Composition => Family::Composition,
        Op::LogicalDivide | Op::ZippedDivide | Op::TiledDivide | Op::FlatDivide => Family::Divide,
        Op::LogicalProduct
        | Op::ZippedProduct
        | Op::TiledProduct
        | Op::FlatProduct
        | Op::BlockedProduct
        | Op::RakedProduct => Family::Product,
        _ => return false,
    };
    let layout = |i: usize| match call.args.get(i) {
        Some((Value::Layout(l), _)) => Some(*l),
        _ => None,
    };
    // A layout, a tiler or a shape, as `cute eval` takes it.
    let tile = |i: usize| call.args.get(i).and_then(|(v, _)| v.tile()?.ok());
    let mut p = Printer {
        out,
        depth: 1,
        family,
        checking: None,
        stride: 0,
        digits: Vec::new(),
        complement: Vec::new(),
        last: None,
    };
    match (family, layout(0), call.args.len()) {
        (Family::Complement, Some(l), _) => return trace_complement(&l, call, &mut p),
        (Family::RightInverse, Some(l), 1) => {
            let _ = right_inverse_traced(&l, &mut p);
            return true;
        }
        (Family::LeftInverse, Some(l), 1) => {
            if left_inverse_traced(&l, &mut p).is_ok() {
                match p.last {
                    Some((shape, index)) => p.line(format_args!(
                        "then inverse mode {shape}:{index}, the elements of the largest stride; \
                         the modes, coalesced, are the result"
                    )),
                    None => p.line(format_args!(
                        "every stride is 0: inverse mode {}:0, every offset to index 0",
                        l.size()
                    )),
                }
            }
            return true;
        }
        (Family::Complement | Family::RightInverse | Family::LeftInverse, _, _) => return false,
        _ => {}
    }
    let (Some(a), Some(t), 2) = (layout(0), tile(1), call.args.len()) else {
        return false;
    };
    match (op, t) {
        (Op::BlockedProduct | Op::RakedProduct, Tile::Layout(b)) => {
            trace_rank_sensitive(&a, &b, op == Op::RakedProduct, &mut p);
        }
        (Op::BlockedProduct | Op::RakedProduct, Tile::Tiler(_) | Tile::Under) => return false,
        _ => {
            let f: &ModeOp<'_> = match family {
                Family::Divide => &|a, b, p| logical_divide_traced(a, b, p),
                Family::Product => &|a, b, p| logical_product_traced(a, b, p),
                _ => &|a, b, p| composition_traced(a, b, p),
            };
            let traced = by_mode(&a, &t, "", &mut p, f);
            if let (true, Some(how)) = (traced, arrangement(op, family)) {
                let logical = if family == Family::Divide {
                    cute::logical_divide(&a, t)
                } else {
                    cute::logical_product(&a, t)
                };
                if let Ok(l) = logical {
                    p.line(format_args!(
                        "{} = {l}, arranged as {how}",
                        family.mode_op()
                    ));
                }
            }
        }
    }
    true
}

/// `complement(L, M)`, or `complement(L)` with its cotarget `cosize(filter(L))`.
fn trace_complement(l: &Layout, call: &Call, p: &mut Printer<'_>) -> bool {
    let cotarget = match (call.args.get(1), call.args.len()) {
        (Some((Value::Int(n), _)), 2) => IntTuple::int(*n),
        (Some((Value::Tuple(t), _)), 2) => *t,
        (None, 1) => match cute::filter(l).and_then(|f| f.cosize()) {
            Ok(m) => {
                p.line(format_args!("cosize(filter({l})) = {m}: the cotarget"));
                IntTuple::int(m)
            }
            Err(_) => return false,
        },
        _ => return false,
    };
    let _ = complement_traced(l, &cotarget, p);
    // Where it failed, the steps taken before the mode that fails.
    p.flush_complement();
    true
}

/// `blocked_product` or `raked_product`: the `logical_product` of the padded operands, then how
/// its modes are zipped.
fn trace_rank_sensitive(a: &Layout, b: &Layout, raked: bool, p: &mut Printer<'_>) {
    let pad = if a.rank() == b.rank() {
        String::new()
    } else {
        let rank = a.rank().max(b.rank());
        format!(", each padded with 1:0 modes to rank {rank}")
    };
    p.line(format_args!("logical_product of A = {a} and B = {b}{pad}"));
    p.depth += 1;
    let r = if raked {
        raked_product_traced(a, b, p)
    } else {
        blocked_product_traced(a, b, p)
    };
    p.flush_complement();
    p.depth -= 1;
    if r.is_ok() {
        let modes = if raked {
            "((A* ∘ B)_i, A_i): the copies of A interleave"
        } else {
            "(A_i, (A* ∘ B)_i): each element of B becomes a block A"
        };
        p.line(format_args!("mode i of the result is {modes}"));
    }
}

/// How the zipped, tiled and flat forms rearrange the logical result: the first modes are the
/// tile (of a divide) or `A` (of a product), the second the rest or the grid.
fn arrangement(op: Op, family: Family) -> Option<&'static str> {
    let divide = family == Family::Divide;
    match (op.name().split('_').next()?, divide) {
        ("zipped", true) => Some("((tile),(rest))"),
        ("zipped", false) => Some("((A),(grid))"),
        ("tiled", true) => Some("((tile),rest...)"),
        ("tiled", false) => Some("((A),grid...)"),
        ("flat", true) => Some("(tile...,rest...)"),
        ("flat", false) => Some("(A...,grid...)"),
        _ => None,
    }
}

/// Traces `f` on `a` and the tile `t`, mode by mode for a tiler (modes of `a` past the tiler
/// are kept by divides and products, dropped by composition). Returns whether every mode
/// succeeded.
fn by_mode(a: &Layout, t: &Tile, path: &str, p: &mut Printer<'_>, f: &ModeOp<'_>) -> bool {
    match t {
        Tile::Layout(b) => {
            if path.is_empty() {
                let r = f(a, b, p);
                p.flush_complement();
                return r.is_ok();
            }
            p.line(format_args!(
                "mode {path}: {}({a}, {b})",
                p.family.mode_op()
            ));
            p.depth += 1;
            let r = f(a, b, p);
            p.flush_complement();
            if let (Ok(r), Family::Product) = (&r, p.family) {
                p.line(format_args!("(A, A* ∘ B) = {r}"));
            }
            p.depth -= 1;
            r.is_ok()
        }
        Tile::Tiler(tiler) => {
            for (i, m) in a.modes().enumerate() {
                let Ok(m) = m.to_layout() else { return false };
                let sub = if path.is_empty() {
                    i.to_string()
                } else {
                    format!("{path}.{i}")
                };
                match tiler.tiles().nth(i) {
                    // The operation stops at the first mode that fails, and so does its trace.
                    Some(tile) if !by_mode(&m, &tile, &sub, p, f) => return false,
                    Some(_) => {}
                    None if p.family == Family::Composition => break,
                    None => p.line(format_args!("mode {sub}: {m}, past the tiler, is kept")),
                }
            }
            true
        }
        Tile::Under => {
            p.line(format_args!(
                "mode {path}: {a}, under `_`, is kept as it is"
            ));
            true
        }
    }
}

/// Writes each step as an indented line.
struct Printer<'a> {
    out: &'a mut String,
    /// Nesting level of the next line.
    depth: usize,
    family: Family,
    /// Points of a pointwise check under way, reported with the composition's result.
    checking: Option<i64>,
    /// The stride of the mode of B being walked.
    stride: i64,
    /// For each bounded mode of `coalesce(A)` kept into by the current composition, the largest
    /// digit each mode of B places there: the terms of a carry the walk reports.
    digits: Vec<(usize, Vec<i64>)>,
    /// The steps of a complement, printed under its result when that arrives.
    complement: Vec<Step>,
    /// The last mode a left inverse took: its size and index stride.
    last: Option<(i64, i64)>,
}

/// `n elements`, or `1 element`.
fn elements(n: i64) -> String {
    if n == 1 {
        "1 element".to_string()
    } else {
        format!("{n} elements")
    }
}

/// The sum of digits, saturating.
fn sum(ds: &[i64]) -> i64 {
    ds.iter().fold(0, |a, &d| a.saturating_add(d))
}

impl Printer<'_> {
    fn line(&mut self, args: std::fmt::Arguments<'_>) {
        let _ = writeln!(self.out, "{:w$}{args}", "", w = 2 * self.depth);
    }

    /// Mode `mode` of `coalesce(A)` keeps `keep` elements: the condition each number meets.
    fn keep(
        &mut self,
        mode: usize,
        size: i64,
        stride: i64,
        keep: i64,
        result: i64,
        remaining: i64,
    ) {
        let fits = if remaining == 1 {
            "all placed".to_string()
        } else {
            format!("{remaining} left, stride becomes 1")
        };
        let digit = (keep - 1).saturating_mul(stride.saturating_abs());
        match self.digits.iter_mut().find(|d| d.0 == mode) {
            Some(d) => d.1.push(digit),
            None => self.digits.push((mode, vec![digit])),
        }
        let divides = if stride < 0 {
            format!("{stride} walks A backwards (checked pointwise below)")
        } else if size % stride == 0 {
            format!("{stride} divides {size}")
        } else if remaining == 1 {
            format!("{stride} does not divide {size}, but the elements fit")
        } else {
            format!(
                "{stride} does not divide {size} and the elements overrun it \
                 (checked pointwise below)"
            )
        };
        self.line(format_args!(
            "  mode {mode} (size {size}): stride {divides} → keep {keep} at stride \
             {result} (shape divisibility: {keep} divides {} ✓); {fits}",
            keep.saturating_mul(remaining)
        ));
    }

    /// A mode of `coalesce(L)` taken by `right_inverse` or `left_inverse`.
    fn inverse_mode(&mut self, shape: i64, stride: i64, index: i64, expected: i64) {
        let mode = format!("mode {shape}:{stride} (index stride {index})");
        if self.family == Family::RightInverse {
            if stride == expected {
                let run = shape.saturating_mul(stride);
                self.line(format_args!(
                    "{mode}: stride {stride} starts where the run [0, {expected}) ends → inverse \
                     mode {shape}:{index}; the run is now [0, {run})"
                ));
            } else {
                self.line(format_args!(
                    "{mode}: stride {stride} ≠ {expected}, so offset {expected} is never reached; \
                     the inverse covers [0, {expected})"
                ));
            }
            return;
        }
        if expected > 0 && stride % expected == 0 {
            let q = stride / expected;
            let prev = self.last.map_or(0, |(_, index)| index);
            self.line(format_args!(
                "{mode}: left-inverse divisibility: {expected} divides {stride} ✓ → inverse mode \
                 {q}:{prev}, the offsets below {stride} in steps of {expected}"
            ));
            self.last = Some((shape, index));
        } else {
            self.line(format_args!(
                "{mode}: left-inverse divisibility: {expected} does not divide {stride}, so the \
                 offsets below {stride} are not whole steps of {expected}"
            ));
        }
    }

    /// The steps of a complement not yet printed: under its result, or where it failed.
    fn flush_complement(&mut self) {
        for step in std::mem::take(&mut self.complement) {
            self.complement_step(&step);
        }
    }

    /// A step of `complement`.
    fn complement_step(&mut self, step: &Step) {
        match *step {
            Step::Filtered(f) => self.line(format_args!(
                "filter = {f} (stride-0 modes dropped, then coalesced)"
            )),
            Step::ComplementMode {
                shape,
                stride,
                covered,
                gap,
            } => {
                let exact = if stride % covered == 0 {
                    ""
                } else {
                    ", rounded down"
                };
                self.line(format_args!(
                    "mode {shape}:{stride} (smallest stride left): below {stride}, {} at stride \
                     {covered} ({stride}/{covered}{exact}); now {} covered",
                    elements(gap),
                    shape.saturating_mul(stride)
                ));
            }
            Step::ComplementRest {
                cotarget,
                covered,
                rest,
            } => {
                let how = if cotarget.is_int() {
                    format!("⌈{cotarget}/{covered}⌉")
                } else {
                    format!("{cotarget} divided by {covered} mode by mode")
                };
                self.line(format_args!(
                    "up to {cotarget}: {} at stride {covered} ({how}); the modes, coalesced, are \
                     the result",
                    elements(rest)
                ));
            }
            _ => {}
        }
    }

    /// The walk does not show the composition exact: why, with the numbers.
    fn pointwise(&mut self, points: i64, reason: Unproven) {
        self.checking = Some(points);
        let why = match reason {
            Unproven::Overrun => "a stride overruns a mode it does not divide".to_string(),
            Unproven::Backward => "a negative stride walks A backwards".to_string(),
            Unproven::Carry { mode, digits, size } => {
                // The terms, where the digits this trace saw are the ones the walk added up.
                let terms = self
                    .digits
                    .iter()
                    .find(|d| d.0 == mode)
                    .filter(|d| d.1.len() > 1 && sum(&d.1) == digits)
                    .map(|d| {
                        d.1.iter()
                            .map(i64::to_string)
                            .collect::<Vec<_>>()
                            .join(" + ")
                    });
                let up_to = terms.map_or_else(|| digits.to_string(), |t| format!("{t} = {digits}"));
                format!(
                    "the modes of B place digits up to {up_to} in mode {mode} (size {size}), \
                     which may carry"
                )
            }
        };
        self.line(format_args!(
            "not shown exact by the walk ({why}): checking R(i) == A(B(i)) at all {points} indices"
        ));
    }
}

impl Family {
    /// The operation applied to each mode of a tiler.
    fn mode_op(self) -> &'static str {
        match self {
            Family::Complement => Op::Complement.name(),
            Family::RightInverse => Op::RightInverse.name(),
            Family::LeftInverse => Op::LeftInverse.name(),
            Family::Composition => Op::Composition.name(),
            Family::Divide => Op::LogicalDivide.name(),
            Family::Product => Op::LogicalProduct.name(),
        }
    }
}

impl cute::Trace for Printer<'_> {
    fn step(&mut self, step: &Step) {
        match *step {
            Step::Composition { a, b } => {
                let role = match self.family {
                    Family::Divide => ", A ∘ (T, T*)",
                    Family::Product => ", the grid A* ∘ B",
                    _ => "",
                };
                self.line(format_args!("composition {a} ∘ {b}{role}"));
                self.depth += 1;
                self.digits.clear();
            }
            Step::Coalesced(l) => match self.family {
                Family::RightInverse | Family::LeftInverse => self.line(format_args!(
                    "coalesce(L) = {l}: its modes, by increasing stride"
                )),
                _ => self.line(format_args!(
                    "coalesce(A) = {l}: the layout the walk divides"
                )),
            },
            Step::InverseMode {
                shape,
                stride,
                index,
                expected,
            } => self.inverse_mode(shape, stride, index, expected),
            Step::Mode { shape, stride } => {
                self.stride = stride;
                self.line(format_args!("B mode {shape}:{stride}"));
            }
            Step::ZeroStride => self.line(format_args!("  stride 0: every element is A(0)")),
            Step::Linear { stride, result } => {
                let b = self.stride;
                self.line(format_args!(
                    "  coalesce(A) has one mode: stride {b}·{stride} = {result}"
                ));
            }
            Step::DivideOut {
                mode,
                size,
                stride,
                next,
            } => self.line(format_args!(
                "  mode {mode} (size {size}): stride {stride} is a multiple of {size} \
                 (stride divisibility ✓) → divide out, stride becomes {next}"
            )),
            Step::Keep {
                mode,
                size,
                stride,
                keep,
                result,
                remaining,
            } => self.keep(mode, size, stride, keep, result, remaining),
            Step::Last { keep, result } => self.line(format_args!(
                "  last mode (unbounded): keep {keep} at stride {result}"
            )),
            Step::Filtered(_) | Step::ComplementMode { .. } | Step::ComplementRest { .. } => {
                self.complement.push(*step);
            }
            Step::Complement {
                layout,
                cotarget,
                result,
            } => {
                let why = match self.family {
                    Family::Product => "  (A*: the copies of A fill size(A)·cosize(B))",
                    Family::Divide => "  (T*: the tiles of T fill shape(coalesce(A)))",
                    _ => "",
                };
                self.line(format_args!(
                    "complement({layout}, {cotarget}) = {result}{why}"
                ));
                self.depth += 1;
                self.flush_complement();
                self.depth -= 1;
            }
            Step::Proved => self.line(format_args!(
                "exact: every stride divides the modes it crosses, and the modes of B never \
                 carry into each other"
            )),
            Step::Pointwise { points, reason } => self.pointwise(points, reason),
            Step::Composed(r) => {
                if let Some(points) = self.checking.take() {
                    self.line(format_args!("✓ R(i) == A(B(i)) at all {points} indices"));
                }
                self.depth -= 1;
                self.line(format_args!("→ {r}"));
            }
            Step::Rejected(kind) => {
                self.checking = None;
                self.line(format_args!("✗ {kind}"));
                self.depth -= 1;
            }
            _ => {}
        }
    }
}
