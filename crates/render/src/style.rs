//! Colours, stones and last-turn marks shared by every board family.
//!
//! The image draws its own opaque walnut frame, so it reads the same on
//! Discord's dark and light themes. Pieces differ in lightness and carry
//! outlines (White is ivory, Black is near-black, Floaters Red is a mid red
//! with a pale centre dot), so no distinction rests on hue alone. Last-turn
//! marks use shapes as well as colour: rings, arrows, crosses, badges.

use cairn_rules::{Colour, MarkKind};

use super::paint::{Canvas, Layer, Rgb};
use super::text::{self, Face};
use super::RenderError;

// The frame and its text.
pub const FRAME: Rgb = Rgb::hex(0x2a211b);
pub const FRAME_EDGE: Rgb = Rgb::hex(0x45372c);
pub const TITLE: Rgb = Rgb::hex(0xf6ead2);
pub const TEXT: Rgb = Rgb::hex(0xe9dcc3);
pub const TEXT_DIM: Rgb = Rgb::hex(0xb9a68a);

// The board.
pub const WOOD: Rgb = Rgb::hex(0xdcb57e);
pub const WOOD_EDGE: Rgb = Rgb::hex(0x8a6139);
pub const LINE: Rgb = Rgb::hex(0x4e3521);
pub const COORD: Rgb = Rgb::hex(0x5e4128);
pub const PIT: Rgb = Rgb::hex(0xb98a52);
pub const PIT_EDGE: Rgb = Rgb::hex(0x7a5632);
pub const BLOCKED: Rgb = Rgb::hex(0x8e9094);
pub const BLOCKED_HATCH: Rgb = Rgb::hex(0x6d6f74);

// Marks.
/// The last turn: arrows, rings and cell tints.
pub const ACCENT: Rgb = Rgb::hex(0x1f6fd6);
/// The glow and cell tint under the last turn's spots.
pub const LAST: Rgb = Rgb::hex(0xf6d84a);
/// Captures and removals for equal colours.
pub const CAPTURE: Rgb = Rgb::hex(0xc4221f);
/// Legal destinations (the hint layer).
pub const HINT: Rgb = Rgb::hex(0x17804f);
/// The mancala pit about to be sown.
pub const NEXT: Rgb = Rgb::hex(0xf0a20f);
pub const HALO: Rgb = Rgb::hex(0xfff8ea);

struct StoneStyle {
    body: Rgb,
    outline: Rgb,
    light: Rgb,
    /// Text drawn on the stone (stack heights).
    ink: Rgb,
}

fn stone_style(colour: Colour) -> StoneStyle {
    match colour {
        Colour::White => StoneStyle {
            body: Rgb::hex(0xefe8da),
            outline: Rgb::hex(0x2b231d),
            light: Rgb::hex(0xfffdf8),
            ink: Rgb::hex(0x2b231d),
        },
        Colour::Black => StoneStyle {
            body: Rgb::hex(0x2b2826),
            outline: Rgb::hex(0x0c0b0a),
            light: Rgb::hex(0x504a45),
            ink: Rgb::hex(0xf3ecdf),
        },
        Colour::Red => StoneStyle {
            body: Rgb::hex(0xcf3b2c),
            outline: Rgb::hex(0x4a0f09),
            light: Rgb::hex(0xe8685a),
            ink: Rgb::hex(0xfff3e6),
        },
    }
}

/// One stone of radius `r` centred on `(cx, cy)`, with a soft shadow, a
/// lit face and an outline. Red stones carry a pale centre dot.
pub fn stone(canvas: &mut Canvas, cx: f32, cy: f32, r: f32, colour: Colour) {
    // (The first word's top byte names the kind of sprite: 0 for stones.)
    let key = [colour as u32, cx.to_bits(), cy.to_bits(), r.to_bits(), 0];
    canvas.cached(key, |canvas| draw_stone(canvas, cx, cy, r, colour));
}

fn draw_stone(canvas: &mut Canvas, cx: f32, cy: f32, r: f32, colour: Colour) {
    let s = stone_style(colour);
    let small = r < 9.0;
    canvas.fill_circle(
        cx + r * 0.06,
        cy + r * 0.12,
        r + 0.5,
        Rgb(0, 0, 0),
        if small { 0.25 } else { 0.3 },
    );
    canvas.fill_circle(cx, cy, r, s.outline, 1.0);
    let edge = if small {
        1.0
    } else {
        (r * 0.07).clamp(1.3, 2.2)
    };
    canvas.fill_circle(cx, cy, r - edge, s.body, 1.0);
    if !small {
        canvas.fill_circle(cx - r * 0.2, cy - r * 0.24, r * 0.58, s.light, 0.35);
        canvas.fill_circle(cx - r * 0.28, cy - r * 0.32, r * 0.3, s.light, 0.45);
    }
    if colour == Colour::Red {
        let dot = (r * 0.3).max(1.8);
        canvas.fill_circle(cx, cy, dot, Rgb::hex(0xfbeee0), 1.0);
        if !small {
            canvas.ring(cx, cy, dot, 1.0, s.outline, 0.6);
        }
    }
}

/// A stone on the dark frame, set on a disc of board wood so that a black
/// one stands out as clearly as a white one.
pub fn frame_stone(canvas: &mut Canvas, cx: f32, cy: f32, r: f32, colour: Colour) {
    canvas.fill_circle(cx, cy, r + 5.5, WOOD_EDGE, 1.0);
    canvas.fill_circle(cx, cy, r + 4.5, WOOD, 1.0);
    stone(canvas, cx, cy, r, colour);
}

/// What won a finished game (a line's cells, a square's corners): a gold
/// ring with a dark edge around the piece.
pub const WON: Rgb = Rgb::hex(0xf2b705);

pub fn winning(canvas: &mut Canvas, cx: f32, cy: f32, r: f32) {
    let w = (r * 0.14).clamp(2.5, 4.5);
    canvas.ring(cx, cy, r + w * 1.2, w + 2.5, Rgb::hex(0x3a2608), 0.85);
    canvas.ring(cx, cy, r + w * 1.2, w, WON, 1.0);
}

/// A cell's or point's pieces, bottom-up: a lone stone; a two-colour stack
/// with the lower stone peeking out beneath the top one; or a taller stack
/// drawn as a pile of discs with its height written on top.
pub fn pieces(
    canvas: &mut Canvas,
    cx: f32,
    cy: f32,
    r: f32,
    stack: &[Colour],
) -> Result<(), RenderError> {
    match stack {
        [] => {}
        [one] => stone(canvas, cx, cy, r, *one),
        [bottom, top] if bottom != top => {
            let off = r * 0.2;
            let rr = r * 0.9;
            stone(canvas, cx + off, cy + off, rr, *bottom);
            stone(canvas, cx - off * 0.6, cy - off * 0.6, rr, *top);
        }
        _ => {
            // A pile: up to four discs shown, each lifted a little.
            let shown = stack.len().min(4);
            let lift = (r * 0.13).max(2.0);
            let base_y = cy + lift * (shown as f32 - 1.0) / 2.0;
            for (i, colour) in stack[stack.len() - shown..].iter().enumerate() {
                stone(canvas, cx, base_y - lift * i as f32, r * 0.95, *colour);
            }
            let top_y = base_y - lift * (shown as f32 - 1.0);
            let top = stack[stack.len() - 1];
            let label = stack.len().to_string();
            let size = (r * if label.len() > 1 { 0.9 } else { 1.05 }).max(10.0);
            text::draw_centred(
                canvas,
                Face::Bold,
                size,
                cx,
                top_y,
                &label,
                stone_style(top).ink,
            )?;
        }
    }
    Ok(())
}

/// The marks on one spot, as bits.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Marks(pub u16);

impl Marks {
    pub fn bit(kind: MarkKind) -> u16 {
        1 << match kind {
            MarkKind::From => 0,
            MarkKind::To => 1,
            MarkKind::Added => 2,
            MarkKind::Removed => 3,
            MarkKind::Captured => 4,
            MarkKind::Changed => 5,
            MarkKind::LapStart => 6,
            MarkKind::LapEnd => 7,
            MarkKind::Emptied => 8,
            MarkKind::Hint => 9,
            MarkKind::Next => 10,
        }
    }

    pub fn has(self, kind: MarkKind) -> bool {
        self.0 & Marks::bit(kind) != 0
    }

    pub fn add(&mut self, kind: MarkKind) {
        self.0 |= Marks::bit(kind);
    }

    /// Any last-turn mark that makes the spot stand out.
    pub fn last_turn(self) -> bool {
        self.0 & !(Marks::bit(MarkKind::Hint) | Marks::bit(MarkKind::Next)) != 0
    }
}

/// Marks drawn before the pieces on a point or cell: a soft glow where a
/// piece arrived, a faint one where it left.
pub fn marks_under(canvas: &mut Canvas, cx: f32, cy: f32, r: f32, marks: Marks) {
    if marks.has(MarkKind::To) || marks.has(MarkKind::Added) || marks.has(MarkKind::LapEnd) {
        canvas.fill_circle(cx, cy, r * 1.5, LAST, 0.55);
    } else if marks.has(MarkKind::From) || marks.has(MarkKind::LapStart) {
        canvas.fill_circle(cx, cy, r * 0.95, LAST, 0.5);
    }
}

/// Marks drawn over the pieces of a point or cell. `occupied` says whether
/// a piece stands there now.
pub fn marks_over(
    canvas: &mut Canvas,
    cx: f32,
    cy: f32,
    r: f32,
    marks: Marks,
    occupied: bool,
) -> Result<(), RenderError> {
    let w = (r * 0.12).clamp(2.0, 4.0);
    if marks.has(MarkKind::To) || marks.has(MarkKind::Added) || marks.has(MarkKind::LapEnd) {
        canvas.ring(cx, cy, r + w * 0.9, w + 2.0, HALO, 0.7);
        canvas.ring(cx, cy, r + w * 0.9, w, ACCENT, 1.0);
    }
    if marks.has(MarkKind::From) || marks.has(MarkKind::LapStart) {
        if occupied {
            canvas.dashed_ring(cx, cy, r + w * 0.9, w * 0.8, 12, ACCENT, 1.0);
        } else {
            canvas.ring(cx, cy, r * 0.42, w + 2.0, HALO, 0.6);
            canvas.ring(cx, cy, r * 0.42, w, ACCENT, 1.0);
        }
    }
    if marks.has(MarkKind::Removed) {
        // A dashed outline where the stone stood.
        canvas.dashed_ring(cx, cy, r * 0.92, w + 2.0, 10, HALO, 0.7);
        canvas.dashed_ring(cx, cy, r * 0.92, w, 10, ACCENT, 1.0);
        badge(canvas, cx, cy, r, ACCENT, Badge::Minus);
    }
    if marks.has(MarkKind::Captured) && occupied {
        // A chain that ended where it captured earlier this turn: the piece
        // standing there now is the capturer, so the capture is a small
        // badge beside it, not a cross over it.
        badge(canvas, cx, cy, r, CAPTURE, Badge::Cross);
    } else if marks.has(MarkKind::Captured) || marks.has(MarkKind::Emptied) {
        cross(canvas, cx, cy, r * 0.5, w * 1.5);
    }
    if marks.has(MarkKind::Changed) {
        badge(canvas, cx, cy, r, ACCENT, Badge::Dot);
    }
    if marks.has(MarkKind::Next) {
        canvas.ring(cx, cy, r + w * 1.2, w * 1.6, NEXT, 1.0);
    }
    if marks.has(MarkKind::Hint) {
        hint(canvas, cx, cy, r, occupied);
    }
    Ok(())
}

/// A legal destination: a dot on an empty spot, a ring around a piece.
pub fn hint(canvas: &mut Canvas, cx: f32, cy: f32, r: f32, occupied: bool) {
    if occupied {
        canvas.dashed_ring(cx, cy, r + 3.0, 3.0, 16, HINT, 0.95);
    } else {
        let d = (r * 0.3).max(4.0);
        canvas.fill_circle(cx, cy, d + 1.5, HALO, 0.6);
        canvas.fill_circle(cx, cy, d, HINT, 0.9);
    }
}

/// A cross in the capture colour with a pale halo.
pub fn cross(canvas: &mut Canvas, cx: f32, cy: f32, half: f32, width: f32) {
    let a = (cx - half, cy - half);
    let b = (cx + half, cy + half);
    let c = (cx - half, cy + half);
    let d = (cx + half, cy - half);
    let mut halo = Layer::new(
        canvas,
        cx - half - width,
        cy - half - width,
        cx + half + width,
        cy + half + width,
    );
    halo.capsule(a, b, width + 3.0);
    halo.capsule(c, d, width + 3.0);
    halo.composite(canvas, HALO, 0.8);
    let mut ink = Layer::new(
        canvas,
        cx - half - width,
        cy - half - width,
        cx + half + width,
        cy + half + width,
    );
    ink.capsule(a, b, width);
    ink.capsule(c, d, width);
    ink.composite(canvas, CAPTURE, 1.0);
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Badge {
    Plus,
    Minus,
    Dot,
    Cross,
}

/// A small round badge at the upper right of a piece.
pub fn badge(canvas: &mut Canvas, cx: f32, cy: f32, r: f32, colour: Rgb, sign: Badge) {
    let br = (r * 0.32).clamp(5.0, 9.0);
    let (bx, by) = (cx + r * 0.74, cy - r * 0.74);
    canvas.fill_circle(bx, by, br + 1.5, HALO, 1.0);
    canvas.fill_circle(bx, by, br, colour, 1.0);
    let arm = br * 0.55;
    let w = (br * 0.3).max(1.6);
    match sign {
        Badge::Dot => canvas.fill_circle(bx, by, br * 0.38, HALO, 1.0),
        Badge::Minus => canvas.line((bx - arm, by), (bx + arm, by), w, HALO, 1.0),
        Badge::Plus => {
            canvas.line((bx - arm, by), (bx + arm, by), w, HALO, 1.0);
            canvas.line((bx, by - arm), (bx, by + arm), w, HALO, 1.0);
        }
        Badge::Cross => {
            let d = arm * 0.8;
            canvas.line((bx - d, by - d), (bx + d, by + d), w, HALO, 1.0);
            canvas.line((bx - d, by + d), (bx + d, by - d), w, HALO, 1.0);
        }
    }
}

/// The last turn's path: an arrow for each step, merged into one
/// translucent layer over a pale outline. `trim[i]` is how far from the
/// centre of the i-th spot the arrow starts or stops (a piece's edge).
pub fn path(canvas: &mut Canvas, points: &[(f32, f32)], trim: &[f32], width: f32) {
    if points.len() < 2 {
        return;
    }
    let (mut x0, mut y0, mut x1, mut y1) = (f32::MAX, f32::MAX, f32::MIN, f32::MIN);
    for &(x, y) in points {
        x0 = x0.min(x);
        y0 = y0.min(y);
        x1 = x1.max(x);
        y1 = y1.max(y);
    }
    let pad = width * 3.0;
    let head = width * 2.6;
    let mut outline = Layer::new(canvas, x0 - pad, y0 - pad, x1 + pad, y1 + pad);
    let mut arrow = Layer::new(canvas, x0 - pad, y0 - pad, x1 + pad, y1 + pad);
    let last = points.len() - 1;
    for i in 0..last {
        let (a, b) = (points[i], points[i + 1]);
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let len = (dx * dx + dy * dy).sqrt();
        if len < 1.0 {
            continue;
        }
        let (ux, uy) = (dx / len, dy / len);
        let ta = trim.get(i).copied().unwrap_or(0.0).min(len * 0.4);
        let tb = trim.get(i + 1).copied().unwrap_or(0.0).min(len * 0.4);
        let start = (a.0 + ux * ta, a.1 + uy * ta);
        let tip = (b.0 - ux * tb, b.1 - uy * tb);
        outline.arrow(
            (start.0 - ux * 1.5, start.1 - uy * 1.5),
            (tip.0 + ux * 2.2, tip.1 + uy * 2.2),
            width + 3.0,
            head + 4.6,
        );
        arrow.arrow(start, tip, width, head);
    }
    outline.composite(canvas, HALO, 0.55);
    arrow.composite(canvas, ACCENT, 0.85);
}

/// The board's wooden panel: flat maple (flat colour keeps the PNG small
/// and the palette exact) in a rounded dark rim.
pub fn wood_panel(canvas: &mut Canvas, x0: f32, y0: f32, x1: f32, y1: f32, radius: f32) {
    // The rim as a ring rather than a fill under the wood: half the pixels.
    canvas.stroke_round_rect(
        x0 - 1.75,
        y0 - 1.75,
        x1 + 1.75,
        y1 + 1.75,
        radius + 1.75,
        4.5,
        FRAME_EDGE,
        1.0,
    );
    wood(canvas, (x0, y0, x1, y1), radius, WOOD);
    canvas.stroke_round_rect(
        x0 + 0.5,
        y0 + 0.5,
        x1 - 0.5,
        y1 - 0.5,
        radius,
        1.0,
        WOOD_EDGE,
        0.8,
    );
}

/// A rounded box of flat wood in `base` tone.
pub fn wood(canvas: &mut Canvas, area: (f32, f32, f32, f32), radius: f32, base: Rgb) {
    canvas.fill_round_rect(area.0, area.1, area.2, area.3, radius, base, 1.0);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A background that is not flat: wood, a grid line and a tint.
    fn board() -> Canvas {
        let mut canvas = Canvas::new(70, 60, FRAME);
        wood(&mut canvas, (2.0, 2.0, 68.0, 58.0), 6.0, WOOD);
        canvas.fill_rect(0, 29, 70, 31, LINE);
        canvas.tint_rect(10, 10, 40, 40, LAST, 0.62);
        canvas
    }

    #[test]
    fn cached_stones_are_the_stones_drawn() {
        for (colour, cx, cy, r) in [
            (Colour::White, 30.5, 30.0, 14.0),
            (Colour::Black, 31.25, 29.5, 13.3),
            (Colour::Red, 35.0, 28.0, 16.0),
            (Colour::Black, 66.0, 3.0, 12.0),
        ] {
            let mut drawn = board();
            draw_stone(&mut drawn, cx, cy, r, colour);
            let drawn = drawn.into_image();
            // The first time records the sprite, the second replays it.
            for _ in 0..2 {
                let mut cached = board();
                stone(&mut cached, cx, cy, r, colour);
                assert!(cached.into_image() == drawn, "{colour:?} at {cx}, {cy}");
            }
        }
    }
}
