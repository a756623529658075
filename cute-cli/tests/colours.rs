//! The colours of the pictures, read back from what `cute` writes: the bank legend, a bank
//! palette whose near banks read apart, the bank in each tooltip, and labels that contrast with
//! their fills.

use std::collections::BTreeMap;
use std::process::{Command, Output};

fn cute(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cute"))
        .args(args)
        .output()
        .expect("the cute binary runs")
}

/// The standard output of a run that must succeed.
fn run(args: &[&str]) -> String {
    let o = cute(args);
    assert!(
        o.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8(o.stdout).unwrap()
}

/// `cute svg ARGS -o -`.
fn svg(args: &[&str]) -> String {
    run(&[&["svg"][..], args, &["-o", "-"]].concat())
}

/// A 32-bank layout of `float`s: row `r`, column `c` holds offset `32r + c`, in bank `c`.
const ROWS_OF_32: &str = "(8,32):(32,1)";

/// An SVG colour as RGB: `#rrggbb`, or one of the names `black`, `white` and `red`.
fn rgb(colour: &str) -> [u8; 3] {
    match colour {
        "black" => return [0, 0, 0],
        "white" => return [255, 255, 255],
        "red" => return [255, 0, 0],
        _ => {}
    }
    let hex = colour.strip_prefix('#').expect("a #rrggbb colour");
    assert_eq!(hex.len(), 6, "{hex}");
    let byte = |k: usize| u8::from_str_radix(&hex[2 * k..2 * k + 2], 16).unwrap();
    [byte(0), byte(1), byte(2)]
}

/// WCAG 2's contrast ratio of two colours, 1 to 21.
fn contrast(a: [u8; 3], b: [u8; 3]) -> f64 {
    let luminance = |c: [u8; 3]| {
        let linear = |v: u8| {
            let u = f64::from(v) / 255.0;
            if u <= 0.040_45 {
                u / 12.92
            } else {
                ((u + 0.055) / 1.055).powf(2.4)
            }
        };
        0.2126 * linear(c[0]) + 0.7152 * linear(c[1]) + 0.0722 * linear(c[2])
    };
    let (la, lb) = (luminance(a), luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

/// The distance of two colours in RGB, 0 to 441.
fn distance(a: [u8; 3], b: [u8; 3]) -> f64 {
    a.iter()
        .zip(b)
        .map(|(&x, y)| (f64::from(x) - f64::from(y)).powi(2))
        .sum::<f64>()
        .sqrt()
}

/// A box of an SVG, parsed back: a cell or a legend swatch, with the label drawn inside it.
#[derive(Debug)]
struct Boxed {
    /// The top edge.
    y: f64,
    fill: [u8; 3],
    /// The tooltip.
    title: String,
    past: bool,
    /// `data-bank` of a swatch.
    bank: Option<i64>,
    label: String,
    ink: [u8; 3],
}

/// The elements of class `class` of an SVG.
fn of_class<'a, 'i>(
    doc: &'a roxmltree::Document<'i>,
    class: &'a str,
) -> impl Iterator<Item = roxmltree::Node<'a, 'i>> + 'a {
    doc.root_element()
        .children()
        .filter(move |n| n.is_element() && n.attribute("class") == Some(class))
}

/// An attribute's number.
fn num(n: roxmltree::Node<'_, '_>, a: &str) -> f64 {
    n.attribute(a).unwrap().parse().unwrap()
}

/// The boxes of class `rect` in an SVG, each with the text of class `text` whose anchor lies
/// inside it (every such text lies in exactly one box, and must give its colour).
fn boxes(svg: &str, rect: &str, text: &str) -> Vec<Boxed> {
    let doc = roxmltree::Document::parse(svg).expect("well-formed XML");
    let rects: Vec<_> = of_class(&doc, rect).collect();
    let mut out: Vec<Boxed> = rects
        .iter()
        .map(|&n| Boxed {
            y: num(n, "y"),
            fill: rgb(n.attribute("fill").unwrap()),
            title: n
                .children()
                .find(|c| c.has_tag_name("title"))
                .and_then(|t| t.text())
                .unwrap_or_default()
                .to_owned(),
            past: n.attribute("data-past") == Some("true"),
            bank: n.attribute("data-bank").map(|b| b.parse().unwrap()),
            label: String::new(),
            ink: [255, 0, 255],
        })
        .collect();
    for t in of_class(&doc, text) {
        let (tx, ty) = (num(t, "x"), num(t, "y"));
        let inside: Vec<usize> = (0..rects.len())
            .filter(|&i| {
                let (x, y) = (num(rects[i], "x"), num(rects[i], "y"));
                let (w, h) = (num(rects[i], "width"), num(rects[i], "height"));
                x < tx && tx < x + w && y < ty && ty < y + h
            })
            .collect();
        assert_eq!(inside.len(), 1, "text at ({tx},{ty}) lies in one box");
        let b = &mut out[inside[0]];
        t.text().unwrap_or_default().clone_into(&mut b.label);
        // SVG writes text black where it gives no colour.
        b.ink = rgb(t.attribute("fill").unwrap_or("black"));
    }
    out
}

/// The cells of an SVG with their labels.
fn cells(svg: &str) -> Vec<Boxed> {
    boxes(svg, "cell", "label")
}

/// The swatches of an SVG's bank legends with their numbers.
fn swatches(svg: &str) -> Vec<Boxed> {
    boxes(svg, "bank-swatch", "bank-label")
}

/// The bank a cell's tooltip names: `..., bank B` or `..., bank B-C` (its first).
fn tooltip_bank(title: &str) -> Option<i64> {
    let (_, rest) = title.rsplit_once(", bank ")?;
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    digits.parse().ok()
}

/// Each bank's colour in the cells of a picture of `float`s coloured by bank: offset `o`, the
/// label, lies in bank `o mod 32`. A bank's cells all take one colour.
fn bank_fills(cells: &[Boxed]) -> BTreeMap<i64, [u8; 3]> {
    let mut fills = BTreeMap::new();
    for c in cells {
        let b = c.label.parse::<i64>().unwrap() % 32;
        let before = fills.insert(b, c.fill);
        assert!(before.is_none_or(|f| f == c.fill), "bank {b}: two colours");
    }
    fills
}

/// A picture coloured by bank has a legend below the grid: a swatch for each bank it shows, in
/// the bank's colour, holding the bank's number; a picture coloured otherwise has none. In SVG,
/// in LaTeX and in the text table.
#[test]
fn a_bank_picture_has_a_legend_of_its_banks() {
    let doc = svg(&[ROWS_OF_32, "--color", "bank"]);
    let (cells, legend) = (cells(&doc), swatches(&doc));
    let fills = bank_fills(&cells);
    assert_eq!(legend.len(), 32, "{doc}");
    for (b, s) in (0..32).zip(&legend) {
        assert_eq!(s.bank, Some(b));
        assert_eq!(s.label, b.to_string());
        assert_eq!(s.title, format!("bank {b}"));
        assert_eq!(Some(&s.fill), fills.get(&b), "bank {b}'s swatch");
    }
    // The swatches lie below the grid, 16 a line.
    let bottom = cells.iter().map(|c| c.y).fold(0.0, f64::max);
    assert!(legend.iter().all(|s| s.y > bottom), "{doc}");
    assert!(legend[15].y < legend[16].y, "{doc}");
    // 8-byte elements start in even banks only: the legend shows those 16.
    let doc = svg(&["(4,8):(8,1)", "--color", "bank:8"]);
    let shown: Vec<i64> = swatches(&doc).iter().filter_map(|s| s.bank).collect();
    assert_eq!(shown, (0..16).map(|b| 2 * b).collect::<Vec<_>>(), "{doc}");
    for plain in [&[ROWS_OF_32][..], &[ROWS_OF_32, "--color", "row"]] {
        let doc = svg(plain);
        assert!(swatches(&doc).is_empty() && !doc.contains("bank"), "{doc}");
    }
    // LaTeX: a swatch node per bank after the cells, filled as the bank's cells are.
    let tex = run(&["latex", "--color", "bank", ROWS_OF_32]);
    let (_, legend) = tex.split_once("% bank legend\n").expect("a bank legend");
    let nodes: Vec<&str> = legend
        .lines()
        .filter(|l| l.starts_with("\\node[draw,fill="))
        .collect();
    assert_eq!(nodes.len(), 32, "{tex}");
    let cell_fill = |offset: i64| -> String {
        let line = tex
            .lines()
            .find(|l| l.starts_with("\\node[fill=") && l.ends_with(&format!("{{{offset}}};")))
            .unwrap();
        line["\\node[".len()..line.find(']').unwrap()].to_owned()
    };
    for (b, node) in (0..32).zip(&nodes) {
        assert!(node.ends_with(&format!(" {{{b}}};")), "{node}");
        // Bank b holds offsets b and b + 32, ...: the swatch's fill and letters are theirs.
        assert_eq!(
            &node["\\node[draw,".len()..node.find(']').unwrap()],
            cell_fill(b + 32),
            "{node}"
        );
    }
    assert!(!run(&["latex", ROWS_OF_32]).contains("bank legend"));
    // The text table: a line `bank 0 1 ... 31` below the table, each number on its colour.
    let table = run(&["show", "--color", "bank", ROWS_OF_32]);
    let legend = table.split_once("\nbank ").expect("a bank line").1;
    let numbers: Vec<i64> = legend
        .split("\x1b[0m")
        .filter_map(|s| s.rsplit('m').next())
        .filter_map(|s| s.trim().parse().ok())
        .collect();
    assert_eq!(numbers, (0..32).collect::<Vec<_>>(), "{legend:?}");
    assert!(!run(&["show", "--color", "row", ROWS_OF_32]).contains("bank"));
}

/// The 32 bank colours are 32, and the banks next to each other, 2, 3 or 4 apart, and 8 or 16
/// apart (the same column of a 128-byte row's quarters, halves) are at least 100 apart in RGB
/// (of 441 from black to white): read from the fills of the cells, bank by bank.
#[test]
fn near_banks_and_banks_8_apart_are_coloured_apart() {
    let fills = bank_fills(&cells(&svg(&[ROWS_OF_32, "--color", "bank"])));
    assert_eq!(
        fills.keys().copied().collect::<Vec<_>>(),
        (0..32).collect::<Vec<_>>()
    );
    let mut distinct: Vec<[u8; 3]> = fills.values().copied().collect();
    distinct.sort_unstable();
    distinct.dedup();
    assert_eq!(distinct.len(), 32, "{fills:?}");
    for d in [1, 2, 3, 4, 8, 16] {
        for b in 0..32 {
            let (x, y) = (fills[&b], fills[&((b + d) % 32)]);
            assert!(
                distance(x, y) >= 100.0,
                "banks {b} and {}: {x:?} and {y:?} are {:.0} apart",
                (b + d) % 32,
                distance(x, y)
            );
        }
    }
}

/// Coloured by bank, each cell's tooltip names its element's bank: for `float`s (4 bytes, the
/// default) offset `o` lies in bank `o mod 32`; an 8-byte element spans two banks, a 2-byte one
/// shares its bank with its neighbour. Other colourings name none.
#[test]
fn tooltips_name_the_bank() {
    let cells = cells(&svg(&[ROWS_OF_32, "--color", "bank"]));
    assert_eq!(cells.len(), 256);
    for c in &cells {
        let offset: i64 = c.label.parse().unwrap();
        assert!(
            c.title
                .contains(&format!("offset {offset}, bank {}", offset % 32)),
            "{:?}",
            c.title
        );
        assert_eq!(tooltip_bank(&c.title), Some(offset % 32));
    }
    // Row 1, column 5: offset 37, bank 5.
    let doc = svg(&[ROWS_OF_32, "--color", "bank:4"]);
    assert!(
        doc.contains("<title>coordinate (1,5), index 41, offset 37, bank 5</title>"),
        "{doc}"
    );
    // Offset 13 of 8-byte elements: bytes 104-111, banks 26 and 27; of 2-byte ones: bank 6.
    let doc = svg(&["16:1", "--color", "bank:8"]);
    assert!(doc.contains("offset 13, bank 26-27</title>"), "{doc}");
    let doc = svg(&["16:1", "--color", "bank:2"]);
    assert!(doc.contains("offset 13, bank 6</title>"), "{doc}");
    // Past the data, the bank comes before the mark.
    let doc = svg(&["zipped_divide((8,6):(1,8), <4:1,4:1>)", "--color", "bank"]);
    assert!(
        doc.contains("offset 48, bank 16 (past the data)</title>"),
        "{doc}"
    );
    let doc = svg(&[ROWS_OF_32]);
    assert!(!doc.contains("bank"), "{doc}");
}

/// Every label reads against its fill at WCAG's 4.5:1 for text, computed from the SVG's fill and
/// letter colours: the cells past the data (once red letters on any grey, 1:1 on 50 % grey), the
/// dark greys, the bank, row and thread colours, and the legend's swatches; in LaTeX, letters on
/// CuTe's 60 % and 70 % greys are white; in the text table, each cell's letters contrast too.
#[test]
fn labels_contrast_with_their_fills() {
    let trap = "zipped_divide((8,6):(1,8), <4:1,4:1>)";
    let mut past = 0;
    for args in [
        &[trap][..],
        &[trap, "--color", "bank"],
        &[trap, "--color", "bank:8"],
        &[ROWS_OF_32, "--color", "bank"],
        &[ROWS_OF_32, "--color", "row"],
        &["(16,16):(16,1)", "--color", "col"],
        &["--tv", "(8,8)", "((32,2),1):((1,32),0)", "--color", "warp"],
        &["--tv", "(8,8)", "((4,8),2):((16,1),8)"],
        &["4:-1"],
    ] {
        let doc = svg(args);
        let all: Vec<Boxed> = cells(&doc).into_iter().chain(swatches(&doc)).collect();
        for b in &all {
            assert!(
                contrast(b.fill, b.ink) >= 4.5,
                "{args:?}: {:?} on {:?} ({}): {:.2}",
                b.ink,
                b.fill,
                b.title,
                contrast(b.fill, b.ink)
            );
        }
        past += all.iter().filter(|b| b.past).count();
        // The legend of cells past the data is a red that reads on white too.
        if let Some(at) = doc.find("class=\"legend\"") {
            let fill = doc[at..].split("fill=\"").nth(1).unwrap();
            let fill = &fill[..fill.find('"').unwrap()];
            assert!(contrast(rgb(fill), [255; 3]) >= 4.5, "{doc}");
        }
    }
    // The trap's 16 cells past the data, in each of its three pictures.
    assert_eq!(past, 3 * 16);
    // LaTeX: a grey of `black!P` is 255·(1 - P/100); its letters are black unless `text=white`.
    let tex = run(&["latex", trap]);
    let mut nodes = 0;
    for line in tex
        .lines()
        .filter_map(|l| l.strip_prefix("\\node[fill=black!"))
    {
        let options = &line[..line.find(']').unwrap()];
        let percent: u16 = options[..2].parse().unwrap();
        let grey = u8::try_from(255 - percent * 255 / 100).unwrap();
        let ink = if options.contains("text=white") {
            [255; 3]
        } else {
            [0; 3]
        };
        assert!(contrast([grey; 3], ink) >= 4.5, "{line}");
        nodes += 1;
    }
    assert_eq!(nodes, 64, "{tex}");
    assert!(
        tex.contains("\\node[fill=black!70,text=white,font=\\bfseries]"),
        "{tex}"
    );
    // The text table: each `ESC[48;2;R;G;Bm ESC[38;2;R;G;Bm` pair of fill and letters.
    for args in [
        [trap, "--color", "offset8"],
        [ROWS_OF_32, "--color", "bank"],
    ] {
        let table = run(&[&["show"][..], &args].concat());
        let mut painted = 0;
        for part in table.split("\x1b[48;2;").skip(1) {
            let numbers = |s: &str| -> [u8; 3] {
                let v: Vec<u8> = s.split(';').map(|n| n.parse().unwrap()).collect();
                [v[0], v[1], v[2]]
            };
            let (fill, rest) = part.split_once("m\x1b[38;2;").unwrap();
            let ink = rest.split('m').next().unwrap();
            assert!(contrast(numbers(fill), numbers(ink)) >= 4.5, "{part:?}");
            painted += 1;
        }
        assert!(painted >= 64, "{table:?}");
    }
}
