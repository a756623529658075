//! The 2-D picture of a layout that `show`, `svg` and `--png` draw: rows are mode 0, columns
//! mode 1, and a layout of higher rank is a series of such slices.

use cute::expr::Value;
use cute::linear::LinearLayout;
use cute::{idx2crd, ComposedLayout, CoordLayout, F2Layout, IntTuple, Layout, Swizzle};

/// One 2-D table: headers, and a label and a colour key per cell.
#[derive(Clone, Debug, PartialEq)]
pub struct Grid {
    /// What the table shows, e.g. `(8,8):(8,1)` or `slice (_,_,1)`.
    pub title: String,
    /// Number of rows.
    pub rows: usize,
    /// Number of columns.
    pub cols: usize,
    /// The header of each row: its index, then its natural coordinate for a nested mode.
    pub row_headers: Vec<String>,
    /// Header lines above the columns: one per leaf of a nested mode 1 (outermost first), then
    /// the index.
    pub col_headers: Vec<Vec<String>>,
    /// What each header line shows, beside it: the leaf's mode path (`1.0`, `1.1.0`, ...) and
    /// `index` for a nested mode 1; empty for a plain mode, whose one line is the index.
    pub col_labels: Vec<String>,
    /// What the marked cells mean, below the table, e.g. that they lie past the data (`None`
    /// when no cell is marked).
    pub legend: Option<String>,
    /// Row-major cells.
    pub cells: Vec<Cell>,
    /// The sizes of the first parts of a nested mode 0 and mode 1 (0 for an unnested mode): the
    /// pictures draw a thick line every so many rows and columns, the boundaries of the mode's
    /// blocks (a blocked product's blocks, a logical divide's tiles).
    pub blocks: (usize, usize),
}

impl Grid {
    /// The characters of the widest text left of the cells: a row header or a header line's
    /// label.
    #[must_use]
    pub fn head_chars(&self) -> usize {
        self.row_headers
            .iter()
            .chain(&self.col_labels)
            .map(|s| s.chars().count())
            .max()
            .unwrap_or(1)
    }
}

/// The size of the first top-level part of a nested mode (its blocks), 0 for a mode that is one
/// leaf or whose first part is one element or the whole mode.
fn block(mode: &IntTuple) -> usize {
    let (Some(first), Ok(total)) = (mode.mode(0).filter(|_| !mode.is_int()), mode.product()) else {
        return 0;
    };
    match first.product() {
        Ok(b) if b > 1 && b < total => usize::try_from(b).unwrap_or(0),
        _ => 0,
    }
}

/// One cell.
#[derive(Clone, Debug, PartialEq)]
pub struct Cell {
    /// The text in the cell: an offset, a coordinate, or `T<thread> V<value>`.
    pub label: String,
    /// What the colour follows by default: the offset (the index for a coordinate layout, the
    /// packed outputs for a linear layout, the data index for a thread-value picture).
    pub key: i64,
    /// Whether anything reaches the cell (a thread-value picture leaves unowned cells empty).
    pub reached: bool,
    /// The owner `(thread, value)` of a thread-value picture's cell.
    pub owner: Option<(i64, i64)>,
    /// Whether the cell reads past the data the expression divides or composes (a tile that does
    /// not divide it reaches there); see [`mark_past`].
    pub past: bool,
    /// What the picture's tooltip says of the cell: its coordinate (natural where a mode is
    /// nested), its index and what it holds (an offset, or a thread and value).
    pub tip: String,
}

/// Why a value cannot be drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DrawError(pub String);

impl std::fmt::Display for DrawError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for DrawError {}

/// The largest table drawn, in cells.
pub const MAX_CELLS: i64 = 1 << 16;

fn err(e: impl std::fmt::Display) -> DrawError {
    DrawError(e.to_string())
}

/// The grids of a value: one for a layout of rank <= 2, one per slice of the modes past 1 for a
/// higher rank.
pub fn grids(v: &Value) -> Result<Vec<Grid>, DrawError> {
    match v {
        Value::Layout(l) => layout_grids(l, &|l, c| Ok(cell_offset(l.eval_crd(c).map_err(err)?))),
        Value::Coord(c) => coord_grids(c),
        Value::Composed(c) => composed_grids(c),
        Value::F2(a) => f2_grids(a),
        other => Err(DrawError(format!(
            "`show` draws layouts; this expression is {other}"
        ))),
    }
}

/// The grids of `Sw ∘ L`: each cell is the swizzled offset `Sw(L(c))` (CuTe's
/// `composition(Swizzle<B,M,S>{}, L)`), coloured by it.
pub fn swizzled_grids(l: &Layout, sw: Swizzle) -> Result<Vec<Grid>, DrawError> {
    let title = ComposedLayout::new(sw, 0, *l).to_string();
    grids_of_shape(&l.shape().to_tuple(), &title, "offset", &|c| {
        Ok(cell_offset(sw.apply(l.eval_crd(c).map_err(err)?)))
    })
}

/// The grids of `Sw ∘ o ∘ L`: each cell is `Sw(o + L(c))` at the natural coordinate `c` of `L`.
fn composed_grids(c: &ComposedLayout) -> Result<Vec<Grid>, DrawError> {
    let l = c.layout();
    let shape = l.shape().to_tuple();
    grids_of_shape(&shape, &c.to_string(), "offset", &|crd| {
        let i = cute::crd2idx_shape(crd, &shape).map_err(err)?;
        Ok(cell_offset(c.eval(i).map_err(err)?))
    })
}

/// The grids of a layout with F2 strides: each cell is `L(c)` at its natural coordinate.
fn f2_grids(a: &F2Layout) -> Result<Vec<Grid>, DrawError> {
    grids_of_shape(a.shape(), &a.to_string(), "offset", &|crd| {
        let i = cute::crd2idx_shape(crd, a.shape()).map_err(err)?;
        Ok(cell_offset(a.eval(i).map_err(err)?))
    })
}

/// The grids of a linear layout over its input dimensions (dimension 0 down the rows, 1
/// across, the others one table each); a cell holds the output, one value per output dimension,
/// coloured by the packed output bits.
pub fn linear_grids(h: &LinearLayout) -> Result<Vec<Grid>, DrawError> {
    let sizes: Vec<i64> = h.ins().map(|d| d.size()).collect();
    let shape = match sizes[..] {
        [] => IntTuple::int(1),
        [n] => IntTuple::int(n),
        _ => IntTuple::flat_or_int(&sizes).map_err(err)?,
    };
    let outs = h.outs().count();
    grids_of_shape(&shape, &h.to_string(), "output", &|crd| {
        let x: Vec<i64> = if crd.is_int() {
            vec![crd.as_int().unwrap_or(0)]
        } else {
            crd.leaves().to_vec()
        };
        let x = &x[..sizes.len()];
        let y = h.apply(x).map_err(err)?;
        let label = if outs == 1 {
            y[0].to_string()
        } else {
            let parts: Vec<String> = y[..outs].iter().map(i64::to_string).collect();
            format!("({})", parts.join(","))
        };
        // The packed outputs, so that equal outputs share a colour.
        let (mut key, mut shift) = (0i64, 0u32);
        for (v, d) in y.iter().zip(h.outs()) {
            key |= v.wrapping_shl(shift);
            shift += u32::from(d.bits);
        }
        Ok(Cell {
            label,
            key,
            reached: true,
            owner: None,
            past: false,
            tip: String::new(),
        })
    })
}

fn cell_offset(offset: i64) -> Cell {
    Cell {
        label: offset.to_string(),
        key: offset,
        reached: true,
        owner: None,
        past: false,
        tip: String::new(),
    }
}

/// The modes of a layout as separate layouts (a depth-0 layout is its own single mode).
fn modes(shape: &IntTuple) -> Vec<IntTuple> {
    if shape.is_int() {
        vec![*shape]
    } else {
        (0..shape.rank()).filter_map(|i| shape.mode(i)).collect()
    }
}

type CellFn<'a> = dyn Fn(&Layout, &IntTuple) -> Result<Cell, DrawError> + 'a;

fn layout_grids(l: &Layout, cell: &CellFn<'_>) -> Result<Vec<Grid>, DrawError> {
    grids_of_shape(&l.shape().to_tuple(), &l.to_string(), "offset", &|c| {
        cell(l, c)
    })
}

fn coord_grids(c: &CoordLayout) -> Result<Vec<Grid>, DrawError> {
    // Cells are the coordinates; the colour follows the 1-D index, so equal rows read alike.
    let shape = *c.shape();
    let at = |crd: &IntTuple| -> Result<Cell, DrawError> {
        let i = cute::crd2idx_shape(crd, &shape).map_err(err)?;
        let v = c.eval(i).map_err(err)?;
        Ok(Cell {
            label: v.to_string(),
            key: i,
            reached: true,
            owner: None,
            past: false,
            tip: String::new(),
        })
    };
    grids_of_shape(&shape, &c.to_string(), "value", &|crd| at(crd))
}

/// Grids over `shape`: rows are mode 0, columns mode 1, one grid per coordinate of the rest.
fn grids_of_shape(
    shape: &IntTuple,
    title: &str,
    what: &str,
    cell: &dyn Fn(&IntTuple) -> Result<Cell, DrawError>,
) -> Result<Vec<Grid>, DrawError> {
    let size = shape.product().map_err(err)?;
    if size == 0 {
        return Err(DrawError(format!(
            "{title} is empty (a 0 in its shape): there is no cell to draw"
        )));
    }
    if size > MAX_CELLS {
        return Err(DrawError(format!(
            "{title} has {size} cells; {MAX_CELLS} cells at most are drawn"
        )));
    }
    let ms = modes(shape);
    if ms.is_empty() {
        return Err(DrawError(format!("{title} has no modes to draw")));
    }
    let (m0, m1) = (ms[0], ms.get(1).copied().unwrap_or(IntTuple::int(1)));
    let rest: Vec<IntTuple> = ms.iter().skip(2).copied().collect();
    let rest_shape = IntTuple::tuple(rest.iter().map(IntTuple::view)).map_err(err)?;
    let slices = if rest.is_empty() {
        1
    } else {
        rest_shape.product().map_err(err)?
    };
    let mut out = Vec::new();
    for s in 0..slices {
        let rest_crd = if rest.is_empty() {
            None
        } else {
            Some(idx2crd(&IntTuple::int(s), &rest_shape).map_err(err)?)
        };
        let (rows, cols) = (m0.product().map_err(err)?, m1.product().map_err(err)?);
        let mut cells = Vec::with_capacity((rows * cols) as usize);
        for r in 0..rows {
            for c in 0..cols {
                let crd = coordinate(shape, r, c, rest_crd.as_ref()).map_err(err)?;
                let mut at = cell(&crd)?;
                at.tip = tip(shape, &crd, what, &at.label)?;
                cells.push(at);
            }
        }
        let title = match &rest_crd {
            None => title.to_string(),
            Some(rc) => format!("{title}  slice (_,_,{})", trim_parens(&rc.to_string())),
        };
        out.push(Grid {
            title,
            rows: rows as usize,
            cols: cols as usize,
            row_headers: headers(&m0, rows)?,
            col_headers: col_header_lines(&m1, cols)?,
            col_labels: col_labels(&m1, "1"),
            cells,
            blocks: (block(&m0), block(&m1)),
            legend: None,
        });
    }
    Ok(out)
}

/// The tooltip of the cell at coordinate `crd` of `shape` holding `label` (a `what`): the
/// coordinate, natural where a mode is nested (`(3,1) = ((1,1),1)`), the index and the label.
fn tip(shape: &IntTuple, crd: &IntTuple, what: &str, label: &str) -> Result<String, DrawError> {
    let index = cute::crd2idx_shape(crd, shape).map_err(err)?;
    let natural = idx2crd(crd, shape).map_err(err)?;
    let coordinate = if natural == *crd {
        crd.to_string()
    } else {
        format!("{crd} = {natural}")
    };
    Ok(format!(
        "coordinate {coordinate}, index {index}, {what} {label}"
    ))
}

fn trim_parens(s: &str) -> &str {
    s.strip_prefix('(')
        .and_then(|s| s.strip_suffix(')'))
        .unwrap_or(s)
}

/// The coordinate `(r, c, rest...)` for a shape of any rank (an integer shape takes `r` alone).
fn coordinate(
    shape: &IntTuple,
    r: i64,
    c: i64,
    rest: Option<&IntTuple>,
) -> Result<IntTuple, cute::Error> {
    let text = match (shape.is_int(), shape.rank(), rest) {
        (true, _, _) => r.to_string(),
        (false, 1, _) => format!("({r})"),
        (false, _, None) => format!("({r},{c})"),
        (false, _, Some(rest)) => format!("({r},{c},{})", trim_parens(&rest.to_string())),
    };
    text.parse()
}

/// Row headers: the index, and the natural coordinate when the mode is nested.
fn headers(mode: &IntTuple, n: i64) -> Result<Vec<String>, DrawError> {
    (0..n)
        .map(|i| {
            if mode.is_int() {
                Ok(i.to_string())
            } else {
                Ok(format!(
                    "{i} {}",
                    idx2crd(&IntTuple::int(i), mode).map_err(err)?
                ))
            }
        })
        .collect()
}

/// Column header lines: for a nested mode one line per leaf (outermost first), then the index.
fn col_header_lines(mode: &IntTuple, n: i64) -> Result<Vec<Vec<String>>, DrawError> {
    let leaves = mode.leaves().len();
    let mut lines = Vec::new();
    if !mode.is_int() && leaves > 1 {
        let flat = mode.flatten().map_err(err)?;
        for level in (0..leaves).rev() {
            let line = (0..n)
                .map(|i| {
                    let c = idx2crd(&IntTuple::int(i), &flat).map_err(err)?;
                    Ok(c.leaves()[level].to_string())
                })
                .collect::<Result<Vec<_>, DrawError>>()?;
            lines.push(line);
        }
    }
    lines.push((0..n).map(|i| i.to_string()).collect());
    Ok(lines)
}

/// The labels of [`col_header_lines`]' lines for mode 1: each leaf's path after `prefix` (`1.0`,
/// `1.1.0`, ... for a layout; `data 1.0`, ... for a thread-value picture's data), outermost
/// first, then `index`; nothing for a plain mode (one line, the index, as CuTe prints it).
fn col_labels(mode: &IntTuple, prefix: &str) -> Vec<String> {
    if mode.is_int() || mode.leaves().len() < 2 {
        return vec![String::new()];
    }
    let mut paths = Vec::new();
    leaf_paths(mode, prefix, &mut paths);
    paths.reverse();
    paths.push("index".to_owned());
    paths
}

/// The dotted paths of the leaves of `t`, in order, each after `prefix`.
fn leaf_paths(t: &IntTuple, prefix: &str, out: &mut Vec<String>) {
    if t.is_int() {
        out.push(prefix.to_owned());
        return;
    }
    for i in 0..t.rank() {
        if let Some(m) = t.mode(i) {
            leaf_paths(&m, &format!("{prefix}.{i}"), out);
        }
    }
}

/// Marks the cells of `gs`, the pictures of a divide or composition, that read past its data:
/// `index` holds the pictures of [`Reads::index`](crate::notes::Reads::index), cell for cell.
/// Sets the legend of each grid with a marked cell.
pub fn mark_past(gs: &mut [Grid], reads: &crate::notes::Reads, index: &[Grid]) {
    for (g, ig) in gs.iter_mut().zip(index) {
        let mut any = false;
        for (cell, at) in g.cells.iter_mut().zip(&ig.cells) {
            cell.past = cell.reached && reads.past(at.key);
            any |= cell.past;
        }
        if any {
            g.legend = Some(format!(
                "* past the data: these cells read beyond a mode of {}",
                reads.data
            ));
        }
    }
}

/// The grid of a thread-value layout over data of shape `data`: each data coordinate shows the
/// `T<thread> V<value>` that maps to it (Cecka, *CuTe Layout Representation and Algebra*,
/// Figure 6), coloured by thread; with `only` (`--thread T`), only thread `T`'s elements.
pub fn tv_grid(tv: &Layout, data: &IntTuple, only: Option<i64>) -> Result<Grid, DrawError> {
    let ds = modes(data);
    if ds.len() != 2 {
        return Err(DrawError(format!(
            "--tv needs a rank-2 data shape, got {data}"
        )));
    }
    let (rows, cols) = (ds[0].product().map_err(err)?, ds[1].product().map_err(err)?);
    let cells = rows
        .checked_mul(cols)
        .filter(|&n| rows > 0 && cols > 0 && n <= MAX_CELLS);
    let Some(ncells) = cells else {
        return Err(DrawError(format!(
            "--tv {data}: 1 to {MAX_CELLS} cells are drawn (an empty shape has none)"
        )));
    };
    let (threads, values) = match (tv.mode(0), tv.mode(1)) {
        (Some(t), Some(v)) if tv.rank() == 2 => (t.size(), v.size()),
        _ => {
            return Err(DrawError(format!(
                "{tv} is not a rank-2 (thread, value) layout"
            )))
        }
    };
    if let Some(t) = only.filter(|t| !(0..threads).contains(t)) {
        return Err(DrawError(format!(
            "--thread {t}: {tv} has threads 0 to {}",
            threads - 1
        )));
    }
    if threads
        .checked_mul(values)
        .is_none_or(|n| !(0..=MAX_CELLS).contains(&n))
    {
        return Err(DrawError(format!(
            "{tv} has more than {MAX_CELLS} (thread, value) pairs"
        )));
    }
    let mut cells = vec![
        Cell {
            label: String::new(),
            key: 0,
            reached: false,
            owner: None,
            past: false,
            tip: String::new(),
        };
        ncells as usize
    ];
    for t in 0..threads {
        for v in 0..values {
            let idx = tv
                .eval_crd(&format!("({t},{v})").parse().map_err(err)?)
                .map_err(err)?;
            if !(0..ncells).contains(&idx) {
                return Err(DrawError(format!(
                    "{tv} maps (T{t}, V{v}) to {idx}, outside {data}"
                )));
            }
            let (r, c) = (idx % rows, idx / rows);
            let cell = &mut cells[(r * cols + c) as usize];
            // The first owner of an element, or with `--thread T` the first of `T`'s values.
            if !cell.reached && only.is_none_or(|o| o == t) {
                *cell = Cell {
                    label: format!("T{t} V{v}"),
                    key: idx,
                    reached: true,
                    owner: Some((t, v)),
                    past: false,
                    // The data index is the offset the layout maps (T, V) to.
                    tip: format!("coordinate ({r},{c}), index {idx} = TV({t},{v}), T{t} V{v}"),
                };
            }
        }
    }
    Ok(Grid {
        title: match only {
            Some(t) => format!("{tv} over {data}  thread {t}"),
            None => format!("{tv} over {data}"),
        },
        rows: rows as usize,
        cols: cols as usize,
        row_headers: headers(&ds[0], rows)?,
        col_headers: col_header_lines(&ds[1], cols)?,
        col_labels: col_labels(&ds[1], "data 1"),
        cells,
        blocks: (block(&ds[0]), block(&ds[1])),
        legend: None,
    })
}
