//! Point boards: pieces on grid intersections joined by orthogonal lines,
//! with diagonals through the strong points (file + rank even), as on the
//! Alquerque (5 x 5) and Fanorona (9 x 5) boards.

use cairn_rules::{Spot, WordedView};

use super::paint::Canvas;
use super::style::{self, Marks};
use super::text::{self, Face};
use super::{file_name, RenderError};

pub struct Geometry {
    files: usize,
    ranks: usize,
    /// Distance between neighbouring points.
    spacing: f32,
    /// From the panel edge to the outer points.
    pad: f32,
    /// Piece radius.
    radius: f32,
}

impl Geometry {
    pub fn new(files: u8, ranks: u8) -> Geometry {
        let (files, ranks) = (files.max(1) as usize, ranks.max(1) as usize);
        let across = (512.0 / (files.max(2) - 1) as f32).min(400.0 / (ranks.max(2) - 1) as f32);
        let spacing = across.clamp(22.0, 82.0).floor();
        let radius = (spacing * 0.36).round();
        let pad = (radius + 24.0).max(spacing * 0.62).round();
        Geometry {
            files,
            ranks,
            spacing,
            pad,
            radius,
        }
    }

    pub fn size(&self) -> (f32, f32) {
        (
            2.0 * self.pad + (self.files - 1) as f32 * self.spacing,
            2.0 * self.pad + (self.ranks - 1) as f32 * self.spacing,
        )
    }

    fn centre(&self, origin: (f32, f32), file: usize, rank: usize) -> (f32, f32) {
        (
            origin.0 + self.pad + file as f32 * self.spacing,
            origin.1 + self.pad + (self.ranks - 1 - rank) as f32 * self.spacing,
        )
    }

    fn spot_centre(&self, origin: (f32, f32), spot: usize) -> Option<(f32, f32)> {
        (spot < self.files * self.ranks)
            .then(|| self.centre(origin, spot % self.files, spot / self.files))
    }
}

/// What every board of this size shows before its position: the wood and
/// the lines (drawn once per size, see `backdrop` in lib.rs).
pub fn backdrop(canvas: &mut Canvas, g: &Geometry, origin: (f32, f32)) {
    let (w, h) = g.size();
    style::wood_panel(canvas, origin.0, origin.1, origin.0 + w, origin.1 + h, 12.0);
    board_lines(canvas, g, origin);
}

/// The position, over [`backdrop`].
pub fn draw(
    canvas: &mut Canvas,
    g: &Geometry,
    origin: (f32, f32),
    view: &WordedView,
    marks: &[Marks],
) -> Result<(), RenderError> {
    let coord_size = (g.spacing * 0.2).clamp(11.0, 15.0);
    point_contents(canvas, g, origin, view, marks, coord_size)?;
    draw_path(canvas, g, origin, view);
    let r = g.radius;
    for (spot, m) in marks.iter().enumerate() {
        if let Some((x, y)) = g.spot_centre(origin, spot) {
            let occupied = matches!(&view.spots[spot], Spot::Stack(s) if !s.is_empty());
            style::marks_over(canvas, x, y, r, *m, occupied)?;
        }
    }
    for &spot in &view.winning {
        if let Some((x, y)) = g.spot_centre(origin, spot) {
            style::winning(canvas, x, y, r);
        }
    }
    // Coordinates last, so that no highlight covers them.
    // Files below, ranks on the left, midway between the outer
    // pieces and the panel edge.
    let gap = (g.pad + g.radius) / 2.0 + 2.0;
    for file in 0..g.files {
        let (x, y) = g.centre(origin, file, 0);
        text::draw_centred(
            canvas,
            Face::Bold,
            coord_size,
            x,
            y + gap,
            &file_name(file),
            style::COORD,
        )?;
    }
    for rank in 0..g.ranks {
        let (x, y) = g.centre(origin, 0, rank);
        text::draw_centred(
            canvas,
            Face::Bold,
            coord_size,
            x - gap,
            y,
            &(rank + 1).to_string(),
            style::COORD,
        )?;
    }
    Ok(())
}

/// The board's lines and its points.
fn board_lines(canvas: &mut Canvas, g: &Geometry, origin: (f32, f32)) {
    // Lines: every orthogonal neighbour pair, and the two diagonals out of
    // each strong point.
    // Orthogonal lines are crisp whole-pixel rectangles (points sit on
    // whole pixels); diagonals are anti-aliased to the same width.
    let px = if g.spacing >= 72.0 { 3 } else { 2 };
    let lw = px as f32;
    let (left, top) = g.centre(origin, 0, g.ranks - 1);
    let (right, bottom) = g.centre(origin, g.files - 1, 0);
    for rank in 0..g.ranks {
        let (_, y) = g.centre(origin, 0, rank);
        let y = y.round() as i32 - 1;
        canvas.fill_rect(
            left as i32 - 1,
            y,
            right as i32 - 1 + px,
            y + px,
            style::LINE,
        );
    }
    for file in 0..g.files {
        let (x, _) = g.centre(origin, file, 0);
        let x = x.round() as i32 - 1;
        canvas.fill_rect(
            x,
            top as i32 - 1,
            x + px,
            bottom as i32 - 1 + px,
            style::LINE,
        );
    }
    for rank in 0..g.ranks {
        for file in 0..g.files {
            if (file + rank) % 2 != 0 || file + 1 >= g.files {
                continue;
            }
            // The middle of a crisp line of `px` pixels starting at x - 1.
            let shift = |(x, y): (f32, f32)| (x - 1.0 + lw / 2.0, y - 1.0 + lw / 2.0);
            let a = shift(g.centre(origin, file, rank));
            if rank + 1 < g.ranks {
                let b = shift(g.centre(origin, file + 1, rank + 1));
                canvas.line(a, b, lw, style::LINE, 1.0);
            }
            if rank >= 1 {
                let b = shift(g.centre(origin, file + 1, rank - 1));
                canvas.line(a, b, lw, style::LINE, 1.0);
            }
        }
    }
    for rank in 0..g.ranks {
        for file in 0..g.files {
            let (x, y) = g.centre(origin, file, rank);
            let strong = (file + rank) % 2 == 0;
            canvas.fill_circle(
                x - 1.0 + lw / 2.0,
                y - 1.0 + lw / 2.0,
                if strong { lw * 1.8 } else { lw * 1.3 },
                style::LINE,
                1.0,
            );
        }
    }
}

/// The marks under the pieces, then what stands on each point: stacks,
/// a blocked point, a pit's counts.
fn point_contents(
    canvas: &mut Canvas,
    g: &Geometry,
    origin: (f32, f32),
    view: &WordedView,
    marks: &[Marks],
    coord_size: f32,
) -> Result<(), RenderError> {
    let r = g.radius;
    for (spot, m) in marks.iter().enumerate() {
        if let Some((x, y)) = g.spot_centre(origin, spot) {
            style::marks_under(canvas, x, y, r, *m);
        }
    }
    for (spot, content) in view.spots.iter().enumerate() {
        let Some((x, y)) = g.spot_centre(origin, spot) else {
            continue;
        };
        match content {
            Spot::Empty => {}
            Spot::Stack(stack) => style::pieces(canvas, x, y, r, stack)?,
            Spot::Blocked => {
                canvas.fill_circle(x, y, r * 0.8, style::BLOCKED_HATCH, 1.0);
                canvas.fill_circle(x, y, r * 0.8 - 2.0, style::BLOCKED, 1.0);
            }
            Spot::Pit { red, black } => {
                text::draw_centred(
                    canvas,
                    Face::Bold,
                    coord_size,
                    x,
                    y,
                    &format!("{red}/{black}"),
                    style::LINE,
                )?;
            }
        }
    }
    Ok(())
}

fn draw_path(canvas: &mut Canvas, g: &Geometry, origin: (f32, f32), view: &WordedView) {
    let mut points = Vec::new();
    let mut trim = Vec::new();
    for &spot in &view.last.path {
        let Some(c) = g.spot_centre(origin, spot) else {
            continue;
        };
        let occupied = matches!(view.spots.get(spot), Some(Spot::Stack(s)) if !s.is_empty());
        points.push(c);
        trim.push(if occupied { g.radius + 3.0 } else { 0.0 });
    }
    style::path(canvas, &points, &trim, (g.radius * 0.3).clamp(4.0, 9.0));
}
