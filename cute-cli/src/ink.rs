//! The colour a label is written in on a fill: black or white, whichever contrasts more with the
//! fill by WCAG 2's measure. One of the two always reaches 4.58:1, above the 4.5:1 WCAG asks of
//! text, whatever the fill: CuTe's dark greys, the saturated bank colours, a cell past the data.

/// Black letters.
pub const BLACK: [u8; 3] = [0, 0, 0];
/// White letters.
pub const WHITE: [u8; 3] = [255, 255, 255];

/// WCAG 2's relative luminance of an 8-bit sRGB colour: 0 for black, 1 for white.
#[must_use]
pub fn luminance(rgb: [u8; 3]) -> f64 {
    let linear = |c: u8| {
        let u = f64::from(c) / 255.0;
        if u <= 0.040_45 {
            u / 12.92
        } else {
            ((u + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * linear(rgb[0]) + 0.7152 * linear(rgb[1]) + 0.0722 * linear(rgb[2])
}

/// WCAG 2's contrast ratio of two colours: 1 (the same luminance) to 21 (black on white).
#[must_use]
pub fn contrast(a: [u8; 3], b: [u8; 3]) -> f64 {
    let (la, lb) = (luminance(a), luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

/// The colour of letters on `fill`: black or white, the one of higher contrast.
#[must_use]
pub fn on(fill: [u8; 3]) -> [u8; 3] {
    if contrast(BLACK, fill) >= contrast(WHITE, fill) {
        BLACK
    } else {
        WHITE
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_fill_gets_readable_letters() {
        assert!((contrast(BLACK, WHITE) - 21.0).abs() < 1e-9);
        assert_eq!(on(WHITE), BLACK);
        assert_eq!(on(BLACK), WHITE);
        // CuTe's black!60 (#666666) reads better in white; black!50 (#808080) in black.
        assert_eq!(on([102; 3]), WHITE);
        assert_eq!(on([128; 3]), BLACK);
        // Every grey, and colours on a grid over the RGB cube (pure red, the old label of a cell
        // past the data, among them).
        let steps = (0..=255u8).step_by(15);
        let greys = (0..=255u8).map(|v| [v; 3]);
        let colours = steps.clone().flat_map(|r| {
            let steps = steps.clone();
            steps
                .clone()
                .flat_map(move |g| steps.clone().map(move |b| [r, g, b]))
        });
        for fill in greys.chain(colours) {
            assert!(contrast(on(fill), fill) >= 4.5, "{fill:?}");
        }
    }
}
