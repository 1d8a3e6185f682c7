//! Callanish (José Manuel Astilleros): on an n x n board of cells, remove one
//! of your exposed stones and add two a knight's move away. A player who
//! controls at least half (rounded up) of a row or column at the end of the
//! opponent's turn wins. See shared/rules/callanish.md.

use std::fmt;
use std::sync::{Arc, OnceLock};

use serde::{Deserialize, Serialize};

use super::geometry::CellBoard;
use super::notation::{list_or, square_name};
use super::view::status_line;
use super::{
    BoardView, Colour, Game, GameKind, Highlights, Layout, MarkKind, OptionError, Options, Outcome,
    Reason, Seat, Spot, TurnError,
};

/// What stands on a cell, as one byte: 0 empty, 1 White, 2 Black (lone
/// stones), 3 White on Black (White controls), 4 Black on White.
const EMPTY: u8 = 0;
const LONE: [u8; 2] = [1, 2];
/// `TOPPED[s]`: seat s's stone on top of the other's.
const TOPPED: [u8; 2] = [3, 4];

/// The seat controlling a cell value, if any.
#[inline]
fn controller(cell: u8) -> Option<usize> {
    match cell {
        1 | 3 => Some(0),
        2 | 4 => Some(1),
        _ => None,
    }
}

/// A Callanish position.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Callanish {
    size: u8,
    /// Blocked cells, sorted (the option as given, normalised).
    blocked: Vec<u16>,
    /// `circle` shape (for the options report).
    circle: bool,
    stones: u16,
    cells: Vec<u8>,
    /// Stones left in each supply.
    supply: [u16; 2],
    /// Turns played (the first two are the opening placements).
    turns: u32,
    to_move: Seat,
    outcome: Option<Outcome>,
    #[serde(skip)]
    geometry: Geometry,
}

/// The board geometry, built once per game (and again, lazily, after
/// loading from storage). Not part of the position: ignored by `==` and
/// `Hash`.
#[derive(Clone, Debug, Default)]
struct Geometry(OnceLock<Arc<CellBoard>>);

impl PartialEq for Geometry {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl Eq for Geometry {}

impl std::hash::Hash for Geometry {
    fn hash<H: std::hash::Hasher>(&self, _: &mut H) {}
}

/// A turn: an opening placement, or removal plus two additions (sorted).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CallanishTurn {
    Place(u16),
    Regular { remove: u16, add: [u16; 2] },
}

/// Cell names need the board size; turns carry it for `Display`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Turn {
    size: u8,
    pub kind: CallanishTurn,
}

impl fmt::Display for Turn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.size as usize;
        let name = |c: u16| square_name(c as usize % n, c as usize / n);
        match self.kind {
            CallanishTurn::Place(c) => write!(f, "{}", name(c)),
            CallanishTurn::Regular { remove, add } => {
                write!(f, "{} {} {}", name(remove), name(add[0]), name(add[1]))
            }
        }
    }
}

/// Canonical order of additions: by file, then rank number.
fn sort_key(size: usize, c: u16) -> (usize, usize) {
    (c as usize % size, c as usize / size)
}

const CIRCLE: [&str; 12] = [
    "a1", "a2", "b1", "h1", "i1", "i2", "a8", "a9", "b9", "h9", "i9", "i8",
];

impl Callanish {
    fn board(&self) -> Arc<CellBoard> {
        Arc::clone(self.geometry.0.get_or_init(|| {
            let blocked: Vec<usize> = self.blocked.iter().map(|&c| c as usize).collect();
            // The options were checked when the game was created; a stored
            // game that no longer builds falls back to the plain board.
            let board = CellBoard::new(self.size as usize, &blocked)
                .or_else(|_| CellBoard::new(self.size as usize, &[]))
                .unwrap_or_else(|_| unreachable!("a plain odd board always builds"));
            Arc::new(board)
        }))
    }

    fn turn(&self, kind: CallanishTurn) -> Turn {
        Turn {
            size: self.size,
            kind,
        }
    }

    fn is_opening(&self) -> bool {
        self.turns < 2
    }

    /// Legal addition targets for `seat` from `from`, after removing the
    /// stone on `from` (it is not a knight's move from itself, so the
    /// removal never changes the targets).
    #[inline]
    fn target_ok(&self, cell: u8, seat: usize) -> bool {
        cell == EMPTY || cell == LONE[1 - seat]
    }

    fn targets(&self, board: &CellBoard, from: usize, seat: usize) -> ([u16; 8], usize) {
        let mut out = [0u16; 8];
        let mut n = 0;
        for &t in board.knight_targets(from) {
            if self.target_ok(self.cells[t as usize], seat) {
                out[n] = t;
                n += 1;
            }
        }
        (out, n)
    }

    /// Whether `seat` controls the threshold of some line.
    fn wins_a_line(&self, board: &CellBoard, seat: usize) -> bool {
        let n = self.size as usize;
        for line in 0..board.line_count() {
            let threshold = board.threshold(line);
            if threshold == 0 {
                continue;
            }
            let mut count = 0;
            for i in 0..n {
                let c = if line < n {
                    line * n + i
                } else {
                    i * n + (line - n)
                };
                if controller(self.cells[c]) == Some(seat) {
                    count += 1;
                }
            }
            if count >= threshold {
                return true;
            }
        }
        false
    }

    fn count_for(&self, board: &CellBoard) -> u64 {
        let seat = self.to_move.index();
        if self.is_opening() {
            return (0..self.cells.len())
                .filter(|&c| board.is_playable(c) && self.cells[c] == EMPTY)
                .count() as u64;
        }
        // Removing returns a stone to the supply, then two are added.
        if self.supply[seat] + 1 < 2 {
            return 0;
        }
        let mut total = 0;
        for c in 0..self.cells.len() {
            let cell = self.cells[c];
            if cell != LONE[seat] && cell != TOPPED[seat] {
                continue;
            }
            let (_, k) = self.targets(board, c, seat);
            total += (k * k.saturating_sub(1) / 2) as u64;
        }
        total
    }

    fn finish_turn(&mut self, board: &CellBoard) {
        self.turns += 1;
        let mover = self.to_move.index();
        self.to_move = self.to_move.other();
        // The player who did not just move wins with a line.
        if self.wins_a_line(board, 1 - mover) {
            self.outcome = Some(Outcome::win(self.to_move, Reason::Line));
        } else if self.count_for(board) == 0 {
            self.outcome = Some(Outcome::win(self.to_move.other(), Reason::NoMoves));
        }
    }

    fn name(&self, c: usize) -> String {
        let n = self.size as usize;
        square_name(c % n, c / n)
    }

    fn describe(&self, c: usize, seat: usize) -> &'static str {
        match self.cells[c] {
            EMPTY => "is empty",
            v if v == LONE[seat] => "holds your own stone",
            v if v == TOPPED[seat] => "holds a stack you control",
            v if v == LONE[1 - seat] => "holds a lone enemy stone",
            _ => "holds a stack your opponent controls",
        }
    }
}

fn short(mut items: Vec<String>) -> String {
    const MAX: usize = 12;
    if items.len() > MAX {
        let more = items.len() - MAX;
        items.truncate(MAX);
        items.push(format!("{more} more"));
    }
    list_or(&items)
}

impl Game for Callanish {
    type Turn = Turn;
    const KIND: GameKind = GameKind::Callanish;

    fn new(options: &Options) -> Result<Self, OptionError> {
        options.check_known("callanish", &["size", "stones", "shape", "blocked"])?;
        let size = match options.get("size") {
            None => 9,
            Some(text) => match text.trim().parse::<u32>() {
                Ok(n) if (5..=19).contains(&n) && n % 2 == 1 => n,
                Ok(n) if (5..=19).contains(&n) => {
                    return Err(OptionError(format!(
                        "size {n} is even: Callanish is played on odd sizes only (5, 7, 9, ... 19)"
                    )))
                }
                _ => {
                    return Err(OptionError(format!(
                        "option `size` must be an odd number from 5 to 19, not `{text}`"
                    )))
                }
            },
        } as usize;
        let stones = options.number("stones", 64, 2, 1000)? as u16;
        let shape = options.choice("shape", "square", &["square", "circle"])?;
        let mut blocked: Vec<u16> = Vec::new();
        let parse_cell = |name: &str| {
            super::notation::parse_square(name, size, size)
                .map(|(f, r)| (r * size + f) as u16)
                .ok_or_else(|| {
                    OptionError(format!(
                        "`{name}` is not a cell of the {size} x {size} board"
                    ))
                })
        };
        if shape == "circle" {
            if size != 9 {
                return Err(OptionError(
                    "shape=circle is the leaflet's 9 x 9 board: use it with size=9".into(),
                ));
            }
            for name in CIRCLE {
                blocked.push(parse_cell(name)?);
            }
        }
        if let Some(list) = options.get("blocked") {
            for name in list.split([',', ' ', ';']).filter(|s| !s.trim().is_empty()) {
                blocked.push(parse_cell(name.trim())?);
            }
        }
        blocked.sort_unstable();
        blocked.dedup();
        let board = CellBoard::new(
            size,
            &blocked.iter().map(|&c| c as usize).collect::<Vec<_>>(),
        )
        .map_err(|e| OptionError(format!("this board cannot be played: {e}")))?;
        let mut game = Callanish {
            size: size as u8,
            blocked,
            circle: shape == "circle",
            stones,
            cells: vec![EMPTY; size * size],
            supply: [stones, stones],
            turns: 0,
            to_move: Seat::First,
            outcome: None,
            geometry: Geometry::default(),
        };
        if game.count_for(&board) == 0 {
            game.outcome = Some(Outcome::win(Seat::Second, Reason::NoMoves));
        }
        let _ = game.geometry.0.set(Arc::new(board));
        Ok(game)
    }

    fn options(&self) -> Vec<(&'static str, serde_json::Value)> {
        let circle: Vec<u16> = if self.circle {
            CIRCLE
                .iter()
                .filter_map(|n| {
                    super::notation::parse_square(n, 9, 9).map(|(f, r)| (r * 9 + f) as u16)
                })
                .collect()
        } else {
            Vec::new()
        };
        let mut extra: Vec<u16> = self
            .blocked
            .iter()
            .copied()
            .filter(|c| !circle.contains(c))
            .collect();
        extra.sort_by_key(|&c| sort_key(self.size as usize, c));
        vec![
            ("size", serde_json::Value::from(self.size)),
            (
                "shape",
                serde_json::Value::from(if self.circle { "circle" } else { "square" }),
            ),
            ("stones", serde_json::Value::from(self.stones)),
            (
                "blocked",
                serde_json::Value::from(
                    extra
                        .iter()
                        .map(|&c| self.name(c as usize))
                        .collect::<Vec<_>>(),
                ),
            ),
        ]
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

    fn generate(&self, out: &mut Vec<Turn>) {
        if self.outcome.is_some() {
            return;
        }
        let board = self.board();
        let seat = self.to_move.index();
        if self.is_opening() {
            for c in 0..self.cells.len() {
                if board.is_playable(c) && self.cells[c] == EMPTY {
                    out.push(self.turn(CallanishTurn::Place(c as u16)));
                }
            }
            return;
        }
        if self.supply[seat] + 1 < 2 {
            return;
        }
        let n = self.size as usize;
        for c in 0..self.cells.len() {
            let cell = self.cells[c];
            if cell != LONE[seat] && cell != TOPPED[seat] {
                continue;
            }
            let (targets, k) = self.targets(&board, c, seat);
            for i in 0..k {
                for j in i + 1..k {
                    let (mut a, mut b) = (targets[i], targets[j]);
                    if sort_key(n, b) < sort_key(n, a) {
                        std::mem::swap(&mut a, &mut b);
                    }
                    out.push(self.turn(CallanishTurn::Regular {
                        remove: c as u16,
                        add: [a, b],
                    }));
                }
            }
        }
    }

    fn count_turns(&self) -> u64 {
        if self.outcome.is_some() {
            return 0;
        }
        self.count_for(&self.board())
    }

    fn parse_turn(&self, text: &str) -> Result<Turn, TurnError> {
        let board = self.board();
        let n = self.size as usize;
        let squares = super::notation::split_squares(text).unwrap_or_default();
        let usage = if self.is_opening() {
            "in the opening, name one empty cell, e.g. e5".to_string()
        } else {
            "write the cell you remove from, then the two cells you add on, e.g. b2 a4 d1"
                .to_string()
        };
        if squares.is_empty() {
            return Err(TurnError::Unparsable(format!(
                "`{}` is not a Callanish turn: {usage}",
                text.trim()
            )));
        }
        let mut cells = Vec::with_capacity(3);
        for sq in &squares {
            match board.parse(sq) {
                Some(c) => cells.push(c),
                None => {
                    return Err(TurnError::Unparsable(format!(
                        "{sq} is not a cell of the {n} x {n} board (a1 to {})",
                        square_name(n - 1, n - 1)
                    )))
                }
            }
        }
        if self.outcome.is_some() {
            return Err(TurnError::GameOver);
        }
        let seat = self.to_move.index();
        for &c in &cells {
            if !board.is_playable(c) {
                return Err(TurnError::Illegal(format!(
                    "{} is a blocked cell, not part of the board",
                    self.name(c)
                )));
            }
        }
        if self.is_opening() {
            let [c] = cells.as_slice() else {
                return Err(TurnError::Unparsable(format!(
                    "the opening turn is a single cell: {usage}"
                )));
            };
            if self.cells[*c] != EMPTY {
                return Err(TurnError::Illegal(format!(
                    "{} is taken; place on an empty cell",
                    self.name(*c)
                )));
            }
            return Ok(self.turn(CallanishTurn::Place(*c as u16)));
        }
        let [remove, a, b] = cells.as_slice() else {
            return Err(TurnError::Unparsable(format!(
                "a turn has three cells, not {}: {usage}",
                cells.len()
            )));
        };
        let (remove, a, b) = (*remove, *a, *b);
        let cell = self.cells[remove];
        if cell != LONE[seat] && cell != TOPPED[seat] {
            let mut removable: Vec<String> = (0..self.cells.len())
                .filter(|&c| {
                    (self.cells[c] == LONE[seat] || self.cells[c] == TOPPED[seat])
                        && self.targets(&board, c, seat).1 >= 2
                })
                .map(|c| self.name(c))
                .collect();
            removable.sort_by_key(|name| board.parse(name).map(|c| sort_key(n, c as u16)));
            let why = if cell == EMPTY {
                "is empty".to_string()
            } else if controller(cell) == Some(seat) {
                "has no exposed stone of yours".to_string()
            } else {
                format!("{}, not your exposed stone", self.describe(remove, seat))
            };
            return Err(TurnError::Illegal(format!(
                "{} {why}; you can remove from {}",
                self.name(remove),
                short(removable)
            )));
        }
        if self.supply[seat] + 1 < 2 {
            return Err(TurnError::Illegal(
                "your supply is empty: you cannot add two stones".into(),
            ));
        }
        let (targets, k) = self.targets(&board, remove, seat);
        let mut legal: Vec<u16> = targets[..k].to_vec();
        legal.sort_by_key(|&c| sort_key(n, c));
        let legal_names: Vec<String> = legal.iter().map(|&c| self.name(c as usize)).collect();
        if k < 2 {
            return Err(TurnError::Illegal(format!(
                "from {} you could add on {} only, and a turn needs two additions",
                self.name(remove),
                if legal_names.is_empty() {
                    "no cell".to_string()
                } else {
                    list_or(&legal_names)
                }
            )));
        }
        if a == b {
            return Err(TurnError::Illegal(format!(
                "the two additions must be different cells; from {} you can add on {}",
                self.name(remove),
                list_or(&legal_names)
            )));
        }
        for c in [a, b] {
            if !board.knight_targets(remove).contains(&(c as u16)) {
                return Err(TurnError::Illegal(format!(
                    "{} is not a knight's move from {}; from {} you can add on {}",
                    self.name(c),
                    self.name(remove),
                    self.name(remove),
                    list_or(&legal_names)
                )));
            }
            if !self.target_ok(self.cells[c], seat) {
                return Err(TurnError::Illegal(format!(
                    "{} {}; from {} you can add on {}",
                    self.name(c),
                    self.describe(c, seat),
                    self.name(remove),
                    list_or(&legal_names)
                )));
            }
        }
        let (mut a, mut b) = (a as u16, b as u16);
        if sort_key(n, b) < sort_key(n, a) {
            std::mem::swap(&mut a, &mut b);
        }
        Ok(self.turn(CallanishTurn::Regular {
            remove: remove as u16,
            add: [a, b],
        }))
    }

    fn apply(&mut self, turn: &Turn) {
        let board = self.board();
        let seat = self.to_move.index();
        match turn.kind {
            CallanishTurn::Place(c) => {
                self.cells[c as usize] = LONE[seat];
                self.supply[seat] -= 1;
            }
            CallanishTurn::Regular { remove, add } => {
                let r = remove as usize;
                self.cells[r] = if self.cells[r] == TOPPED[seat] {
                    LONE[1 - seat]
                } else {
                    EMPTY
                };
                self.supply[seat] += 1;
                for c in add {
                    let c = c as usize;
                    self.cells[c] = if self.cells[c] == EMPTY {
                        LONE[seat]
                    } else {
                        TOPPED[seat]
                    };
                }
                self.supply[seat] -= 2;
            }
        }
        self.finish_turn(&board);
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
        if depth == 1 {
            return self.count_turns();
        }
        let mut turns = Vec::with_capacity(256);
        self.generate(&mut turns);
        turns
            .iter()
            .map(|turn| {
                let mut next = self.clone();
                next.apply(turn);
                next.perft(depth - 1)
            })
            .sum()
    }

    fn highlights(&self, turn: &Turn) -> Highlights {
        let mut h = Highlights::default();
        match turn.kind {
            CallanishTurn::Place(c) => h.mark(c as usize, MarkKind::Added),
            CallanishTurn::Regular { remove, add } => {
                h.mark(remove as usize, MarkKind::Removed);
                for c in add {
                    h.mark(c as usize, MarkKind::Added);
                }
            }
        }
        h
    }

    fn view(&self) -> BoardView {
        let board = self.board();
        let n = self.size;
        let title = if self.circle {
            format!("Callanish {n} x {n} (circle)")
        } else {
            format!("Callanish {n} x {n}")
        };
        let mut view = BoardView::new(title, Layout::Cells { files: n, ranks: n });
        for (c, &cell) in self.cells.iter().enumerate() {
            view.spots[c] = if !board.is_playable(c) {
                Spot::Blocked
            } else {
                match cell {
                    1 => Spot::Stack(vec![Colour::White]),
                    2 => Spot::Stack(vec![Colour::Black]),
                    3 => Spot::Stack(vec![Colour::Black, Colour::White]),
                    4 => Spot::Stack(vec![Colour::White, Colour::Black]),
                    _ => Spot::Empty,
                }
            };
        }
        view.notes.push(format!("White supply: {}", self.supply[0]));
        view.notes.push(format!("Black supply: {}", self.supply[1]));
        view.status = status_line(self.seat_name(self.to_move), self.outcome, |s| {
            self.seat_name(s)
        });
        view
    }

    fn can_draw(&self) -> bool {
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(options: &[(&str, &str)]) -> Callanish {
        Callanish::new(&Options::from_pairs(options)).unwrap()
    }

    fn cell(g: &Callanish, name: &str) -> usize {
        g.board().parse(name).unwrap()
    }

    fn set(g: &mut Callanish, name: &str, value: u8) {
        let c = cell(g, name);
        g.cells[c] = value;
    }

    /// A position after the opening with White to move.
    fn midgame() -> Callanish {
        let mut g = game(&[]);
        g.turns = 2;
        g
    }

    #[test]
    fn worked_example_b2() {
        // White removes from b2: c4 holds White, d3 a stack, a4 a lone Black, d1 empty.
        let mut g = midgame();
        set(&mut g, "b2", 1);
        set(&mut g, "c4", 1);
        set(&mut g, "d3", 4);
        set(&mut g, "a4", 2);
        let turn = g.parse_turn("b2 d1 a4").unwrap();
        assert_eq!(turn.to_string(), "b2 a4 d1");
        let e = g.parse_turn("b2 c4 d1").unwrap_err().to_string();
        assert_eq!(
            e,
            "c4 holds your own stone; from b2 you can add on a4 or d1"
        );
        let e = g.parse_turn("b2 d3 d1").unwrap_err().to_string();
        assert!(e.contains("d3 holds a stack"), "{e}");
        g.play(&turn).unwrap();
        // a4 is now a White-topped stack: Black cannot remove its stone there.
        assert_eq!(g.cells[cell(&g, "a4")], TOPPED[0]);
        let e = g.parse_turn("a4 b2 c3").unwrap_err().to_string();
        assert!(e.contains("a4 holds a stack your opponent controls"), "{e}");
    }

    #[test]
    fn worked_example_e2_defence() {
        // Black has 5 cells of rank 2 (its threshold on 9 x 9); White to move.
        let mut g = midgame();
        for name in ["a2", "b2", "c2", "e2", "g2"] {
            set(&mut g, name, 2);
        }
        set(&mut g, "c3", 1);
        set(&mut g, "a9", 1);
        // A careless White turn lets Black win at the end of it.
        let mut careless = g.clone();
        careless
            .play(&careless.parse_turn("a9 b7 c8").unwrap())
            .unwrap();
        assert_eq!(
            careless.outcome(),
            Some(Outcome::win(Seat::Second, Reason::Line))
        );
        // c3 -> e2 covers Black's lone stone: rank 2 drops to 4 and Black does not win.
        let mut defended = g.clone();
        defended
            .play(&defended.parse_turn("c3 e2 a4").unwrap())
            .unwrap();
        assert_eq!(defended.outcome(), None);
    }

    #[test]
    fn only_the_other_players_lines_count() {
        // White completes five on rank 1 itself: not checked at the end of
        // White's own turn.
        let mut g = midgame();
        for name in ["a1", "b1", "c1", "d1"] {
            set(&mut g, name, 1);
        }
        set(&mut g, "g3", 1);
        set(&mut g, "a9", 2);
        g.play(&g.parse_turn("g3 e2 f1").unwrap()).unwrap();
        assert_eq!(
            g.outcome(),
            None,
            "White's own line is not checked on White's turn"
        );
        // If Black does nothing about it, White wins at the end of Black's turn.
        g.play(&g.parse_turn("a9 b7 c8").unwrap()).unwrap();
        assert_eq!(g.outcome(), Some(Outcome::win(Seat::First, Reason::Line)));
    }

    #[test]
    fn options_and_thresholds() {
        let e = Callanish::new(&Options::from_pairs(&[("size", "8")]))
            .unwrap_err()
            .to_string();
        assert!(e.contains("even"), "{e}");
        assert!(Callanish::new(&Options::from_pairs(&[("size", "21")])).is_err());
        let circle = game(&[("shape", "circle")]);
        let b = circle.board();
        assert_eq!(b.threshold(0), 3, "rank 1");
        assert_eq!(b.threshold(1), 4, "rank 2");
        assert_eq!(b.threshold(4), 5, "rank 5");
        assert_eq!(b.threshold(9), 3, "file a");
        assert_eq!(b.threshold(10), 4, "file b");
        assert_eq!(circle.count_turns(), 69);
        assert!(
            Callanish::new(&Options::from_pairs(&[("shape", "circle"), ("size", "7")])).is_err()
        );
        // A custom board leaving two cells in a line is refused.
        let e = Callanish::new(&Options::from_pairs(&[
            ("size", "5"),
            ("blocked", "a1,b1,c1"),
        ]))
        .unwrap_err();
        assert!(e.to_string().contains("rank 1"), "{e}");
        let custom = game(&[("size", "5"), ("blocked", "a1,b1")]);
        assert_eq!(custom.count_turns(), 23);
        assert_eq!(custom.options()[3].1, serde_json::json!(["a1", "b1"]));
        assert!(custom
            .parse_turn("a1")
            .unwrap_err()
            .to_string()
            .contains("blocked"));
    }

    #[test]
    fn opening_and_stacks() {
        let mut g = game(&[("size", "5")]);
        g.play(&g.parse_turn("c3").unwrap()).unwrap();
        assert!(g
            .parse_turn("c3")
            .unwrap_err()
            .to_string()
            .contains("taken"));
        g.play(&g.parse_turn("a1").unwrap()).unwrap();
        // White removes c3 and adds on two knight cells.
        let e = g.parse_turn("a1 b3 c2").unwrap_err().to_string();
        assert!(e.contains("you can remove from c3"), "{e}");
        let t = g.parse_turn("c3:e4,b1").unwrap();
        assert_eq!(t.to_string(), "c3 b1 e4");
        g.play(&t).unwrap();
        assert_eq!(g.supply, [62, 63], "one placed, one removed, two added");
        // Black removes a1 (knight cells b3, c2) and adds on both.
        g.play(&g.parse_turn("a1-c2-b3").unwrap()).unwrap();
        assert_eq!(g.cells[cell(&g, "a1")], EMPTY);
    }

    #[test]
    fn empty_supply_means_no_moves() {
        let mut g = game(&[("size", "5"), ("stones", "2")]);
        g.play(&g.parse_turn("c3").unwrap()).unwrap();
        g.play(&g.parse_turn("a1").unwrap()).unwrap();
        // White has 1 in supply: removing makes 2, so one more turn works.
        g.play(&g.parse_turn("c3 b1 e4").unwrap()).unwrap();
        assert_eq!(g.supply[0], 0);
        g.play(&g.parse_turn("a1 b3 c2").unwrap()).unwrap();
        // Now White has 0 + 1 < 2: no legal turn, White loses.
        assert_eq!(
            g.outcome(),
            Some(Outcome::win(Seat::Second, Reason::NoMoves))
        );
    }

    #[test]
    fn perft_small() {
        let g = game(&[("size", "5")]);
        assert_eq!(g.perft(3), 3936);
        assert_eq!(crate::rules::check::slow_perft(&g, 3), 3936);
    }
}
