//! The notation of linear layouts and Triton's table of bases.

use core::fmt;

use super::dims::write_dims;
use super::layout::LinearLayout;
use crate::error::Operand;

impl LinearLayout {
    /// The bases as a table, one line per input bit, as Triton's `toString` prints it (a
    /// newline first, as Triton's starts its bulleted list on a line of its own):
    /// `register=2 -> (0, 4)`; a size-1 input dimension as ` - lane is a size 1 dimension`, and a
    /// layout without input dimensions as `(empty layout)` or `(empty layout with out-dims
    /// [dim0 (size 4)])`, Triton's words. The alternate form (`{:#}`) leaves the first newline
    /// out, for a table printed on its own.
    #[must_use]
    pub fn table(&self) -> Table<'_> {
        Table(self)
    }
}

/// [`LinearLayout::table`].
pub struct Table<'a>(&'a LinearLayout);

impl fmt::Display for Table<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let l = self.0;
        if !f.alternate() {
            f.write_str("\n")?;
        }
        // Triton's words for a layout without input dimensions and for a size-1 dimension.
        if l.ins.n == 0 {
            f.write_str("(empty layout")?;
            if l.outs.n > 0 {
                f.write_str(" with out-dims ")?;
                out_dims(f, l)?;
            }
            return f.write_str(")");
        }
        for (k, d) in l.ins.iter().enumerate() {
            if d.bits == 0 {
                writeln!(f, " - {} is a size 1 dimension", d.name)?;
            }
            for j in 0..usize::from(d.bits) {
                let v = l.bases[l.ins.start(k) + j];
                write!(
                    f,
                    "{}{}={} -> (",
                    if j == 0 { " - " } else { "   " },
                    d.name,
                    1i64 << j
                )?;
                for m in 0..usize::from(l.outs.n) {
                    write!(
                        f,
                        "{}{}",
                        if m == 0 { "" } else { ", " },
                        l.outs.field(v, m)
                    )?;
                }
                writeln!(f, ")")?;
            }
        }
        write!(f, "where out dims are: ")?;
        out_dims(f, l)
    }
}

/// `[dim0 (size 4), dim1 (size 8)]`, as Triton lists the output dimensions.
fn out_dims(f: &mut fmt::Formatter<'_>, l: &LinearLayout) -> fmt::Result {
    write!(f, "[")?;
    for (m, o) in l.outs.iter().enumerate() {
        write!(
            f,
            "{}{} (size {})",
            if m == 0 { "" } else { ", " },
            o.name,
            o.size()
        )?;
    }
    write!(f, "]")
}

/// The notation of Bhaskaracharya, Acharya, Hagedorn, Grover, *Modeling Layout Abstractions Using
/// Integer Set Relations*, with names:
/// `LinearLayout(crd=(c0:4,c1:4),idx=(i0:4,i1:4),vals=[(1,1),(2,2),(0,1),(0,2)])`.
impl fmt::Display for LinearLayout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "LinearLayout(crd=")?;
        write_dims(f, self.ins.iter())?;
        write!(f, ",idx=")?;
        write_dims(f, self.outs.iter())?;
        write!(f, ",vals=[")?;
        for k in 0..self.in_bits() {
            write!(f, "{}(", if k == 0 { "" } else { "," })?;
            for m in 0..usize::from(self.outs.n) {
                write!(
                    f,
                    "{}{}",
                    if m == 0 { "" } else { "," },
                    self.outs.field(self.bases[k], m)
                )?;
            }
            write!(f, ")")?;
        }
        write!(f, "])")
    }
}

impl From<&LinearLayout> for Operand {
    fn from(l: &LinearLayout) -> Self {
        Operand::of(l)
    }
}

impl fmt::Debug for LinearLayout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}
