//! `cute latex`: a grid as a standalone `TikZ` document in the style of CuTe's `print_latex` and
//! `print_latex_tv` — one 1 cm node per cell, rows down and columns across, a thick grid,
//! row and column indices outside it, the value as a caption below.

use std::fmt::Write as _;

use crate::colour::{Colouring, Fill};
use crate::grid::Grid;

/// Swatches a line of the bank legend holds: banks 0-15 above 16-31 when all are shown.
const SWATCHES: usize = 16;

/// `s` with LaTeX's special characters escaped, for a `\texttt` argument.
fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\textbackslash{}"),
            '{' | '}' | '#' | '$' | '%' | '&' | '_' => {
                out.push('\\');
                out.push(c);
            }
            '^' => out.push_str("\\textasciicircum{}"),
            '~' => out.push_str("\\textasciitilde{}"),
            _ => out.push(c),
        }
    }
    out
}

/// A cell's label: `T<t> V<v>` stacked on two lines as CuTe prints them, any other text as is.
fn label(text: &str) -> String {
    match text.split_once(' ') {
        Some((t, v)) if t.starts_with('T') && v.starts_with('V') => {
            format!("\\shortstack{{{} \\\\ {}}}", escape(t), escape(v))
        }
        _ => escape(text),
    }
}

/// The page around the picture, in centimetres: the cells are 1 cm squares, a `\\texttt`
/// character about 0.2 cm wide, and half a centimetre of margin on each side.
#[allow(
    clippy::cast_precision_loss,
    reason = "grids hold at most 2^16 cells, texts a few hundred characters"
)]
fn page(grids: &[Grid], colouring: Option<Colouring>) -> (f64, f64) {
    let chars = |s: &String| s.chars().count() as f64 * 0.2;
    let (mut width, mut height) = (1.0f64, 1.0f64);
    for g in grids {
        let head = g.head_chars() as f64 * 0.2 + 0.6;
        let legend = g.legend.as_ref().map_or(0.0, |l| chars(l) + 1.0);
        let how = colouring.unwrap_or_else(|| Colouring::default_for(&g.cells));
        let banks = how.legend_banks(g).len();
        // The word `bank` left of the swatches, as wide as 4 characters of a row header.
        let swatches = if banks == 0 {
            0.0
        } else {
            head.max(1.4) + banks.min(SWATCHES) as f64
        };
        width = width
            .max(head + g.cols as f64)
            .max(chars(&g.title) + 1.0)
            .max(legend)
            .max(swatches);
        height += (g.col_headers.len().max(1)
            + g.rows
            + 1
            + usize::from(g.legend.is_some())
            + banks.div_ceil(SWATCHES)) as f64;
    }
    (width + 1.5, height + 1.0)
}

/// The start of a standalone document of `width`×`height` cm up to its `tikzpicture`'s options:
/// 1 cm cells, rows down and columns across. `standalone` (CuTe's class) is not in LaTeX's base
/// packages: an article's page cut to the picture.
#[must_use]
pub fn preamble(width: f64, height: f64) -> String {
    format!(
        "\\documentclass{{article}}\n\
         \\usepackage[paperwidth={width:.1}cm,paperheight={height:.1}cm,margin=0.5cm]{{geometry}}\n\
         \\usepackage{{tikz}}\n\
         \\pagestyle{{empty}}\n\n\
         \\begin{{document}}\n\
         \\noindent\n\
         \\begin{{tikzpicture}}[x={{(0cm,-1cm)}},y={{(1cm,0cm)}},\
         every node/.style={{minimum size=1cm, outer sep=0pt}}]\n"
    )
}

/// The grids as one standalone LaTeX document with one `tikzpicture`, the grids stacked top to
/// bottom (a layout of rank 3 or more gives one grid per slice). Coloured by bank, each grid
/// has a legend below it: a line of swatches, one per bank it shows, each holding its number.
#[must_use]
pub fn document(grids: &[Grid], colouring: Option<Colouring>) -> String {
    let (width, height) = page(grids, colouring);
    let mut out = preamble(width, height);
    // Row coordinate where the next grid's first row goes: below the previous grid, its caption
    // and the next grid's column headers.
    let mut top = 0usize;
    for g in grids {
        let how = colouring.unwrap_or_else(|| Colouring::default_for(&g.cells));
        top = picture(&mut out, g, top + g.col_headers.len().max(1), how);
    }
    out.push_str("\\end{tikzpicture}\n\\end{document}\n");
    out
}

/// The options after a node's fill that set its letters: white where white reads better than
/// `TikZ`'s black ([`Fill::ink`]), and bold for a cell past the data (whose dashed red square marks
/// it; red letters read on no grey of the middle).
fn ink(fill: Fill, past: bool) -> String {
    let mut options = String::new();
    if fill.ink() == crate::ink::WHITE {
        options.push_str(",text=white");
    }
    if past {
        options.push_str(",font=\\bfseries");
    }
    options
}

/// One grid's nodes and lines, its first row at row `top`; returns the row below its caption (and
/// legends).
fn picture(out: &mut String, g: &Grid, mut top: usize, how: Colouring) -> usize {
    let _ = writeln!(out, "\n% {}", g.title.replace('\n', " "));
    for r in 0..g.rows {
        for c in 0..g.cols {
            let cell = &g.cells[r * g.cols + c];
            let fill = how.fill(cell, r, c);
            let _ = writeln!(
                out,
                "\\node[fill={}{}] at ({},{}) {{{}}};",
                fill.tikz(),
                ink(fill, cell.past),
                top + r,
                c,
                label(&cell.label)
            );
        }
    }
    let _ = writeln!(
        out,
        "\\draw[color=black,thick,shift={{(-0.5,-0.5)}}] ({top},0) grid ({},{});",
        top + g.rows,
        g.cols
    );
    // Thick lines between the blocks of a nested mode.
    let (rb, cb) = g.blocks;
    for r in (1..g.rows).filter(|r| rb > 0 && r % rb == 0) {
        let m = top + r;
        let _ = writeln!(
            out,
            "\\draw[line width=2pt] ({m}.0-0.5,-0.5) -- ({m}.0-0.5,{}.5);",
            g.cols.saturating_sub(1)
        );
    }
    for c in (1..g.cols).filter(|c| cb > 0 && c % cb == 0) {
        let _ = writeln!(
            out,
            "\\draw[line width=2pt] ({top}.0-0.5,{c}.0-0.5) -- ({}.5,{c}.0-0.5);",
            (top + g.rows).saturating_sub(1)
        );
    }
    // Cells past the data: a red dashed square inside the cell, over the grid.
    for (i, _) in g.cells.iter().enumerate().filter(|(_, c)| c.past) {
        let (r, c) = (top + i / g.cols, i % g.cols);
        let _ = writeln!(
            out,
            "\\draw[red,thick,dashed] ({r}.0-0.4,{c}.0-0.4) rectangle ({r}.4,{c}.4);"
        );
    }
    for (r, head) in g.row_headers.iter().enumerate() {
        let _ = writeln!(
            out,
            "\\node[anchor=east] at ({},-0.5) {{\\texttt{{{}}}}};",
            top + r,
            escape(head)
        );
    }
    // Header lines above the columns, the index line nearest the grid.
    for (k, line) in g.col_headers.iter().enumerate() {
        let row = top - g.col_headers.len() + k;
        if let Some(label) = g.col_labels.get(k).filter(|l| !l.is_empty()) {
            let _ = writeln!(
                out,
                "\\node[anchor=east] at ({row},-0.5) {{\\textit{{\\texttt{{{}}}}}}};",
                escape(label)
            );
        }
        for (c, head) in line.iter().enumerate() {
            let _ = writeln!(
                out,
                "\\node at ({row},{c}) {{\\texttt{{{}}}}};",
                escape(head)
            );
        }
    }
    // The caption just below the grid's bottom edge (at row `rows - 0.5`).
    let _ = writeln!(
        out,
        "\\node[anchor=north west] at ({}.8,-0.5) {{\\texttt{{{}}}}};",
        top + g.rows - 1,
        escape(&g.title)
    );
    // The legend in a dark red (6.4:1 on white, where `red` is 4:1).
    if let Some(legend) = &g.legend {
        let _ = writeln!(
            out,
            "\\node[anchor=north west,text=red!75!black] at ({}.6,-0.5) {{\\texttt{{{}}}}};",
            top + g.rows,
            escape(legend)
        );
        top += 1;
    }
    let below = top + g.rows + 1;
    below + bank_legend(out, &how.legend_banks(g), below)
}

/// The bank legend from row `top`: the word `bank`, then a 1 cm swatch of each bank's colour
/// holding its number, [`SWATCHES`] a line; returns the lines it takes.
fn bank_legend(out: &mut String, banks: &[i64], top: usize) -> usize {
    if banks.is_empty() {
        return 0;
    }
    let _ = writeln!(out, "% bank legend");
    let _ = writeln!(
        out,
        "\\node[anchor=east] at ({top}.3,-0.5) {{\\texttt{{bank}}}};"
    );
    for (k, &b) in banks.iter().enumerate() {
        let fill = Fill::Bank(b);
        let _ = writeln!(
            out,
            "\\node[draw,fill={}{}] at ({}.3,{}) {{{b}}};",
            fill.tikz(),
            ink(fill, false),
            top + k / SWATCHES,
            k % SWATCHES
        );
    }
    banks.len().div_ceil(SWATCHES)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::grids;

    fn doc(text: &str, how: Option<Colouring>) -> String {
        document(&grids(&cute::expr::eval(text).unwrap()).unwrap(), how)
    }

    #[test]
    fn a_layout_is_cutes_picture() {
        let d = doc("(2,3):(3,1)", None);
        assert!(d.starts_with("\\documentclass{article}"), "{d}");
        assert!(d.contains("% (2,3):(3,1)\n"), "{d}");
        assert!(d.contains("\\begin{tikzpicture}"));
        assert!(d.ends_with("\\end{tikzpicture}\n\\end{document}\n"));
        // Offset 4 at row 1, column 1 (below one header line), grey 4 % 8.
        assert!(d.contains("\\node[fill=black!10] at (2,1) {4};"), "{d}");
        assert_eq!(d.matches("\\node[fill=").count(), 6);
        assert!(d.contains("grid (3,3);"), "{d}");
        // By row: the cells of a row alike, the two rows apart.
        let d = doc("(2,3):(3,1)", Some(Colouring::Row));
        let fill = |cell: &str| {
            let at = d.find(&format!("] at {cell} ")).unwrap();
            d[..at].rsplit("fill=").next().unwrap().to_owned()
        };
        assert_eq!(fill("(1,0)"), fill("(1,2)"));
        assert_ne!(fill("(1,0)"), fill("(2,0)"));
    }

    #[test]
    fn specials_are_escaped_and_threads_stack() {
        assert_eq!(escape("a_b{c}%"), "a\\_b\\{c\\}\\%");
        assert_eq!(label("T3 V1"), "\\shortstack{T3 \\\\ V1}");
        assert_eq!(
            crate::colour::Fill::Pastel(1).tikz(),
            "{rgb,255:red,175;green,255;blue,175}"
        );
    }
}
