//! `cute show`: grids as text tables, optionally coloured with ANSI escapes (`--color`).

use std::fmt::Write as _;

use crate::colour::{Colouring, Fill};
use crate::grid::Grid;

/// A grid as a text table: the title, the column header lines (labelled by their leaf's mode
/// path for a nested mode 1), then one line per row; a cell past the data carries a `*` and the
/// legend follows the table. With `colour`, each cell's background is its fill (24-bit ANSI),
/// its letters black or white, whichever reads better; coloured by bank, a line of the banks the
/// table shows, each on its colour, follows the table.
///
/// ```text
/// (2,3):(3,1)
///        0  1  2
///      +--+--+--+
///    0 | 0| 1| 2|
///    1 | 3| 4| 5|
///      +--+--+--+
/// ```
#[must_use]
pub fn table(g: &Grid, colour: Option<Colouring>) -> String {
    let text = |i: usize| {
        let c = &g.cells[i];
        if c.past {
            format!("{}*", c.label)
        } else {
            c.label.clone()
        }
    };
    let cell_w = (0..g.cells.len())
        .map(|i| text(i).len())
        .chain(g.col_headers.iter().flatten().map(String::len))
        .max()
        .unwrap_or(1);
    let head_w = g.head_chars();
    let mut out = String::new();
    let _ = writeln!(out, "{}", g.title);
    for (k, line) in g.col_headers.iter().enumerate() {
        let label = g.col_labels.get(k).map_or("", String::as_str);
        let _ = write!(out, "{label:>head_w$}  ");
        for h in line {
            let _ = write!(out, " {h:>cell_w$}");
        }
        out.push('\n');
    }
    let rule = format!(
        "{:head_w$} +{}\n",
        "",
        format!("{}+", "-".repeat(cell_w)).repeat(g.cols)
    );
    out.push_str(&rule);
    for r in 0..g.rows {
        let _ = write!(out, "{:>head_w$} |", g.row_headers[r]);
        for c in 0..g.cols {
            let i = r * g.cols + c;
            let label = text(i);
            match colour {
                None => {
                    let _ = write!(out, "{label:>cell_w$}|");
                }
                Some(how) => {
                    let fill = how.fill(&g.cells[i], r, c);
                    let _ = write!(out, "{}|", painted(fill, &format!("{label:>cell_w$}")));
                }
            }
        }
        out.push('\n');
    }
    out.push_str(&rule);
    if let Some(legend) = &g.legend {
        let _ = writeln!(out, "{legend}");
    }
    if let Some(how) = colour {
        let banks = how.legend_banks(g);
        for (k, line) in banks.chunks(16).enumerate() {
            out.push_str(if k == 0 { "bank" } else { "    " });
            for &b in line {
                let _ = write!(out, " {}", painted(Fill::Bank(b), &format!("{b:>2}")));
            }
            out.push('\n');
        }
    }
    out
}

/// `text` on `fill` in 24-bit ANSI escapes, its letters black or white ([`Fill::ink`]).
fn painted(fill: Fill, text: &str) -> String {
    let ([r, g, b], [ir, ig, ib]) = (fill.rgb(), fill.ink());
    format!("\x1b[48;2;{r};{g};{b}m\x1b[38;2;{ir};{ig};{ib}m{text}\x1b[0m")
}
