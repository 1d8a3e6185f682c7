//! Print the opening book (`crates/ai/src/book.rs`): each game's start
//! position that the solver proves, but not within a turn's time, with
//! the turn perfect play calls for. Run in release:
//! `cargo run --release -p cairn-ai --example opening_book`.

use std::time::{Duration, Instant};

use cairn_ai::perfect::most_testing_draw;
use cairn_ai::solver::{Session, Verdict};
use cairn_rules::{alquad::Alquad, Game, Options};

/// Solve a start position without limit and pick its turn as the top
/// level would, given all the time it needs.
fn entry<G: Game>(start: &G) -> (Verdict, G::Turn) {
    let began = Instant::now();
    let mut session = Session::<G>::new(22);
    let solution = session.solve(start, u64::MAX, None).expect("no limit");
    let best = solution.best.expect("a start position has turns");
    let turn = match solution.verdict {
        Verdict::Draw => {
            let far = Instant::now() + Duration::from_secs(24 * 3600);
            most_testing_draw(&mut session, start, best, far)
        }
        _ => best,
    };
    eprintln!(
        "{} in {:.1} s",
        G::KIND.name(),
        began.elapsed().as_secs_f64()
    );
    (solution.verdict, turn)
}

fn main() {
    let alquad = Alquad::new(&Options::default()).expect("defaults");
    let (verdict, turn) = entry(&alquad);
    println!("alquad: {verdict:?}, {turn}");
}
