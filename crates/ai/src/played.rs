//! Played openings: early positions where level 5 has several sound turns
//! and none is proven better, the turn that scored best in recorded games.
//! The book ([`crate::book`]) holds what the solver proved; this holds
//! what play showed, for a game the solver cannot reach from its start.
//!
//! The lines are Alquerque's under the basic rules, from the 592 recorded
//! games of level 5 against Ludii's alpha-beta at 1 s a turn
//! (`scripts/peers/ludii_match.py`: the records of README's Ludii table
//! and of the trials before it, several builds of level 5): at each
//! line's position level 5 had played more than one turn, and the one
//! kept scored best (the counts are by each line, Cairn's wins / draws /
//! losses). Every turn kept but one is one level 5 chose itself in some
//! of those games; the book only settles which. The last line's turn is
//! one the harness forced (`--opening`) in the White opening studies
//! (`scripts/peers/records/alquerque-ab-1s-white-after-e4-d4.jsonl`);
//! its counts include the 200 games that measured it
//! (`alquerque-ab-1s-seeds-1615-1616.jsonl` and `-1617-1618.jsonl`).

use std::sync::OnceLock;

use cairn_rules::{AnyGame, Game, GameKind, Options, ReplayError};

use crate::solver::position_hash;

/// One played line: the game and its options, the turns from the start,
/// and the turn to play there.
pub struct PlayedLine {
    pub kind: GameKind,
    pub options: &'static [&'static str],
    /// The turns from the start, separated by spaces.
    pub moves: &'static str,
    pub turn: &'static str,
}

const BASIC: &[&str] = &["rules=basic"];

/// The lines, White's first, each with the record that chose its turn.
pub const PLAYED: &[PlayedLine] = &[
    // White. After Black's b4-c4: b2xb4 34 games, 20 / 14 / 0 (79 %);
    // b2-c2 46 games, 21 / 25 / 0 (73 %), the turn level 5 played last;
    // d1-c1 31 games, 14 / 17 / 0 (73 %).
    PlayedLine {
        kind: GameKind::Alquerque,
        options: BASIC,
        moves: "c2-c3 c4xc2 c1xc3 b4-c4",
        turn: "b2xb4",
    },
    // Black. After White's b2-c1: e4-d4 73 games, 52 / 20 / 1 (85 %);
    // c4-d4 177 games, 115 / 62 / 0 (82 %), the turn level 5 played last
    // (and in 240 more games at 250 ms a turn, e4-d4 72 / 8 / 0, 95 %,
    // c4-d4 27 / 13 / 0, 84 %).
    PlayedLine {
        kind: GameKind::Alquerque,
        options: BASIC,
        moves: "c2-c3 c4xc2 c1xc3 d4-c4 b2-c1",
        turn: "e4-d4",
    },
    // Then after c3-b2: c4-c3 16 games, 11 / 5 / 0 (84 %); d4-e4 18
    // games, 9 / 8 / 1 (72 %).
    PlayedLine {
        kind: GameKind::Alquerque,
        options: BASIC,
        moves: "c2-c3 c4xc2 c1xc3 d4-c4 b2-c1 e4-d4 c3-b2",
        turn: "c4-c3",
    },
    // Or after c3-c2: b3-b2 26 games, 24 / 2 / 0 (96 %); d4-e4 12
    // games, 7 / 5 / 0 (79 %); level 5 now plays d4-c3, not yet played
    // there.
    PlayedLine {
        kind: GameKind::Alquerque,
        options: BASIC,
        moves: "c2-c3 c4xc2 c1xc3 d4-c4 b2-c1 e4-d4 c3-c2",
        turn: "b3-b2",
    },
    // White again. After Black's c4xc2 d2xb2 e4-d4: e2-d2 39 games,
    // 19 / 20 / 0 (74 %): 13 / 6 / 0 forced by the opening study, then
    // 6 / 14 / 0 from this line in the 200 games that measured it;
    // d1-d2 13 games, 7 / 6 / 0 (77 %), the turn level 5 played; d3-d2
    // 3 / 0 / 0; the eight others 2 / 8 / 8 in 18. Not better, within
    // chance of d1-d2: kept because the build measured holds it.
    PlayedLine {
        kind: GameKind::Alquerque,
        options: BASIC,
        moves: "c2-c3 c4xc2 c1xc3 d4-c4 b2-c1 c4xc2 d2xb2 e4-d4",
        turn: "e2-d2",
    },
];

/// The position a line reaches (rebuilt as a stored game is,
/// [`AnyGame::replay`]), or why it does not read (a wrong line: the tests
/// fail on it).
pub fn line_position(line: &PlayedLine) -> Result<AnyGame, ReplayError> {
    replay(line.kind, line.options, line.moves)
}

/// The game of `kind` with `options` after `moves` (turns separated by
/// spaces).
fn replay(kind: GameKind, options: &[&str], moves: &str) -> Result<AnyGame, ReplayError> {
    let options = Options::parse(options).map_err(ReplayError::Option)?;
    let moves: Vec<&str> = moves.split_whitespace().collect();
    AnyGame::replay(kind, &options, &moves)
}

/// A line's position by its hash ([`position_hash`], over the whole
/// state: options, stall count and history included), and its turn.
struct Known {
    kind: GameKind,
    key: u64,
    turn: &'static str,
}

/// The lines' positions, rebuilt once; a line that does not read is left
/// out (`line_position` makes the tests fail on it).
fn known() -> &'static [Known] {
    static KNOWN: OnceLock<Vec<Known>> = OnceLock::new();
    KNOWN.get_or_init(|| {
        PLAYED
            .iter()
            .filter_map(|line| {
                let position = line_position(line).ok()?;
                Some(Known {
                    kind: line.kind,
                    key: cairn_rules::with_game!(&position, g => position_hash(g)),
                    turn: line.turn,
                })
            })
            .collect()
    })
}

/// The played turn for `game`, if it is the position of one of the lines.
pub fn played_turn<G: Game>(game: &G) -> Option<G::Turn> {
    let key = position_hash(game);
    let line = known()
        .iter()
        .find(|known| known.kind == G::KIND && known.key == key)?;
    game.parse_turn(line.turn).ok()
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, Instant};

    use super::*;
    use crate::{choose_with, Player};

    fn position(line: &PlayedLine) -> AnyGame {
        match line_position(line) {
            Ok(game) => game,
            Err(why) => panic!("{}: {why}", line.moves),
        }
    }

    fn replayed(options: &[&str], moves: &str) -> AnyGame {
        replay(GameKind::Alquerque, options, moves).expect("the turns replay")
    }

    /// `game` is not over, `line`'s turn is legal in it, and level 5
    /// plays that turn at once.
    fn level_5_plays<G: Game>(game: &G, line: &PlayedLine) {
        assert!(game.outcome().is_none(), "{}", line.moves);
        let turn = game.parse_turn(line.turn).expect("the turn reads");
        assert!(game.legal_turns().contains(&turn), "{}", line.moves);
        let deadline = Instant::now() + Duration::from_secs(30);
        let chosen = choose_with(game, Player::Level(5), deadline, 7);
        assert_eq!(chosen.map(|c| c.turn), Some(line.turn.to_string()));
        assert!(Instant::now() < deadline, "the book answered slowly");
    }

    /// Every line is legal to its end, its turn legal there, and level 5
    /// plays that turn at once.
    #[test]
    fn level_5_plays_each_lines_turn() {
        for line in PLAYED {
            cairn_rules::with_game!(&position(line), g => level_5_plays(g, line));
        }
    }

    fn in_book(game: &AnyGame) -> bool {
        cairn_rules::with_game!(game, g => played_turn(g).is_some())
    }

    /// Only a line's own position is answered: not the one a turn
    /// before it (unless that is a line too), not the same turns under
    /// another stall rule.
    #[test]
    fn other_positions_are_not_in_the_book() {
        for line in PLAYED {
            assert!(in_book(&position(line)), "{}", line.moves);
            let mut before: Vec<&str> = line.moves.split_whitespace().collect();
            before.pop();
            let before = before.join(" ");
            let listed = PLAYED.iter().any(|other| other.moves == before);
            let earlier = replayed(line.options, &before);
            assert_eq!(in_book(&earlier), listed, "{before}");
            let elsewhere = replayed(&["rules=basic", "stall=30"], line.moves);
            assert!(!in_book(&elsewhere), "{}", line.moves);
        }
    }
}
