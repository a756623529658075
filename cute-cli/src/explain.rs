//! `cute explain`: the step-by-step trace of an operation.

use std::fmt::Write as _;

use cute::algebra::divide::logical_divide_traced;
use cute::algebra::product::logical_product_traced;
use cute::expr::{parse_call, Call, ExprError, Value};
use cute::{composition_traced, Layout, Step, Tile};

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

/// Writes the steps of `call` when it is a composition, divide or product; returns whether it
/// traced anything.
fn trace_call(call: &Call, out: &mut String) -> bool {
    let layout = |i: usize| match call.args.get(i) {
        Some((Value::Layout(l), _)) => Some(*l),
        _ => None,
    };
    let tile = |i: usize| match call.args.get(i) {
        Some((Value::Layout(l), _)) => Some(Tile::Layout(*l)),
        Some((Value::Tiler(t), _)) => Some(Tile::Tiler(*t)),
        _ => None,
    };
    let (Some(a), Some(t), 2) = (layout(0), tile(1), call.args.len()) else {
        return false;
    };
    let op: &dyn Fn(&Layout, &Layout, &mut Printer<'_>) = match call.op.as_str() {
        "composition" => &|a, b, p| {
            let _ = composition_traced(a, b, p);
        },
        "logical_divide" | "zipped_divide" | "tiled_divide" | "flat_divide" => &|a, b, p| {
            let _ = logical_divide_traced(a, b, p);
        },
        "logical_product" | "zipped_product" | "tiled_product" | "flat_product" => &|a, b, p| {
            let _ = logical_product_traced(a, b, p);
        },
        _ => return false,
    };
    by_mode(&a, &t, "", out, op);
    true
}

/// Traces `op` on `a` and the tile `t`, mode by mode for a tiler.
fn by_mode(
    a: &Layout,
    t: &Tile,
    path: &str,
    out: &mut String,
    op: &dyn Fn(&Layout, &Layout, &mut Printer<'_>),
) {
    match t {
        Tile::Layout(b) => {
            if !path.is_empty() {
                let _ = writeln!(out, "  mode {path}: {a} with {b}");
            }
            op(a, b, &mut Printer { out });
        }
        Tile::Tiler(tiler) => {
            for (i, (m, tile)) in a.modes().zip(tiler.tiles()).enumerate() {
                let Ok(m) = m.to_layout() else { return };
                let sub = if path.is_empty() {
                    i.to_string()
                } else {
                    format!("{path}.{i}")
                };
                by_mode(&m, &tile, &sub, out, op);
            }
        }
    }
}

/// Writes each step as a line.
struct Printer<'a> {
    out: &'a mut String,
}

impl cute::Trace for Printer<'_> {
    fn step(&mut self, step: &Step) {
        let o = &mut *self.out;
        let _ = match *step {
            Step::Complement { result } => writeln!(o, "  complement: {result}"),
            Step::Coalesced(l) => writeln!(o, "  coalesce(A), the layout the walk divides: {l}"),
            Step::Mode { shape, stride } => writeln!(o, "  B mode {shape}:{stride}"),
            Step::ZeroStride => writeln!(o, "    stride 0: every element is A(0)"),
            Step::Linear => writeln!(o, "    coalesce(A) has one mode: the strides multiply"),
            Step::DivideOut { mode, size, stride, next } => writeln!(
                o,
                "    mode {mode} (size {size}): stride {stride} is a multiple of {size} (stride divisibility ✓) → divide out, stride becomes {next}"
            ),
            Step::Keep { mode, size, stride, keep, result, remaining } => {
                let fits = if remaining == 1 { "all placed".to_string() } else { format!("{remaining} left, stride becomes 1") };
                let divides = if stride > 0 && size % stride == 0 {
                    format!("{stride} divides {size}")
                } else if remaining == 1 {
                    format!("{stride} does not divide {size}, but the elements fit")
                } else {
                    format!("{stride} does not divide {size} and the elements overrun it")
                };
                writeln!(
                    o,
                    "    mode {mode} (size {size}): stride {stride}, {divides} → keep {keep} at stride {result} (shape divisibility: {keep} divides {} ✓); {fits}",
                    keep * remaining
                )
            }
            Step::Last { keep, result } => writeln!(o, "    last mode (unbounded): keep {keep} at stride {result}"),
            Step::Proved => writeln!(o, "  exact: every stride divides the modes it crosses, and the modes of B never carry into each other"),
            Step::Pointwise { points } => writeln!(o, "  not shown exact by the walk: R(i) == A(B(i)) checked at all {points} indices"),
            _ => Ok(()),
        };
    }
}
