//! A layout's top-level modes picked and grouped, CuTe's `select`, `take` and `group`: the
//! modes are kept as they are (nesting included), only their tuple changes.

use crate::error::{Error, ErrorKind, Op};
use crate::layout::Layout;
use crate::limits::MAX_LEAVES;

impl Layout {
    /// `select<I0, I1, ...>(L)`: the modes `I0, I1, ...` of `L`, in that order (a mode may come
    /// more than once), as a tuple; a depth-0 layout is its own mode 0.
    ///
    /// # Errors
    /// [`ErrorKind::IndexOutOfRange`] for a mode past the rank; [`ErrorKind::Capacity`] or
    /// [`ErrorKind::Overflow`] for a result past the capacities or `i64`.
    ///
    /// # Examples
    /// ```
    /// use cute_core::Layout;
    /// let l: Layout = "(4,(2,2),8):(2,(1,8),32)".parse().unwrap();
    /// assert_eq!(l.select(&[2, 0]).unwrap().to_string(), "(8,4):(32,2)");
    /// ```
    pub fn select(&self, modes: &[usize]) -> Result<Layout, Error> {
        let err = |k| Error::new(Op::Select, [Some(self.into()), None], k);
        let mut out = Layout::concat(&[]).map_err(|e| e.within(Op::Select))?;
        for &m in modes {
            let mode = self.mode(m).ok_or_else(|| {
                err(ErrorKind::IndexOutOfRange {
                    index: i64::try_from(m).unwrap_or(i64::MAX),
                    size: self.rank() as i64,
                })
            })?;
            out = out.append(&mode).map_err(|e| e.within(Op::Select))?;
        }
        Ok(out)
    }

    /// `take<B, E>(L)`: the modes `B..E` of `L` as a tuple.
    ///
    /// # Errors
    /// [`ErrorKind::ModeRange`] unless `B <= E <= rank(L)`.
    ///
    /// # Examples
    /// ```
    /// use cute_core::Layout;
    /// let l: Layout = "(4,(2,2),8):(2,(1,8),32)".parse().unwrap();
    /// assert_eq!(l.take(1, 3).unwrap().to_string(), "((2,2),8):((1,8),32)");
    /// ```
    pub fn take(&self, b: usize, e: usize) -> Result<Layout, Error> {
        self.range(Op::Take, b, e)?;
        let modes: [usize; MAX_LEAVES] = core::array::from_fn(|k| b + k);
        self.select(&modes[..(e - b).min(MAX_LEAVES)])
            .map_err(|mut x| {
                x.op = Op::Take;
                x
            })
    }

    /// `group<B, E>(L)`: `L` with its modes `B..E` grouped into one mode (a tuple of them), the
    /// others as they are: `(L0, ..., (LB, ..., LE-1), ..., Ln-1)`; `L` itself for `B == E`.
    ///
    /// # Errors
    /// As [`Layout::take`].
    ///
    /// # Examples
    /// ```
    /// use cute_core::Layout;
    /// let l: Layout = "(4,2,8):(2,1,32)".parse().unwrap();
    /// assert_eq!(l.group_modes(1, 3).unwrap().to_string(), "(4,(2,8)):(2,(1,32))");
    /// ```
    pub fn group_modes(&self, b: usize, e: usize) -> Result<Layout, Error> {
        self.range(Op::GroupModes, b, e)?;
        // CuTe groups nothing for an empty range: no empty mode is inserted.
        if b == e {
            return Ok(*self);
        }
        let within = |x: Error| x.within(Op::GroupModes);
        let mut out = self.take(0, b).map_err(within)?;
        out = out
            .append(&self.take(b, e).map_err(within)?)
            .map_err(within)?;
        for m in e..self.rank() {
            let mode = self.mode(m).unwrap_or(Layout::trivial());
            out = out.append(&mode).map_err(within)?;
        }
        Ok(out)
    }

    /// `Ok` when `b <= e <= rank`, else `op`'s error naming the range.
    fn range(&self, op: Op, b: usize, e: usize) -> Result<(), Error> {
        if b <= e && e <= self.rank() {
            return Ok(());
        }
        Err(Error::new(
            op,
            [Some(self.into()), None],
            ErrorKind::ModeRange {
                begin: b,
                end: e,
                rank: self.rank(),
            },
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn l(s: &str) -> Layout {
        s.parse().unwrap()
    }

    #[test]
    fn select_take_and_group_keep_each_mode_as_it_is() {
        let a = l("(4,(2,2),8):(2,(1,8),32)");
        assert_eq!(a.select(&[1]).unwrap(), l("((2,2)):((1,8))"));
        assert_eq!(a.select(&[2, 2]).unwrap(), l("(8,8):(32,32)"));
        assert_eq!(a.take(0, 0).unwrap().rank(), 0);
        assert_eq!(a.take(0, 3).unwrap(), a);
        assert_eq!(
            a.group_modes(0, 2).unwrap(),
            l("((4,(2,2)),8):((2,(1,8)),32)")
        );
        assert_eq!(
            a.group_modes(2, 3).unwrap(),
            l("(4,(2,2),(8)):(2,(1,8),(32))")
        );
        assert_eq!(a.group_modes(1, 1).unwrap(), a);
        // A depth-0 layout is its own mode 0.
        assert_eq!(l("8:2").select(&[0, 0]).unwrap(), l("(8,8):(2,2)"));
        // Every offset of the grouped layout is the layout's: grouping changes no function.
        let g = a.group_modes(1, 3).unwrap();
        for i in 0..a.size() {
            assert_eq!(g.eval(i).unwrap(), a.eval(i).unwrap());
        }
    }

    #[test]
    fn a_mode_past_the_rank_is_named() {
        let a = l("(4,2):(1,4)");
        let e = a.select(&[0, 2]).unwrap_err();
        assert_eq!((e.code(), e.op), ("index_out_of_range", Op::Select), "{e}");
        assert_eq!(a.take(1, 3).unwrap_err().op, Op::Take);
        let e = a.take(2, 1).unwrap_err();
        assert_eq!(e.code(), "mode_range");
        assert_eq!(
            e.to_string(),
            "take((4,2):(1,4)): modes 2..1 are not a range of a layout of rank 2: it needs 2 <= 1 <= 2"
        );
        assert_eq!(a.group_modes(0, 3).unwrap_err().op, Op::GroupModes);
    }

    #[test]
    fn equal_layouts_hash_alike() {
        use core::hash::{Hash, Hasher};
        // A hasher that keeps every byte: equal inputs, equal records.
        #[derive(Default)]
        struct Record(u64);
        impl Hasher for Record {
            fn finish(&self) -> u64 {
                self.0
            }
            fn write(&mut self, bytes: &[u8]) {
                for b in bytes {
                    self.0 = self.0.wrapping_mul(31).wrapping_add(u64::from(*b));
                }
            }
        }
        let h = |x: &Layout| {
            let mut r = Record::default();
            x.hash(&mut r);
            r.finish()
        };
        let (a, b) = (
            l("(4,(2,2)):(2,(1,8))"),
            "(4, (2, 2)) : (2, (1, 8))".parse().unwrap(),
        );
        assert_eq!(a, b);
        assert_eq!(h(&a), h(&b));
        assert_ne!(h(&a), h(&l("(4,(2,2)):(2,(1,4))")));
        assert_ne!(h(&l("12:3")), h(&l("1:23")));
    }
}
