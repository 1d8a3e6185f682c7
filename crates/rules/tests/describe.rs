//! The board in words (`describe`, the images' alt text) says the whole
//! position: a reader of the English description alone rebuilds what
//! stands on every spot, for 1,000 random positions of every game; the
//! Japanese and Spanish descriptions have every message they use.

use cairn_rules::{
    describe, locales, with_game, AnyGame, BoardView, Colour, Detail, Game, GameKind, Lang, Layout,
    Options, SplitRng, Spot,
};
use cairn_words::take_slips;

const POSITIONS: usize = 1_000;

/// Positions of random games from the start of `kind`, every position of
/// each game until `POSITIONS` are collected.
fn random_views(kind: GameKind) -> Vec<BoardView> {
    let start = AnyGame::new(kind, &Options::default()).expect("the default game");
    let mut views = Vec::new();
    let mut seed = 1;
    while views.len() < POSITIONS {
        with_game!(&start, g => playout(g, seed, &mut views));
        seed += 1;
    }
    views.truncate(POSITIONS);
    views
}

fn playout<G: Game>(start: &G, seed: u64, views: &mut Vec<BoardView>) {
    let mut rng = SplitRng::new(seed);
    let mut game = start.clone();
    for _ in 0..300 {
        views.push(game.view());
        let Some(turn) = game.random_turn(&mut rng) else {
            break;
        };
        game.apply(&turn);
    }
}

/// What a reader of the English description rebuilds: the spot of each
/// cell, point or pit (`Empty` where nothing is said).
fn read(text: &str, layout: Layout) -> Vec<Spot> {
    let nothing = match layout {
        Layout::Mancala { .. } if text.contains("Every other pit and store is empty.") => {
            Spot::Pit { red: 0, black: 0 }
        }
        _ => Spot::Empty,
    };
    let mut spots = vec![nothing; layout.spot_count()];
    for sentence in text.split(". ") {
        let sentence = sentence.trim_end_matches('.');
        if let Some((colour, list)) = pieces_sentence(sentence) {
            for at in names(list, layout) {
                spots[at] = Spot::Stack(vec![colour]);
            }
        } else if let Some(rest) = sentence.strip_prefix("Stack of ") {
            let (head, list) = rest.split_once(", bottom first: ").expect("a stack");
            let (count, name) = head.split_once(" on ").expect("a stack's spot");
            let stack: Vec<Colour> = items(list).iter().map(|c| colour_of(c)).collect();
            assert_eq!(count.parse::<usize>().ok(), Some(stack.len()), "{sentence}");
            spots[square(name, layout)] = Spot::Stack(stack);
        } else if let Some(list) = sentence.strip_prefix("Blocked: ") {
            for at in names(list, layout) {
                spots[at] = Spot::Blocked;
            }
        } else if let Some((pit, stones)) = pit_sentence(sentence, layout) {
            spots[pit] = stones;
        }
    }
    spots
}

/// "White (3): a1, b2 and c3" → (White, "a1, b2 and c3").
fn pieces_sentence(sentence: &str) -> Option<(Colour, &str)> {
    let (head, list) = sentence.split_once("): ")?;
    let (colour, count) = head.split_once(" (")?;
    count.parse::<usize>().ok()?;
    Some((colour_of(&colour.to_lowercase()), list))
}

/// "South 3: 2 red and 1 black", "East store: 4 black".
fn pit_sentence(sentence: &str, layout: Layout) -> Option<(usize, Spot)> {
    let Layout::Mancala { pits } = layout else {
        return None;
    };
    let pits = pits as usize;
    let (name, stones) = sentence.split_once(": ")?;
    let at = match name.split_once(' ')? {
        ("South", n) => n.parse::<usize>().ok()? - 1,
        ("North", n) => pits + n.parse::<usize>().ok()?,
        ("East", "store") => pits,
        ("West", "store") => 2 * pits + 1,
        _ => return None,
    };
    let (mut red, mut black) = (0, 0);
    for item in items(stones) {
        let (count, colour) = item.split_once(' ')?;
        let count: u8 = count.parse().ok()?;
        match colour {
            "red" => red = count,
            "black" => black = count,
            _ => return None,
        }
    }
    Some((at, Spot::Pit { red, black }))
}

/// "a1, b2 and c3" → ["a1", "b2", "c3"].
fn items(list: &str) -> Vec<String> {
    list.replace(" and ", ", ")
        .split(", ")
        .map(str::to_string)
        .collect()
}

/// The spots a list names, runs ("a1 to d1") included.
fn names(list: &str, layout: Layout) -> Vec<usize> {
    let mut out = Vec::new();
    for item in items(list) {
        match item.split_once(" to ") {
            Some((from, to)) => out.extend(square(from, layout)..=square(to, layout)),
            None => out.push(square(&item, layout)),
        }
    }
    out
}

fn square(name: &str, layout: Layout) -> usize {
    let files = match layout {
        Layout::Cells { files, .. } | Layout::Points { files, .. } => files as usize,
        Layout::Mancala { .. } => panic!("no squares on a mancala board: {name}"),
    };
    let file = (name.as_bytes()[0] - b'a') as usize;
    let rank: usize = name[1..].parse().expect("a rank");
    (rank - 1) * files + file
}

fn colour_of(word: &str) -> Colour {
    match word {
        "white" => Colour::White,
        "black" => Colour::Black,
        "red" => Colour::Red,
        other => panic!("not a colour: {other}"),
    }
}

fn english(view: &BoardView, detail: Detail) -> String {
    describe(view, detail)
        .iter()
        .map(locales::english)
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn the_english_description_alone_rebuilds_every_spot() {
    for kind in GameKind::ALL {
        for view in random_views(kind) {
            for detail in [Detail::Each, Detail::Runs] {
                let text = english(&view, detail);
                assert_eq!(
                    read(&text, view.layout),
                    view.spots,
                    "{kind} ({detail:?}): {text}"
                );
            }
        }
    }
}

#[test]
fn the_description_is_worded_in_every_language() {
    for kind in GameKind::ALL {
        for view in random_views(kind).iter().step_by(50) {
            for lang in [Lang::Ja, Lang::Es] {
                for message in describe(view, Detail::Runs) {
                    let text = locales::word(lang, &message);
                    assert!(!text.trim().is_empty(), "{kind} {lang}: {message:?}");
                    let slips = take_slips();
                    assert!(slips.is_empty(), "{kind} {lang} {message:?}: {slips:?}");
                }
            }
        }
    }
}

/// What a description says of a start position, as a reader hears it.
#[test]
fn a_start_position_reads_naturally() {
    let game = AnyGame::new(GameKind::Alquerque, &Options::default()).expect("alquerque");
    let text = english(&game.board_view(), Detail::Runs);
    assert!(
        text.starts_with("Alquerque")
            && text.contains("White (12): a1 to e1, a2 to e2, d3 and e3."),
        "{text}"
    );
}
