//! `cute show`: grids as text tables.

use std::fmt::Write as _;

use crate::grid::Grid;

/// A grid as a text table: the title, the column header lines, then one line per row.
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
pub fn table(g: &Grid) -> String {
    let cell_w = g
        .cells
        .iter()
        .map(|c| c.label.len())
        .chain(g.col_headers.iter().flatten().map(String::len))
        .max()
        .unwrap_or(1);
    let head_w = g.row_headers.iter().map(String::len).max().unwrap_or(1);
    let mut out = String::new();
    let _ = writeln!(out, "{}", g.title);
    for line in &g.col_headers {
        let _ = write!(out, "{:head_w$}  ", "");
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
            let _ = write!(out, "{:>cell_w$}|", g.cells[r * g.cols + c].label);
        }
        out.push('\n');
    }
    out.push_str(&rule);
    out
}
