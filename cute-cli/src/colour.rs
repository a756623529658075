//! How the cells of a picture are coloured (`--color`): CuTe's greys by offset mod 8, by thread,
//! value or warp of a thread-value picture, by row or column, or by shared-memory bank.

use std::str::FromStr;

use crate::grid::{Cell, Grid};

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
    /// A hue of its own for the key (rows, columns, warps).
    Hue(i64),
    /// Colour `b` of the 32 of [`bank_rgb`], for shared-memory bank `b`.
    Bank(i64),
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
            (Colouring::Bank(_), _) => match self.banks(cell) {
                Some((first, _)) => Fill::Bank(first),
                None => Fill::White,
            },
            _ => Fill::Grey(eight(cell.key)),
        }
    }

    /// The banks `(first, last)` that a reached cell's element occupies, when colouring by bank:
    /// an element of 8 or 16 bytes spans 2 or 4 banks and takes its first bank's colour; smaller
    /// ones share a bank. `None` for another colouring.
    #[must_use]
    pub fn banks(self, cell: &Cell) -> Option<(i64, i64)> {
        let Colouring::Bank(bytes) = self else {
            return None;
        };
        // The bank depends on the byte address mod 128 only.
        let byte = cell.key.rem_euclid(128) * bytes;
        let bank = |b: i64| b.div_euclid(4).rem_euclid(32);
        cell.reached
            .then(|| (bank(byte), bank(byte + bytes.max(1) - 1)))
    }

    /// The banks whose colours `g` shows, ascending, for its legend; none unless colouring by
    /// bank.
    #[must_use]
    pub fn legend_banks(self, g: &Grid) -> Vec<i64> {
        let mut used = [false; 32];
        for cell in &g.cells {
            if let Some((first, _)) = self.banks(cell) {
                used[usize::try_from(first).unwrap_or(0)] = true;
            }
        }
        (0..)
            .zip(used)
            .filter_map(|(b, u)| u.then_some(b))
            .collect()
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
            Fill::Bank(b) => bank_rgb(b),
        }
    }

    /// The colour of a label on the fill: black or white, whichever reads better
    /// ([`crate::ink::on`]).
    #[must_use]
    pub fn ink(self) -> [u8; 3] {
        crate::ink::on(self.rgb())
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
    hsv(
        f64::from(u32::try_from(turn).unwrap_or(0)) / 4096.0,
        0.35,
        0.97,
    )
}

/// The colour of shared-memory bank `b` (mod 32), one of 32. Bank `b` takes hue `13·b mod 32`
/// (of 32 around the circle), light for an even bank and dark for an odd one: 13 is odd, so each
/// hue is taken once, and near 32/2, so that banks next to each other, 2, 3 or 4 apart, and 8 or
/// 16 apart (a quarter and a half of a 128-byte row, where conflicts come from) lie at least 6
/// hues (67°) apart, and neighbours differ in lightness too. The golden-ratio hues of [`hue`] put
/// banks 8 apart 20° from each other, which read alike.
#[must_use]
pub fn bank_rgb(b: i64) -> [u8; 3] {
    let b = b.rem_euclid(32);
    let turn = f64::from(u8::try_from(b * 13 % 32).unwrap_or(0)) / 32.0;
    if b % 2 == 0 {
        hsv(turn, 0.55, 1.0)
    } else {
        hsv(turn, 0.7, 0.8)
    }
}

/// The colour of hue `turn` (0 to 1 around the circle), saturation `s` and value `v`, as 8-bit
/// RGB.
fn hsv(turn: f64, s: f64, v: f64) -> [u8; 3] {
    let h = turn.rem_euclid(1.0) * 6.0;
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
        // Offset 13 of 8-byte elements: bytes 104..111, banks 26 and 27, coloured as 26.
        assert_eq!(Colouring::Bank(8).fill(&plain, 0, 0), Fill::Bank(26));
        assert_eq!(Colouring::Bank(8).banks(&plain), Some((26, 27)));
        assert_eq!(Colouring::Bank(1).banks(&plain), Some((3, 3)));
        assert_eq!(Colouring::Row.banks(&plain), None);
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
            Fill::Bank(0)
        );
        // The 32 bank colours are 32, and bank 32 is bank 0.
        let mut all: Vec<[u8; 3]> = (0..32).map(bank_rgb).collect();
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), 32);
        assert_eq!(bank_rgb(32), bank_rgb(0));
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
