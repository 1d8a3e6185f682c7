//! Times lichess's lila-gif rendering its own example game (a 46-move
//! game, one frame a ply) in CPU time, the way `run.py` compares it with
//! cairn's replay GIFs. Built by `run.py` next to a lila-gif checkout: its
//! `api`, `assets`, `render` and `theme` modules are compiled in as they
//! are (the web server around them is left out).
//!
//!     lila-gif-frames [RUNS]

#![allow(dead_code)]

#[path = "LILA_GIF_SRC/src/api.rs"]
mod api;
#[path = "LILA_GIF_SRC/src/assets.rs"]
mod assets;
#[path = "LILA_GIF_SRC/src/render.rs"]
mod render;
#[path = "LILA_GIF_SRC/src/theme.rs"]
mod theme;

use api::RequestBody;
use render::Render;
use theme::Themes;

fn cpu_seconds() -> f64 {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime writes the timespec it is given.
    unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    ts.tv_sec as f64 + ts.tv_nsec as f64 * 1e-9
}

fn main() {
    let runs: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(30);
    let themes: &'static Themes = Box::leak(Box::new(Themes::new()));
    let frames = RequestBody::example().frames.len();
    let gif = || -> usize {
        Render::new_animation(themes, RequestBody::example())
            .map(|chunk| chunk.len())
            .sum()
    };
    let bytes = gif();
    for _ in 0..3 {
        gif();
    }
    let mut times: Vec<f64> = (0..runs)
        .map(|_| {
            let start = cpu_seconds();
            std::hint::black_box(gif());
            cpu_seconds() - start
        })
        .collect();
    times.sort_by(f64::total_cmp);
    let median = times[runs / 2] * 1000.0;
    println!(
        "lila-gif: {frames} frames, {bytes} bytes, median {median:.1} ms of CPU = {:.3} ms a frame ({runs} runs)",
        median / frames as f64
    );
}
