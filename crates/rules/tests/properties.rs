//! Property tests shared by every game: random playouts to the end never
//! panic and keep the `Game` contract (cairn_rules::check), and a string is
//! accepted iff its canonical form is legal.

use std::collections::HashSet;

use cairn_rules::check::{accepted_iff_legal, random_playout};
use cairn_rules::SplitRng;
use cairn_rules::{Game, Options};
use proptest::prelude::*;

fn game<G: Game>(options: &[(&str, &str)]) -> G {
    G::new(&Options::from_pairs(options)).expect("valid options")
}

/// Mutations of legal strings: case changes, extra spaces, swapped or
/// replaced squares, truncations; plus fixed junk.
fn candidates(legal: &[String], rng: &mut SplitRng) -> Vec<String> {
    let mut out = vec![
        String::new(),
        "zz9".into(),
        "a1".into(),
        "c3-c4".into(),
        "1 rrrr".into(),
        "w:c3 b:d4".into(),
        "white".into(),
        "e5 e5 e5".into(),
    ];
    for _ in 0..20 {
        if legal.is_empty() {
            break;
        }
        let base = &legal[rng.below(legal.len())];
        out.push(base.to_uppercase());
        out.push(format!("  {base}  "));
        let bytes: Vec<char> = base.chars().collect();
        if !bytes.is_empty() {
            let cut = rng.below(bytes.len());
            out.push(bytes[..cut].iter().collect());
            let mut changed = bytes.clone();
            let i = rng.below(changed.len());
            changed[i] = match changed[i] {
                c if c.is_ascii_digit() => (b'1' + rng.below(9) as u8) as char,
                c if c.is_ascii_lowercase() => (b'a' + rng.below(9) as u8) as char,
                c => c,
            };
            out.push(changed.into_iter().collect());
        }
    }
    out
}

fn check_game<G: Game>(start: G, seed: u64, max_turns: usize) {
    random_playout(&start, seed, max_turns);
    // Acceptance check along another random line.
    let mut rng = SplitRng::new(seed ^ 0xABCD);
    let mut game = start;
    for _ in 0..max_turns {
        if game.count_turns() > cairn_rules::check::ENUMERATION_LIMIT {
            match game.random_turn(&mut rng) {
                Some(turn) => game.apply(&turn),
                None => break,
            }
            continue;
        }
        let legal: Vec<String> = game.legal_turns().iter().map(|t| t.to_string()).collect();
        let set: HashSet<String> = legal.iter().cloned().collect();
        for text in candidates(&legal, &mut rng) {
            accepted_iff_legal(&game, &set, &text);
        }
        let turns = game.legal_turns();
        if turns.is_empty() {
            break;
        }
        game.apply(&turns[rng.below(turns.len())]);
    }
}

proptest! {
    // A fixed seed: some random Floaters positions make `count_turns`
    // explore for minutes (a known slow case, see the closing note of
    // issue 35), which would make the suite's length a lottery.
    #![proptest_config(ProptestConfig {
        cases: 24,
        rng_seed: proptest::test_runner::RngSeed::Fixed(0x00C0_FFEE),
        ..ProptestConfig::default()
    })]

    #[test]
    fn callanish(seed in any::<u64>(), size in prop::sample::select(vec!["5", "7", "9"])) {
        check_game::<cairn_rules::callanish::Callanish>(game(&[("size", size)]), seed, 400);
    }

    #[test]
    fn callanish_circle(seed in any::<u64>()) {
        check_game::<cairn_rules::callanish::Callanish>(game(&[("shape", "circle")]), seed, 400);
    }

    #[test]
    fn alquerque_bell(seed in any::<u64>()) {
        check_game::<cairn_rules::alquerque::Alquerque>(game(&[("rules", "bell")]), seed, 400);
    }

    #[test]
    fn alquerque_basic(seed in any::<u64>()) {
        check_game::<cairn_rules::alquerque::Alquerque>(game(&[("rules", "basic")]), seed, 400);
    }

    #[test]
    fn fanorona(seed in any::<u64>(), board in prop::sample::select(vec!["tsivy", "dimy"]),
                paika in prop::sample::select(vec!["any", "forward"])) {
        check_game::<cairn_rules::fanorona::Fanorona>(game(&[("board", board), ("paika", paika)]), seed, 400);
    }

    #[test]
    fn alquad(seed in any::<u64>()) {
        check_game::<cairn_rules::alquad::Alquad>(game(&[]), seed, 100);
    }

    #[test]
    fn sight(seed in any::<u64>()) {
        check_game::<cairn_rules::sight::Sight>(game(&[]), seed, 100);
    }

    #[test]
    fn collapse(seed in any::<u64>(), setup in prop::sample::select(vec!["ring", "ranks"])) {
        check_game::<cairn_rules::collapse::Collapse>(game(&[("setup", setup)]), seed, 100);
    }

    #[test]
    fn floaters(seed in any::<u64>(), first in prop::sample::select(vec!["south", "north"])) {
        check_game::<cairn_rules::floaters::Floaters>(game(&[("first", first)]), seed, 400);
    }
}
