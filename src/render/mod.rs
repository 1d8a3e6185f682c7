//! Board images (placeholder until the renderer lands: no image is drawn).

use crate::rules::BoardView;

/// How to draw a board.
#[derive(Clone, Debug, Default)]
pub struct RenderOptions {
    /// Mark `view.hints` (the legal destinations).
    pub show_hints: bool,
    /// Replaces `view.status`, e.g. "alice (White) to move".
    pub caption: Option<String>,
}

#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    #[error("board images are not available in this build")]
    Unavailable,
}

/// The board as PNG bytes.
pub fn render_png(_view: &BoardView, _options: &RenderOptions) -> Result<Vec<u8>, RenderError> {
    Err(RenderError::Unavailable)
}
