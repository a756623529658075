//! `cute svg` and `--png`: a grid as a picture, cells coloured by offset (or by thread for a
//! thread-value layout), with labels. The PNG is rasterized here with a built-in 5x7 font, so
//! no font or system library is needed.

use std::fmt::Write as _;

use crate::grid::{DrawError, Grid};

const CELL_H: usize = 24;
const CHAR_W: usize = 8;
const PAD: usize = 8;

/// Geometry shared by the SVG and the PNG.
struct Frame {
    cell_w: usize,
    head_w: usize,
    title_h: usize,
    head_h: usize,
    width: usize,
    height: usize,
}

fn frame(g: &Grid) -> Frame {
    let longest = g
        .cells
        .iter()
        .map(|c| c.label.len())
        .max()
        .unwrap_or(1)
        .max(2);
    let cell_w = longest * CHAR_W + 2 * PAD;
    let head_w = g.row_headers.iter().map(String::len).max().unwrap_or(1) * CHAR_W + 2 * PAD;
    let title_h = CELL_H;
    let head_h = g.col_headers.len() * CELL_H;
    let title_w = g.title.len() * CHAR_W + 2 * PAD;
    Frame {
        cell_w,
        head_w,
        title_h,
        head_h,
        width: (head_w + g.cols * cell_w + PAD).max(title_w),
        height: title_h + head_h + g.rows * CELL_H + PAD,
    }
}

/// The colour of a key: hues spread by the golden ratio, pastel so that labels stay readable.
#[must_use]
pub fn colour(key: i64) -> [u8; 3] {
    if key < 0 {
        return [255, 255, 255];
    }
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

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The grids as one SVG document, stacked top to bottom (a layout of rank > 2 gives one grid
/// per slice). Cells are `<rect class="cell">` with a `<text class="label">` each; titles are
/// `<text class="title">` and headers `<text class="header">`.
#[must_use]
pub fn svg(gs: &[Grid]) -> String {
    let (width, height) = extent(gs);
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="monospace" font-size="12">"#
    );
    let _ = writeln!(s, r#"<rect width="100%" height="100%" fill="white"/>"#);
    let mut top = 0;
    for g in gs {
        let f = frame(g);
        svg_grid(&mut s, g, &f, top);
        top += f.height;
    }
    s.push_str("</svg>\n");
    s
}

/// The width of the widest grid and the height of all, stacked.
fn extent(gs: &[Grid]) -> (usize, usize) {
    gs.iter()
        .map(frame)
        .fold((0, 0), |(w, h), f| (w.max(f.width), h + f.height))
}

/// One grid with its top edge at `top`.
fn svg_grid(s: &mut String, g: &Grid, f: &Frame, top: usize) {
    let _ = writeln!(
        s,
        r#"<text class="title" x="{PAD}" y="{}">{}</text>"#,
        top + 16,
        escape(&g.title)
    );
    for (line, labels) in g.col_headers.iter().enumerate() {
        let y = top + f.title_h + line * CELL_H + 16;
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
            let [cr, cg, cb] = colour(cell.key);
            let x = f.head_w + c * f.cell_w;
            let _ = writeln!(
                s,
                r##"<rect class="cell" x="{x}" y="{y}" width="{}" height="{CELL_H}" fill="#{cr:02x}{cg:02x}{cb:02x}" stroke="black" stroke-width="1"/>"##,
                f.cell_w
            );
            let _ = writeln!(
                s,
                r#"<text class="label" x="{}" y="{}" text-anchor="middle">{}</text>"#,
                x + f.cell_w / 2,
                y + 16,
                escape(&cell.label)
            );
        }
    }
}

/// An RGB image being drawn.
struct Canvas {
    w: usize,
    h: usize,
    px: Vec<u8>,
}

impl Canvas {
    fn new(w: usize, h: usize) -> Self {
        Canvas {
            w,
            h,
            px: vec![255; w * h * 3],
        }
    }

    fn set(&mut self, x: usize, y: usize, c: [u8; 3]) {
        if x < self.w && y < self.h {
            let i = (y * self.w + x) * 3;
            self.px[i..i + 3].copy_from_slice(&c);
        }
    }

    fn rect(&mut self, x: usize, y: usize, w: usize, h: usize, fill: [u8; 3]) {
        for yy in y..y + h {
            for xx in x..x + w {
                let edge = xx == x || yy == y || xx + 1 == x + w || yy + 1 == y + h;
                self.set(xx, yy, if edge { [0, 0, 0] } else { fill });
            }
        }
    }

    /// Text with its left edge at `x` and its top at `y`.
    fn text(&mut self, x: usize, y: usize, s: &str) {
        for (i, ch) in s.chars().enumerate() {
            let rows = glyph(ch);
            for (dy, bits) in rows.iter().enumerate() {
                for dx in 0..5 {
                    if bits & (0b10000 >> dx) != 0 {
                        self.set(x + i * CHAR_W + dx, y + dy, [0, 0, 0]);
                    }
                }
            }
        }
    }

    fn centered(&mut self, cx: usize, y: usize, s: &str) {
        let w = s.len() * CHAR_W;
        self.text(cx.saturating_sub(w / 2) + 1, y, s);
    }
}

/// The most pixels a PNG holds (96 MiB of RGB).
pub const MAX_PIXELS: usize = 1 << 25;

/// The grids as one PNG image (8-bit RGB), drawn like the SVG; at most [`MAX_PIXELS`] pixels.
pub fn png(gs: &[Grid]) -> Result<Vec<u8>, DrawError> {
    let (width, height) = extent(gs);
    if width.saturating_mul(height) > MAX_PIXELS {
        return Err(DrawError(format!(
            "the PNG would be {width}x{height} pixels; {MAX_PIXELS} at most are drawn (the SVG has no limit)"
        )));
    }
    let encoding = |e: png::EncodingError| DrawError(format!("PNG encoding: {e}"));
    let mut cv = Canvas::new(width, height);
    let mut top = 0;
    for g in gs {
        let f = frame(g);
        png_grid(&mut cv, g, &f, top);
        top += f.height;
    }
    let mut out = Vec::new();
    {
        let (w, h) = (u32::try_from(width), u32::try_from(height));
        let (Ok(w), Ok(h)) = (w, h) else {
            return Err(DrawError(format!(
                "{width}x{height} pixels do not fit a PNG"
            )));
        };
        let mut enc = png::Encoder::new(&mut out, w, h);
        enc.set_color(png::ColorType::Rgb);
        enc.set_depth(png::BitDepth::Eight);
        let mut w = enc.write_header().map_err(encoding)?;
        w.write_image_data(&cv.px).map_err(encoding)?;
    }
    Ok(out)
}

/// One grid with its top edge at `top`.
fn png_grid(cv: &mut Canvas, g: &Grid, f: &Frame, top: usize) {
    cv.text(PAD, top + 8, &g.title);
    for (line, labels) in g.col_headers.iter().enumerate() {
        let y = top + f.title_h + line * CELL_H + 8;
        for (c, h) in labels.iter().enumerate() {
            cv.centered(f.head_w + c * f.cell_w + f.cell_w / 2, y, h);
        }
    }
    for r in 0..g.rows {
        let y = top + f.title_h + f.head_h + r * CELL_H;
        let head = &g.row_headers[r];
        cv.text(
            (f.head_w - PAD).saturating_sub(head.len() * CHAR_W),
            y + 8,
            head,
        );
        for c in 0..g.cols {
            let cell = &g.cells[r * g.cols + c];
            let x = f.head_w + c * f.cell_w;
            cv.rect(x, y, f.cell_w + 1, CELL_H + 1, colour(cell.key));
            cv.centered(x + f.cell_w / 2, y + 8, &cell.label);
        }
    }
}

/// The characters the pictures' titles, headers and labels use: layouts, bases `e0`, slices
/// `slice (_,_,k)`, thread-value titles `over`, `T<t> V<v>` and swizzles `Sw<B,M,S>o0o`.
pub const DRAWN: &str = "0123456789()_,:-<> eoTVSwslicrv";

/// 5x7 glyphs for the characters of [`DRAWN`]; others draw as a box outline.
fn glyph(c: char) -> [u8; 7] {
    match c {
        '0' => [0x0E, 0x11, 0x13, 0x15, 0x19, 0x11, 0x0E],
        '1' => [0x04, 0x0C, 0x04, 0x04, 0x04, 0x04, 0x0E],
        '2' => [0x0E, 0x11, 0x01, 0x02, 0x04, 0x08, 0x1F],
        '3' => [0x1F, 0x02, 0x04, 0x02, 0x01, 0x11, 0x0E],
        '4' => [0x02, 0x06, 0x0A, 0x12, 0x1F, 0x02, 0x02],
        '5' => [0x1F, 0x10, 0x1E, 0x01, 0x01, 0x11, 0x0E],
        '6' => [0x06, 0x08, 0x10, 0x1E, 0x11, 0x11, 0x0E],
        '7' => [0x1F, 0x01, 0x02, 0x04, 0x08, 0x08, 0x08],
        '8' => [0x0E, 0x11, 0x11, 0x0E, 0x11, 0x11, 0x0E],
        '9' => [0x0E, 0x11, 0x11, 0x0F, 0x01, 0x02, 0x0C],
        'S' => [0x0F, 0x10, 0x10, 0x0E, 0x01, 0x01, 0x1E],
        'T' => [0x1F, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04],
        'V' => [0x11, 0x11, 0x11, 0x11, 0x11, 0x0A, 0x04],
        'e' => [0x00, 0x00, 0x0E, 0x11, 0x1F, 0x10, 0x0E],
        'o' => [0x00, 0x00, 0x0E, 0x11, 0x11, 0x11, 0x0E],
        'v' => [0x00, 0x00, 0x11, 0x11, 0x11, 0x0A, 0x04],
        'w' => [0x00, 0x00, 0x11, 0x11, 0x15, 0x15, 0x0A],
        'r' => [0x00, 0x00, 0x16, 0x19, 0x10, 0x10, 0x10],
        'l' => [0x0C, 0x04, 0x04, 0x04, 0x04, 0x04, 0x0E],
        'i' => [0x04, 0x00, 0x0C, 0x04, 0x04, 0x04, 0x0E],
        'c' => [0x00, 0x00, 0x0E, 0x10, 0x10, 0x11, 0x0E],
        's' => [0x00, 0x00, 0x0E, 0x10, 0x0E, 0x01, 0x1E],
        '(' => [0x02, 0x04, 0x08, 0x08, 0x08, 0x04, 0x02],
        ')' => [0x08, 0x04, 0x02, 0x02, 0x02, 0x04, 0x08],
        ',' => [0x00, 0x00, 0x00, 0x00, 0x0C, 0x04, 0x08],
        ':' => [0x00, 0x0C, 0x0C, 0x00, 0x0C, 0x0C, 0x00],
        '-' => [0x00, 0x00, 0x00, 0x1F, 0x00, 0x00, 0x00],
        '_' => [0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x1F],
        '<' => [0x02, 0x04, 0x08, 0x10, 0x08, 0x04, 0x02],
        '>' => [0x08, 0x04, 0x02, 0x01, 0x02, 0x04, 0x08],
        ' ' => [0; 7],
        _ => [0x1F, 0x11, 0x11, 0x11, 0x11, 0x11, 0x1F],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_drawn_character_has_a_glyph() {
        let box_outline = glyph('\u{25A1}');
        for c in DRAWN.chars().filter(|&c| c != ' ') {
            assert_ne!(glyph(c), box_outline, "{c:?}");
            assert_ne!(glyph(c), [0; 7], "{c:?}");
        }
    }
}
