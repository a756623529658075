//! The notation of linear layouts and Triton's table of bases.

use core::fmt;

use super::dims::write_dims;
use super::layout::LinearLayout;
use crate::error::Operand;

impl LinearLayout {
    /// The bases as a table, one line per input bit (Triton's printing):
    /// `register=2 -> (0, 4)`.
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
        for (k, d) in l.ins.iter().enumerate() {
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
        write!(f, "where out dims are: [")?;
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
}

/// Seed 004's notation with names: `LinearLayout(crd=(c0:4,c1:4),idx=(i0:4,i1:4),
/// vals=[(1,1),(2,2),(0,1),(0,2)])`.
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
