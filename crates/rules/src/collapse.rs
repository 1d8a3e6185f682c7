//! Collapse (Kanare Kato): on the 9 x 5 Fanorona board a piece flies along a
//! line until it crashes into an enemy piece, which is captured. Every turn
//! captures exactly one piece; a player who cannot capture loses.
//! See docs/rules/collapse.md.

use std::fmt;

#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};

use super::geometry::{bits, PointBoard};
use super::notation::list_or;
use super::view::status_line;
use super::OptionValue;
use super::{
    BoardView, Colour, Game, GameKind, GameWords, Highlights, Layout, MarkKind, Message,
    OptionError, OptionSpec, Options, Outcome, Reason, Seat, Spot, TurnError,
};

fn board() -> &'static PointBoard {
    PointBoard::nine_by_five()
}

/// `rays()[p][d]`: bitboard of the points from p (exclusive) to the edge in
/// direction d, so a flight's first obstacle is one bit scan away.
fn rays() -> &'static [[u64; 8]; 45] {
    static RAYS: std::sync::OnceLock<[[u64; 8]; 45]> = std::sync::OnceLock::new();
    RAYS.get_or_init(|| {
        let b = board();
        let mut rays = [[0u64; 8]; 45];
        for (p, row) in rays.iter_mut().enumerate() {
            for (d, ray) in row.iter_mut().enumerate() {
                *ray = b.ray(p, d).fold(0, |acc, q| acc | 1 << q);
            }
        }
        rays
    })
}

/// Directions in which point indices grow (north, east, north-east,
/// north-west): their nearest point on a ray is the lowest set bit.
const ASCENDING: [bool; 8] = [true, true, false, false, true, false, false, true];

/// The two setups of the rules file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Setup {
    /// All 24 perimeter points (default).
    Ring,
    /// Ranks 1 and 5 only.
    Ranks,
}

/// A Collapse position.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct Collapse {
    setup: Setup,
    /// Bitboards by seat: `pieces[0]` White, `pieces[1]` Black.
    pieces: [u64; 2],
    to_move: Seat,
    /// Number of legal turns of the player to move (kept by `apply`: it
    /// decides `no-moves` and makes the last ply of perft free).
    turn_count: u16,
    outcome: Option<Outcome>,
}

/// A turn: the piece's point and where it stops (the crash victim lies one
/// step further in the same direction).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CollapseTurn {
    pub from: u8,
    pub to: u8,
}

impl fmt::Display for CollapseTurn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}-{}",
            board().name(self.from as usize),
            board().name(self.to as usize)
        )
    }
}

impl Collapse {
    /// The flight of the piece on `from` in direction `d`: the landing
    /// point and the enemy captured, if that direction gives a move.
    #[inline]
    fn flight(&self, from: usize, d: usize, mine: u64, theirs: u64) -> Option<(usize, usize)> {
        let ray = rays()[from][d];
        let blockers = ray & (mine | theirs);
        if blockers == 0 {
            return None;
        }
        let hit = if ASCENDING[d] {
            blockers.trailing_zeros() as usize
        } else {
            63 - blockers.leading_zeros() as usize
        };
        if theirs >> hit & 1 == 0 {
            return None;
        }
        // The landing point is the one just before the hit, back towards `from`.
        let landing = board().step(hit, super::geometry::OPPOSITE[d])?;
        (landing != from).then_some((landing, hit))
    }

    fn sides(&self) -> (u64, u64) {
        let me = self.to_move.index();
        (self.pieces[me], self.pieces[1 - me])
    }

    /// The captured point of a legal turn.
    fn victim(&self, turn: &CollapseTurn) -> usize {
        let b = board();
        let d = direction_towards(turn.from as usize, turn.to as usize).unwrap_or(0);
        b.step(turn.to as usize, d).unwrap_or(turn.to as usize)
    }
}

/// The number of legal turns of `mine` against `theirs`, every piece at
/// once: per direction, flood from each piece's first empty point through
/// empty points; the enemies just beyond the flood are the crashes. Two
/// pieces never crash into the same enemy from the same direction (the
/// nearer one blocks the other), so the crashes count the turns.
fn count_flights(mine: u64, theirs: u64) -> u64 {
    let b = board();
    let empty = b.all & !(mine | theirs);
    let mut count = 0;
    for d in 0..8 {
        let mut flood = b.shift(mine, d) & empty;
        let mut frontier = flood;
        while frontier != 0 {
            frontier = b.shift(frontier, d) & empty & !flood;
            flood |= frontier;
        }
        count += u64::from((b.shift(flood, d) & theirs).count_ones());
    }
    count
}

/// Bulk perft on bare bitboards (`mine` moves next): no position is built
/// and the last ply is counted by [`count_flights`].
fn perft_bits(this: &Collapse, mine: u64, theirs: u64, depth: u32) -> u64 {
    if depth <= 1 {
        return count_flights(mine, theirs);
    }
    let mut total = 0;
    for from in bits(mine) {
        for d in 0..8 {
            if let Some((landing, hit)) = this.flight(from, d, mine, theirs) {
                let moved = (mine & !(1 << from)) | 1 << landing;
                total += perft_bits(this, theirs & !(1 << hit), moved, depth - 1);
            }
        }
    }
    total
}

/// The direction of the straight line from `from` to `to`, if they lie on
/// one of `from`'s lines.
fn direction_towards(from: usize, to: usize) -> Option<usize> {
    let b = board();
    (0..8).find(|&d| b.ray(from, d).any(|p| p == to))
}

fn short_list(mut items: Vec<String>) -> String {
    const MAX: usize = 10;
    if items.len() > MAX {
        let more = items.len() - MAX;
        items.truncate(MAX);
        items.push(format!("{more} more"));
    }
    list_or(&items)
}

impl Game for Collapse {
    type Turn = CollapseTurn;
    const KIND: GameKind = GameKind::Collapse;

    const SOLVABLE: bool = true;

    const OPTIONS: &'static [OptionSpec] = &[OptionSpec::choice(
        "setup",
        &["ring", "ranks"],
        "collapse-option-setup",
    )];

    const WORDS: GameWords = GameWords {
        title: "collapse-title",
        summary: "collapse-summary",
        notation: "collapse-notation",
    };

    fn new(options: &Options) -> Result<Self, OptionError> {
        options.check_specs("collapse", Self::OPTIONS)?;
        let setup = match options.choice_of(&Self::OPTIONS[0])? {
            "ranks" => Setup::Ranks,
            _ => Setup::Ring,
        };
        let b = board();
        let mut white = 0u64;
        let mut black = 0u64;
        for file in 0..9 {
            white |= 1 << b.index(file, 0);
            black |= 1 << b.index(file, 4);
        }
        if setup == Setup::Ring {
            for rank in 1..4 {
                white |= 1 << b.index(0, rank);
                black |= 1 << b.index(8, rank);
            }
        }
        let mut game = Collapse {
            setup,
            pieces: [white, black],
            to_move: Seat::First,
            turn_count: 0,
            outcome: None,
        };
        game.turn_count = count_flights(white, black) as u16;
        Ok(game)
    }

    fn options(&self) -> Vec<(&'static str, OptionValue)> {
        let setup = match self.setup {
            Setup::Ring => "ring",
            Setup::Ranks => "ranks",
        };
        vec![("setup", OptionValue::from(setup))]
    }

    fn to_move(&self) -> Seat {
        self.to_move
    }

    fn seat_name(&self, seat: Seat) -> &'static str {
        match seat {
            Seat::First => "white",
            Seat::Second => "black",
        }
    }

    fn generate(&self, out: &mut Vec<CollapseTurn>) {
        if self.outcome.is_some() {
            return;
        }
        let (mine, theirs) = self.sides();
        for from in bits(mine) {
            for d in 0..8 {
                if let Some((to, _)) = self.flight(from, d, mine, theirs) {
                    out.push(CollapseTurn {
                        from: from as u8,
                        to: to as u8,
                    });
                }
            }
        }
    }

    fn count_turns(&self) -> u64 {
        if self.outcome.is_some() {
            return 0;
        }
        u64::from(self.turn_count)
    }

    fn parse_turn(&self, text: &str) -> Result<CollapseTurn, TurnError> {
        let b = board();
        let lower = text.trim().to_ascii_lowercase();
        let capture_form = lower.contains('x');
        let cleaned = lower.replace('x', " ");
        let squares = super::notation::split_squares(&cleaned).unwrap_or_default();
        let usage = "write a turn as <from>-<to>, e.g. c1-c4 (or c1xc5 naming the captured piece)";
        let [from_text, to_text] = squares.as_slice() else {
            return Err(TurnError::unparsable_text(format!(
                "`{}` is not a Collapse turn: {usage}",
                text.trim()
            )));
        };
        let from = b.parse(from_text).ok_or_else(|| {
            TurnError::unparsable_text(format!(
                "{from_text} is not a point of the 9 x 5 board (a1 to i5)"
            ))
        })?;
        let target = b.parse(to_text).ok_or_else(|| {
            TurnError::unparsable_text(format!(
                "{to_text} is not a point of the 9 x 5 board (a1 to i5)"
            ))
        })?;
        if self.outcome.is_some() {
            return Err(TurnError::GameOver);
        }
        let (mine, theirs) = self.sides();
        let colour = self.seat_name(self.to_move);
        let from_name = b.name(from);
        if mine >> from & 1 == 0 {
            let what = if theirs >> from & 1 == 1 {
                "holds your opponent's piece"
            } else {
                "is empty"
            };
            let movable: Vec<String> = bits(mine)
                .filter(|&p| (0..8).any(|d| self.flight(p, d, mine, theirs).is_some()))
                .map(|p| b.name(p))
                .collect();
            return Err(TurnError::illegal_text(format!(
                "{from_name} {what}; the {colour} pieces that can capture are on {}",
                short_list(movable)
            )));
        }
        let piece_moves = || {
            let mut names: Vec<String> = (0..8)
                .filter_map(|d| self.flight(from, d, mine, theirs))
                .map(|(to, _)| format!("{from_name}-{}", b.name(to)))
                .collect();
            names.sort();
            names
        };
        let Some(d) = direction_towards(from, target) else {
            let moves = piece_moves();
            let hint = if moves.is_empty() {
                format!("the piece on {from_name} has no capture")
            } else {
                format!("from {from_name} you can play {}", list_or(&moves))
            };
            return Err(TurnError::illegal_text(format!(
                "{} is not on a line from {from_name}; {hint}",
                b.name(target)
            )));
        };
        let dir_word = [
            "up",
            "right",
            "down",
            "left",
            "up-right",
            "down-right",
            "down-left",
            "up-left",
        ][d];
        let result = match self.flight(from, d, mine, theirs) {
            Some((to, victim)) => {
                let wanted = if capture_form { victim } else { to };
                if wanted == target {
                    return Ok(CollapseTurn {
                        from: from as u8,
                        to: to as u8,
                    });
                }
                format!(
                    "the piece on {from_name} going {dir_word} stops on {} before the {} piece on {}: play {from_name}-{}",
                    b.name(to),
                    self.seat_name(self.to_move.other()),
                    b.name(victim),
                    b.name(to)
                )
            }
            None => {
                // Say why this direction gives no move.
                let first = b.ray(from, d).find(|&p| (mine | theirs) >> p & 1 == 1);
                match first {
                    Some(p) if b.step(from, d) == Some(p) => {
                        format!("the piece on {from_name} cannot move {dir_word}: {} is right next to it, and a piece must travel at least one point", b.name(p))
                    }
                    Some(p) if mine >> p & 1 == 1 => {
                        format!("the piece on {from_name} going {dir_word} would crash into your own piece on {}", b.name(p))
                    }
                    _ => format!("the piece on {from_name} going {dir_word} reaches the edge without meeting a piece"),
                }
            }
        };
        let moves = piece_moves();
        let hint = if moves.is_empty() {
            String::from("that piece has no capture")
        } else {
            format!("from {from_name} you can play {}", list_or(&moves))
        };
        Err(TurnError::illegal_text(format!("{result}; {hint}")))
    }

    fn apply(&mut self, turn: &CollapseTurn) {
        let victim = self.victim(turn);
        let me = self.to_move.index();
        self.pieces[me] = (self.pieces[me] & !(1 << turn.from)) | 1 << turn.to;
        self.pieces[1 - me] &= !(1 << victim);
        self.to_move = self.to_move.other();
        let (mine, theirs) = self.sides();
        self.turn_count = count_flights(mine, theirs) as u16;
        if self.turn_count == 0 {
            self.outcome = Some(Outcome::win(self.to_move.other(), Reason::NoMoves));
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if self.outcome.is_some() {
            return 0;
        }
        let (mine, theirs) = self.sides();
        perft_bits(self, mine, theirs, depth)
    }

    fn highlights(&self, turn: &CollapseTurn) -> Highlights {
        let mut h = Highlights {
            path: vec![turn.from as usize, turn.to as usize],
            marks: Vec::new(),
        };
        h.mark(turn.from as usize, MarkKind::From);
        h.mark(turn.to as usize, MarkKind::To);
        h.mark(self.victim(turn), MarkKind::Captured);
        h
    }

    fn view(&self) -> BoardView {
        let title = Message::new(match self.setup {
            Setup::Ring => "collapse-view-title",
            Setup::Ranks => "collapse-view-title-ranks",
        });
        let mut view = BoardView::new(title, Layout::Points { files: 9, ranks: 5 });
        for (seat, colour) in [(0, Colour::White), (1, Colour::Black)] {
            for p in bits(self.pieces[seat]) {
                view.spots[p] = Spot::Stack(vec![colour]);
            }
        }
        let start = if self.setup == Setup::Ring { 12 } else { 9 };
        for seat in Seat::BOTH {
            let left = self.pieces[seat.index()].count_ones();
            view.notes.push(
                Message::new("collapse-note-pieces")
                    .arg("seat", self.seat_message(seat))
                    .arg("count", left)
                    .arg("lost", start - left),
            );
        }
        view.status = status_line(self.to_move, self.outcome, |s| self.seat_message(s));
        view
    }

    fn can_draw(&self) -> bool {
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(setup: &str) -> Collapse {
        Collapse::new(&Options::from_pairs(&[("setup", setup)])).unwrap()
    }

    fn play(g: &mut Collapse, text: &str) {
        let turn = g.parse_turn(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        g.play(&turn).unwrap();
    }

    fn error(g: &Collapse, text: &str) -> String {
        g.parse_turn(text).unwrap_err().to_string()
    }

    #[test]
    fn setups_and_first_moves() {
        let ring = game("ring");
        assert_eq!(ring.pieces[0].count_ones(), 12);
        assert_eq!(ring.pieces[1].count_ones(), 12);
        assert_eq!(ring.count_turns(), 18);
        let ranks = game("ranks");
        assert_eq!(ranks.pieces[0].count_ones(), 9);
        assert_eq!(ranks.count_turns(), 15);
        // c1 flies up to c4 and captures c5.
        let mut g = game("ring");
        play(&mut g, "c1-c4");
        assert_eq!(g.pieces[1].count_ones(), 11);
        assert!(g.pieces[0] >> board().parse("c4").unwrap() & 1 == 1);
    }

    #[test]
    fn looser_forms_and_capture_naming() {
        let g = game("ring");
        let canonical = g.parse_turn("c1-c4").unwrap();
        for form in ["C1C4", " c1 c4 ", "c1xc5", "c1:c4"] {
            assert_eq!(g.parse_turn(form).unwrap(), canonical, "{form}");
        }
        assert_eq!(canonical.to_string(), "c1-c4");
    }

    #[test]
    fn blocked_by_a_friendly_piece() {
        // a1 going up meets the white piece on a2 at once; b1 going left meets a1.
        let g = game("ring");
        let e = error(&g, "a2-a3");
        assert!(
            e.contains("cannot move up") && e.contains("a3 is right next"),
            "{e}"
        );
        // a4 going up-right (a4 is not strong) has no diagonal; a2-h2 crashes into i2 (black): legal.
        assert!(g.parse_turn("a2-h2").is_ok());
        // c1 going up-left: b2, a3 is white: friendly crash.
        let e = error(&g, "c1-b2");
        assert!(e.contains("your own piece on a3"), "{e}");
    }

    #[test]
    fn blocked_by_an_adjacent_piece() {
        let g = game("ring");
        let e = error(&g, "b1-c1");
        assert!(e.contains("right next to it"), "{e}");
        let e = error(&g, "a1-a2");
        assert!(e.contains("at least one point"), "{e}");
    }

    #[test]
    fn landing_must_be_the_crash_point() {
        let g = game("ring");
        let e = error(&g, "c1-c3");
        assert!(
            e.contains("stops on c4 before the black piece on c5"),
            "{e}"
        );
    }

    #[test]
    fn diagonals_only_from_strong_points() {
        let g = game("ranks");
        // b1 is not strong: no diagonal flight.
        let e = error(&g, "b1-c2");
        assert!(e.contains("not on a line"), "{e}");
        // c1 is strong: c1 -> up-right d2, e3, f4 then g5 (black): lands on f4.
        assert!(g.parse_turn("c1-f4").is_ok());
    }

    #[test]
    fn wrong_pieces_and_junk() {
        let g = game("ring");
        assert!(error(&g, "c5-c2").contains("opponent's piece"));
        assert!(error(&g, "e3-e4").contains("is empty"));
        assert!(error(&g, "z9-c4").contains("not a point"));
        assert!(error(&g, "hello").contains("not a Collapse turn"));
        assert!(error(&g, "c1-c4-c5").contains("not a Collapse turn"));
    }

    #[test]
    fn no_moves_loses() {
        // Play random games to the end: the loser is the player to move with
        // no capture, and the game always ends within 23 turns.
        let mut rng = crate::SplitRng::new(5);
        for _ in 0..50 {
            let mut g = game("ring");
            let mut turns = 0;
            while g.outcome().is_none() {
                let t = g.random_turn(&mut rng).unwrap();
                g.apply(&t);
                turns += 1;
            }
            assert!(turns <= 23);
            let o = g.outcome().unwrap();
            assert_eq!(o.reason, Reason::NoMoves);
            assert_eq!(o.winner, Some(g.to_move.other()));
            assert!(g.legal_turns().is_empty());
        }
    }

    #[test]
    fn perft_start() {
        let g = game("ring");
        assert_eq!(g.perft(1), 18);
        assert_eq!(g.perft(2), 250);
        assert_eq!(g.perft(3), 2850);
        let g = game("ranks");
        assert_eq!(g.perft(3), 1408);
        assert_eq!(crate::check::slow_perft(&g, 3), 1408);
    }
}
