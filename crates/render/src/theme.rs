//! The board theme's one palette, shared by board PNGs and replay GIFs.
//!
//! Chosen once per process (no quantising per image): sample boards draw
//! every colour of the theme, with their anti-aliased edges and
//! translucent marks; the most used colours are kept exactly (the flat
//! areas) and the rest of the palette is filled with the colours farthest
//! from those. Each image's pixels map to their nearest entry through a
//! per-thread cache that lives as long as the thread, so a board's few
//! thousand colours are looked up once, not once per image.
//!

use std::cell::RefCell;
use std::sync::OnceLock;

use super::png::{choose_palette, pack, Histogram, Palette};
use super::{render_sized, RenderOptions};
use cairn_rules::Hand;
use cairn_rules::{Colour, Highlights, Layout, MarkKind, Spot, WordedView};

/// The index of the transparent colour in a replay: the theme has at most
/// 255 others.
pub(crate) const TRANSPARENT: u8 = 255;

/// Palette entries chosen by use from the samples; the rest go to the
/// colours farthest from those (anti-aliased edges between flat colours).
/// Measured on the seven games' mid-game boards: 64 keeps every flat colour
/// and halves the edge pixels more than 4 levels off against 200.
const BY_USE: usize = 64;

/// The theme's palette, chosen once.
pub struct ThemePalette {
    pub(crate) palette: Palette,
    /// The GIF colour table: 256 entries of RGB (the last one transparent).
    pub(crate) table: Vec<u8>,
}

impl ThemePalette {
    /// The palette's colours as RGB, in index order (without the
    /// transparent entry).
    pub fn colours(&self) -> Vec<[u8; 3]> {
        self.palette
            .colours
            .iter()
            .map(|&c| [c as u8, (c >> 8) as u8, (c >> 16) as u8])
            .collect()
    }
}

/// The palette of the board theme (computed on first use, about 50 ms).
pub fn theme_palette() -> &'static ThemePalette {
    static PALETTE: OnceLock<ThemePalette> = OnceLock::new();
    PALETTE.get_or_init(build_theme_palette)
}

fn build_theme_palette() -> ThemePalette {
    let mut histogram = Histogram::new();
    for (view, options) in theme_samples() {
        // The samples are fixed and valid; a failure would only leave the
        // palette without their colours, never stop a replay.
        let Ok(image) = render_sized(&view, &options, 0) else {
            tracing::warn!(title = %view.title, "a palette sample failed to render");
            continue;
        };
        for p in image.as_raw().chunks_exact(4) {
            let index = histogram.index(pack(p));
            histogram.counts[index] += 1;
        }
    }
    let (colours, _) = choose_palette(&histogram, TRANSPARENT as usize, BY_USE);
    let palette = Palette::new(colours);
    let mut table = Vec::with_capacity(256 * 3);
    for &c in &palette.colours {
        table.extend_from_slice(&[c as u8, (c >> 8) as u8, (c >> 16) as u8]);
    }
    table.resize(256 * 3, 0);
    ThemePalette { palette, table }
}

/// Boards that between them draw every colour of the theme: each board
/// family, every piece colour and stack, every mark, hints, a hand,
/// captions with each colour's icon, and notes.
fn theme_samples() -> Vec<(WordedView, RenderOptions)> {
    use MarkKind::*;
    let mark_kinds = [
        From, To, Added, Removed, Captured, Changed, LapStart, LapEnd, Emptied, Hint,
    ];
    let stacks: Vec<Vec<Colour>> = vec![
        vec![Colour::White],
        vec![Colour::Black],
        vec![Colour::White, Colour::Black],
        vec![Colour::Black, Colour::White],
        vec![Colour::White, Colour::White, Colour::Black],
        vec![Colour::Black; 4],
        vec![Colour::White; 12],
        vec![Colour::Red],
    ];
    let mut out = Vec::new();
    for (n, layout) in [
        Layout::Cells { files: 9, ranks: 9 },
        Layout::Points { files: 9, ranks: 5 },
        Layout::Points { files: 5, ranks: 5 },
        Layout::Cells {
            files: 15,
            ranks: 15,
        },
    ]
    .into_iter()
    .enumerate()
    {
        let mut view = WordedView::new(format!("Sample {n}: Callanish 9 x 9 (Tsivy)"), layout);
        let count = view.spots.len();
        for spot in 0..count {
            view.spots[spot] = match spot % 11 {
                0..=7 => Spot::Stack(stacks[(spot + n) % stacks.len()].clone()),
                8 if matches!(layout, Layout::Cells { .. }) => Spot::Blocked,
                _ => Spot::Empty,
            };
        }
        let mut last = Highlights::default();
        for (i, kind) in mark_kinds.iter().enumerate() {
            last.mark((i * 7 + 3 + n) % count, *kind);
            last.mark((i * 5 + 20 + n) % count, *kind);
        }
        last.path = vec![0, 12 % count, 14 % count, count - 3];
        view.last = last;
        view.hints = (0..count).step_by(6).collect();
        view.notes = vec![
            "White: 12 in supply, 3 captured".into(),
            "Black: 9 in supply".into(),
            "Turn 24 of 60".into(),
        ];
        let (caption, stone) = match n {
            0 => (
                "Turn 12 of 40: alice (White) played b2 a4 d1",
                Some(Colour::White),
            ),
            1 => (
                "bob (Black) wins (all pieces captured)",
                Some(Colour::Black),
            ),
            2 => ("carol (Red) to move 0123456789", Some(Colour::Red)),
            _ => ("Draw (threefold repetition)", None),
        };
        out.push((
            view,
            RenderOptions {
                show_hints: n % 2 == 0,
                caption: Some(caption.into()),
                caption_stone: stone,
            },
        ));
    }
    let mut view = WordedView::new("Sample: Floaters", Layout::Mancala { pits: 6 });
    for (spot, content) in view.spots.iter_mut().enumerate() {
        *content = Spot::Pit {
            red: (spot * 3 % 13) as u8,
            black: (spot * 5 % 11) as u8,
        };
    }
    for (i, kind) in [LapStart, LapEnd, Emptied, Changed, Captured]
        .into_iter()
        .enumerate()
    {
        view.last.mark(i * 2 + 1, kind);
    }
    view.hand = Some(Hand {
        red: 3,
        black: 2,
        next: 4,
    });
    view.notes = vec!["Red to sow: 3 red, 2 black in hand".into()];
    out.push((
        view,
        RenderOptions {
            show_hints: false,
            caption: Some("dave (Red) to move; Black in hand".into()),
            caption_stone: Some(Colour::Red),
        },
    ));
    out
}

/// Maps packed RGB colours to theme palette indices through a
/// direct-mapped cache (a board has a few thousand colours).
pub(crate) struct Mapper {
    palette: &'static Palette,
    keys: Vec<u32>,
    values: Vec<u8>,
}

const CACHE_BITS: u32 = 15;

impl Mapper {
    fn new(palette: &'static Palette) -> Mapper {
        Mapper {
            palette,
            keys: vec![u32::MAX; 1 << CACHE_BITS],
            values: vec![0; 1 << CACHE_BITS],
        }
    }

    /// The palette index of `rgb` (packed, see `png::pack`).
    #[inline]
    pub(crate) fn index(&mut self, rgb: u32) -> u8 {
        let slot = (rgb.wrapping_mul(0x9E37_79B1) >> (32 - CACHE_BITS)) as usize;
        if self.keys[slot] == rgb {
            return self.values[slot];
        }
        let (_, index) = self.palette.nearest(rgb);
        self.keys[slot] = rgb;
        self.values[slot] = index;
        index
    }
}

/// `f` with this thread's mapper onto the theme palette.
pub(crate) fn with_mapper<R>(f: impl FnOnce(&mut Mapper) -> R) -> R {
    thread_local! {
        static MAPPER: RefCell<Option<Mapper>> = const { RefCell::new(None) };
    }
    MAPPER.with(|cell| {
        let mut cell = cell.borrow_mut();
        let mapper = cell.get_or_insert_with(|| Mapper::new(&theme_palette().palette));
        f(mapper)
    })
}

#[cfg(test)]
mod tests {
    use super::super::style;
    use super::*;

    #[test]
    fn the_theme_palette_keeps_the_flat_colours_exactly() {
        // (The wood's edge is always drawn translucent, so not here.)
        let theme = theme_palette();
        let colours = theme.colours();
        assert!(
            colours.len() <= 255 && colours.len() > 100,
            "{}",
            colours.len()
        );
        for rgb in [
            style::FRAME,
            style::FRAME_EDGE,
            style::TITLE,
            style::TEXT,
            style::WOOD,
            style::LINE,
            style::COORD,
            style::PIT,
            style::PIT_EDGE,
            style::BLOCKED,
            style::ACCENT,
        ] {
            assert!(
                colours.contains(&[rgb.0, rgb.1, rgb.2]),
                "{rgb:?} is not in the palette"
            );
        }
    }

    #[test]
    fn the_mapper_finds_the_entries_and_remembers_them() {
        let wood = pack(&[style::WOOD.0, style::WOOD.1, style::WOOD.2, 255]);
        let colours = &theme_palette().palette.colours;
        with_mapper(|m| {
            assert_eq!(colours[m.index(wood) as usize], wood);
            assert_eq!(colours[m.index(wood) as usize], wood, "from the cache");
        });
    }
}
