//! What a board image shows before its position: the frame, the title and
//! the empty board (wood, and the lines of a points board), drawn once per
//! size and title and copied for every image after.
//!
//! These are the first things drawn and depend on nothing else, so an
//! image started from the copy is the image drawn from scratch, pixel for
//! pixel. A few are kept per process (each is the whole image, about
//! 1.5 MB): a bot draws the same few boards over and over.

use std::sync::{Arc, Mutex};

use image::RgbaImage;

use super::paint::Canvas;
use super::text::{self, Face};
use super::{cells, mancala, points, style, RenderError, MARGIN, TITLE_SIZE};
use cairn_rules::Layout;

/// Everything a backdrop depends on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Key {
    pub layout: Layout,
    pub width: u32,
    pub height: u32,
    pub title: String,
}

/// How many backdrops are kept (the oldest goes first).
const KEPT: usize = 8;

type Kept = Mutex<Vec<(Key, Arc<RgbaImage>)>>;

fn kept() -> &'static Kept {
    static KEPT_BACKDROPS: Kept = Mutex::new(Vec::new());
    &KEPT_BACKDROPS
}

/// A canvas with the backdrop of `key` drawn, the board at `origin`.
pub fn canvas(key: Key, origin: (f32, f32)) -> Result<Canvas, RenderError> {
    let found = kept().lock().ok().and_then(|kept| {
        kept.iter()
            .find(|(k, _)| *k == key)
            .map(|(_, image)| image.clone())
    });
    if let Some(image) = found {
        return Ok(Canvas::from_image((*image).clone()));
    }
    let canvas = draw(&key, origin)?;
    if let Ok(mut kept) = kept().lock() {
        if kept.len() >= KEPT {
            kept.remove(0);
        }
        kept.push((key, Arc::new(canvas.image().clone())));
    }
    Ok(canvas)
}

fn draw(key: &Key, origin: (f32, f32)) -> Result<Canvas, RenderError> {
    let (width, height) = (key.width as f32, key.height as f32);
    let mut canvas = Canvas::new(key.width, key.height, style::FRAME);
    canvas.stroke_round_rect(
        1.0,
        1.0,
        width - 1.0,
        height - 1.0,
        10.0,
        2.0,
        style::FRAME_EDGE,
        1.0,
    );
    text::draw(
        &mut canvas,
        Face::Bold,
        TITLE_SIZE,
        MARGIN + 2.0,
        30.0,
        &key.title,
        style::TITLE,
    )?;
    match key.layout {
        Layout::Cells { files, ranks } => {
            cells::backdrop(&mut canvas, &cells::Geometry::new(files, ranks), origin)
        }
        Layout::Points { files, ranks } => {
            points::backdrop(&mut canvas, &points::Geometry::new(files, ranks), origin)
        }
        Layout::Mancala { pits } => {
            mancala::backdrop(&mut canvas, &mancala::Geometry::new(pits), origin)
        }
    }
    Ok(canvas)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_kept_backdrop_is_the_backdrop_drawn_afresh() {
        let key = Key {
            layout: Layout::Points { files: 9, ranks: 5 },
            width: 634,
            height: 466,
            title: "Fanorona".into(),
        };
        let first = canvas(key.clone(), (14.0, 46.0)).unwrap();
        let again = canvas(key.clone(), (14.0, 46.0)).unwrap();
        let fresh = draw(&key, (14.0, 46.0)).unwrap();
        assert!(first.image() == fresh.image() && again.image() == fresh.image());
        // More sizes than are kept: the oldest is drawn again when asked.
        for title in 0..KEPT + 2 {
            let key = Key {
                title: title.to_string(),
                ..key.clone()
            };
            canvas(key, (14.0, 46.0)).unwrap();
        }
        let last = canvas(key.clone(), (14.0, 46.0)).unwrap();
        assert!(last.image() == fresh.image());
    }
}
