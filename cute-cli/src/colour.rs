//! How the cells of a picture are coloured (`--color`): CuTe's greys by offset mod 8, by thread,
//! value or warp of a thread-value picture, by row or column, or by shared-memory bank.

use std::str::FromStr;

use crate::grid::Cell;

/// A colouring of cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Colouring {
    /// CuTe's `TikzColor_BWx8`: eight greys by offset mod 8 (the default for a layout).
    Offset8,
    /// By thread, CuTe's `TikzColor_TV` pastels by thread mod 8 (the default for `--tv`).
    Thread,
    /// By the value index of a thread-value picture.
    Value,
    /// By warp: thread / 32.
    Warp,
    /// By row.
    Row,
    /// By column.
    Col,
    /// By the shared-memory bank of the cell's offset for elements of `bytes` bytes:
    /// `(offset · bytes / 4) mod 32`.
    Bank(i64),
}

impl FromStr for Colouring {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        let bank = |b: &str| match b.parse::<i64>() {
            Ok(n) if [1, 2, 4, 8, 16].contains(&n) => Ok(Colouring::Bank(n)),
            _ => Err(format!("bank:BYTES takes 1, 2, 4, 8 or 16 bytes, not {b}")),
        };
        match s {
            "offset8" => Ok(Colouring::Offset8),
            "thread" => Ok(Colouring::Thread),
            "value" => Ok(Colouring::Value),
            "warp" => Ok(Colouring::Warp),
            "row" => Ok(Colouring::Row),
            "col" => Ok(Colouring::Col),
            "bank" => Ok(Colouring::Bank(4)),
            _ => match s.strip_prefix("bank:") {
                Some(b) => bank(b),
                None => Err(format!(
                    "{s} is not a colouring: offset8, thread, value, warp, row, col or bank[:BYTES]"
                )),
            },
        }
    }
}

/// What a cell is filled with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fill {
    /// Nothing reaches the cell: white.
    White,
    /// Grey `k` of CuTe's eight (`black!00`, `black!40`, ...).
    Grey(usize),
    /// Pastel `k` of CuTe's eight thread colours.
    Pastel(usize),
    /// A hue of its own for the key (rows, columns, warps, banks).
    Hue(i64),
}

/// CuTe's `TikzColor_BWx8` percentages of black, in its order.
pub const GREYS: [u8; 8] = [0, 40, 20, 60, 10, 50, 30, 70];

/// CuTe's `TikzColor_TV` pastels, in its order.
pub const PASTELS: [[u8; 3]; 8] = [
    [175, 175, 255],
    [175, 255, 175],
    [255, 255, 175],
    [255, 175, 175],
    [210, 210, 255],
    [210, 255, 210],
    [255, 255, 210],
    [255, 210, 210],
];

impl Colouring {
    /// The default colouring of a picture: by thread for a thread-value picture, CuTe's greys
    /// otherwise.
    #[must_use]
    pub fn default_for(cells: &[Cell]) -> Colouring {
        if cells.iter().any(|c| c.owner.is_some()) {
            Colouring::Thread
        } else {
            Colouring::Offset8
        }
    }

    /// The fill of `cell` at row `r`, column `c`. `thread`, `value` and `warp` need a
    /// thread-value picture's owners; without them a cell takes its offset's grey. In a
    /// thread-value picture, `offset8` and `bank` follow the data index.
    #[must_use]
    pub fn fill(self, cell: &Cell, r: usize, c: usize) -> Fill {
        if !cell.reached {
            return Fill::White;
        }
        let eight = |k: i64| usize::try_from(k.rem_euclid(8)).unwrap_or(0);
        match (self, cell.owner) {
            (Colouring::Thread, Some((t, _))) => Fill::Pastel(eight(t)),
            (Colouring::Value, Some((_, v))) => Fill::Pastel(eight(v)),
            (Colouring::Warp, Some((t, _))) => Fill::Hue(t / 32),
            (Colouring::Row, _) => Fill::Hue(r as i64),
            (Colouring::Col, _) => Fill::Hue(c as i64),
            // The bank depends on the byte address mod 128 only.
            (Colouring::Bank(bytes), _) => Fill::Hue(
                (cell.key.rem_euclid(128) * bytes)
                    .div_euclid(4)
                    .rem_euclid(32),
            ),
            _ => Fill::Grey(eight(cell.key)),
        }
    }
}

impl Fill {
    /// The fill as 8-bit RGB.
    #[must_use]
    pub fn rgb(self) -> [u8; 3] {
        match self {
            Fill::White => [255, 255, 255],
            Fill::Grey(k) => {
                let v = 255 - (u16::from(GREYS[k % 8]) * 255 / 100) as u8;
                [v, v, v]
            }
            Fill::Pastel(k) => PASTELS[k % 8],
            Fill::Hue(key) => hue(key),
        }
    }

    /// Whether the fill is dark enough that letters on it read better light.
    #[must_use]
    pub fn is_dark(self) -> bool {
        let [r, g, b] = self.rgb();
        u16::from(r) + u16::from(g) + u16::from(b) < 3 * 128
    }

    /// The fill as a `TikZ` colour.
    #[must_use]
    pub fn tikz(self) -> String {
        match self {
            Fill::White => "white".to_owned(),
            Fill::Grey(k) => format!("black!{:02}", GREYS[k % 8]),
            _ => {
                let [r, g, b] = self.rgb();
                format!("{{rgb,255:red,{r};green,{g};blue,{b}}}")
            }
        }
    }
}

/// A colour of its own for each key: hues spread by the golden ratio, pastel so that labels
/// stay readable.
#[must_use]
pub fn hue(key: i64) -> [u8; 3] {
    // Golden-ratio hashing of the key spreads neighbouring keys over the hue circle.
    let turn = key.unsigned_abs().wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 52;
    let h = f64::from(u32::try_from(turn).unwrap_or(0)) / 4096.0 * 6.0;
    let (s, v) = (0.35, 0.97);
    let c = v * s;
    let x = c * (1.0 - ((h % 2.0) - 1.0).abs());
    let (r, g, b) = match h as u32 {
        0 => (c, x, 0.0),
        1 => (x, c, 0.0),
        2 => (0.0, c, x),
        3 => (0.0, x, c),
        4 => (x, 0.0, c),
        _ => (c, 0.0, x),
    };
    let m = v - c;
    let to = |u: f64| ((u + m) * 255.0).round() as u8;
    [to(r), to(g), to(b)]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(key: i64, owner: Option<(i64, i64)>) -> Cell {
        Cell {
            label: String::new(),
            key,
            reached: true,
            owner,
            past: false,
            tip: String::new(),
        }
    }

    #[test]
    fn schemes_follow_cute() {
        let plain = cell(13, None);
        assert_eq!(Colouring::Offset8.fill(&plain, 0, 0), Fill::Grey(5));
        assert_eq!(Fill::Grey(5).tikz(), "black!50");
        assert_eq!(Fill::Grey(0).rgb(), [255, 255, 255]);
        let tv = cell(33, Some((33, 3)));
        assert_eq!(Colouring::Thread.fill(&tv, 0, 0), Fill::Pastel(1));
        assert_eq!(Colouring::Value.fill(&tv, 0, 0), Fill::Pastel(3));
        assert_eq!(Colouring::Warp.fill(&tv, 0, 0), Fill::Hue(1));
        assert_eq!(Colouring::Row.fill(&plain, 2, 5), Fill::Hue(2));
        assert_eq!(Colouring::Col.fill(&plain, 2, 5), Fill::Hue(5));
        // Offset 13 of 8-byte elements: bytes 104..111, bank 26.
        assert_eq!(Colouring::Bank(8).fill(&plain, 0, 0), Fill::Hue(26));
        let empty = Cell {
            reached: false,
            ..cell(0, None)
        };
        assert_eq!(Colouring::Offset8.fill(&empty, 0, 0), Fill::White);
        // A negative offset is reached: grey by its residue mod 8; banks of huge offsets wrap.
        assert_eq!(
            Colouring::Offset8.fill(&cell(-1, None), 0, 0),
            Fill::Grey(7)
        );
        assert_eq!(
            Colouring::Bank(8).fill(&cell(1 << 61, None), 0, 0),
            Fill::Hue(0)
        );
        assert_eq!("bank:2".parse(), Ok(Colouring::Bank(2)));
        assert!("bank:3".parse::<Colouring>().is_err());
        assert!("rainbow"
            .parse::<Colouring>()
            .unwrap_err()
            .contains("offset8"));
        assert_eq!(
            Colouring::default_for(&[cell(0, None), tv]),
            Colouring::Thread
        );
    }
}
