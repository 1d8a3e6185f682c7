//! The opening book: every entry is proven again from scratch, and the top
//! level plays it.

use std::time::{Duration, Instant};

use cairn_ai::book::{self, Entry, BOOK};
use cairn_ai::perfect::most_testing_draw;
use cairn_ai::solver::{Session, Verdict};
use cairn_ai::{choose_with, Player};
use cairn_rules::{AnyGame, Game, Options, SplitRng};

/// The entry's verdict is the solver's, its turn keeps that verdict, and a
/// drawing turn is one no other drawing turn beats for losing replies.
fn proven_again<G: Game>(start: &G, entry: &Entry) {
    let name = G::KIND.name();
    let mut session = Session::<G>::new(22);
    let solution = session.solve(start, u64::MAX, None).expect("no limit");
    assert_eq!(solution.verdict, entry.verdict, "{name}");
    let turn = start
        .parse_turn(entry.turn)
        .expect("the book's turn is legal");
    let mut next = start.clone();
    next.apply(&turn);
    let after = session.solve(&next, u64::MAX, None).expect("no limit");
    let kept = match (entry.verdict, after.verdict) {
        (Verdict::Draw, Verdict::Draw) => true,
        (Verdict::Win(n), Verdict::Loss(m)) | (Verdict::Loss(n), Verdict::Win(m)) => m + 1 == n,
        _ => false,
    };
    assert!(kept, "{name}: {} leaves {:?}", entry.turn, after.verdict);
    if entry.verdict == Verdict::Draw {
        let far = Instant::now() + Duration::from_secs(3600);
        let testing = most_testing_draw(&mut session, start, turn.clone(), far);
        assert_eq!(
            testing, turn,
            "{name}: a drawing turn leaves more losing replies"
        );
    }
}

#[test]
fn every_entry_is_proven_again() {
    for entry in BOOK {
        let start = AnyGame::new(entry.kind, &Options::default()).expect("defaults");
        cairn_rules::with_game!(&start, g => proven_again(g, entry));
    }
}

/// The top level plays the book's turn at the start, at once, and the book
/// answers for nothing but the start.
fn plays_it<G: Game>(start: &G, entry: &Entry) {
    let deadline = Instant::now() + Duration::from_millis(50);
    let choice = choose_with(start, Player::Level(5), deadline, 1).expect("a turn");
    assert_eq!(choice.turn, entry.turn);
    assert_eq!(choice.verdict, None, "a draw is not announced");
    let mut rng = SplitRng::new(5);
    let mut later = start.clone();
    let turn = later.random_turn(&mut rng).expect("a turn");
    later.apply(&turn);
    assert!(book::choice(&later).is_none());
}

#[test]
fn the_top_level_plays_the_book() {
    for entry in BOOK {
        let start = AnyGame::new(entry.kind, &Options::default()).expect("defaults");
        cairn_rules::with_game!(&start, g => plays_it(g, entry));
    }
}
