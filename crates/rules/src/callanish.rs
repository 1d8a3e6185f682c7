//! Callanish (José Manuel Astilleros): on an n x n board of cells, remove one
//! of your exposed stones and add two a knight's move away. A player who
//! controls at least half (rounded up) of a row or column at the end of the
//! opponent's turn wins. See docs/rules/callanish.md.

use std::collections::HashMap;
use std::fmt;
use std::sync::{Mutex, OnceLock};

#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};

use super::geometry::CellBoard;
use super::notation::{names_or, names_or_at_most, square_name};
use super::view::status_line;
use super::OptionValue;
use super::Step;
use super::{
    BoardView, Colour, Game, GameKind, GameWords, Highlights, Layout, MarkKind, Message,
    OptionError, OptionSpec, Options, Outcome, Reason, Seat, SplitRng, Spot, TurnError,
};

/// Why a Callanish turn was refused, with what the player needs to know.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CallanishRefusal {
    /// Nothing in the text reads as cells (`opening`: in the opening).
    NotATurn { text: String, opening: bool },
    /// A name that is not a cell of the `size` x `size` board.
    NotACell { cell: String, size: usize },
    /// A cell blocked out of play.
    Blocked { cell: String },
    /// More than one cell named in the opening.
    OpeningOneCell,
    /// An opening stone on a cell already taken.
    Taken { cell: String },
    /// A later turn naming other than three cells.
    WrongCount { given: usize },
    /// The cell removed from holds no exposed stone of the player; the
    /// cells they can remove from.
    NotRemovable {
        cell: String,
        holds: CellContents,
        removable: Vec<String>,
    },
    /// No stones left to add.
    SupplyEmpty,
    /// Fewer than two cells to add on from the cell removed from.
    TooFewAdditions { from: String, targets: Vec<String> },
    /// The same cell named for both additions.
    SameAddition { from: String, targets: Vec<String> },
    /// An addition not a knight's move from the cell removed from.
    NotAKnightMove {
        cell: String,
        from: String,
        targets: Vec<String>,
    },
    /// An addition on a cell that cannot take a stone.
    NotOpen {
        cell: String,
        holds: CellContents,
        from: String,
        targets: Vec<String>,
    },
}

/// What a cell holds, as the player to move sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CellContents {
    Empty,
    OwnStone,
    OwnStack,
    EnemyStone,
    EnemyStack,
}

impl CellContents {
    /// The selector the catalogue's messages choose their words by.
    fn key(self) -> &'static str {
        match self {
            CellContents::Empty => "empty",
            CellContents::OwnStone => "own-stone",
            CellContents::OwnStack => "own-stack",
            CellContents::EnemyStone => "enemy-stone",
            CellContents::EnemyStack => "enemy-stack",
        }
    }
}

/// At most this many cells are listed to remove from.
const REMOVABLE_LISTED: usize = 12;

impl CallanishRefusal {
    /// The refusal for a reader in any language.
    pub fn message(&self) -> Message {
        use CallanishRefusal as R;
        match self {
            R::NotATurn { text, opening } => Message::new("callanish-refusal-not-a-turn")
                .arg("text", text.as_str())
                .arg("usage", usage(*opening)),
            R::NotACell { cell, size } => Message::new("callanish-refusal-not-a-cell")
                .arg("cell", cell.as_str())
                .arg("size", *size)
                .arg("last", square_name(size - 1, size - 1)),
            R::Blocked { cell } => {
                Message::new("callanish-refusal-blocked").arg("cell", cell.as_str())
            }
            R::OpeningOneCell => {
                Message::new("callanish-refusal-opening-one-cell").arg("usage", usage(true))
            }
            R::Taken { cell } => Message::new("callanish-refusal-taken").arg("cell", cell.as_str()),
            R::WrongCount { given } => Message::new("callanish-refusal-wrong-count")
                .arg("given", *given)
                .arg("usage", usage(false)),
            R::NotRemovable {
                cell,
                holds,
                removable,
            } => Message::new("callanish-refusal-not-removable")
                .arg("cell", cell.as_str())
                .arg("holds", holds.key())
                .arg("removable", names_or_at_most(removable, REMOVABLE_LISTED)),
            R::SupplyEmpty => Message::new("callanish-refusal-supply-empty"),
            R::TooFewAdditions { from, targets } => {
                Message::new("callanish-refusal-too-few-additions")
                    .arg("from", from.as_str())
                    .arg("count", targets.len())
                    .arg("targets", names_or(targets))
            }
            R::SameAddition { from, targets } => Message::new("callanish-refusal-same-addition")
                .arg("from", from.as_str())
                .arg("targets", names_or(targets)),
            R::NotAKnightMove {
                cell,
                from,
                targets,
            } => Message::new("callanish-refusal-not-a-knight-move")
                .arg("cell", cell.as_str())
                .arg("from", from.as_str())
                .arg("targets", names_or(targets)),
            R::NotOpen {
                cell,
                holds,
                from,
                targets,
            } => Message::new("callanish-refusal-not-open")
                .arg("cell", cell.as_str())
                .arg("holds", holds.key())
                .arg("from", from.as_str())
                .arg("targets", names_or(targets)),
        }
    }
}

/// How a turn is written, in the opening or later.
fn usage(opening: bool) -> Message {
    Message::new(if opening {
        "callanish-usage-opening"
    } else {
        "callanish-usage-turn"
    })
}

fn unparsable(refusal: CallanishRefusal) -> TurnError {
    TurnError::Unparsable(refusal.into())
}

fn illegal(refusal: CallanishRefusal) -> TurnError {
    TurnError::Illegal(refusal.into())
}

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
///
/// Besides the position itself (cells, supplies, turn count) it keeps
/// `Lines`, bookkeeping derived from the cells and updated cell by cell in
/// `apply`, so that neither the win test nor the turn count rescans the
/// board. Equal positions have equal bookkeeping, so `==` and `Hash` may
/// include it.
#[derive(Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
#[cfg_attr(feature = "serde", serde(from = "Stored"))]
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
    #[cfg_attr(feature = "serde", serde(skip))]
    geometry: Geometry,
    /// Boxed: positions are moved around inside `AnyGame`.
    #[cfg_attr(feature = "serde", serde(skip))]
    lines: Box<Lines>,
}

/// The stored form: the position without derived bookkeeping, which is
/// rebuilt on loading.
#[cfg_attr(feature = "serde", derive(Deserialize))]
struct Stored {
    size: u8,
    blocked: Vec<u16>,
    circle: bool,
    stones: u16,
    cells: Vec<u8>,
    supply: [u16; 2],
    turns: u32,
    to_move: Seat,
    outcome: Option<Outcome>,
}

impl From<Stored> for Callanish {
    fn from(s: Stored) -> Callanish {
        // The options were checked when the game was created; a stored
        // game that no longer builds falls back to the plain board.
        let tables = Tables::get(s.size as usize, &s.blocked)
            .or_else(|_| Tables::get(s.size as usize, &[]))
            .unwrap_or_else(|_| unreachable!("a plain odd board always builds"));
        let n = tables.board.cells();
        let mut cells = s.cells;
        // A damaged record cannot index out of the board.
        cells.resize(n, EMPTY);
        let mut game = Callanish {
            size: tables.board.size as u8,
            blocked: s.blocked,
            circle: s.circle,
            stones: s.stones,
            cells: vec![EMPTY; n],
            supply: s.supply,
            turns: s.turns,
            to_move: s.to_move,
            outcome: s.outcome,
            geometry: Geometry(tables),
            lines: Box::new(Lines::empty(tables)),
        };
        for (c, v) in cells.into_iter().enumerate() {
            if v != EMPTY && v <= 4 && tables.board.is_playable(c) {
                game.set_cell(c, v);
            }
        }
        game
    }
}

impl Clone for Callanish {
    fn clone(&self) -> Self {
        Callanish {
            size: self.size,
            blocked: self.blocked.clone(),
            circle: self.circle,
            stones: self.stones,
            cells: self.cells.clone(),
            supply: self.supply,
            turns: self.turns,
            to_move: self.to_move,
            outcome: self.outcome,
            geometry: self.geometry,
            lines: self.lines.clone(),
        }
    }

    /// Reuses the buffers (perft keeps one scratch position per level).
    fn clone_from(&mut self, source: &Self) {
        self.size = source.size;
        self.blocked.clone_from(&source.blocked);
        self.circle = source.circle;
        self.stones = source.stones;
        self.cells.clone_from(&source.cells);
        self.supply = source.supply;
        self.turns = source.turns;
        self.to_move = source.to_move;
        self.outcome = source.outcome;
        self.geometry = source.geometry;
        self.lines.clone_from(&source.lines);
    }
}

/// Words of a cell set: 19 x 19 = 361 cells fit in 6 x 64 bits.
const WORDS: usize = 6;

/// Board tables built once per board shape and shared by every position on
/// it (interned for the life of the process: there are few shapes).
#[derive(Debug)]
struct Tables {
    board: CellBoard,
    /// Rank line and file line of each cell.
    line_of: Vec<[u8; 2]>,
    /// Win threshold of each line; `u8::MAX` for lines that never count.
    threshold: Vec<u8>,
    playable: u32,
}

impl Tables {
    fn get(size: usize, blocked: &[u16]) -> Result<&'static Tables, super::geometry::BoardError> {
        type Interned = Mutex<HashMap<(usize, Vec<u16>), &'static Tables>>;
        static ALL: OnceLock<Interned> = OnceLock::new();
        let all = ALL.get_or_init(|| Mutex::new(HashMap::new()));
        let key = (size, blocked.to_vec());
        // A poisoned lock only means another thread panicked while
        // inserting: the map itself is still consistent.
        let mut map = all.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(t) = map.get(&key) {
            return Ok(t);
        }
        let cells: Vec<usize> = blocked.iter().map(|&c| c as usize).collect();
        let board = CellBoard::new(size, &cells)?;
        let line_of = (0..size * size)
            .map(|c| [(c / size) as u8, (size + c % size) as u8])
            .collect();
        let threshold = (0..board.line_count())
            .map(|l| match board.threshold(l) {
                0 => u8::MAX,
                t => t as u8,
            })
            .collect();
        let playable = (0..board.cells()).filter(|&c| board.is_playable(c)).count() as u32;
        let tables: &'static Tables = Box::leak(Box::new(Tables {
            board,
            line_of,
            threshold,
            playable,
        }));
        map.insert(key, tables);
        Ok(tables)
    }
}

/// The board tables of a game. Not part of the position: ignored by `==`
/// and `Hash` (the options that shape the board are compared instead).
#[derive(Clone, Copy, Debug)]
struct Geometry(&'static Tables);

impl PartialEq for Geometry {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl Eq for Geometry {}

impl std::hash::Hash for Geometry {
    fn hash<H: std::hash::Hasher>(&self, _: &mut H) {}
}

/// Bookkeeping derived from the cells, kept up to date by
/// [`Callanish::set_cell`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Lines {
    /// `count[s][line]`: cells of the line that seat s controls.
    count: [[u8; 38]; 2],
    /// Lines where seat s has reached the threshold.
    won: [u16; 2],
    /// `open[s * cells + c]`: knight targets of c where seat s may add
    /// (empty, or a lone enemy stone).
    open: Vec<u8>,
    /// Seat s's exposed stones, a bit per cell.
    exposed: [[u64; WORDS]; 2],
    /// The turns of seat s after the opening: the sum over its exposed
    /// stones of C(open, 2) (supply aside).
    pairs: [u32; 2],
}

impl Lines {
    /// The bookkeeping of an empty board: every target open to both.
    fn empty(t: &Tables) -> Lines {
        let n = t.board.cells();
        let mut open = vec![0u8; 2 * n];
        for c in 0..n {
            let k = t.board.knight_targets(c).len() as u8;
            open[c] = k;
            open[n + c] = k;
        }
        Lines {
            count: [[0; 38]; 2],
            won: [0; 2],
            open,
            exposed: [[0; WORDS]; 2],
            pairs: [0; 2],
        }
    }
}

#[inline]
fn pairs_of(k: u8) -> u32 {
    let k = u32::from(k);
    k * k.saturating_sub(1) / 2
}

/// Whether seat s may add on a cell holding `v`.
#[inline]
fn open_to(v: u8, s: usize) -> bool {
    v == EMPTY || v == LONE[1 - s]
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

/// What holding `held` cells of a line needing `need` is worth: 100 at
/// the threshold, growing with the square of the share before it.
fn line_worth(held: u8, need: u8) -> i32 {
    let (held, need) = (i32::from(held.min(need)), i32::from(need.max(1)));
    100 * held * held / (need * need)
}

/// What having `pairs` turns to choose from is worth: nothing with none,
/// 30 with one, nearing 60 with many (a few more matter only when there
/// are few).
fn room_worth(pairs: u32) -> i32 {
    60 - 60 / (1 + pairs.min(1_000) as i32)
}

impl Callanish {
    fn board(&self) -> &'static CellBoard {
        &self.geometry.0.board
    }

    /// The lines `seat` holds at or above their threshold, as
    /// `(line, cells held, threshold)`.
    fn held_lines(&self, seat: Seat) -> Vec<(usize, u8, u8)> {
        let t = self.geometry.0;
        let s = seat.index();
        (0..t.threshold.len())
            .filter(|&l| t.threshold[l] != u8::MAX && self.lines.count[s][l] >= t.threshold[l])
            .map(|l| (l, self.lines.count[s][l], t.threshold[l]))
            .collect()
    }

    /// The lines held, as a message: each "rank 3 with 5 of its cells (5
    /// needed)", listed.
    fn lines_message(&self, lines: &[(usize, u8, u8)]) -> Message {
        let n = self.size as usize;
        let items = lines
            .iter()
            .map(|&(l, held, needed)| {
                let (id, name) = if l < n {
                    ("callanish-line-rank", (l + 1).to_string())
                } else {
                    (
                        "callanish-line-file",
                        square_name(l - n, 0).trim_end_matches('1').to_string(),
                    )
                };
                Message::new(id)
                    .arg("line", name)
                    .arg("held", held)
                    .arg("needed", needed)
            })
            .collect();
        super::notation::message_list_and(items)
    }

    /// The cells `seat` controls on the lines it holds.
    fn held_cells(&self, seat: Seat) -> Vec<usize> {
        let t = self.geometry.0;
        let lines: Vec<usize> = self.held_lines(seat).iter().map(|l| l.0).collect();
        let mut cells: Vec<usize> = (0..self.cells.len())
            .filter(|&c| controller(self.cells[c]) == Some(seat.index()))
            .filter(|&c| t.line_of[c].iter().any(|&l| lines.contains(&(l as usize))))
            .collect();
        cells.sort_unstable();
        cells
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
        open_to(cell, seat)
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

    /// Put `v` on cell `c`, keeping [`Lines`] up to date: the line counts
    /// where control changes hands, the open targets of the (at most
    /// eight) cells a knight's move away, and the turn totals.
    fn set_cell(&mut self, c: usize, v: u8) {
        let t = self.geometry.0;
        let n = t.board.cells();
        let old = self.cells[c];
        let lines = &mut self.lines;
        let (was, now) = (controller(old), controller(v));
        if was != now {
            if let Some(s) = was {
                for l in t.line_of[c] {
                    let l = l as usize;
                    if lines.count[s][l] == t.threshold[l] {
                        lines.won[s] -= 1;
                    }
                    lines.count[s][l] -= 1;
                }
                lines.exposed[s][c / 64] &= !(1 << (c % 64));
                lines.pairs[s] -= pairs_of(lines.open[s * n + c]);
            }
            if let Some(s) = now {
                for l in t.line_of[c] {
                    let l = l as usize;
                    lines.count[s][l] += 1;
                    if lines.count[s][l] == t.threshold[l] {
                        lines.won[s] += 1;
                    }
                }
                lines.exposed[s][c / 64] |= 1 << (c % 64);
                lines.pairs[s] += pairs_of(lines.open[s * n + c]);
            }
        }
        for s in 0..2 {
            let (before, after) = (open_to(old, s), open_to(v, s));
            if before == after {
                continue;
            }
            // The knight relation is symmetric: the cells that target c are
            // c's own targets.
            for &u in t.board.knight_targets(c) {
                let u = u as usize;
                let k = &mut lines.open[s * n + u];
                let old_k = *k;
                *k = if after { old_k + 1 } else { old_k - 1 };
                if controller(self.cells[u]) == Some(s) {
                    lines.pairs[s] = lines.pairs[s] + pairs_of(*k) - pairs_of(old_k);
                }
            }
        }
        self.cells[c] = v;
    }

    /// Seat s's exposed stones, in cell order.
    fn exposed(&self, s: usize) -> impl Iterator<Item = usize> + '_ {
        let words = self.cells.len().div_ceil(64);
        self.lines.exposed[s][..words]
            .iter()
            .enumerate()
            .flat_map(|(w, &bits)| super::geometry::bits(bits).map(move |b| w * 64 + b))
    }

    fn count_for(&self) -> u64 {
        let seat = self.to_move.index();
        if self.is_opening() {
            let taken = self.cells.iter().filter(|&&v| v != EMPTY).count() as u32;
            return u64::from(self.geometry.0.playable - taken);
        }
        // Removing returns a stone to the supply, then two are added.
        if self.supply[seat] + 1 < 2 {
            return 0;
        }
        u64::from(self.lines.pairs[seat])
    }

    fn finish_turn(&mut self) {
        self.turns += 1;
        let mover = self.to_move.index();
        self.to_move = self.to_move.other();
        // The player who did not just move wins with a line.
        if self.lines.won[1 - mover] > 0 {
            self.outcome = Some(Outcome::win(self.to_move, Reason::Line));
        } else if self.count_for() == 0 {
            self.outcome = Some(Outcome::win(self.to_move.other(), Reason::NoMoves));
        }
    }

    /// Turn number `r` (0-based) of the `count_turns()` turns, found
    /// without listing the others: the exposed stones are walked with
    /// their pair counts until the one holding r.
    fn nth_turn(&self, mut r: usize) -> Option<Turn> {
        if self.outcome.is_some() || r as u64 >= self.count_for() {
            return None;
        }
        let board = self.board();
        if self.is_opening() {
            let c = (0..self.cells.len())
                .filter(|&c| board.is_playable(c) && self.cells[c] == EMPTY)
                .nth(r)?;
            return Some(self.turn(CallanishTurn::Place(c as u16)));
        }
        let seat = self.to_move.index();
        let n = self.cells.len();
        for c in self.exposed(seat) {
            let pairs = pairs_of(self.lines.open[seat * n + c]) as usize;
            if r >= pairs {
                r -= pairs;
                continue;
            }
            let (targets, k) = self.targets(board, c, seat);
            // Pair number r in the order (0,1), (0,2), ... (k-2,k-1).
            let mut i = 0;
            while r >= k - 1 - i {
                r -= k - 1 - i;
                i += 1;
            }
            let (mut a, mut b) = (targets[i], targets[i + 1 + r]);
            if sort_key(self.size as usize, b) < sort_key(self.size as usize, a) {
                std::mem::swap(&mut a, &mut b);
            }
            return Some(self.turn(CallanishTurn::Regular {
                remove: c as u16,
                add: [a, b],
            }));
        }
        None
    }

    /// Perft below a node, with one turn buffer and one scratch position
    /// per level so that nothing is allocated once the buffers are warm.
    fn perft_with(&self, depth: u32, turns: &mut [Vec<Turn>], scratch: &mut [Callanish]) -> u64 {
        if self.outcome.is_some() {
            return 0;
        }
        if depth <= 1 {
            return self.count_for();
        }
        let ([buf, turns @ ..], [next, scratch @ ..]) = (turns, scratch) else {
            return self.perft(depth);
        };
        buf.clear();
        self.generate(buf);
        let mut total = 0;
        for turn in buf.iter() {
            next.clone_from(self);
            next.apply(turn);
            total += next.perft_with(depth - 1, turns, scratch);
        }
        total
    }

    fn name(&self, c: usize) -> String {
        let n = self.size as usize;
        square_name(c % n, c / n)
    }

    fn describe(&self, c: usize, seat: usize) -> CellContents {
        match self.cells[c] {
            EMPTY => CellContents::Empty,
            v if v == LONE[seat] => CellContents::OwnStone,
            v if v == TOPPED[seat] => CellContents::OwnStack,
            v if v == LONE[1 - seat] => CellContents::EnemyStone,
            _ => CellContents::EnemyStack,
        }
    }
}

impl Game for Callanish {
    type Turn = Turn;
    const KIND: GameKind = GameKind::Callanish;

    const OPTIONS: &'static [OptionSpec] = &[
        OptionSpec::choice(
            "size",
            &["9", "7", "5", "11", "13", "15", "17", "19"],
            "callanish-option-size",
        ),
        OptionSpec::choice("shape", &["square", "circle"], "callanish-option-shape"),
        OptionSpec::number(
            "stones",
            (64, 2, 1000),
            &[64, 16, 32, 48, 100],
            "callanish-option-stones",
        ),
        OptionSpec::points("blocked", "callanish-option-blocked"),
    ];

    const WORDS: GameWords = GameWords {
        title: "callanish-title",
        summary: "callanish-summary",
        notation: "callanish-notation",
    };

    /// The two additions in either order.
    fn other_spellings(canonical: &str) -> Vec<String> {
        match canonical.split(' ').collect::<Vec<_>>().as_slice() {
            [removed, a, b] => vec![format!("{removed} {b} {a}")],
            _ => Vec::new(),
        }
    }

    fn new(options: &Options) -> Result<Self, OptionError> {
        let [size_spec, shape_spec, stones_spec, _] = Self::OPTIONS else {
            return Err(OptionError::Undeclared { game: "Callanish" });
        };
        options.check_specs("callanish", Self::OPTIONS)?;
        // The declared sizes are the odd numbers from the smallest to the
        // largest; an even size in between gets its own explanation.
        let sizes: Vec<u32> = size_spec
            .suggestions()
            .iter()
            .filter_map(|s| s.parse().ok())
            .collect();
        let (min, max) = (
            sizes.iter().copied().min().unwrap_or(9),
            sizes.iter().copied().max().unwrap_or(9),
        );
        let size = match options.get(size_spec.key) {
            None => size_spec.default_text().parse().unwrap_or(9),
            Some(text) => match text.trim().parse::<u32>() {
                Ok(n) if sizes.contains(&n) => n,
                _ => {
                    return Err(OptionError::NotOdd {
                        game: "Callanish",
                        key: size_spec.key,
                        given: text.into(),
                        min,
                        max,
                    })
                }
            },
        } as usize;
        let stones = options.number_of(stones_spec)? as u16;
        let shape = options.choice_of(shape_spec)?;
        let mut blocked: Vec<u16> = Vec::new();
        let parse_cell = |name: &str| {
            super::notation::parse_square(name, size, size)
                .map(|(f, r)| (r * size + f) as u16)
                .ok_or_else(|| OptionError::NotAPoint {
                    point: name.into(),
                    files: size,
                    ranks: size,
                })
        };
        if shape == "circle" {
            if size != 9 {
                return Err(OptionError::Needs {
                    key: "shape",
                    value: "circle",
                    needs: "size=9",
                    why: super::options::HelpWords("callanish-circle-board"),
                });
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
        let tables = Tables::get(size, &blocked).map_err(OptionError::Unplayable)?;
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
            geometry: Geometry(tables),
            lines: Box::new(Lines::empty(tables)),
        };
        if game.count_for() == 0 {
            game.outcome = Some(Outcome::win(Seat::Second, Reason::NoMoves));
        }
        Ok(game)
    }

    fn options(&self) -> Vec<(&'static str, OptionValue)> {
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
            ("size", OptionValue::from(self.size)),
            (
                "shape",
                OptionValue::from(if self.circle { "circle" } else { "square" }),
            ),
            ("stones", OptionValue::from(self.stones)),
            (
                "blocked",
                OptionValue::from(
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
        for c in self.exposed(seat) {
            let (targets, k) = self.targets(board, c, seat);
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
        self.count_for()
    }

    /// One turn drawn uniformly without listing the others.
    fn random_turn(&self, rng: &mut SplitRng) -> Option<Turn> {
        let total = self.count_turns();
        if total == 0 {
            return None;
        }
        self.nth_turn(rng.below(total as usize))
    }

    fn parse_turn(&self, text: &str) -> Result<Turn, TurnError> {
        let board = self.board();
        let n = self.size as usize;
        let squares = super::notation::split_squares(text).unwrap_or_default();
        if squares.is_empty() {
            return Err(unparsable(CallanishRefusal::NotATurn {
                text: text.trim().to_string(),
                opening: self.is_opening(),
            }));
        }
        let mut cells = Vec::with_capacity(3);
        for sq in &squares {
            match board.parse(sq) {
                Some(c) => cells.push(c),
                None => {
                    return Err(unparsable(CallanishRefusal::NotACell {
                        cell: sq.clone(),
                        size: n,
                    }))
                }
            }
        }
        if self.outcome.is_some() {
            return Err(TurnError::GameOver);
        }
        let seat = self.to_move.index();
        for &c in &cells {
            if !board.is_playable(c) {
                return Err(illegal(CallanishRefusal::Blocked { cell: self.name(c) }));
            }
        }
        if self.is_opening() {
            let [c] = cells.as_slice() else {
                return Err(unparsable(CallanishRefusal::OpeningOneCell));
            };
            if self.cells[*c] != EMPTY {
                return Err(illegal(CallanishRefusal::Taken {
                    cell: self.name(*c),
                }));
            }
            return Ok(self.turn(CallanishTurn::Place(*c as u16)));
        }
        let [remove, a, b] = cells.as_slice() else {
            return Err(unparsable(CallanishRefusal::WrongCount {
                given: cells.len(),
            }));
        };
        let (remove, a, b) = (*remove, *a, *b);
        let cell = self.cells[remove];
        if cell != LONE[seat] && cell != TOPPED[seat] {
            let mut removable: Vec<String> = (0..self.cells.len())
                .filter(|&c| {
                    (self.cells[c] == LONE[seat] || self.cells[c] == TOPPED[seat])
                        && self.targets(board, c, seat).1 >= 2
                })
                .map(|c| self.name(c))
                .collect();
            removable.sort_by_key(|name| board.parse(name).map(|c| sort_key(n, c as u16)));
            return Err(illegal(CallanishRefusal::NotRemovable {
                cell: self.name(remove),
                holds: self.describe(remove, seat),
                removable,
            }));
        }
        if self.supply[seat] + 1 < 2 {
            return Err(illegal(CallanishRefusal::SupplyEmpty));
        }
        let (targets, k) = self.targets(board, remove, seat);
        let mut legal: Vec<u16> = targets[..k].to_vec();
        legal.sort_by_key(|&c| sort_key(n, c));
        let targets: Vec<String> = legal.iter().map(|&c| self.name(c as usize)).collect();
        let from = self.name(remove);
        if k < 2 {
            return Err(illegal(CallanishRefusal::TooFewAdditions { from, targets }));
        }
        if a == b {
            return Err(illegal(CallanishRefusal::SameAddition { from, targets }));
        }
        for c in [a, b] {
            if !board.knight_targets(remove).contains(&(c as u16)) {
                return Err(illegal(CallanishRefusal::NotAKnightMove {
                    cell: self.name(c),
                    from,
                    targets,
                }));
            }
            if !self.target_ok(self.cells[c], seat) {
                return Err(illegal(CallanishRefusal::NotOpen {
                    cell: self.name(c),
                    holds: self.describe(c, seat),
                    from,
                    targets,
                }));
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
        let seat = self.to_move.index();
        match turn.kind {
            CallanishTurn::Place(c) => {
                self.set_cell(c as usize, LONE[seat]);
                self.supply[seat] -= 1;
            }
            CallanishTurn::Regular { remove, add } => {
                let r = remove as usize;
                let left = if self.cells[r] == TOPPED[seat] {
                    LONE[1 - seat]
                } else {
                    EMPTY
                };
                self.set_cell(r, left);
                self.supply[seat] += 1;
                for c in add {
                    let c = c as usize;
                    let v = if self.cells[c] == EMPTY {
                        LONE[seat]
                    } else {
                        TOPPED[seat]
                    };
                    self.set_cell(c, v);
                }
                self.supply[seat] -= 2;
            }
        }
        self.finish_turn();
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// How near each side is to holding its lines (every line counts the
    /// square of the share of its threshold a side controls), and how
    /// many turns it has left to choose from: a side with few can be shut
    /// in (a corner stone in the opening), and one with none has lost.
    /// Mine less theirs. Nothing is captured, so there is no material.
    fn estimate(&self) -> Option<crate::Estimate> {
        let thresholds = &self.geometry.0.threshold;
        let (me, them) = (self.to_move.index(), self.to_move.other().index());
        let lines: i32 = (0..thresholds.len())
            .filter(|&l| thresholds[l] != u8::MAX)
            .map(|l| {
                let need = thresholds[l];
                line_worth(self.lines.count[me][l], need) - line_worth(self.lines.count[them][l], need)
            })
            .sum();
        let room = room_worth(self.lines.pairs[me]) - room_worth(self.lines.pairs[them]);
        Some(crate::Estimate {
            material: 0,
            position: lines + room,
            at_stake: 0,
        })
    }

    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if self.outcome.is_some() {
            return 0;
        }
        let levels = depth as usize;
        let mut turns = vec![Vec::new(); levels];
        let mut scratch = vec![self.clone(); levels];
        self.perft_with(depth, &mut turns, &mut scratch)
    }

    /// The opening cell; or the removal, then the two additions in either
    /// order.
    fn turn_steps(&self, turn: &Turn) -> Vec<Vec<Step>> {
        let n = self.size as usize;
        let name = |c: u16| square_name(c as usize % n, c as usize / n);
        match turn.kind {
            CallanishTurn::Place(c) => vec![vec![Step::on(
                name(c),
                "",
                c as usize,
                MarkKind::Added,
                Some("pick-note-place-stone"),
            )]],
            CallanishTurn::Regular { remove, add } => {
                let removal = Step::on(
                    name(remove),
                    "",
                    remove as usize,
                    MarkKind::Removed,
                    Some("pick-note-remove"),
                );
                let addition = |c: u16| {
                    Step::on(name(c), " ", c as usize, MarkKind::Added, Some("pick-note-add"))
                };
                vec![
                    vec![removal.clone(), addition(add[0]), addition(add[1])],
                    vec![removal, addition(add[1]), addition(add[0])],
                ]
            }
        }
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
        let title = Message::new(if self.circle {
            "callanish-view-title-circle"
        } else {
            "callanish-view-title"
        })
        .arg("size", n);
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
        for seat in Seat::BOTH {
            view.notes.push(
                Message::new("callanish-note-supply")
                    .arg("seat", self.seat_message(seat))
                    .arg("count", self.supply[seat.index()]),
            );
        }
        if let Some(Outcome {
            winner: Some(winner),
            reason: Reason::Line,
        }) = self.outcome
        {
            view.winning = self.held_cells(winner);
        }
        view.status = status_line(self.to_move, self.outcome, |s| self.seat_message(s));
        view
    }

    fn can_draw(&self) -> bool {
        false
    }

    fn end_detail(&self, outcome: Outcome) -> Option<Message> {
        match outcome {
            Outcome {
                winner: Some(winner),
                reason: Reason::Line,
            } => Some(
                Message::new("callanish-end-line")
                    .arg("winner", self.seat_message(winner))
                    .arg("lines", self.lines_message(&self.held_lines(winner))),
            ),
            _ => None,
        }
    }

    /// The hint layer of `moves` rings the mover's stones that can be
    /// removed and marks the cells additions can go to: empty ones with a
    /// dot, lone enemy stones with a ring.
    fn hint_legend(&self) -> Message {
        if self.is_opening() {
            return Message::new("callanish-hint-legend-opening");
        }
        Message::new("callanish-hint-legend")
            .arg("mover", self.seat_message(self.to_move))
            .arg("opponent", self.seat_message(self.to_move.other()))
    }

    /// The opponent's lines, which the player to move must break, and the
    /// player's last stone in supply, which makes this turn their last.
    fn warning(&self) -> Option<Message> {
        match (self.line_warning(), self.supply_warning()) {
            (Some(lines), Some(supply)) => Some(
                Message::new("callanish-warning-both")
                    .arg("lines", lines)
                    .arg("supply", supply),
            ),
            (lines, supply) => lines.or(supply),
        }
    }
}

impl Callanish {
    /// The lines the opponent holds: broken this turn, or the mover loses.
    fn line_warning(&self) -> Option<Message> {
        let holder = self.to_move.other();
        let lines = self.held_lines(holder);
        if lines.is_empty() {
            return None;
        }
        Some(
            Message::new("callanish-warning")
                .arg("holder", self.seat_message(holder))
                .arg("lines", self.lines_message(&lines))
                .arg("count", lines.len()),
        )
    }

    /// One stone left in the mover's supply: this turn empties it (one
    /// back, two added), so the mover has no legal turn next time and
    /// loses unless they hold a line when the opponent has moved.
    fn supply_warning(&self) -> Option<Message> {
        if self.is_opening() || self.supply[self.to_move.index()] != 1 {
            return None;
        }
        Some(
            Message::new("callanish-warning-supply")
                .arg("mover", self.seat_message(self.to_move))
                .arg("opponent", self.seat_message(self.to_move.other())),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Refusal;

    #[test]
    fn every_refusal_is_worded_in_every_language() {
        use CallanishRefusal as R;
        let cells = || vec!["a4".to_string(), "d1".to_string()];
        let all = vec![
            R::NotATurn {
                text: "zz".into(),
                opening: true,
            },
            R::NotATurn {
                text: "zz".into(),
                opening: false,
            },
            R::NotACell {
                cell: "k1".into(),
                size: 9,
            },
            R::Blocked { cell: "a1".into() },
            R::OpeningOneCell,
            R::Taken { cell: "c3".into() },
            R::WrongCount { given: 2 },
            R::NotRemovable {
                cell: "a1".into(),
                holds: CellContents::Empty,
                removable: (1..=20).map(|r| format!("a{r}")).collect(),
            },
            R::NotRemovable {
                cell: "a1".into(),
                holds: CellContents::OwnStone,
                removable: cells(),
            },
            R::NotRemovable {
                cell: "a1".into(),
                holds: CellContents::EnemyStone,
                removable: cells(),
            },
            R::NotRemovable {
                cell: "a1".into(),
                holds: CellContents::EnemyStack,
                removable: vec![],
            },
            R::SupplyEmpty,
            R::TooFewAdditions {
                from: "b2".into(),
                targets: vec![],
            },
            R::TooFewAdditions {
                from: "b2".into(),
                targets: vec!["a4".into()],
            },
            R::SameAddition {
                from: "b2".into(),
                targets: cells(),
            },
            R::NotAKnightMove {
                cell: "b3".into(),
                from: "b2".into(),
                targets: cells(),
            },
            R::NotOpen {
                cell: "c4".into(),
                holds: CellContents::OwnStone,
                from: "b2".into(),
                targets: cells(),
            },
            R::NotOpen {
                cell: "c4".into(),
                holds: CellContents::OwnStack,
                from: "b2".into(),
                targets: cells(),
            },
            R::NotOpen {
                cell: "c4".into(),
                holds: CellContents::EnemyStack,
                from: "b2".into(),
                targets: cells(),
            },
        ];
        let index = |r: &R| match r {
            R::NotATurn { .. } => 0,
            R::NotACell { .. } => 1,
            R::Blocked { .. } => 2,
            R::OpeningOneCell => 3,
            R::Taken { .. } => 4,
            R::WrongCount { .. } => 5,
            R::NotRemovable { .. } => 6,
            R::SupplyEmpty => 7,
            R::TooFewAdditions { .. } => 8,
            R::SameAddition { .. } => 9,
            R::NotAKnightMove { .. } => 10,
            R::NotOpen { .. } => 11,
        };
        let covered: std::collections::BTreeSet<usize> = all.iter().map(index).collect();
        assert_eq!(covered.len(), 12, "a variant has no sample");
        assert_eq!(
            all[7].to_string(),
            "a1 is empty; you can remove from a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12 or 8 more"
        );
        assert_eq!(
            all[12].to_string(),
            "from b2 you could add on no cell only, and a turn needs two additions"
        );
        crate::check::assert_refusals_render(all.into_iter().map(Refusal::from).collect());
    }

    fn game(options: &[(&str, &str)]) -> Callanish {
        Callanish::new(&Options::from_pairs(options)).unwrap()
    }

    fn cell(g: &Callanish, name: &str) -> usize {
        g.board().parse(name).unwrap()
    }

    fn set(g: &mut Callanish, name: &str, value: u8) {
        let c = cell(g, name);
        g.set_cell(c, value);
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
        assert_eq!(
            g.parse_turn("b2 d3 d1"),
            Err(illegal(CallanishRefusal::NotOpen {
                cell: "d3".into(),
                holds: CellContents::EnemyStack,
                from: "b2".into(),
                targets: vec!["a4".into(), "d1".into()],
            }))
        );
        g.play(&turn).unwrap();
        // a4 is now a White-topped stack: Black cannot remove its stone there.
        assert_eq!(g.cells[cell(&g, "a4")], TOPPED[0]);
        let e = g.parse_turn("a4 b2 c3").unwrap_err();
        let Some(Refusal::Callanish(refusal)) = e.refusal() else {
            panic!("{e:?}");
        };
        assert!(
            matches!(
                &**refusal,
                CallanishRefusal::NotRemovable {
                    cell,
                    holds: CellContents::EnemyStack,
                    ..
                } if cell == "a4"
            ),
            "{e:?}"
        );
        assert!(
            e.to_string()
                .starts_with("a4 holds a stack your opponent controls, not your exposed stone; you can remove from "),
            "{e}"
        );
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
        assert_eq!(
            custom.options()[3].1,
            OptionValue::List(vec!["a1".into(), "b1".into()])
        );
        assert_eq!(
            custom.parse_turn("a1"),
            Err(illegal(CallanishRefusal::Blocked { cell: "a1".into() }))
        );
    }

    #[test]
    fn opening_and_stacks() {
        let mut g = game(&[("size", "5")]);
        g.play(&g.parse_turn("c3").unwrap()).unwrap();
        assert_eq!(
            g.parse_turn("c3"),
            Err(illegal(CallanishRefusal::Taken { cell: "c3".into() }))
        );
        g.play(&g.parse_turn("a1").unwrap()).unwrap();
        // White removes c3 and adds on two knight cells.
        assert_eq!(
            g.parse_turn("a1 b3 c2"),
            Err(illegal(CallanishRefusal::NotRemovable {
                cell: "a1".into(),
                holds: CellContents::EnemyStone,
                removable: vec!["c3".into()],
            }))
        );
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

    /// The turn that empties a supply is announced in every language.
    #[test]
    fn the_last_stone_in_supply_is_warned_of() {
        let mut g = game(&[("size", "5"), ("stones", "3")]);
        g.play(&g.parse_turn("c3").unwrap()).unwrap();
        g.play(&g.parse_turn("a1").unwrap()).unwrap();
        assert_eq!(g.warning(), None, "two stones left: no warning yet");
        g.play(&g.parse_turn("c3 b1 e4").unwrap()).unwrap();
        g.play(&g.parse_turn("a1 b3 c2").unwrap()).unwrap();
        assert_eq!(g.supply[0], 1);
        let warning = g.warning().expect("White's last turn is warned of");
        assert_eq!(
            crate::locales::english(&warning),
            "this is White's last turn: it empties White's supply, so unless White holds a line when Black has moved, White has no legal turn then and loses"
        );
        crate::check::assert_worded(&warning, &"supply warning");
        let word = |lang| crate::locales::word(lang, &warning);
        assert_eq!(
            word(crate::Lang::Ja),
            "これが白の最後の手番です。この手番で白の残りの石はなくなるので、黒が指した時点で白が並びを押さえていなければ、白には合法手がなく負けです"
        );
        assert_eq!(
            word(crate::Lang::Es),
            "esta es la última jugada de Blancas: vacía su reserva, así que si Blancas no controlan una línea cuando Negras hayan jugado, Blancas no tendrán jugada legal y perderán"
        );
        // With a line to break as well, both are said.
        let both = crate::locales::english(&Message::new("callanish-warning-both").arg("lines", "A").arg("supply", "B"));
        assert_eq!(both, "A; also, B");
    }

    /// `moves` marks the stones that can be removed as well as the cells
    /// additions go to, and its legend tells them apart.
    #[test]
    fn the_hint_layer_marks_removals_and_says_so() {
        let mut g = game(&[("size", "5")]);
        let any = |g: &Callanish| crate::AnyGame::Callanish(g.clone());
        let legend = |g: &Callanish, lang| crate::locales::word(lang, &g.hint_legend());
        assert_eq!(legend(&g, crate::Lang::En), "Green dots: the cells you can place a stone on");
        g.play(&g.parse_turn("c3").unwrap()).unwrap();
        g.play(&g.parse_turn("a1").unwrap()).unwrap();
        let hints = any(&g).hint_spots();
        assert!(hints.contains(&cell(&g, "c3")), "White's c3 can be removed");
        assert!(hints.contains(&cell(&g, "b1")), "an addition");
        assert!(!hints.contains(&cell(&g, "a1")), "Black's a1 is no knight's move from c3");
        assert_eq!(
            legend(&g, crate::Lang::En),
            "Green rings around White stones: the stones you can remove; green dots, and rings around Black stones: the cells you can add on"
        );
        assert_eq!(
            legend(&g, crate::Lang::Ja),
            "白の石を囲む緑の輪：取り除ける石。緑の点と、黒の石を囲む緑の輪：石を追加できるマス"
        );
        assert_eq!(
            legend(&g, crate::Lang::Es),
            "Anillos verdes alrededor de fichas de Blancas: las que puedes retirar; puntos verdes, y anillos alrededor de fichas de Negras: las casillas donde puedes añadir"
        );
    }

    #[test]
    fn nth_turn_walks_the_legal_turns_in_order() {
        for (options, seed) in [
            (&[("size", "5")][..], 1),
            (&[][..], 2),
            (&[("shape", "circle")][..], 3),
        ] {
            let mut g = game(options);
            let mut rng = SplitRng::new(seed);
            let mut turns = 0;
            while g.outcome().is_none() && turns < 200 {
                let legal = g.legal_turns();
                let drawn: Vec<Turn> = (0..legal.len()).filter_map(|r| g.nth_turn(r)).collect();
                assert_eq!(drawn, legal, "{g:?}");
                assert_eq!(g.nth_turn(legal.len()), None);
                let turn = g.random_turn(&mut rng).unwrap();
                g.apply(&turn);
                turns += 1;
            }
            assert!(turns > 2, "the playout ended at once");
        }
    }

    #[test]
    fn bookkeeping_matches_a_rebuild() {
        let mut g = game(&[("size", "7")]);
        let mut rng = SplitRng::new(7);
        while let Some(turn) = g.random_turn(&mut rng) {
            g.apply(&turn);
            let json = serde_json::to_string(&g).unwrap();
            let rebuilt: Callanish = serde_json::from_str(&json).unwrap();
            assert_eq!(rebuilt.lines, g.lines);
        }
    }

    #[test]
    fn perft_small() {
        let g = game(&[("size", "5")]);
        assert_eq!(g.perft(3), 3936);
        assert_eq!(crate::check::slow_perft(&g, 3), 3936);
    }
}
