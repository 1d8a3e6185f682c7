//! The Kalah board (Floaters): two rows of pits and a store at each end.
//! Each pit shows a small pile of its stones (red left, black right) and
//! both colours' counts as numbers; pits are numbered 1.. from each
//! player's own left (South's 1 at the west end, North's 1 at the east).

use std::borrow::Cow;

use cairn_rules::{Colour, Layout, MarkKind, Spot, WordedView};
use cairn_rules::{Hand, MancalaWords};

use super::paint::{Canvas, Rgb};
use super::style::{self, Marks};
use super::text::{self, Face};
use super::{file_name, RenderError};

const PAD: f32 = 14.0;
const GAP: f32 = 8.0;
const BAND: f32 = 26.0;
const STORE_W: f32 = 64.0;
const PIT_H: f32 = 86.0;
const STONE_R: f32 = 6.5;
const INK: Rgb = Rgb::hex(0x2e1d10);
/// The height of the name line above each store.
const STORE_LABEL: f32 = 20.0;

pub struct Geometry {
    pits: usize,
    pit_w: f32,
}

/// Where a spot is drawn.
#[derive(Clone, Copy)]
struct Place {
    x0: f32,
    y0: f32,
    x1: f32,
    y1: f32,
    store: bool,
}

impl Place {
    fn centre(&self) -> (f32, f32) {
        ((self.x0 + self.x1) / 2.0, (self.y0 + self.y1) / 2.0)
    }

    /// The middle of the stone pile (above the counts).
    fn pile_centre(&self) -> (f32, f32) {
        ((self.x0 + self.x1) / 2.0, (self.y0 + self.y1) / 2.0 - 10.0)
    }

    fn radius(&self) -> f32 {
        ((self.x1 - self.x0) * 0.42).min(28.0)
    }
}

impl Geometry {
    pub fn new(pits: u8) -> Geometry {
        let pits = pits.max(1) as usize;
        let room = 600.0 - 2.0 * PAD - 2.0 * STORE_W - 2.0 * GAP - (pits - 1) as f32 * GAP;
        let pit_w = (room / pits as f32).clamp(44.0, 70.0).floor();
        Geometry { pits, pit_w }
    }

    pub fn size(&self) -> (f32, f32) {
        let n = self.pits as f32;
        (
            2.0 * PAD + 2.0 * STORE_W + 2.0 * GAP + n * self.pit_w + (n - 1.0) * GAP,
            2.0 * PAD + 2.0 * BAND + 2.0 * PIT_H + GAP,
        )
    }

    fn place(&self, origin: (f32, f32), spot: usize) -> Option<Place> {
        let n = self.pits;
        let top = origin.1 + PAD + BAND;
        let left = origin.0 + PAD;
        let pits_x = left + STORE_W + GAP;
        let column = |c: usize| pits_x + c as f32 * (self.pit_w + GAP);
        // Stores leave room above them for their name.
        let store = |x0: f32| Place {
            x0,
            y0: top + STORE_LABEL,
            x1: x0 + STORE_W,
            y1: top + 2.0 * PIT_H + GAP,
            store: true,
        };
        let pit = |c: usize, row_y: f32| Place {
            x0: column(c),
            y0: row_y,
            x1: column(c) + self.pit_w,
            y1: row_y + PIT_H,
            store: false,
        };
        let south_y = top + PIT_H + GAP;
        match spot {
            s if s < n => Some(pit(s, south_y)),
            s if s == n => Some(store(column(n - 1) + self.pit_w + GAP)),
            s if s <= 2 * n => Some(pit(n - 1 - (s - n - 1), top)),
            s if s == 2 * n + 1 => Some(store(left)),
            _ => None,
        }
    }
}

/// Red and black counts of any spot (a stack on a pit board counts its
/// colours; White counts as neither).
fn counts(spot: &Spot) -> (usize, usize) {
    match spot {
        Spot::Pit { red, black } => (*red as usize, *black as usize),
        Spot::Stack(stack) => (
            stack.iter().filter(|c| **c == Colour::Red).count(),
            stack.iter().filter(|c| **c == Colour::Black).count(),
        ),
        Spot::Empty | Spot::Blocked => (0, 0),
    }
}

/// The words written on the board: the view's (worded by the caller in the
/// reader's language), or English for a view built by hand.
pub fn words(view: &WordedView) -> Cow<'_, MancalaWords<String>> {
    if let Some(words) = &view.mancala {
        return Cow::Borrowed(words);
    }
    let (red, black, next) = view.hand.map_or((0, 0, 0), |h| (h.red, h.black, h.next));
    Cow::Owned(MancalaWords {
        north: "North".into(),
        south: "South".into(),
        west_store: "West store".into(),
        east_store: "East store".into(),
        in_hand: "In hand".into(),
        hand_red: format!("{red} red"),
        hand_black: format!("{black} black"),
        next: format!("next: {}", spot_name(view.layout, next)),
        hand_line: format!("In hand: {red} red, {black} black"),
    })
}

/// What every board of this size shows before its position: the wood
/// (drawn once per size, see `backdrop` in lib.rs).
pub fn backdrop(canvas: &mut Canvas, g: &Geometry, origin: (f32, f32)) {
    let (w, h) = g.size();
    style::wood_panel(canvas, origin.0, origin.1, origin.0 + w, origin.1 + h, 14.0);
}

/// The position, over [`backdrop`].
pub fn draw(
    canvas: &mut Canvas,
    g: &Geometry,
    origin: (f32, f32),
    view: &WordedView,
    marks: &[Marks],
) -> Result<(), RenderError> {
    let words = words(view);
    let (_, h) = g.size();
    let n = g.pits;

    // Pit numbers from each player's own left, and the sides' names.
    let numbers_y = (origin.1 + PAD + BAND / 2.0, origin.1 + h - PAD - BAND / 2.0);
    for i in 0..n {
        let next = |spot: usize| marks.get(spot).is_some_and(|m| m.has(MarkKind::Next));
        for (spot, y) in [(i, numbers_y.1), (n + 1 + i, numbers_y.0)] {
            if let Some(p) = g.place(origin, spot) {
                let (x, _) = p.centre();
                let colour = if next(spot) {
                    Rgb::hex(0xb06e00)
                } else {
                    style::COORD
                };
                text::draw_centred(canvas, Face::Bold, 14.0, x, y, &(i + 1).to_string(), colour)?;
            }
        }
    }
    let x = origin.0 + PAD + 2.0;
    text::draw(
        canvas,
        Face::Bold,
        12.0,
        x,
        numbers_y.0 + 4.5,
        &words.north,
        style::COORD,
    )?;
    text::draw(
        canvas,
        Face::Bold,
        12.0,
        x,
        numbers_y.1 + 4.5,
        &words.south,
        style::COORD,
    )?;

    // The stores' names, as the notes and messages call them.
    for (spot, name) in [(2 * n + 1, &words.west_store), (n, &words.east_store)] {
        if let Some(p) = g.place(origin, spot) {
            let (x, _) = p.centre();
            text::draw_centred(
                canvas,
                Face::Bold,
                11.0,
                x,
                p.y0 - STORE_LABEL / 2.0,
                name,
                style::COORD,
            )?;
        }
    }

    // Arrows from pit to pit would hide the piles: a path on this board
    // marks each pit it passes as sown into instead.
    let mut marks = marks.to_vec();
    for &spot in &view.last.path {
        if let Some(m) = marks.get_mut(spot) {
            if !m.last_turn() {
                m.add(MarkKind::Changed);
            }
        }
    }
    for (spot, content) in view.spots.iter().enumerate() {
        let Some(p) = g.place(origin, spot) else {
            continue;
        };
        let m = marks.get(spot).copied().unwrap_or_default();
        pit(canvas, &p, content, m)?;
    }
    for (spot, _) in view.spots.iter().enumerate() {
        if let (Some(p), Some(&m)) = (g.place(origin, spot), marks.get(spot)) {
            if m.0 != 0 {
                // Rings cost a rounded stroke or two each: sprites too.
                let key = [
                    OUTLINE << 24 | u32::from(m.0),
                    p.x0.to_bits(),
                    p.y0.to_bits(),
                    p.x1.to_bits(),
                    p.y1.to_bits(),
                ];
                canvas.cached(key, |canvas| outline(canvas, &p, m));
            }
        }
    }
    Ok(())
}

/// The kinds of sprite of this board (the top byte of a sprite key's first
/// word; 0 is a stone).
const HOLLOW: u32 = 1;
const OUTLINE: u32 = 2;

/// A pit's hollow: its edge, a darker rim at the top, the `base` floor.
fn hollow(canvas: &mut Canvas, p: &Place, base: Rgb) {
    let r = p.radius();
    canvas.fill_round_rect(p.x0, p.y0, p.x1, p.y1, r, style::PIT_EDGE, 1.0);
    // A darker rim at the top reads as a hollow.
    canvas.fill_round_rect(
        p.x0 + 1.5,
        p.y0 + 1.5,
        p.x1 - 1.5,
        p.y1 - 1.5,
        r - 1.5,
        base.mix(Rgb(60, 35, 15), 0.25),
        1.0,
    );
    canvas.fill_round_rect(
        p.x0 + 2.5,
        p.y0 + 4.0,
        p.x1 - 2.5,
        p.y1 - 2.0,
        r - 2.5,
        base,
        1.0,
    );
}

/// One pit or store: the hollow, its pile of stones and the counts.
fn pit(canvas: &mut Canvas, p: &Place, content: &Spot, m: Marks) -> Result<(), RenderError> {
    let base = if matches!(content, Spot::Blocked) {
        style::BLOCKED
    } else if m.has(MarkKind::Changed) || m.has(MarkKind::LapEnd) || m.has(MarkKind::To) {
        style::PIT.mix(Rgb::hex(0xe9cf9f), 0.45)
    } else {
        style::PIT
    };
    // Three rounded boxes a pit, the same on every board of this size: a
    // sprite (recorded once, replayed with the same arithmetic).
    let rgb = u32::from(base.0) | u32::from(base.1) << 8 | u32::from(base.2) << 16;
    canvas.cached(
        [
            HOLLOW << 24 | rgb,
            p.x0.to_bits(),
            p.y0.to_bits(),
            p.x1.to_bits(),
            p.y1.to_bits(),
        ],
        |canvas| hollow(canvas, p, base),
    );

    let (red, black) = counts(content);
    let (cx, cy) = p.pile_centre();
    pile(canvas, cx, cy, p, red, black);

    // Counts: a small red stone and its number, a small black one and its.
    let baseline = p.y1 - 11.0;
    let size = 14.0;
    let red_text = red.to_string();
    let black_text = black.to_string();
    let rw = text::measure(Face::Bold, size, &red_text)?;
    let bw = text::measure(Face::Bold, size, &black_text)?;
    let icon = 4.5;
    let entry = |w: f32| 2.0 * icon + 3.0 + w;
    let total = entry(rw) + 7.0 + entry(bw);
    let mut x = (p.x0 + p.x1) / 2.0 - total / 2.0;
    let dim = |count: usize| {
        if count == 0 {
            INK.mix(style::PIT, 0.55)
        } else {
            INK
        }
    };
    let icon_y = baseline - text::cap_height(size) / 2.0;
    style::stone(canvas, x + icon, icon_y, icon, Colour::Red);
    text::draw(
        canvas,
        Face::Bold,
        size,
        x + 2.0 * icon + 3.0,
        baseline,
        &red_text,
        dim(red),
    )?;
    x += entry(rw) + 7.0;
    style::stone(canvas, x + icon, icon_y, icon, Colour::Black);
    text::draw(
        canvas,
        Face::Bold,
        size,
        x + 2.0 * icon + 3.0,
        baseline,
        &black_text,
        dim(black),
    )?;

    if m.has(MarkKind::Emptied) || m.has(MarkKind::Captured) || m.has(MarkKind::Removed) {
        style::cross(canvas, cx, cy, 11.0, 4.0);
    }
    if m.has(MarkKind::Hint) {
        style::hint(canvas, p.x1 - 11.0, p.y0 + 11.0, 12.0, false);
    }
    Ok(())
}

/// Outlines for the last turn and the next pit, drawn over the path.
fn outline(canvas: &mut Canvas, p: &Place, m: Marks) {
    let r = p.radius();
    let ring = |canvas: &mut Canvas, width: f32, colour: Rgb| {
        canvas.stroke_round_rect(
            p.x0 - 1.0,
            p.y0 - 1.0,
            p.x1 + 1.0,
            p.y1 + 1.0,
            r + 1.0,
            width + 2.5,
            style::HALO,
            0.6,
        );
        canvas.stroke_round_rect(
            p.x0 - 1.0,
            p.y0 - 1.0,
            p.x1 + 1.0,
            p.y1 + 1.0,
            r + 1.0,
            width,
            colour,
            1.0,
        );
    };
    if m.has(MarkKind::Next) {
        ring(canvas, 4.5, style::NEXT);
    } else if m.has(MarkKind::LapEnd) || m.has(MarkKind::To) || m.has(MarkKind::Added) {
        ring(canvas, 4.0, style::ACCENT);
    } else if m.has(MarkKind::LapStart) || m.has(MarkKind::From) {
        ring(canvas, 2.5, style::ACCENT);
        // A start mark: a small filled triangle at the top edge.
        let (cx, y) = ((p.x0 + p.x1) / 2.0, p.y0 + 1.0);
        canvas.fill_convex(
            &[(cx - 7.0, y - 6.0), (cx + 7.0, y - 6.0), (cx, y + 5.0)],
            style::ACCENT,
            1.0,
        );
    } else if m.has(MarkKind::Changed) {
        canvas.stroke_round_rect(
            p.x0 - 1.0,
            p.y0 - 1.0,
            p.x1 + 1.0,
            p.y1 + 1.0,
            r + 1.0,
            2.0,
            style::ACCENT,
            0.8,
        );
    }
    if m.has(MarkKind::Emptied) {
        canvas.stroke_round_rect(
            p.x0 - 1.0,
            p.y0 - 1.0,
            p.x1 + 1.0,
            p.y1 + 1.0,
            r + 1.0,
            2.5,
            style::CAPTURE,
            1.0,
        );
    }
}

/// Offsets of a hex-packed pile, nearest the middle first, stretched to
/// the pit's shape.
fn pile_offsets(p: &Place) -> Vec<(f32, f32)> {
    let step = STONE_R * 1.9;
    let (half_w, half_h) = (
        (p.x1 - p.x0) / 2.0 - STONE_R - 5.0,
        if p.store { 52.0 } else { 18.0 },
    );
    let mut out = Vec::new();
    let rows = (half_h / (step * 0.866)).floor() as i32;
    for row in -rows..=rows {
        let y = row as f32 * step * 0.866;
        let shift = if row.rem_euclid(2) == 1 {
            step / 2.0
        } else {
            0.0
        };
        let cols = (half_w / step).ceil() as i32 + 1;
        for col in -cols..=cols {
            let x = col as f32 * step + shift;
            if x.abs() <= half_w {
                out.push((x, y));
            }
        }
    }
    // Pits fill as a round heap; stores as a rounded column (a
    // superellipse), nearest the middle first.
    let order = |&(x, y): &(f32, f32)| {
        let tie = x * 1e-3 + y * 1e-6;
        if p.store {
            let (u, v) = (x / (half_w + STONE_R), y / half_h);
            (u * u) * (u * u) + (v * v) * (v * v) + tie
        } else {
            x * x + y * y + tie
        }
    };
    out.sort_by(|a, b| order(a).total_cmp(&order(b)));
    out
}

/// A pile of at most as many stones as fit; red on the left, black on the
/// right, in proportion.
fn pile(canvas: &mut Canvas, cx: f32, cy: f32, p: &Place, red: usize, black: usize) {
    let total = red + black;
    if total == 0 {
        return;
    }
    let mut spots = pile_offsets(p);
    let shown = total.min(spots.len());
    spots.truncate(shown);
    let mut shown_red = ((red as f32 * shown as f32 / total as f32).round() as usize).min(shown);
    if red > 0 && shown_red == 0 {
        shown_red = 1;
    }
    if black > 0 && shown_red == shown && shown > 1 {
        shown_red = shown - 1;
    }
    spots.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.total_cmp(&b.1)));
    let mut stones: Vec<((f32, f32), Colour)> = spots
        .iter()
        .enumerate()
        .map(|(i, &o)| {
            (
                o,
                if i < shown_red {
                    Colour::Red
                } else {
                    Colour::Black
                },
            )
        })
        .collect();
    // Back to front.
    stones.sort_by(|a, b| a.0 .1.total_cmp(&b.0 .1));
    for ((dx, dy), colour) in stones {
        style::stone(canvas, cx + dx, cy + dy, STONE_R, colour);
    }
}

/// The name of a spot for the hand line.
fn spot_name(layout: Layout, spot: usize) -> String {
    match layout {
        Layout::Mancala { pits } => {
            let n = pits as usize;
            match spot {
                s if s < n => format!("South {}", s + 1),
                s if s == n => "east store".to_string(),
                s if s <= 2 * n => format!("North {}", s - n),
                _ => "west store".to_string(),
            }
        }
        Layout::Cells { files, .. } | Layout::Points { files, .. } => {
            let files = files.max(1) as usize;
            format!("{}{}", file_name(spot % files), spot / files + 1)
        }
    }
}

/// The stones in hand mid-turn, on the frame below the board: small piles
/// with counts and where the next stone goes.
pub fn hand_row(
    canvas: &mut Canvas,
    x: f32,
    y: f32,
    width: f32,
    view: &WordedView,
    hand: Hand,
) -> Result<(), RenderError> {
    let words = words(view);
    canvas.fill_round_rect(x, y, x + width, y + 34.0, 8.0, style::FRAME_EDGE, 1.0);
    let baseline = y + 22.5;
    let mut pen = x + 12.0;
    pen += text::draw(
        canvas,
        Face::Bold,
        15.0,
        pen,
        baseline,
        &words.in_hand,
        style::TITLE,
    )?;
    pen += 14.0;
    let mid = y + 17.0;
    for (count, colour, label) in [
        (hand.red as usize, Colour::Red, &words.hand_red),
        (hand.black as usize, Colour::Black, &words.hand_black),
    ] {
        let shown = count.min(8);
        for _ in 0..shown {
            style::frame_stone(canvas, pen + 6.5, mid, 6.0, colour);
            pen += 12.0;
        }
        if shown == 0 {
            pen -= 4.0;
        }
        pen += 8.0;
        pen += text::draw(
            canvas,
            Face::Regular,
            15.0,
            pen,
            baseline,
            label,
            style::TEXT,
        )?;
        pen += 18.0;
    }
    let next = &words.next;
    let nw = text::measure(Face::Bold, 15.0, next)?;
    let nx = (x + width - 12.0 - nw).max(pen);
    canvas.fill_circle(nx - 12.0, mid, 5.0, style::NEXT, 1.0);
    text::draw(canvas, Face::Bold, 15.0, nx, baseline, next, style::NEXT)?;
    Ok(())
}
