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
//! losses). Every turn kept is one level 5 chose itself in some of those
//! games; the book only settles which.

use cairn_rules::{Game, GameKind, Options};

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
];

/// The position a line reaches and its turn there, or why it does not
/// read (a wrong line: the tests fail on it).
pub fn line_position<G: Game>(line: &PlayedLine) -> Result<(G, G::Turn), String> {
    let game: G = replay(line.options, line.moves)?;
    let turn = game
        .parse_turn(line.turn)
        .map_err(|e| format!("{}: {e}", line.turn))?;
    Ok((game, turn))
}

/// The game with `options` after `moves` (turns separated by spaces).
fn replay<G: Game>(options: &[&str], moves: &str) -> Result<G, String> {
    let options = Options::parse(options).map_err(|e| e.to_string())?;
    let mut game = G::new(&options).map_err(|e| e.to_string())?;
    for text in moves.split_whitespace() {
        let turn = game.parse_turn(text).map_err(|e| format!("{text}: {e}"))?;
        game.play(&turn).map_err(|e| format!("{text}: {e}"))?;
    }
    Ok(game)
}

/// The played turn for `game`, if it is the position of one of the lines.
pub fn played_turn<G: Game>(game: &G) -> Option<G::Turn> {
    PLAYED
        .iter()
        .filter(|line| line.kind == G::KIND)
        .filter_map(|line| line_position::<G>(line).ok())
        .find(|(position, _)| position == game)
        .map(|(_, turn)| turn)
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, Instant};

    use cairn_rules::alquerque::Alquerque;

    use super::*;
    use crate::{choose_with, Player};

    fn position(line: &PlayedLine) -> (Alquerque, <Alquerque as Game>::Turn) {
        match line_position::<Alquerque>(line) {
            Ok(found) => found,
            Err(why) => panic!("{}: {why}", line.moves),
        }
    }

    /// Every line is legal to its end, its turn legal there, and level 5
    /// plays that turn at once.
    #[test]
    fn level_5_plays_each_lines_turn() {
        for line in PLAYED {
            let (game, turn) = position(line);
            assert!(game.outcome().is_none(), "{}", line.moves);
            assert!(game.legal_turns().contains(&turn), "{}", line.moves);
            let deadline = Instant::now() + Duration::from_secs(30);
            let chosen = choose_with(&game, Player::Level(5), deadline, 7);
            assert_eq!(chosen.map(|c| c.turn), Some(line.turn.to_string()));
            assert!(Instant::now() < deadline, "the book answered slowly");
        }
    }

    /// Only a line's own position is answered: not the one a turn
    /// before it (unless that is a line too), not the same turns under
    /// another stall rule.
    #[test]
    fn other_positions_are_not_in_the_book() {
        for line in PLAYED {
            let (game, _) = position(line);
            assert!(played_turn(&game).is_some(), "{}", line.moves);
            let mut before: Vec<&str> = line.moves.split_whitespace().collect();
            before.pop();
            let before = before.join(" ");
            let earlier: Alquerque = replay(line.options, &before).expect("a prefix replays");
            let listed = PLAYED.iter().any(|other| other.moves == before);
            assert_eq!(played_turn(&earlier).is_some(), listed, "{before}");
            let elsewhere: Alquerque =
                replay(&["rules=basic", "stall=30"], line.moves).expect("it replays");
            assert_eq!(played_turn(&elsewhere), None, "{}", line.moves);
        }
    }
}
