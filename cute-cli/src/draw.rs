//! `cute svg` and `--png`: a grid as a picture, cells coloured by offset (or by thread for a
//! thread-value layout), with labels. The PNG is the SVG rasterised by `resvg`, its text in an
//! embedded font, so no font or system library is needed.

use std::fmt::Write as _;

use crate::colour::Colouring;
use crate::grid::{Cell, DrawError, Grid};

const CELL_H: usize = 24;
const CHAR_W: usize = 8;
const PAD: usize = 8;
/// The width of a swatch of the bank legend, which holds a bank number of up to two digits.
const SWATCH_W: usize = 2 * CHAR_W + PAD;
/// Swatches a line of the bank legend holds: banks 0-15 above 16-31 when all are shown.
const SWATCHES: usize = 16;
/// Where the swatches of the bank legend start, right of the word `bank`.
const SWATCH_X: usize = PAD + 5 * CHAR_W;
/// The colour of the legend's text: a dark red, 6.4:1 on white where `red` is 4:1.
const LEGEND_RED: &str = "#c00000";

/// Geometry shared by the SVG and the PNG.
struct Frame {
    cell_w: usize,
    head_w: usize,
    title_h: usize,
    head_h: usize,
    width: usize,
    height: usize,
    /// The banks of the bank legend (none unless colouring by bank).
    banks: Vec<i64>,
}

fn frame(g: &Grid, how: Colouring) -> Frame {
    let longest = g
        .cells
        .iter()
        .map(|c| c.label.len())
        .max()
        .unwrap_or(1)
        .max(2);
    let cell_w = longest * CHAR_W + 2 * PAD;
    let head_w = g.head_chars() * CHAR_W + 2 * PAD;
    let title_h = CELL_H;
    let head_h = g.col_headers.len() * CELL_H;
    let text_w = |s: &str| s.chars().count() * CHAR_W + 2 * PAD;
    let legend_w = g.legend.as_deref().map_or(0, text_w);
    let banks = how.legend_banks(g);
    let (swatches_w, swatches_h) = if banks.is_empty() {
        (0, 0)
    } else {
        (
            SWATCH_X + banks.len().min(SWATCHES) * SWATCH_W + PAD,
            PAD + banks.len().div_ceil(SWATCHES) * CELL_H,
        )
    };
    Frame {
        cell_w,
        head_w,
        title_h,
        head_h,
        width: (head_w + g.cols * cell_w + PAD)
            .max(text_w(&g.title))
            .max(legend_w)
            .max(swatches_w),
        height: title_h
            + head_h
            + g.rows * CELL_H
            + PAD
            + usize::from(g.legend.is_some()) * CELL_H
            + swatches_h,
        banks,
    }
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The grids as one SVG document, stacked top to bottom (a layout of rank > 2 gives one grid
/// per slice). Cells are `<rect class="cell">` with a `<text class="label">` each; titles are
/// `<text class="title">` and headers `<text class="header">`. Coloured by bank, each grid has a
/// legend below it: a `<rect class="bank-swatch" data-bank="B">` with a
/// `<text class="bank-label">` for each bank it shows.
#[must_use]
pub fn svg(gs: &[Grid], colouring: Option<Colouring>) -> String {
    let (width, height) = extent(gs, colouring);
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="monospace" font-size="12">"#
    );
    let _ = writeln!(s, r#"<rect width="100%" height="100%" fill="white"/>"#);
    let mut top = 0;
    for g in gs {
        let how = colouring.unwrap_or_else(|| Colouring::default_for(&g.cells));
        let f = frame(g, how);
        svg_grid(&mut s, g, &f, top, how);
        top += f.height;
    }
    s.push_str("</svg>\n");
    s
}

/// The width of the widest grid and the height of all, stacked.
fn extent(gs: &[Grid], colouring: Option<Colouring>) -> (usize, usize) {
    gs.iter()
        .map(|g| {
            frame(
                g,
                colouring.unwrap_or_else(|| Colouring::default_for(&g.cells)),
            )
        })
        .fold((0, 0), |(w, h), f| (w.max(f.width), h + f.height))
}

/// A cell's tooltip: its [`Cell::tip`] (coordinate, index, offset or thread and value), or
/// where a picture made none (an empty cell of a thread-value picture) its row and column; then,
/// coloured by bank, the banks its element lies in (`bank 5`, `bank 26-27`), as `cute banks`
/// writes them.
fn tip(g: &Grid, cell: &Cell, r: usize, c: usize, how: Colouring) -> String {
    let mut tip = if cell.tip.is_empty() {
        format!("row {} column {c}: {}", g.row_headers[r], cell.label)
    } else {
        cell.tip.clone()
    };
    match how.banks(cell) {
        Some((b, last)) if b == last => {
            let _ = write!(tip, ", bank {b}");
        }
        Some((b, last)) => {
            let _ = write!(tip, ", bank {b}-{last}");
        }
        None => {}
    }
    tip
}

/// `#rrggbb`.
fn hex([r, g, b]: [u8; 3]) -> String {
    format!("#{r:02x}{g:02x}{b:02x}")
}

/// One grid with its top edge at `top`; each cell has a tooltip (`<title>`) with its
/// coordinate, index and offset (or thread and value).
fn svg_grid(s: &mut String, g: &Grid, f: &Frame, top: usize, how: Colouring) {
    let _ = writeln!(
        s,
        r#"<text class="title" x="{PAD}" y="{}">{}</text>"#,
        top + 16,
        escape(&g.title)
    );
    for (line, labels) in g.col_headers.iter().enumerate() {
        let y = top + f.title_h + line * CELL_H + 16;
        if let Some(label) = g.col_labels.get(line).filter(|l| !l.is_empty()) {
            let _ = writeln!(
                s,
                r#"<text class="header-label" x="{}" y="{y}" text-anchor="end" font-style="italic">{}</text>"#,
                f.head_w - PAD,
                escape(label)
            );
        }
        for (c, h) in labels.iter().enumerate() {
            let x = f.head_w + c * f.cell_w + f.cell_w / 2;
            let _ = writeln!(
                s,
                r#"<text class="header" x="{x}" y="{y}" text-anchor="middle">{}</text>"#,
                escape(h)
            );
        }
    }
    for r in 0..g.rows {
        let y = top + f.title_h + f.head_h + r * CELL_H;
        let _ = writeln!(
            s,
            r#"<text class="header" x="{}" y="{}" text-anchor="end">{}</text>"#,
            f.head_w - PAD,
            y + 16,
            escape(&g.row_headers[r])
        );
        for c in 0..g.cols {
            let cell = &g.cells[r * g.cols + c];
            let fill = how.fill(cell, r, c);
            let x = f.head_w + c * f.cell_w;
            // A cell past the data: a red dashed edge, a bold label and a word in its tooltip
            // (its label takes black or white as every label does: red reads on no grey of the
            // middle).
            let (stroke, past, bold) = if cell.past {
                (
                    r#"stroke="red" stroke-width="2" stroke-dasharray="4 2" data-past="true""#,
                    " (past the data)",
                    r#" font-weight="bold""#,
                )
            } else {
                (r#"stroke="black" stroke-width="1""#, "", "")
            };
            let _ = writeln!(
                s,
                r#"<rect class="cell" x="{x}" y="{y}" width="{}" height="{CELL_H}" fill="{}" {stroke}><title>{}{past}</title></rect>"#,
                f.cell_w,
                hex(fill.rgb()),
                escape(&tip(g, cell, r, c, how))
            );
            let _ = writeln!(
                s,
                r#"<text class="label" x="{}" y="{}" text-anchor="middle" fill="{}"{bold}>{}</text>"#,
                x + f.cell_w / 2,
                y + 16,
                hex(fill.ink()),
                escape(&cell.label)
            );
        }
    }
    // Thick lines between the blocks of a nested mode.
    let (x0, y0) = (f.head_w, top + f.title_h + f.head_h);
    let (x1, y1) = (x0 + g.cols * f.cell_w, y0 + g.rows * CELL_H);
    let (rb, cb) = g.blocks;
    for r in (1..g.rows).filter(|r| rb > 0 && r % rb == 0) {
        let y = y0 + r * CELL_H;
        let _ = writeln!(
            s,
            r#"<line class="block" x1="{x0}" y1="{y}" x2="{x1}" y2="{y}" stroke="black" stroke-width="3"/>"#
        );
    }
    for c in (1..g.cols).filter(|c| cb > 0 && c % cb == 0) {
        let x = x0 + c * f.cell_w;
        let _ = writeln!(
            s,
            r#"<line class="block" x1="{x}" y1="{y0}" x2="{x}" y2="{y1}" stroke="black" stroke-width="3"/>"#
        );
    }
    let mut below = y1;
    if let Some(legend) = &g.legend {
        let _ = writeln!(
            s,
            r#"<text class="legend" x="{PAD}" y="{}" fill="{LEGEND_RED}">{}</text>"#,
            below + 16,
            escape(legend)
        );
        below += CELL_H;
    }
    bank_legend(s, &f.banks, below + PAD);
}

/// The bank legend with its top edge at `top`: the word `bank`, then a swatch of each bank's
/// colour holding its number, [`SWATCHES`] a line.
fn bank_legend(s: &mut String, banks: &[i64], top: usize) {
    if banks.is_empty() {
        return;
    }
    let _ = writeln!(
        s,
        r#"<text class="bank-legend" x="{PAD}" y="{}">bank</text>"#,
        top + 16
    );
    for (k, &b) in banks.iter().enumerate() {
        let fill = crate::colour::Fill::Bank(b);
        let (x, y) = (
            SWATCH_X + k % SWATCHES * SWATCH_W,
            top + k / SWATCHES * CELL_H,
        );
        let _ = writeln!(
            s,
            r#"<rect class="bank-swatch" x="{x}" y="{y}" width="{SWATCH_W}" height="{CELL_H}" fill="{}" stroke="black" stroke-width="1" data-bank="{b}"><title>bank {b}</title></rect>"#,
            hex(fill.rgb())
        );
        let _ = writeln!(
            s,
            r#"<text class="bank-label" x="{}" y="{}" text-anchor="middle" fill="{}">{b}</text>"#,
            x + SWATCH_W / 2,
            y + 16,
            hex(fill.ink())
        );
    }
}

/// The most pixels a PNG holds (128 MiB of RGBA).
pub const MAX_PIXELS: usize = 1 << 25;

/// The font the PNG's text is drawn in: `DejaVu Sans Mono`, embedded (no system font is looked up,
/// so the picture is the same on every machine).
const FONT: &str = "DejaVu Sans Mono";

/// The grids as one PNG image (8-bit RGBA): the SVG of [`svg`] itself rasterised by `resvg`,
/// its text in `DejaVu Sans Mono` (any character it has, which is every character the pictures use); at
/// most [`MAX_PIXELS`] pixels.
pub fn png(gs: &[Grid], colouring: Option<Colouring>) -> Result<Vec<u8>, DrawError> {
    let (width, height) = extent(gs, colouring);
    rasterise(&svg(gs, colouring), width, height)
}

/// An SVG document of `width`×`height` pixels as a PNG image (8-bit RGBA), rasterised by
/// `resvg` with its text in `DejaVu Sans Mono`; at most [`MAX_PIXELS`] pixels.
pub fn rasterise(svg: &str, width: usize, height: usize) -> Result<Vec<u8>, DrawError> {
    use resvg::{tiny_skia, usvg};
    if width.saturating_mul(height) > MAX_PIXELS {
        return Err(DrawError(format!(
            "the PNG would be {width}x{height} pixels; {MAX_PIXELS} at most are drawn (the SVG has no limit)"
        )));
    }
    let (Ok(w), Ok(h)) = (u32::try_from(width), u32::try_from(height)) else {
        return Err(DrawError(format!(
            "{width}x{height} pixels do not fit a PNG"
        )));
    };
    let mut opt = usvg::Options {
        font_family: FONT.to_owned(),
        ..usvg::Options::default()
    };
    let fonts = opt.fontdb_mut();
    fonts.load_font_data(dejavu::sans_mono::regular().to_vec());
    fonts.set_monospace_family(FONT);
    let tree = usvg::Tree::from_str(svg, &opt)
        .map_err(|e| DrawError(format!("the SVG does not parse: {e}")))?;
    let mut pixmap = tiny_skia::Pixmap::new(w, h)
        .ok_or_else(|| DrawError(format!("{width}x{height} pixels cannot be drawn")))?;
    resvg::render(
        &tree,
        tiny_skia::Transform::identity(),
        &mut pixmap.as_mut(),
    );
    // The background is opaque white, so the premultiplied pixels are the plain ones.
    let encoding = |e: png::EncodingError| DrawError(format!("PNG encoding: {e}"));
    let mut out = Vec::new();
    {
        let mut enc = png::Encoder::new(&mut out, w, h);
        enc.set_color(png::ColorType::Rgba);
        enc.set_depth(png::BitDepth::Eight);
        let mut writer = enc.write_header().map_err(encoding)?;
        writer.write_image_data(pixmap.data()).map_err(encoding)?;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{grids, linear_grids};

    /// The PNG's pixels, RGBA, and its width.
    fn pixels(gs: &[Grid]) -> (Vec<u8>, usize) {
        let bytes = png(gs, None).unwrap();
        let mut reader = png::Decoder::new(std::io::Cursor::new(bytes))
            .read_info()
            .unwrap();
        let mut buf = vec![0; reader.output_buffer_size().unwrap()];
        let info = reader.next_frame(&mut buf).unwrap();
        buf.truncate(info.buffer_size());
        (buf, info.width as usize)
    }

    /// Every character of a title is drawn, with a real font: in the title's band, each
    /// character's advance (0.6 em of 12 px) holds dark pixels unless it is a space, and two
    /// different characters are drawn differently. Titles of each kind of value: a layout, a
    /// coordinate layout, an F2 layout, a swizzled layout, a linear layout.
    #[test]
    fn titles_of_every_kind_are_drawn_in_full() {
        let mut all: Vec<Vec<Grid>> = [
            "(4,(2,2)):(2,(1,8))",
            "(8,8):(e1,e0)",
            "(8,8):(f1,f9)",
            "composition(swizzle(3,0,3), (8,8):(8,1))",
        ]
        .iter()
        .map(|t| grids(&cute::expr::eval(t).unwrap()).unwrap())
        .collect();
        let h: cute::linear::LinearLayout =
            "LinearLayout(crd=(register:4,lane:2),idx=(dim0:8),vals=[(1),(2),(4)])"
                .parse()
                .unwrap();
        all.push(linear_grids(&h).unwrap());
        for gs in &all {
            let title = &gs[0].title;
            let (px, w) = pixels(gs);
            let dark = |x: usize, y: usize| px[(y * w + x) * 4] < 128;
            // 0.602 em of 12 px, in thousandths of a pixel.
            let advance = 7_224;
            let columns = |k: usize| {
                let x0 = PAD + advance * k / 1000;
                let x1 = PAD + advance * (k + 1) / 1000;
                (x0..x1.min(w)).map(move |x| (4..22).filter(|&y| dark(x, y)).count())
            };
            for (k, c) in title.chars().enumerate() {
                let ink: usize = columns(k).sum();
                assert_eq!(ink > 0, c != ' ', "{title:?}: character {k} {c:?}");
            }
            let shape = |k: usize| columns(k).collect::<Vec<_>>();
            let (open, close) = (title.find('(').unwrap(), title.find(')').unwrap());
            assert_ne!(shape(open), shape(close), "{title:?}: ( and ) drawn alike");
        }
    }
}
