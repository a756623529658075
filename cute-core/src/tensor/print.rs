//! CuTe's `print_tensor`: a tensor of rank 1 to 4 as its layout and a table of its values, through
//! `Display` (`println!("{t}")`), each value as CuTe's `pretty_print` writes it.

use core::fmt;

use super::engine::Engine;
use super::layout::TensorLayout;
use super::view::Tensor;

/// A value as CuTe's `pretty_print` writes it in a tensor's table: integers in 5 columns, `f32`
/// as `%10.2e`, `f64` as `%11.3e`, `bool` as 0 or 1 in 3 columns. Implement it for an element
/// type of your own to print its tensors.
pub trait PrettyPrint {
    /// Writes the value, padded to its column.
    ///
    /// # Errors
    /// The formatter's.
    fn pretty_print(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result;

    /// The width of a value's column, for an element outside the data (`.`).
    const WIDTH: usize;
}

macro_rules! integers {
    ($($t:ty)*) => {$(
        impl PrettyPrint for $t {
            fn pretty_print(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "{self:5}")
            }
            const WIDTH: usize = 5;
        }
    )*};
}

integers!(i8 i16 i32 i64 isize u8 u16 u32 u64 usize);

impl PrettyPrint for bool {
    fn pretty_print(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:3}", u8::from(*self))
    }
    const WIDTH: usize = 3;
}

/// `v` as C's `%W.Pe`: `P` digits after the point, the exponent signed and of two digits at
/// least (`1.50e+00`), right-aligned in `W` columns.
fn exponent(f: &mut fmt::Formatter<'_>, v: f64, width: usize, precision: usize) -> fmt::Result {
    if !v.is_finite() {
        // C's spellings: `inf`, `-inf`, `nan`, `-nan`.
        let text = match (v.is_nan(), v.is_sign_negative()) {
            (true, false) => "nan",
            (true, true) => "-nan",
            (false, false) => "inf",
            (false, true) => "-inf",
        };
        return write!(f, "{text:>width$}");
    }
    // Rust writes `1.50e0`; C writes `1.50e+00`. The mantissa is at most 1 + 1 + 1 + 17 bytes.
    let mut buf = [0u8; 48];
    let mut w = Cursor(&mut buf, 0);
    fmt::write(&mut w, format_args!("{v:.precision$e}"))?;
    let n = w.1;
    let text = core::str::from_utf8(&buf[..n]).map_err(|_| fmt::Error)?;
    let (mantissa, exp) = text.split_once('e').ok_or(fmt::Error)?;
    let exp: i32 = exp.parse().map_err(|_| fmt::Error)?;
    let sign = if exp < 0 { '-' } else { '+' };
    let pad = width.saturating_sub(mantissa.len() + 2 + 2.max(digits(exp.unsigned_abs())));
    write!(f, "{:pad$}{mantissa}e{sign}{:02}", "", exp.unsigned_abs())
}

/// Decimal digits of `n`.
fn digits(mut n: u32) -> usize {
    let mut d = 1;
    while n >= 10 {
        n /= 10;
        d += 1;
    }
    d
}

/// A writer into a byte buffer (no allocation).
struct Cursor<'a>(&'a mut [u8], usize);

impl fmt::Write for Cursor<'_> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let end = self.1 + s.len();
        self.0
            .get_mut(self.1..end)
            .ok_or(fmt::Error)?
            .copy_from_slice(s.as_bytes());
        self.1 = end;
        Ok(())
    }
}

impl PrettyPrint for f32 {
    fn pretty_print(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        exponent(f, f64::from(*self), 10, 2)
    }
    const WIDTH: usize = 10;
}

impl PrettyPrint for f64 {
    fn pretty_print(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        exponent(f, *self, 11, 3)
    }
    const WIDTH: usize = 11;
}

/// CuTe's `print_tensor` for ranks 1 to 4: the layout and `:`, then the values — rank 1 one a
/// line, rank 2 a row a line, ranks 3 and 4 their slices `(_,_,k)` (and `(_,_,_,p)`) one after
/// another, separated by lines of `-` (and `=`). An element of a partial view outside the data
/// prints as `.`; a tensor of higher rank prints its values in index order, one a line.
///
/// # Examples
/// ```
/// use cute_core::{make_tensor, Layout};
/// let data: Vec<i32> = (0..6).collect();
/// let t = make_tensor(data.as_slice(), "(2,3):(3,1)".parse::<Layout>().unwrap()).unwrap();
/// assert_eq!(t.to_string(), "(2,3):(3,1):\n    0    1    2\n    3    4    5\n");
/// ```
impl<E, L> fmt::Display for Tensor<E, L>
where
    E: Engine,
    E::Value: PrettyPrint,
    L: TensorLayout,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let l = self.layout().layout();
        writeln!(f, "{l}:")?;
        let sizes: [i64; 4] = core::array::from_fn(|k| l.mode(k).map_or(1, |m| m.size()));
        let (rank, size) = (l.rank(), l.size());
        let value = |f: &mut fmt::Formatter<'_>, i: i64| match self.get(i) {
            Ok(v) => v.pretty_print(f),
            Err(_) => write!(f, "{:>w$}", ".", w = E::Value::WIDTH),
        };
        if rank <= 1 || rank > 4 {
            for i in 0..size {
                value(f, i)?;
                f.write_str("\n")?;
            }
            return Ok(());
        }
        let [m, n, k, p] = sizes;
        if size == 0 {
            return Ok(());
        }
        // CuTe's separators: five characters a column.
        let rule = usize::try_from(n).unwrap_or(0).saturating_mul(5);
        for pi in 0..p {
            if pi > 0 {
                writeln!(f, "{:=<rule$}", "")?;
            }
            for ki in 0..k {
                if ki > 0 {
                    writeln!(f, "{:-<rule$}", "")?;
                }
                for mi in 0..m {
                    for ni in 0..n {
                        // The index of coordinate (mi, ni, ki, pi) over the modes' sizes.
                        value(f, mi + m * (ni + n * (ki + k * pi)))?;
                    }
                    f.write_str("\n")?;
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use crate::{make_tensor, Layout};

    fn l(s: &str) -> Layout {
        s.parse().unwrap()
    }

    #[test]
    fn ranks_one_to_four_print_as_cute() {
        let data: Vec<i64> = (0..16).collect();
        let t = make_tensor(data.as_slice(), l("3:2")).unwrap();
        assert_eq!(t.to_string(), "3:2:\n    0\n    2\n    4\n");
        let t = make_tensor(data.as_slice(), l("(2,2,2):(1,2,4)")).unwrap();
        assert_eq!(
            t.to_string(),
            "(2,2,2):(1,2,4):\n    0    2\n    1    3\n----------\n    4    6\n    5    7\n"
        );
        let t = make_tensor(data.as_slice(), l("(1,2,1,2):(0,1,0,8)")).unwrap();
        assert_eq!(
            t.to_string(),
            "(1,2,1,2):(0,1,0,8):\n    0    1\n==========\n    8    9\n"
        );
        let f = [1.5f32, -0.000_25, f32::INFINITY];
        let t = make_tensor(&f[..], l("3:1")).unwrap();
        assert_eq!(t.to_string(), "3:1:\n  1.50e+00\n -2.50e-04\n       inf\n");
        let g = [1.0f64, f64::NAN, -f64::INFINITY];
        let t = make_tensor(&g[..], l("3:1")).unwrap();
        assert_eq!(
            t.to_string(),
            "3:1:\n  1.000e+00\n        nan\n       -inf\n"
        );
        // An empty tensor of rank 3 prints its layout alone.
        let t = make_tensor(&data[..], l("(0,4,2):(1,1,1)")).unwrap();
        assert_eq!(t.to_string(), "(0,4,2):(1,1,1):\n");
    }

    #[test]
    fn elements_outside_the_data_print_as_dots() {
        // The tiles of 4 of a 6-element tensor: the second reaches 2 past the data.
        let data: Vec<i32> = (0..6).collect();
        let t = make_tensor(data.as_slice(), l("6:1")).unwrap();
        let tiles = t.zipped_divide(l("4:1")).unwrap();
        let second = tiles.slice(&"(_,1)".parse().unwrap()).unwrap();
        assert_eq!(second.to_string(), "(4):(1):\n    4\n    5\n    .\n    .\n");
    }
}
