//! The pictures of tiled operations CuTe users draw with `print_latex(tiled_mma)` and
//! `print_latex(tiled_copy)`: panels of the operation's tiles, each cell the thread and value
//! that own it. A tiled MMA's C (M×N) sits in the middle, A (M×K) to its left and B (K×N) above
//! it; a tiled copy's source and destination sit side by side. Where several threads hold one
//! element (A across N, B across M), the cell shows the first, as CuTe's does.

use std::fmt::Write as _;

use cute::atom::{Side, TiledCopy, TiledMma};
use cute::{Error, Layout};

use crate::colour::PASTELS;

/// One owned cell of a panel: its row and column in the panel, the thread and the value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cell {
    /// Row in the panel.
    pub row: i64,
    /// Column in the panel.
    pub col: i64,
    /// The thread.
    pub thread: i64,
    /// The thread's value.
    pub value: i64,
}

/// One tile of the picture, made by [`mma_panels`] or [`copy_panels`] (each of its cells inside
/// it, at most [`MAX_CELLS`] of them).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Panel {
    /// `C`, `A`, `B`, `S` or `D`, with the tile's modes, e.g. `C (M×N)`.
    title: String,
    /// Rows.
    rows: i64,
    /// Columns.
    cols: i64,
    /// Where the panel's top-left cell is in the picture, in cells: row, column.
    at: (i64, i64),
    /// Where the panel is, in words, for the picture's caption (`in the middle`, `to its left`).
    place: &'static str,
    /// The owned cells, each once, in thread then value order.
    cells: Vec<Cell>,
}

impl Panel {
    /// The owned cells, each once, in thread then value order.
    #[must_use]
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }
}

/// The most cells one picture draws: 64×64 tiles and their A and B.
pub const MAX_CELLS: i64 = 1 << 14;

/// The cells of a `(thread, value) -> index` layout over a `rows`-row column-major tile,
/// transposed where `swap` (B's tile is N×K and is drawn K×N).
fn cells(tv: &Layout, rows: i64, cols: i64, swap: bool) -> Result<Vec<Cell>, Error> {
    let threads = tv.mode(0).map_or(1, |m| m.size());
    let values = tv.mode(1).map_or(1, |m| m.size());
    if rows <= 0 || cols <= 0 {
        return Ok(Vec::new());
    }
    let mut filled = vec![false; usize::try_from(rows * cols).unwrap_or(0)];
    let mut out = Vec::new();
    for thread in 0..threads {
        for value in 0..values {
            let idx = tv.eval(thread + threads * value)?;
            // Only the tile's own elements (a thread-value layout's are; others are not drawn).
            if !(0..rows.saturating_mul(cols)).contains(&idx) {
                continue;
            }
            let (r, c) = (idx % rows, idx / rows);
            let k = usize::try_from(r + rows * c).unwrap_or(0);
            if !filled[k] {
                filled[k] = true;
                let (row, col) = if swap { (c, r) } else { (r, c) };
                out.push(Cell {
                    row,
                    col,
                    thread,
                    value,
                });
            }
        }
    }
    Ok(out)
}

/// Refuses a picture of more than [`MAX_CELLS`] cells.
fn check_size(cells: i64) -> Result<(), String> {
    if cells > MAX_CELLS {
        return Err(format!(
            "the picture would have {cells} cells; at most {MAX_CELLS} are drawn"
        ));
    }
    Ok(())
}

/// The panels of `print_latex(tiled_mma)`: C at the origin, A to its left (K columns and a gap),
/// B above it (K rows and a gap).
///
/// # Errors
/// The tiled MMA's queries' errors, or a picture past [`MAX_CELLS`].
pub fn mma_panels(mma: &TiledMma) -> Result<Vec<Panel>, String> {
    let size = |i| mma.tile_size(i).map_err(|e: Error| e.to_string());
    let (m, n, k) = (size(0)?, size(1)?, size(2)?);
    check_size(
        m.saturating_mul(n)
            .saturating_add(m.saturating_mul(k))
            .saturating_add(k.saturating_mul(n)),
    )?;
    let err = |e: Error| e.to_string();
    Ok(vec![
        Panel {
            title: format!("C ({m}×{n})"),
            rows: m,
            cols: n,
            at: (0, 0),
            place: "in the middle",
            cells: cells(&mma.get_layout_c_tv().map_err(err)?, m, n, false).map_err(err)?,
        },
        Panel {
            title: format!("A ({m}×{k})"),
            rows: m,
            cols: k,
            at: (0, -k - 1),
            place: "to its left",
            cells: cells(&mma.get_layout_a_tv().map_err(err)?, m, k, false).map_err(err)?,
        },
        Panel {
            title: format!("B ({k}×{n})"),
            rows: k,
            cols: n,
            at: (-k - 1, 0),
            place: "above",
            cells: cells(&mma.get_layout_b_tv().map_err(err)?, n, k, true).map_err(err)?,
        },
    ])
}

/// The panels of `print_latex(tiled_copy)`: the source at the origin, the destination to its
/// right after a gap of three columns.
///
/// # Errors
/// The tiled copy's queries' errors, or a picture past [`MAX_CELLS`].
pub fn copy_panels(copy: &TiledCopy) -> Result<Vec<Panel>, String> {
    let err = |e: Error| e.to_string();
    if copy.tiler().rank() != 2 {
        return Err(format!(
            "--copy draws the copy of a tile of two modes; this tile is {}",
            copy.tiler()
        ));
    }
    let (m, n) = (
        copy.tile_size(0).map_err(err)?,
        copy.tile_size(1).map_err(err)?,
    );
    check_size(m.saturating_mul(n).saturating_mul(2))?;
    let panel = |side: Side, title: &str, at, place| -> Result<Panel, String> {
        Ok(Panel {
            title: format!("{title} ({m}×{n})"),
            rows: m,
            cols: n,
            at,
            place,
            cells: cells(&copy.get_layout_tv(side).map_err(err)?, m, n, false).map_err(err)?,
        })
    };
    Ok(vec![
        panel(Side::S, "S", (0, 0), "on the left")?,
        panel(Side::D, "D", (0, n + 3), "on the right")?,
    ])
}

/// The picture's caption: each panel's title and place, `C (32×16) in the middle, ...`.
#[must_use]
pub fn caption(panels: &[Panel]) -> String {
    let parts: Vec<String> = panels
        .iter()
        .map(|p| format!("{} {}", p.title, p.place))
        .collect();
    parts.join(", ")
}

/// The panels as one standalone LaTeX document, `comment` (the expression) at its top: a
/// `tikzpicture` of 1 cm cells as CuTe draws it, each panel's row and column indices outside it,
/// the panels' titles and places as its caption. Like `cute latex`'s other pictures it needs
/// only LaTeX's base packages and `TikZ`.
#[must_use]
pub fn latex(panels: &[Panel], comment: &str) -> String {
    let (mut top, mut left, mut bottom, mut right) = (0i64, 0i64, 0i64, 0i64);
    for p in panels {
        top = top.min(p.at.0 - 2);
        left = left.min(p.at.1 - 2);
        bottom = bottom.max(p.at.0 + p.rows);
        right = right.max(p.at.1 + p.cols);
    }
    let caption_tex = caption(panels).replace('×', "$\\times$");
    #[allow(clippy::cast_precision_loss, reason = "at most MAX_CELLS cells a side")]
    let (width, height) = (
        ((right - left) as f64 + 2.0).max(caption(panels).chars().count() as f64 * 0.22 + 1.5),
        (bottom - top) as f64 + 3.0,
    );
    let mut out = format!("% {}\n", comment.replace('\n', " "));
    out.push_str(&crate::latex::preamble(width, height));
    for p in panels {
        let (r0, c0) = p.at;
        for c in &p.cells {
            let [red, green, blue] = PASTELS[c.thread.rem_euclid(8) as usize];
            let _ = writeln!(
                out,
                "\\node[fill={{rgb,255:red,{red};green,{green};blue,{blue}}}] at ({},{}) \
                 {{\\shortstack{{T{} \\\\ V{}}}}};",
                r0 + c.row,
                c0 + c.col,
                c.thread,
                c.value
            );
        }
        let _ = writeln!(
            out,
            "\\draw[color=black,thick,shift={{(-0.5,-0.5)}}] ({r0},{c0}) grid ({},{});",
            r0 + p.rows,
            c0 + p.cols
        );
        for r in 0..p.rows {
            let _ = writeln!(
                out,
                "\\node at ({},{}) {{\\texttt{{{r}}}}};",
                r0 + r,
                c0 - 1
            );
        }
        for c in 0..p.cols {
            let _ = writeln!(
                out,
                "\\node at ({},{}) {{\\texttt{{{c}}}}};",
                r0 - 1,
                c0 + c
            );
        }
    }
    let _ = writeln!(
        out,
        "\\node[anchor=north west] at ({bottom},{left}) {{\\texttt{{{caption_tex}}}}};"
    );
    out.push_str("\\end{tikzpicture}\n\\end{document}\n");
    out
}

/// The panels as text: each panel a table of `T<t>V<v>` cells with its row and column indices,
/// one below the other.
#[must_use]
pub fn text(panels: &[Panel]) -> String {
    let mut out = String::new();
    for p in panels {
        let mut grid = vec![String::new(); usize::try_from(p.rows * p.cols).unwrap_or(0)];
        for c in &p.cells {
            grid[usize::try_from(c.row + p.rows * c.col).unwrap_or(0)] =
                format!("T{}V{}", c.thread, c.value);
        }
        let width = grid
            .iter()
            .map(String::len)
            .chain([p.cols.to_string().len()])
            .max()
            .unwrap_or(1);
        let head = p.rows.to_string().len();
        let _ = writeln!(out, "{}", p.title);
        let _ = write!(out, "{:head$} ", "");
        for c in 0..p.cols {
            let _ = write!(out, " {c:>width$}");
        }
        out.push('\n');
        for r in 0..p.rows {
            let _ = write!(out, "{r:>head$} ");
            for c in 0..p.cols {
                let cell = &grid[usize::try_from(r + p.rows * c).unwrap_or(0)];
                let _ = write!(out, " {cell:>width$}");
            }
            out.push('\n');
        }
        out.push('\n');
    }
    out
}

/// The side of a cell in the SVG, in pixels.
const CELL: i64 = 44;

/// The panels as an SVG document and its width and height in pixels: CuTe's pastel cells with
/// `T<t>` over `V<v>`, each panel's indices outside it and its title above.
#[must_use]
pub fn svg(panels: &[Panel]) -> (String, usize, usize) {
    let (mut top, mut left, mut bottom, mut right) = (0i64, 0i64, 0i64, 0i64);
    for p in panels {
        top = top.min(p.at.0 - 1);
        left = left.min(p.at.1 - 1);
        bottom = bottom.max(p.at.0 + p.rows);
        right = right.max(p.at.1 + p.cols.max(3));
    }
    let text = caption(panels);
    let text_width = i64::try_from(text.chars().count()).unwrap_or(0) * 7 + CELL;
    let (w, h) = (
        ((right - left + 1) * CELL).max(text_width),
        (bottom - top + 2) * CELL,
    );
    let x = |col: i64| (col - left) * CELL;
    let y = |row: i64| (row - top) * CELL;
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" \
         font-family=\"DejaVu Sans Mono, monospace\" font-size=\"11\">\n\
         <rect width=\"{w}\" height=\"{h}\" fill=\"white\"/>\n"
    );
    for p in panels {
        let (r0, c0) = p.at;
        for c in &p.cells {
            let [red, green, blue] = PASTELS[c.thread.rem_euclid(8) as usize];
            let (cx, cy) = (x(c0 + c.col), y(r0 + c.row));
            let _ = writeln!(
                out,
                "<g><title>thread {} value {} at ({},{})</title>\
                 <rect x=\"{cx}\" y=\"{cy}\" width=\"{CELL}\" height=\"{CELL}\" \
                 fill=\"rgb({red},{green},{blue})\" stroke=\"black\"/>\
                 <text x=\"{}\" y=\"{}\" text-anchor=\"middle\">T{}</text>\
                 <text x=\"{}\" y=\"{}\" text-anchor=\"middle\">V{}</text></g>",
                c.thread,
                c.value,
                c.row,
                c.col,
                cx + CELL / 2,
                cy + CELL / 2 - 3,
                c.thread,
                cx + CELL / 2,
                cy + CELL / 2 + 11,
                c.value
            );
        }
        for r in 0..p.rows {
            let _ = writeln!(
                out,
                "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{r}</text>",
                x(c0 - 1) + CELL / 2,
                y(r0 + r) + CELL / 2 + 4
            );
        }
        for c in 0..p.cols {
            let _ = writeln!(
                out,
                "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{c}</text>",
                x(c0 + c) + CELL / 2,
                y(r0 - 1) + CELL / 2 + 4
            );
        }
    }
    let _ = writeln!(
        out,
        "<text x=\"{}\" y=\"{}\">{text}</text>",
        CELL / 4,
        h - CELL / 2
    );
    out.push_str("</svg>\n");
    let size = |v: i64| usize::try_from(v).unwrap_or(0);
    (out, size(w), size(h))
}
