//! Square-cell boards (Callanish): stones sit inside cells, blocked cells
//! are grey hatched stone, and the last turn tints its cells.

use cairn_rules::{MarkKind, Spot, WordedView};

use super::paint::{Canvas, Rgb};
use super::style::{self, Marks};
use super::text::{self, Face};
use super::{file_name, RenderError};

pub struct Geometry {
    files: usize,
    ranks: usize,
    /// Cell side.
    cell: f32,
    /// The coordinate band around the grid.
    band: f32,
    /// Coordinates on all four sides (large boards).
    all_sides: bool,
}

impl Geometry {
    pub fn new(files: u8, ranks: u8) -> Geometry {
        let (files, ranks) = (files.max(1) as usize, ranks.max(1) as usize);
        let most = files.max(ranks) as f32;
        let cell = (504.0 / most).clamp(26.0, 60.0).floor();
        let all_sides = files.max(ranks) >= 10;
        Geometry {
            files,
            ranks,
            cell,
            band: if cell >= 40.0 { 30.0 } else { 26.0 },
            all_sides,
        }
    }

    pub fn size(&self) -> (f32, f32) {
        (
            2.0 * self.band + self.files as f32 * self.cell,
            2.0 * self.band + self.ranks as f32 * self.cell,
        )
    }

    /// The top-left corner of a cell.
    fn corner(&self, origin: (f32, f32), file: usize, rank: usize) -> (f32, f32) {
        (
            origin.0 + self.band + file as f32 * self.cell,
            origin.1 + self.band + (self.ranks - 1 - rank) as f32 * self.cell,
        )
    }

    fn spot_centre(&self, origin: (f32, f32), spot: usize) -> Option<(f32, f32)> {
        if spot >= self.files * self.ranks {
            return None;
        }
        let (x, y) = self.corner(origin, spot % self.files, spot / self.files);
        Some((x + self.cell / 2.0, y + self.cell / 2.0))
    }

    fn radius(&self) -> f32 {
        (self.cell * 0.4).round()
    }
}

/// What every board of this size shows before its position: the wood
/// (drawn once per size, see `backdrop` in lib.rs).
pub fn backdrop(canvas: &mut Canvas, g: &Geometry, origin: (f32, f32)) {
    let (w, h) = g.size();
    style::wood_panel(canvas, origin.0, origin.1, origin.0 + w, origin.1 + h, 12.0);
}

/// The position, over [`backdrop`].
pub fn draw(
    canvas: &mut Canvas,
    g: &Geometry,
    origin: (f32, f32),
    view: &WordedView,
    marks: &[Marks],
) -> Result<(), RenderError> {
    let (gx0, gy0) = g.corner(origin, 0, g.ranks - 1);
    let (gx1, gy1) = (gx0 + g.files as f32 * g.cell, gy0 + g.ranks as f32 * g.cell);
    let grid = (gx0, gy0, gx1, gy1);
    tint_cells(canvas, g, origin, view, marks);
    grid_lines(canvas, g, grid);
    let coord_size = if g.cell >= 40.0 { 15.0 } else { 12.5 };
    cell_contents(canvas, g, origin, view, coord_size)?;
    highlights(canvas, g, origin, view, marks)?;
    coordinates(canvas, g, grid, coord_size)
}

/// Cells: blocked stone and last-turn tints, under the grid.
fn tint_cells(
    canvas: &mut Canvas,
    g: &Geometry,
    origin: (f32, f32),
    view: &WordedView,
    marks: &[Marks],
) {
    for (spot, content) in view.spots.iter().enumerate() {
        let (x, y) = g.corner(origin, spot % g.files, spot / g.files);
        let (x0, y0) = (x.round() as i32, y.round() as i32);
        let (x1, y1) = ((x + g.cell).round() as i32, (y + g.cell).round() as i32);
        if matches!(content, Spot::Blocked) {
            blocked(canvas, x0, y0, x1, y1);
            continue;
        }
        let m = marks.get(spot).copied().unwrap_or_default();
        let strong = m.has(MarkKind::To) || m.has(MarkKind::Added);
        let faint = m.has(MarkKind::From) || m.has(MarkKind::Removed) || m.has(MarkKind::Captured);
        if strong || faint {
            let alpha = if strong { 0.62 } else { 0.36 };
            canvas.tint_rect(x0, y0, x1, y1, style::LAST, alpha);
        }
    }
}

/// Crisp whole-pixel grid lines (the grid sits on whole pixels) and the
/// frame around them; `grid` is its corners.
fn grid_lines(canvas: &mut Canvas, g: &Geometry, grid: (f32, f32, f32, f32)) {
    let (gx0, gy0, gx1, gy1) = grid;
    let (lw, ink) = if g.cell >= 40.0 {
        (2, style::WOOD.mix(style::LINE, 0.65))
    } else {
        (1, style::WOOD.mix(style::LINE, 0.8))
    };
    let (ix0, iy0, ix1, iy1) = (gx0 as i32, gy0 as i32, gx1 as i32, gy1 as i32);
    for file in 1..g.files {
        let x = (gx0 + file as f32 * g.cell).round() as i32 - lw / 2;
        canvas.fill_rect(x, iy0, x + lw, iy1, ink);
    }
    for rank in 1..g.ranks {
        let y = (gy0 + rank as f32 * g.cell).round() as i32 - lw / 2;
        canvas.fill_rect(ix0, y, ix1, y + lw, ink);
    }
    let frame = lw + 1;
    canvas.fill_rect(ix0 - frame, iy0 - frame, ix1 + frame, iy0, style::LINE);
    canvas.fill_rect(ix0 - frame, iy1, ix1 + frame, iy1 + frame, style::LINE);
    canvas.fill_rect(ix0 - frame, iy0, ix0, iy1, style::LINE);
    canvas.fill_rect(ix1, iy0, ix1 + frame, iy1, style::LINE);
}

/// What stands on each cell: stacks of pieces, or a pit's counts.
fn cell_contents(
    canvas: &mut Canvas,
    g: &Geometry,
    origin: (f32, f32),
    view: &WordedView,
    coord_size: f32,
) -> Result<(), RenderError> {
    let r = g.radius();
    for (spot, content) in view.spots.iter().enumerate() {
        let Some((x, y)) = g.spot_centre(origin, spot) else {
            continue;
        };
        match content {
            Spot::Stack(stack) => style::pieces(canvas, x, y, r, stack)?,
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
            Spot::Empty | Spot::Blocked => {}
        }
    }

    Ok(())
}

/// The last turn's path, then rings and badges, then a winning line.
fn highlights(
    canvas: &mut Canvas,
    g: &Geometry,
    origin: (f32, f32),
    view: &WordedView,
    marks: &[Marks],
) -> Result<(), RenderError> {
    let r = g.radius();
    let mut points = Vec::new();
    let mut trim = Vec::new();
    for &spot in &view.last.path {
        if let Some(c) = g.spot_centre(origin, spot) {
            let occupied = matches!(view.spots.get(spot), Some(Spot::Stack(s)) if !s.is_empty());
            points.push(c);
            trim.push(if occupied { r + 2.0 } else { 0.0 });
        }
    }
    style::path(canvas, &points, &trim, (g.cell * 0.12).clamp(3.5, 7.0));
    for (spot, m) in marks.iter().enumerate() {
        let Some((x, y)) = g.spot_centre(origin, spot) else {
            continue;
        };
        let occupied = matches!(&view.spots[spot], Spot::Stack(s) if !s.is_empty());
        // The tint already shows where pieces went and came from; rings
        // would crowd small cells, so additions get a badge instead.
        let mut rest = *m;
        rest.0 &=
            !(Marks::bit(MarkKind::To) | Marks::bit(MarkKind::From) | Marks::bit(MarkKind::Added));
        if m.has(MarkKind::From) && !occupied {
            rest.add(MarkKind::From);
        }
        style::marks_over(canvas, x, y, r, rest, occupied)?;
        if m.has(MarkKind::Added) {
            style::badge(canvas, x, y, r, style::ACCENT, style::Badge::Plus);
        }
    }
    for &spot in &view.winning {
        if let Some((x, y)) = g.spot_centre(origin, spot) {
            style::winning(canvas, x, y, r);
        }
    }
    Ok(())
}

/// The files and ranks around the grid, drawn last so that no highlight
/// covers them.
fn coordinates(
    canvas: &mut Canvas,
    g: &Geometry,
    grid: (f32, f32, f32, f32),
    coord_size: f32,
) -> Result<(), RenderError> {
    let (gx0, gy0, gx1, gy1) = grid;
    let mid = g.band / 2.0 + 1.0;
    for file in 0..g.files {
        let x = gx0 + (file as f32 + 0.5) * g.cell;
        let name = file_name(file);
        text::draw_centred(
            canvas,
            Face::Bold,
            coord_size,
            x,
            gy1 + mid,
            &name,
            style::COORD,
        )?;
        if g.all_sides {
            text::draw_centred(
                canvas,
                Face::Bold,
                coord_size,
                x,
                gy0 - mid,
                &name,
                style::COORD,
            )?;
        }
    }
    for rank in 0..g.ranks {
        let y = gy0 + (g.ranks - 1 - rank) as f32 * g.cell + g.cell / 2.0;
        let name = (rank + 1).to_string();
        text::draw_centred(
            canvas,
            Face::Bold,
            coord_size,
            gx0 - mid,
            y,
            &name,
            style::COORD,
        )?;
        if g.all_sides {
            text::draw_centred(
                canvas,
                Face::Bold,
                coord_size,
                gx1 + mid,
                y,
                &name,
                style::COORD,
            )?;
        }
    }
    Ok(())
}

/// A blocked cell: grey stone with diagonal hatching and a bevel.
fn blocked(canvas: &mut Canvas, x0: i32, y0: i32, x1: i32, y1: i32) {
    canvas.fill_rect(x0, y0, x1, y1, style::BLOCKED);
    for y in y0..y1 {
        for x in x0..x1 {
            if (x + y).rem_euclid(7) < 2 {
                canvas.blend(x, y, style::BLOCKED_HATCH, 0.8);
            }
        }
    }
    let light = Rgb::hex(0xb4b6ba);
    let dark = Rgb::hex(0x55575c);
    canvas.fill_rect(x0, y0, x1, y0 + 2, light);
    canvas.fill_rect(x0, y0, x0 + 2, y1, light);
    canvas.fill_rect(x0, y1 - 2, x1, y1, dark);
    canvas.fill_rect(x1 - 2, y0, x1, y1, dark);
}
