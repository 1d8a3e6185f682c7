//! Floaters, a two-colour mancala (docs/rules/floaters.md).
//!
//! A Kalah board of 14 spots, indexed as [`Layout::Mancala`] describes:
//! `0..6` are South's pits 1..6, `6` is the east store, `7..13` are North's
//! pits 1..6 and `13` is the west store. Sowing always runs to the next
//! index (mod 14), which is counter-clockwise for both players. South plays
//! Red (colour 0), North plays Black (colour 1), so a seat's index is also
//! its colour's index.
//!
//! A turn is a chosen pit and one colour string per lap. Turns can be very
//! numerous (every order of a lap's colours is a distinct turn), so
//! [`Game::count_turns`] counts them combinatorially (see `count::Counter`) and
//! [`Game::random_turn`] samples uniformly through the same counts.
//!
//! **Decision** (the rules leave it open): the stones of a pit emptied for
//! equal colours go into the mover's Kalah store (South's is the east
//! store, North's the west store). Stores never affect play.
//!
//! A command may carry only the first laps of a turn: the game then waits
//! mid-turn (same player to move, stones in hand) for the rest. Laps whose
//! stones all have one colour are forced: their strings may be omitted, and
//! the game never waits in front of a forced lap (it plays it at once).

mod complete;
mod count;
mod pick;

use count::{count_finishes, count_whole_turns, count_within, random_below, Counter};

use std::fmt;

#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};

use super::notation::names_or;
use super::view::{status_line, Hand, MancalaWords};
use super::OptionValue;
use super::{
    BoardView, Game, GameKind, GameWords, Highlights, Layout, MarkKind, Message, OptionError,
    OptionSpec, Options, Outcome, Reason, Seat, SplitRng, Spot, TurnError,
};

/// Spots on the board: 12 pits and 2 stores.
const SPOTS: usize = 14;
/// The east store (right of South's row).
const EAST: usize = 6;
/// The west store (right of North's row, seen from North).
const WEST: usize = 13;
/// Stones of each colour.
const PER_COLOUR: u8 = 24;
/// The most stones a hand can hold.
const MAX_HAND: usize = 2 * PER_COLOUR as usize;

/// `[red, black]` stones on each spot.
type Board = [[u8; 2]; SPOTS];

#[inline]
fn is_store(spot: usize) -> bool {
    spot == EAST || spot == WEST
}

#[inline]
fn next_spot(spot: usize) -> usize {
    if spot == SPOTS - 1 {
        0
    } else {
        spot + 1
    }
}

/// The spot of pit `number` (1..=6) of the player with colour `seat`.
#[inline]
fn pit_spot(seat: usize, number: usize) -> usize {
    if seat == 0 {
        number - 1
    } else {
        EAST + number
    }
}

/// The spots of a seat's own row.
#[inline]
fn row(seat: usize) -> std::ops::Range<usize> {
    if seat == 0 {
        0..EAST
    } else {
        EAST + 1..WEST
    }
}

/// The store that receives a mover's emptied equal pits.
#[inline]
fn store_of(seat: usize) -> usize {
    if seat == 0 {
        EAST
    } else {
        WEST
    }
}

/// "South pit 3", "North pit 6", "the east store".
/// A pit or store as the board's hand line names it: "South 3", "east
/// store".
fn label_spot(spot: usize) -> Message {
    match spot {
        EAST => Message::new("floaters-label-spot-east"),
        WEST => Message::new("floaters-label-spot-west"),
        s if s < EAST => Message::new("floaters-label-spot-south").arg("pit", s + 1),
        s => Message::new("floaters-label-spot-north").arg("pit", s - EAST),
    }
}

/// A pit or store for a reader: "South pit 3", "the east store".
fn spot_message(spot: usize) -> Message {
    match spot {
        EAST => Message::new("floaters-spot-east"),
        WEST => Message::new("floaters-spot-west"),
        s if s < EAST => Message::new("floaters-spot-south").arg("pit", s + 1),
        s => Message::new("floaters-spot-north").arg("pit", s - EAST),
    }
}

fn colour_name(colour: usize) -> &'static str {
    if colour == 0 {
        "red"
    } else {
        "black"
    }
}

/// Why a Floaters turn (or part of one) was refused, with what the player
/// needs to know. Spots are the game's numbering of pits and stores
/// (South's pits 0 to 5, the east store 6, North's pits 7 to 12, the west
/// store 13); `playable` lists the pit numbers the mover may choose.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FloatersRefusal {
    /// A pit named while a turn waits for its next lap.
    MidTurn { mid: MidTurn },
    /// Colours without a pit at the start of a turn.
    NoPit { playable: Vec<String> },
    /// A pit number other than 1 to 6.
    NoSuchPit { pit: u8, playable: Vec<String> },
    /// An empty pit.
    EmptyPit { pit: u8, playable: Vec<String> },
    /// A pit of the opponent's row, as written (`n3`).
    OpponentsPit { pit: String, playable: Vec<String> },
    /// A colour string that does not match the stones a lap sows: the
    /// lap's number (`only`: the turn's single lap so far), the spot it
    /// starts from, the stones in hand, and the string given with its
    /// `[red, black]` counts.
    WrongLap {
        number: usize,
        only: bool,
        from: usize,
        hand: [u8; 2],
        given: String,
        has: [u8; 2],
    },
    /// More colour strings after the lap that ended the turn.
    TurnOver {
        laps: usize,
        end: TurnEnd,
        extra: String,
    },
    /// Nothing written (`mid`: the turn waiting for its next lap).
    EmptyTurn { mid: Option<MidTurn> },
    /// `s` or `n` not followed by a pit number.
    NotAPit { word: String },
    /// A colour string longer than the stones in play.
    LapTooLong { word: String },
    /// A word that is neither a pit nor a colour string.
    NotColours { word: String },
}

/// Why a turn ended with its last lap: where the last stone landed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TurnEnd {
    /// In a store.
    Store { spot: usize },
    /// In a pit where the mover's colour (0 red, 1 black) is the majority.
    Majority { spot: usize, colour: usize },
    /// In a pit of equal colours, which was emptied.
    Emptied { spot: usize },
}

impl FloatersRefusal {
    /// The refusal for a reader in any language.
    pub fn message(&self) -> Message {
        use FloatersRefusal as R;
        let playable = |pits: &[String]| {
            Message::new("floaters-playable")
                .arg("count", pits.len())
                .arg("pits", names_or(pits))
        };
        match self {
            R::MidTurn { mid } => mid_turn_message(*mid),
            R::NoPit { playable: pits } => {
                Message::new("floaters-refusal-no-pit").arg("playable", playable(pits))
            }
            R::NoSuchPit {
                pit,
                playable: pits,
            } => Message::new("floaters-refusal-no-such-pit")
                .arg("pit", *pit)
                .arg("playable", playable(pits)),
            R::EmptyPit {
                pit,
                playable: pits,
            } => Message::new("floaters-refusal-empty-pit")
                .arg("pit", *pit)
                .arg("playable", playable(pits)),
            R::OpponentsPit {
                pit,
                playable: pits,
            } => Message::new("floaters-refusal-opponents-pit")
                .arg("pit", pit.as_str())
                .arg("playable", playable(pits)),
            R::WrongLap {
                number,
                only,
                from,
                hand,
                given,
                has,
            } => {
                let message = if *only {
                    Message::new("floaters-refusal-wrong-only-lap")
                } else {
                    Message::new("floaters-refusal-wrong-lap").arg("number", *number)
                };
                message
                    .arg("from", spot_message(*from))
                    .arg("stones", stones_message(*hand))
                    .arg("given", given.as_str())
                    .arg("red", has[0])
                    .arg("black", has[1])
            }
            R::TurnOver { laps, end, extra } => {
                let why = match *end {
                    TurnEnd::Store { spot } => {
                        Message::new("floaters-lap-end-store").arg("spot", spot_message(spot))
                    }
                    TurnEnd::Majority { spot, colour } => Message::new("floaters-lap-end-majority")
                        .arg("colour", colour_name(colour))
                        .arg("spot", spot_message(spot)),
                    TurnEnd::Emptied { spot } => {
                        Message::new("floaters-lap-end-emptied").arg("spot", spot_message(spot))
                    }
                };
                Message::new("floaters-refusal-turn-over")
                    .arg("laps", *laps)
                    .arg("why", why)
                    .arg("extra", extra.as_str())
            }
            R::EmptyTurn { mid } => Message::new("floaters-refusal-empty-turn").arg(
                "how",
                match mid {
                    Some(mid) => mid_turn_message(*mid),
                    None => Message::new("floaters-usage"),
                },
            ),
            R::NotAPit { word } => {
                Message::new("floaters-refusal-not-a-pit").arg("word", word.as_str())
            }
            R::LapTooLong { word } => Message::new("floaters-refusal-lap-too-long")
                .arg("word", word.as_str())
                .arg("max", MAX_HAND),
            R::NotColours { word } => {
                Message::new("floaters-refusal-not-colours").arg("word", word.as_str())
            }
        }
    }
}

/// "3 red and 2 black stones", for a reader.
fn stones_message(hand: [u8; 2]) -> Message {
    Message::new("floaters-stones")
        .arg("red", hand[0])
        .arg("black", hand[1])
}

/// What a player in the middle of a turn sends next, with an example.
fn mid_turn_message(mid: MidTurn) -> Message {
    let hand = mid.hand();
    Message::new("floaters-refusal-mid-turn")
        .arg("stones", stones_message(hand))
        .arg("from", spot_message(mid.from as usize))
        .arg("example", example_lap(hand))
}

/// A lap string for `hand`: its reds, then its blacks.
fn example_lap(hand: [u8; 2]) -> String {
    Lap::forced([hand[0], 0]).to_string() + Lap::forced([0, hand[1]]).to_string().as_str()
}

fn illegal(refusal: FloatersRefusal) -> TurnError {
    TurnError::Illegal(refusal.into())
}

fn unparsable(refusal: FloatersRefusal) -> TurnError {
    TurnError::Unparsable(refusal.into())
}

/// One lap's colour string: `len` stones, bit i of `black` set when the
/// i-th stone sown is black.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Lap {
    len: u8,
    black: u64,
}

impl Lap {
    /// A lap of one colour only.
    fn forced(hand: [u8; 2]) -> Lap {
        let len = hand[0] + hand[1];
        let black = if hand[1] > 0 { mask_of(len) } else { 0 };
        Lap { len, black }
    }

    #[inline]
    fn colour(self, i: u8) -> usize {
        ((self.black >> i) & 1) as usize
    }

    /// `[red, black]` stones in the string.
    fn counts(self) -> [u8; 2] {
        let b = self.black.count_ones() as u8;
        [self.len - b, b]
    }

    /// Read `rrbr`-style text (already lower case). `None` if another
    /// letter is present or it is longer than any hand.
    fn parse(text: &str) -> Option<Lap> {
        if text.is_empty() || text.len() > MAX_HAND {
            return None;
        }
        let mut black = 0u64;
        for (i, c) in text.bytes().enumerate() {
            match c {
                b'r' => {}
                b'b' => black |= 1 << i,
                _ => return None,
            }
        }
        Some(Lap {
            len: text.len() as u8,
            black,
        })
    }
}

impl fmt::Display for Lap {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for i in 0..self.len {
            f.write_str(if self.colour(i) == 1 { "b" } else { "r" })?;
        }
        Ok(())
    }
}

#[inline]
fn mask_of(len: u8) -> u64 {
    if len >= 64 {
        u64::MAX
    } else {
        (1u64 << len) - 1
    }
}

/// Every `len`-bit mask with exactly `ones` bits set (Gosper's hack).
struct Masks {
    next: u64,
    limit: u64,
    done: bool,
}

impl Masks {
    fn new(len: u8, ones: u8) -> Masks {
        Masks {
            next: mask_of(ones),
            limit: mask_of(len),
            done: ones > len,
        }
    }
}

impl Iterator for Masks {
    type Item = u64;
    #[inline]
    fn next(&mut self) -> Option<u64> {
        if self.done {
            return None;
        }
        let mask = self.next;
        if mask == 0 {
            self.done = true;
            return Some(0);
        }
        let c = mask & mask.wrapping_neg();
        let r = mask.wrapping_add(c);
        if r == 0 || r > self.limit {
            self.done = true;
        } else {
            self.next = (((r ^ mask) >> 2) / c) | r;
            if self.next > self.limit {
                self.done = true;
            }
        }
        Some(mask)
    }
}

/// A whole turn (`3 rrbr bbrbb`), or the rest of one from a mid-turn
/// position (`rbb bb`, no pit). A command may also carry a turn's first
/// laps only (see [`Floaters::play`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct FloatersTurn {
    /// The pit chosen, 1..=6 from the mover's left; `None` for the rest of
    /// a turn begun earlier.
    pub pit: Option<u8>,
    pub laps: Vec<Lap>,
}

impl fmt::Display for FloatersTurn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        if let Some(pit) = self.pit {
            write!(f, "{pit}")?;
            first = false;
        }
        for lap in &self.laps {
            if !first {
                f.write_str(" ")?;
            }
            write!(f, "{lap}")?;
            first = false;
        }
        Ok(())
    }
}

/// How a lap ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum LapEnd {
    Store,
    Majority,
    Equal,
    /// Fewer of the mover's colour: these stones are taken into hand.
    Relay([u8; 2]),
}

/// Sow `lap` from the spot after `from`; returns the last spot.
#[inline]
fn sow(board: &mut Board, from: usize, lap: Lap) -> usize {
    let mut spot = from;
    for i in 0..lap.len {
        spot = next_spot(spot);
        board[spot][lap.colour(i)] += 1;
    }
    spot
}

/// Judge where a lap's last stone landed, emptying the pit for equal
/// colours or a relay.
#[inline]
fn end_lap(board: &mut Board, last: usize, mover: usize) -> LapEnd {
    if is_store(last) {
        return LapEnd::Store;
    }
    let here = board[last];
    let (mine, other) = (here[mover], here[1 - mover]);
    if mine > other {
        LapEnd::Majority
    } else if mine == other {
        let store = store_of(mover);
        board[store][0] += here[0];
        board[store][1] += here[1];
        board[last] = [0, 0];
        LapEnd::Equal
    } else {
        board[last] = [0, 0];
        LapEnd::Relay(here)
    }
}

/// Call `f` with the final board and the laps of every distinct way to
/// finish a turn whose stones `hand` were taken from `from` (already
/// emptied on `board`).
fn each_finish<F: FnMut(&Board, &[Lap])>(
    board: &Board,
    from: usize,
    hand: [u8; 2],
    mover: usize,
    path: &mut Vec<Lap>,
    f: &mut F,
) {
    let len = hand[0] + hand[1];
    for black in Masks::new(len, hand[1]) {
        let lap = Lap { len, black };
        let mut next = *board;
        let last = sow(&mut next, from, lap);
        path.push(lap);
        match end_lap(&mut next, last, mover) {
            LapEnd::Relay(taken) => each_finish(&next, last, taken, mover, path, f),
            _ => f(&next, path),
        }
        path.pop();
    }
}

/// The position key for repetition (pits and player to move; stores are
/// equal within one history epoch): 5 bits per count.
fn position_key(board: &Board, to_move: Seat) -> [u64; 2] {
    let mut key = [0u64; 2];
    for (half, spots) in [row(0), row(1)].into_iter().enumerate() {
        for spot in spots {
            key[half] = (key[half] << 10) | (board[spot][0] as u64) << 5 | board[spot][1] as u64;
        }
    }
    key[1] |= (to_move.index() as u64) << 62;
    key
}

fn stores_total(board: &Board) -> u8 {
    board[EAST][0] + board[EAST][1] + board[WEST][0] + board[WEST][1]
}

/// Whose row is clear after a turn by `mover`.
fn cleared(board: &Board, mover: Seat) -> Option<Seat> {
    let south = row(0).all(|s| board[s][0] == 0);
    let north = row(1).all(|s| board[s][1] == 0);
    match (south, north) {
        (true, true) => Some(mover),
        (true, false) => Some(Seat::First),
        (false, true) => Some(Seat::Second),
        (false, false) => None,
    }
}

/// Stones in hand in the middle of a turn, taken from `from` (the next
/// stone goes into the spot after it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct MidTurn {
    pub red: u8,
    pub black: u8,
    pub from: u8,
    /// Laps already sown this turn, so the next one is numbered on.
    #[cfg_attr(feature = "serde", serde(default))]
    pub done: u8,
}

impl MidTurn {
    fn hand(self) -> [u8; 2] {
        [self.red, self.black]
    }
}

/// A Floaters game.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct Floaters {
    /// Who started (option `first`).
    first: Seat,
    /// `[red, black]` on every pit and store.
    spots: Board,
    to_move: Seat,
    /// Stones in hand while a turn waits for its next lap.
    hand: Option<MidTurn>,
    outcome: Option<Outcome>,
    /// Stones in the stores when `history` began: a position can only come
    /// back while no stone enters a store.
    epoch_stores: u8,
    /// Positions at turn boundaries since `epoch_stores` changed.
    history: Vec<[u64; 2]>,
}

/// One lap as played, for highlights and messages.
#[derive(Clone, Copy, Debug)]
struct LapRecord {
    from: usize,
    last: usize,
    end: LapEnd,
}

/// The result of running (part of) a turn on a copy of the board.
struct Run {
    board: Board,
    turn: FloatersTurn,
    laps: Vec<LapRecord>,
    /// `Some` when the turn waits for its next lap.
    waiting: Option<MidTurn>,
}

impl Floaters {
    fn start(first: Seat) -> Floaters {
        let mut spots = [[0u8; 2]; SPOTS];
        for spot in row(0) {
            spots[spot] = [4, 0];
        }
        for spot in row(1) {
            spots[spot] = [0, 4];
        }
        Floaters {
            first,
            spots,
            to_move: first,
            hand: None,
            outcome: None,
            epoch_stores: 0,
            history: vec![position_key(&spots, first)],
        }
    }

    /// The mid-turn state, if a turn waits for its next lap.
    pub fn mid_turn(&self) -> Option<MidTurn> {
        self.hand
    }

    fn mover(&self) -> usize {
        self.to_move.index()
    }

    /// Pit numbers the mover may choose.
    fn playable(&self) -> Vec<String> {
        let mover = self.mover();
        (1..=6)
            .filter(|&n| self.spots[pit_spot(mover, n)] != [0, 0])
            .map(|n| n.to_string())
            .collect()
    }

    /// Run `given` laps from the start of a turn (`pit`) or from the
    /// mid-turn hand, checking them. Omitted forced laps are filled in;
    /// the run stops mid-turn when the laps run out before a lap with both
    /// colours.
    fn run(&self, pit: Option<u8>, given: &[Lap]) -> Result<Run, TurnError> {
        if self.outcome.is_some() {
            return Err(TurnError::GameOver);
        }
        let mover = self.mover();
        let mut board = self.spots;
        let (mut from, mut hand) = match (pit, self.hand) {
            (Some(_), Some(mid)) => return Err(illegal(FloatersRefusal::MidTurn { mid })),
            (None, Some(mid)) => (mid.from as usize, mid.hand()),
            (None, None) => {
                return Err(illegal(FloatersRefusal::NoPit {
                    playable: self.playable(),
                }))
            }
            (Some(n), None) => {
                if !(1..=6).contains(&n) {
                    return Err(illegal(FloatersRefusal::NoSuchPit {
                        pit: n,
                        playable: self.playable(),
                    }));
                }
                let spot = pit_spot(mover, n as usize);
                let hand = board[spot];
                if hand == [0, 0] {
                    return Err(illegal(FloatersRefusal::EmptyPit {
                        pit: n,
                        playable: self.playable(),
                    }));
                }
                board[spot] = [0, 0];
                (spot, hand)
            }
        };
        // Laps sown in earlier parts of this turn: numbers go on from them.
        let done = self.hand.map_or(0, |mid| usize::from(mid.done));
        let mut laps = Vec::new();
        let mut records = Vec::new();
        let mut next = 0;
        // The first refusal of a string at a forced lap, reported if the
        // string fits no later lap either.
        let mut forced_mismatch: Option<FloatersRefusal> = None;
        let mismatch =
            |number: usize, from: usize, hand: [u8; 2], lap: Lap| FloatersRefusal::WrongLap {
                number,
                only: number == 1 && pit.is_some(),
                from,
                hand,
                given: lap.to_string(),
                has: lap.counts(),
            };
        loop {
            let forced = hand[0] == 0 || hand[1] == 0;
            let number = done + laps.len() + 1;
            let lap = match given.get(next) {
                Some(&lap) if lap.counts() == hand => {
                    next += 1;
                    lap
                }
                Some(&lap) if forced => {
                    if forced_mismatch.is_none() {
                        forced_mismatch = Some(mismatch(number, from, hand, lap));
                    }
                    Lap::forced(hand)
                }
                Some(&lap) => {
                    return Err(illegal(
                        forced_mismatch.unwrap_or_else(|| mismatch(number, from, hand, lap)),
                    ))
                }
                None if forced => Lap::forced(hand),
                None => {
                    let waiting = MidTurn {
                        red: hand[0],
                        black: hand[1],
                        from: from as u8,
                        done: (done + laps.len()).min(255) as u8,
                    };
                    return Ok(Run {
                        board,
                        turn: FloatersTurn { pit, laps },
                        laps: records,
                        waiting: Some(waiting),
                    });
                }
            };
            let last = sow(&mut board, from, lap);
            let end = end_lap(&mut board, last, mover);
            laps.push(lap);
            records.push(LapRecord { from, last, end });
            match end {
                LapEnd::Relay(taken) => {
                    from = last;
                    hand = taken;
                }
                _ => {
                    if let Some(&extra) = given.get(next) {
                        if let Some(refusal) = forced_mismatch {
                            return Err(illegal(refusal));
                        }
                        let end = match end {
                            LapEnd::Store => TurnEnd::Store { spot: last },
                            LapEnd::Majority => TurnEnd::Majority {
                                spot: last,
                                colour: mover,
                            },
                            _ => TurnEnd::Emptied { spot: last },
                        };
                        return Err(illegal(FloatersRefusal::TurnOver {
                            laps: done + laps.len(),
                            end,
                            extra: extra.to_string(),
                        }));
                    }
                    return Ok(Run {
                        board,
                        turn: FloatersTurn { pit, laps },
                        laps: records,
                        waiting: None,
                    });
                }
            }
        }
    }

    /// Commit a run: the board, and either the waiting hand or the end of
    /// the turn (outcome, repetition history, next player).
    fn commit(&mut self, run: Run) {
        self.spots = run.board;
        self.hand = run.waiting;
        if run.waiting.is_none() {
            self.finish_turn();
        }
    }

    fn finish_turn(&mut self) {
        let mover = self.to_move;
        self.to_move = mover.other();
        if let Some(winner) = cleared(&self.spots, mover) {
            self.outcome = Some(Outcome::win(winner, Reason::Cleared));
            return;
        }
        let stores = stores_total(&self.spots);
        if stores != self.epoch_stores {
            self.epoch_stores = stores;
            self.history.clear();
        }
        let key = position_key(&self.spots, self.to_move);
        self.history.push(key);
        if self.history.iter().filter(|&&k| k == key).count() >= 3 {
            self.outcome = Some(Outcome::draw(Reason::Repetition));
        }
    }

    /// Read the words of a turn: an optional pit (`3`, `s3`, `n3`, or run
    /// together with the first colours, `3rrbr`) and colour strings.
    fn read(&self, text: &str) -> Result<(Option<u8>, Vec<Lap>), TurnError> {
        let lower = text.trim().to_ascii_lowercase();
        let mut words: Vec<&str> = lower
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|w| !w.is_empty())
            .collect();
        if words.is_empty() {
            return Err(unparsable(FloatersRefusal::EmptyTurn { mid: self.hand }));
        }
        let mut pit = None;
        let first = words[0];
        let (side, rest) = match first.as_bytes()[0] {
            b's' => (Some(0usize), &first[1..]),
            b'n' => (Some(1usize), &first[1..]),
            _ => (None, first),
        };
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        if digits > 0 {
            let number: u32 = rest[..digits].parse().unwrap_or(u32::MAX);
            if let Some(side) = side {
                if side != self.mover() && self.hand.is_none() {
                    return Err(illegal(FloatersRefusal::OpponentsPit {
                        pit: first[..1 + digits].to_string(),
                        playable: self.playable(),
                    }));
                }
            }
            pit = Some(number.min(255) as u8);
            if digits < rest.len() {
                words[0] = &rest[digits..];
            } else {
                words.remove(0);
            }
        } else if side.is_some() {
            return Err(unparsable(FloatersRefusal::NotAPit {
                word: first.to_string(),
            }));
        }
        let mut laps = Vec::with_capacity(words.len());
        for word in words {
            match Lap::parse(word) {
                Some(lap) => laps.push(lap),
                None if word.bytes().all(|c| c == b'r' || c == b'b') => {
                    return Err(illegal(FloatersRefusal::LapTooLong {
                        word: word.to_string(),
                    }))
                }
                None => {
                    return Err(unparsable(FloatersRefusal::NotColours {
                        word: word.to_string(),
                    }))
                }
            }
        }
        Ok((pit, laps))
    }

    /// Stones on the board, in the stores and in hand, by colour.
    pub fn stone_counts(&self) -> [u32; 2] {
        let mut counts = [0u32; 2];
        for spot in &self.spots {
            counts[0] += spot[0] as u32;
            counts[1] += spot[1] as u32;
        }
        if let Some(mid) = self.hand {
            counts[0] += mid.red as u32;
            counts[1] += mid.black as u32;
        }
        counts
    }
}

/// perft below a turn boundary with `mover` to move and the game going on.
fn perft_rec(
    board: &Board,
    mover: Seat,
    history: &mut Vec<[u64; 2]>,
    epoch: (usize, u8),
    depth: u32,
) -> u64 {
    if depth == 1 {
        return count_whole_turns(board, mover.index()).min(u64::MAX as u128) as u64;
    }
    let mut total = 0u64;
    let mut path = Vec::with_capacity(8);
    let mut child = |after: &Board, _: &[Lap]| {
        total = total.saturating_add(perft_child(after, mover, history, epoch, depth - 1));
    };
    for spot in row(mover.index()) {
        let hand = board[spot];
        if hand != [0, 0] {
            let mut rest = *board;
            rest[spot] = [0, 0];
            each_finish(&rest, spot, hand, mover.index(), &mut path, &mut child);
        }
    }
    total
}

/// perft of the position after a whole turn by `mover` (depth >= 1).
fn perft_child(
    board: &Board,
    mover: Seat,
    history: &mut Vec<[u64; 2]>,
    epoch: (usize, u8),
    depth: u32,
) -> u64 {
    if cleared(board, mover).is_some() {
        return 0;
    }
    let next = mover.other();
    let stores = stores_total(board);
    let epoch = if stores != epoch.1 {
        (history.len(), stores)
    } else {
        epoch
    };
    let key = position_key(board, next);
    if history[epoch.0..].iter().filter(|&&k| k == key).count() >= 2 {
        return 0;
    }
    history.push(key);
    let count = perft_rec(board, next, history, epoch, depth);
    history.pop();
    count
}

impl Floaters {
    /// A turn drawn uniformly from all whole turns, by exact counting.
    /// Exact but can be slow in positions with many mixed stones.
    pub fn uniform_turn(&self, rng: &mut SplitRng) -> Option<FloatersTurn> {
        if self.outcome.is_some() {
            return None;
        }
        let mover = self.mover();
        let (pit, from, hand, board) = match self.hand {
            Some(mid) => (None, mid.from as usize, mid.hand(), self.spots),
            None => {
                let mut options = Vec::with_capacity(6);
                for number in 1..=6u8 {
                    let spot = pit_spot(mover, number as usize);
                    let hand = self.spots[spot];
                    if hand == [0, 0] {
                        continue;
                    }
                    let mut rest = self.spots;
                    rest[spot] = [0, 0];
                    options.push((
                        number,
                        spot,
                        hand,
                        rest,
                        count_finishes(&rest, spot, hand, mover),
                    ));
                }
                let total = options.iter().fold(0u128, |acc, o| acc.saturating_add(o.4));
                if options.is_empty() || total == 0 {
                    return None;
                }
                let mut pick = random_below(rng, total);
                let mut chosen = options[options.len() - 1];
                for option in &options {
                    if pick < option.4 {
                        chosen = *option;
                        break;
                    }
                    pick -= option.4;
                }
                (Some(chosen.0), chosen.1, chosen.2, chosen.3)
            }
        };
        let mut counter = Counter::new(board, mover);
        counter.sample_lap(from, hand, rng);
        Some(FloatersTurn {
            pit,
            laps: counter.sampled_laps(rng),
        })
    }
}

impl Game for Floaters {
    const HUGE_TURN_COUNTS: bool = true;

    /// South plays Red, North Black.
    fn seat_words(seat: Seat) -> &'static [&'static str] {
        match seat {
            Seat::First => &["red", "south"],
            Seat::Second => &["black", "north"],
        }
    }

    fn complete_steps(&self, typed: &str, limit: usize) -> Option<Vec<String>> {
        Some(self.step_completions(typed, limit))
    }

    fn pick(&self, choices: &[String]) -> Result<crate::Pick, crate::PickError> {
        self.pick_steps(choices)
    }

    type Turn = FloatersTurn;
    const KIND: GameKind = GameKind::Floaters;

    const OPTIONS: &'static [OptionSpec] = &[OptionSpec::choice(
        "first",
        &["south", "north"],
        "floaters-option-first",
    )];

    const WORDS: GameWords = GameWords {
        title: "floaters-title",
        summary: "floaters-summary",
        notation: "floaters-notation",
    };

    fn new(options: &Options) -> Result<Self, OptionError> {
        options.check_specs("floaters", Self::OPTIONS)?;
        let first = match options.choice_of(&Self::OPTIONS[0])? {
            "north" => Seat::Second,
            _ => Seat::First,
        };
        Ok(Floaters::start(first))
    }

    fn options(&self) -> Vec<(&'static str, OptionValue)> {
        let first = match self.first {
            Seat::First => "south",
            Seat::Second => "north",
        };
        vec![("first", OptionValue::from(first))]
    }

    fn to_move(&self) -> Seat {
        self.to_move
    }

    fn seat_name(&self, seat: Seat) -> &'static str {
        match seat {
            Seat::First => "red",
            Seat::Second => "black",
        }
    }

    fn generate(&self, out: &mut Vec<FloatersTurn>) {
        if self.outcome.is_some() {
            return;
        }
        let mover = self.mover();
        let mut path = Vec::with_capacity(8);
        match self.hand {
            Some(mid) => {
                each_finish(
                    &self.spots,
                    mid.from as usize,
                    mid.hand(),
                    mover,
                    &mut path,
                    &mut |_, laps| {
                        out.push(FloatersTurn {
                            pit: None,
                            laps: laps.to_vec(),
                        })
                    },
                );
            }
            None => {
                for number in 1..=6u8 {
                    let spot = pit_spot(mover, number as usize);
                    let hand = self.spots[spot];
                    if hand == [0, 0] {
                        continue;
                    }
                    let mut rest = self.spots;
                    rest[spot] = [0, 0];
                    each_finish(&rest, spot, hand, mover, &mut path, &mut |_, laps| {
                        out.push(FloatersTurn {
                            pit: Some(number),
                            laps: laps.to_vec(),
                        })
                    });
                }
            }
        }
    }

    fn count_turns(&self) -> u64 {
        if self.outcome.is_some() {
            return 0;
        }
        let ways = match self.hand {
            Some(mid) => count_finishes(&self.spots, mid.from as usize, mid.hand(), self.mover()),
            None => count_whole_turns(&self.spots, self.mover()),
        };
        ways.min(u64::MAX as u128) as u64
    }

    fn count_turns_within(&self, work: u64) -> Option<u64> {
        if self.outcome.is_some() {
            return Some(0);
        }
        let lap = self.hand.map(|mid| (mid.from as usize, mid.hand()));
        let ways = count_within(&self.spots, lap, self.mover(), work.max(1))?;
        Some(ways.min(u64::MAX as u128) as u64)
    }

    /// A random turn by a random walk: a random playable pit, then each
    /// lap's colours in a random order. Not uniform over whole turns (see
    /// [`Floaters::uniform_turn`]) but linear in the stones sown, which is
    /// what playouts need.
    fn random_turn(&self, rng: &mut SplitRng) -> Option<FloatersTurn> {
        if self.outcome.is_some() {
            return None;
        }
        let mover = self.mover();
        let (pit, mut from, mut hand, mut board) = match self.hand {
            Some(mid) => (None, mid.from as usize, mid.hand(), self.spots),
            None => {
                let playable: Vec<u8> = (1..=6u8)
                    .filter(|&n| self.spots[pit_spot(mover, n as usize)] != [0, 0])
                    .collect();
                if playable.is_empty() {
                    return None;
                }
                let number = playable[rng.below(playable.len())];
                let spot = pit_spot(mover, number as usize);
                let mut board = self.spots;
                let hand = board[spot];
                board[spot] = [0, 0];
                (Some(number), spot, hand, board)
            }
        };
        let mut laps = Vec::new();
        // Every turn ends (each circuit feeds both stores); the bound only
        // guards against a bug.
        for _ in 0..10_000 {
            let len = hand[0] + hand[1];
            // Choose which of the `len` stones are black: a partial shuffle.
            let mut order: [u8; MAX_HAND] = [0; MAX_HAND];
            for (i, slot) in order.iter_mut().enumerate().take(len as usize) {
                *slot = i as u8;
            }
            let mut black = 0u64;
            for k in 0..hand[1] as usize {
                let j = k + rng.below(len as usize - k);
                order.swap(k, j);
                black |= 1 << order[k];
            }
            let lap = Lap { len, black };
            let last = sow(&mut board, from, lap);
            laps.push(lap);
            match end_lap(&mut board, last, mover) {
                LapEnd::Relay(taken) => {
                    from = last;
                    hand = taken;
                }
                _ => break,
            }
        }
        Some(FloatersTurn { pit, laps })
    }

    fn parse_turn(&self, text: &str) -> Result<FloatersTurn, TurnError> {
        if self.outcome.is_some() {
            return Err(TurnError::GameOver);
        }
        let (pit, laps) = self.read(text)?;
        Ok(self.run(pit, &laps)?.turn)
    }

    /// Play a whole turn, or its first laps: then the same player must
    /// send the rest (colour strings only) before the turn ends.
    fn play(&mut self, turn: &FloatersTurn) -> Result<(), TurnError> {
        let run = self.run(turn.pit, &turn.laps)?;
        self.commit(run);
        Ok(())
    }

    fn apply(&mut self, turn: &FloatersTurn) {
        match self.run(turn.pit, &turn.laps) {
            Ok(run) => self.commit(run),
            Err(e) => debug_assert!(false, "apply of an illegal turn {turn}: {e}"),
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    fn highlights(&self, turn: &FloatersTurn) -> Highlights {
        let mut h = Highlights::default();
        let Ok(run) = self.run(turn.pit, &turn.laps) else {
            return h;
        };
        let start = match (turn.pit, self.hand) {
            (_, Some(mid)) => mid.from as usize,
            (Some(n), None) => pit_spot(self.mover(), n as usize),
            (None, None) => return h,
        };
        h.path.push(start);
        if run.laps.is_empty() {
            h.mark(start, MarkKind::LapStart);
        }
        for lap in &run.laps {
            h.mark(lap.from, MarkKind::LapStart);
            h.mark(lap.last, MarkKind::LapEnd);
            h.path.push(lap.last);
            if lap.end == LapEnd::Equal {
                h.mark(lap.last, MarkKind::Emptied);
            }
        }
        if let Some(mid) = run.waiting {
            h.mark(next_spot(mid.from as usize), MarkKind::Next);
        }
        h
    }

    fn view(&self) -> BoardView {
        let title = Message::new(match self.first {
            Seat::First => "floaters-view-title",
            Seat::Second => "floaters-view-title-north",
        });
        let mut view = BoardView::new(title, Layout::Mancala { pits: 6 });
        for (spot, stones) in self.spots.iter().enumerate() {
            view.spots[spot] = Spot::Pit {
                red: stones[0],
                black: stones[1],
            };
        }
        view.status = status_line(self.to_move, self.outcome, |s| self.seat_message(s));
        for (id, spot) in [
            ("floaters-note-east-store", EAST),
            ("floaters-note-west-store", WEST),
        ] {
            let [r, b] = self.spots[spot];
            view.notes.push(
                Message::new(id)
                    .arg("total", r + b)
                    .arg("red", r)
                    .arg("black", b),
            );
        }
        let red_left: u8 = row(0).map(|s| self.spots[s][0]).sum();
        let black_left: u8 = row(1).map(|s| self.spots[s][1]).sum();
        view.notes.push(
            Message::new("floaters-note-rows")
                .arg("red", red_left)
                .arg("black", black_left),
        );
        let [red, black] = self.hand.map_or([0, 0], |mid| mid.hand());
        let next = self.hand.map_or(0, |mid| next_spot(mid.from as usize));
        view.mancala = Some(MancalaWords {
            north: Message::new("floaters-label-north"),
            south: Message::new("floaters-label-south"),
            west_store: Message::new("floaters-label-west-store"),
            east_store: Message::new("floaters-label-east-store"),
            in_hand: Message::new("floaters-label-in-hand"),
            hand_red: Message::new("floaters-label-red").arg("count", red),
            hand_black: Message::new("floaters-label-black").arg("count", black),
            next: Message::new("floaters-label-next").arg("spot", label_spot(next)),
            hand_line: Message::new("floaters-label-hand-line")
                .arg("red", red)
                .arg("black", black),
        });
        if let Some(mid) = self.hand {
            let next = next_spot(mid.from as usize);
            view.hand = Some(Hand {
                red: mid.red,
                black: mid.black,
                next,
            });
            let [red, black] = mid.hand();
            view.notes.push(
                Message::new("floaters-note-mid-turn")
                    .arg(
                        "stones",
                        Message::new("floaters-stones")
                            .arg("red", red)
                            .arg("black", black),
                    )
                    .arg("next", spot_message(next)),
            );
        }
        view
    }

    fn can_draw(&self) -> bool {
        true
    }

    fn in_mid_turn(&self) -> bool {
        self.hand.is_some()
    }

    fn end_detail(&self, outcome: Outcome) -> Option<Message> {
        match outcome {
            Outcome {
                winner: Some(seat),
                reason: Reason::Cleared,
            } => Some(Message::new(match seat {
                Seat::First => "floaters-end-cleared-south",
                Seat::Second => "floaters-end-cleared-north",
            })),
            _ => None,
        }
    }

    fn hint_legend(&self) -> Message {
        Message::new(if self.hand.is_some() {
            "floaters-hint-legend-laps"
        } else {
            "floaters-hint-legend"
        })
    }

    fn next_step_hint(&self) -> Option<Message> {
        let mid = self.hand?;
        let hand = mid.hand();
        Some(
            Message::new("floaters-next-step")
                .arg("stones", stones_message(hand))
                .arg("from", spot_message(mid.from as usize))
                .arg("example", example_lap(hand)),
        )
    }

    fn next_step_choices(&self, limit: usize) -> Option<(u64, Vec<String>)> {
        self.next_laps(limit)
    }

    fn too_many_turns_hint(&self) -> Option<Message> {
        if let Some(mid) = self.hand {
            return Some(
                Message::new("floaters-hint-mid-turn")
                    .arg("stones", stones_message(mid.hand()))
                    .arg("from", spot_message(mid.from as usize))
                    .arg("example", example_lap(mid.hand())),
            );
        }
        let playable = self.playable();
        let first = playable.first()?.clone();
        let pits = playable
            .iter()
            .map(|p| Message::new("word").arg("word", p.as_str()));
        Some(
            Message::new("floaters-hint-start")
                .arg(
                    "playable",
                    Message::new("floaters-playable")
                        .arg("count", playable.len())
                        .arg("pits", super::notation::message_list_or(pits.collect())),
                )
                .arg("first", first),
        )
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
        let mut history = self.history.clone();
        let epoch = (0, self.epoch_stores);
        match self.hand {
            Some(mid) => {
                let mut total = 0u64;
                let mut path = Vec::with_capacity(8);
                each_finish(
                    &self.spots,
                    mid.from as usize,
                    mid.hand(),
                    self.mover(),
                    &mut path,
                    &mut |after, _| {
                        total = total.saturating_add(perft_child(
                            after,
                            self.to_move,
                            &mut history,
                            epoch,
                            depth - 1,
                        ));
                    },
                );
                total
            }
            None => perft_rec(&self.spots, self.to_move, &mut history, epoch, depth),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::SplitRng;
    use crate::Refusal;

    fn refusal(g: &Floaters, text: &str) -> FloatersRefusal {
        match g.parse_turn(text) {
            Err(TurnError::Illegal(Refusal::Floaters(refusal)))
            | Err(TurnError::Unparsable(Refusal::Floaters(refusal))) => *refusal,
            other => panic!("{text}: {other:?}"),
        }
    }

    #[test]
    fn every_refusal_is_worded_in_every_language() {
        use FloatersRefusal as R;
        let mid = MidTurn {
            red: 1,
            black: 2,
            from: 3,
            done: 1,
        };
        let pits = |n: usize| (1..=n).map(|p| p.to_string()).collect::<Vec<String>>();
        let all = vec![
            R::MidTurn { mid },
            R::NoPit { playable: pits(0) },
            R::NoSuchPit {
                pit: 9,
                playable: pits(1),
            },
            R::EmptyPit {
                pit: 1,
                playable: pits(3),
            },
            R::OpponentsPit {
                pit: "n3".into(),
                playable: pits(2),
            },
            R::WrongLap {
                number: 1,
                only: true,
                from: 2,
                hand: [4, 0],
                given: "rrb".into(),
                has: [2, 1],
            },
            R::WrongLap {
                number: 2,
                only: false,
                from: EAST,
                hand: [0, 1],
                given: "r".into(),
                has: [1, 0],
            },
            R::TurnOver {
                laps: 1,
                end: TurnEnd::Store { spot: WEST },
                extra: "rb".into(),
            },
            R::TurnOver {
                laps: 2,
                end: TurnEnd::Majority { spot: 9, colour: 0 },
                extra: "rb".into(),
            },
            R::TurnOver {
                laps: 2,
                end: TurnEnd::Majority { spot: 9, colour: 1 },
                extra: "rb".into(),
            },
            R::TurnOver {
                laps: 3,
                end: TurnEnd::Emptied { spot: 4 },
                extra: "rb".into(),
            },
            R::EmptyTurn { mid: Some(mid) },
            R::EmptyTurn { mid: None },
            R::NotAPit { word: "s".into() },
            R::LapTooLong {
                word: "r".repeat(60),
            },
            R::NotColours {
                word: "hello".into(),
            },
        ];
        let index = |r: &R| match r {
            R::MidTurn { .. } => 0,
            R::NoPit { .. } => 1,
            R::NoSuchPit { .. } => 2,
            R::EmptyPit { .. } => 3,
            R::OpponentsPit { .. } => 4,
            R::WrongLap { .. } => 5,
            R::TurnOver { .. } => 6,
            R::EmptyTurn { .. } => 7,
            R::NotAPit { .. } => 8,
            R::LapTooLong { .. } => 9,
            R::NotColours { .. } => 10,
        };
        let covered: std::collections::BTreeSet<usize> = all.iter().map(index).collect();
        assert_eq!(covered.len(), 11, "a variant has no sample");
        assert_eq!(
            all[0].to_string(),
            "you are in the middle of a turn, holding 1 red and 2 black stones taken from South pit 4: send their colours in sowing order, e.g. `rbb`"
        );
        assert_eq!(
            all[7].to_string(),
            "the turn ends after lap 1 (its last stone lands in the west store), so `rb` has nothing to sow"
        );
        crate::check::assert_refusals_render(all.into_iter().map(Refusal::from).collect());
    }

    /// A position with these pits (spot, [red, black]); every other stone
    /// is in the east store so the total stays 48.
    fn position(pits: &[(usize, [u8; 2])], to_move: Seat) -> Floaters {
        let mut g = Floaters::start(Seat::First);
        g.spots = [[0, 0]; SPOTS];
        let mut used = [0u8; 2];
        for &(spot, stones) in pits {
            g.spots[spot] = stones;
            used[0] += stones[0];
            used[1] += stones[1];
        }
        g.spots[EAST] = [PER_COLOUR - used[0], PER_COLOUR - used[1]];
        g.to_move = to_move;
        g.history.clear();
        g.epoch_stores = stores_total(&g.spots);
        g
    }

    fn play(g: &mut Floaters, text: &str) {
        let turn = g.parse_turn(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        g.play(&turn).unwrap_or_else(|e| panic!("{text}: {e}"));
    }

    fn total(g: &Floaters) -> u32 {
        g.spots
            .iter()
            .map(|s| u32::from(s[0]) + u32::from(s[1]))
            .sum::<u32>()
            + g.hand.map_or(0, |h| u32::from(h.red) + u32::from(h.black))
    }

    /// Given the work, the bounded count is the count; short of it, none.
    #[test]
    fn a_bounded_count_is_exact_or_gives_up() {
        let mut rng = SplitRng::new(21);
        let (mut given_up, mut many) = (0, 0);
        for _ in 0..300 {
            let mut g = Floaters::new(&Options::default()).unwrap();
            for _ in 0..rng.below(40) {
                match g.random_turn(&mut rng) {
                    Some(turn) => g.apply(&turn),
                    None => break,
                }
            }
            let exact = g.count_turns();
            assert_eq!(g.count_turns_within(u64::MAX), Some(exact), "{g:?}");
            match g.count_turns_within(3) {
                Some(count) => assert_eq!(count, exact, "{g:?}"),
                None => given_up += 1,
            }
            if exact > 20_000 {
                many += 1;
            }
        }
        assert!(given_up > 0, "no count needed more than 3 steps");
        assert!(many > 0, "no position with many turns");
    }

    #[test]
    fn a_lap_ending_in_a_store_and_the_forced_shortcut() {
        let mut g = Floaters::new(&Options::default()).unwrap();
        assert_eq!(g.parse_turn("3").unwrap().to_string(), "3 rrrr");
        play(&mut g, "3");
        // 4 red sown into pits 4, 5, 6 and the east store: the turn ends.
        assert_eq!(g.spots[EAST], [1, 0]);
        assert_eq!(g.spots[pit_spot(0, 4)], [5, 0]);
        assert_eq!(g.to_move(), Seat::Second);
        assert_eq!(total(&g), 48);
    }

    #[test]
    fn a_lap_ending_on_equal_colours_removes_that_pit() {
        // South pit 5 holds one red; pit 6 one black: 1 red v 1 black.
        let mut g = position(
            &[
                (pit_spot(0, 5), [1, 0]),
                (pit_spot(0, 6), [0, 1]),
                (pit_spot(0, 1), [3, 0]),
                (pit_spot(1, 2), [0, 5]),
            ],
            Seat::First,
        );
        let store_before = g.spots[EAST];
        play(&mut g, "5 r");
        assert_eq!(g.spots[pit_spot(0, 6)], [0, 0], "the equal pit is emptied");
        assert_eq!(g.spots[EAST], [store_before[0] + 1, store_before[1] + 1]);
        assert_eq!(g.to_move(), Seat::Second);
        assert_eq!(total(&g), 48);
    }

    #[test]
    fn a_lap_ending_on_the_movers_majority() {
        let mut g = position(
            &[
                (pit_spot(0, 5), [1, 0]),
                (pit_spot(0, 6), [1, 0]),
                (pit_spot(1, 2), [0, 5]),
            ],
            Seat::First,
        );
        play(&mut g, "5 r");
        assert_eq!(g.spots[pit_spot(0, 6)], [2, 0]);
        assert_eq!(g.to_move(), Seat::Second);
    }

    #[test]
    fn a_relay_lap_and_a_partial_turn() {
        // Pit 5's red lands on two black stones: red is fewer, so all three
        // are taken up and sown on from pit 6.
        let mut g = position(
            &[
                (pit_spot(0, 5), [1, 0]),
                (pit_spot(0, 6), [0, 2]),
                (pit_spot(0, 2), [2, 0]),
                (pit_spot(1, 3), [0, 4]),
            ],
            Seat::First,
        );
        let turns: Vec<String> = g.legal_turns().iter().map(|t| t.to_string()).collect();
        assert!(
            turns.contains(&"5 r bbr".to_string())
                && turns.contains(&"5 r rbb b bbbbb b".to_string()),
            "{turns:?}"
        );
        // Only the first lap: the same player must finish the turn.
        play(&mut g, "5 r");
        assert_eq!(g.to_move(), Seat::First);
        let hand = g.hand.expect("mid-turn");
        assert_eq!((hand.red, hand.black), (1, 2));
        assert!(
            g.view().english().hand.is_some(),
            "the mid-turn hand is shown"
        );
        assert_eq!(total(&g), 48);
        // Wrong colour counts are explained.
        let e = refusal(&g, "rrb");
        assert!(
            matches!(
                &e,
                FloatersRefusal::WrongLap {
                    only: false,
                    hand: [1, 2],
                    given,
                    has: [2, 1],
                    ..
                } if given == "rrb"
            ),
            "{e:?}"
        );
        assert!(
            e.to_string()
                .ends_with("sows 1 red and 2 black stones; `rrb` has 2 red and 1 black"),
            "{e}"
        );
        // What to send next, and the next lap's choices (not whole turns).
        let hint = g.next_step_hint().expect("mid-turn");
        let said = |lang| crate::locales::word(lang, &hint);
        assert_eq!(
            said(crate::Lang::En),
            "You hold 1 red and 2 black stones taken from South pit 6: send their colours in sowing order, e.g. `move rbb`"
        );
        assert!(said(crate::Lang::Ja).ends_with("（例：`指す rbb`）"), "{}", said(crate::Lang::Ja));
        assert!(said(crate::Lang::Es).ends_with("p. ej. `move rbb`"), "{}", said(crate::Lang::Es));
        assert_eq!(
            g.next_step_choices(2),
            Some((3, vec!["bbr".to_string(), "brb".to_string()]))
        );
        assert_eq!(
            refusal(&g, "bbr b"),
            FloatersRefusal::TurnOver {
                laps: 2,
                end: TurnEnd::Majority { spot: 8, colour: 0 },
                extra: "b".into()
            }
        );
        // The lap is numbered on from the turn's first part.
        assert!(matches!(e, FloatersRefusal::WrongLap { number: 2, .. }));
        let said = |lang| crate::locales::word(lang, &e.message());
        assert!(said(crate::Lang::En).starts_with("lap 2 from South pit 6"), "{}", said(crate::Lang::En));
        assert!(said(crate::Lang::Ja).starts_with("2番目のラップ"), "{}", said(crate::Lang::Ja));
        assert!(said(crate::Lang::Es).starts_with("la vuelta 2 "), "{}", said(crate::Lang::Es));
        let json = serde_json::to_string(&g).unwrap();
        let mut reloaded: Floaters = serde_json::from_str(&json).unwrap();
        play(&mut reloaded, "bbr");
        assert_eq!(reloaded.hand, None);
        assert_eq!(total(&reloaded), 48);
    }

    #[test]
    fn black_sows_one_red_and_one_black_and_wins() {
        // North's last black sits in pit 6 with one red: sowing red into the
        // west store and black into South's pit 1 clears North's row.
        let mut g = position(
            &[
                (pit_spot(1, 6), [1, 1]),
                (pit_spot(0, 1), [0, 1]),
                (pit_spot(0, 3), [3, 0]),
            ],
            Seat::Second,
        );
        play(&mut g, "6 rb");
        assert_eq!(
            g.outcome(),
            Some(Outcome::win(Seat::Second, Reason::Cleared))
        );
        assert!(g.legal_turns().is_empty());
    }

    #[test]
    fn helpful_refusals() {
        let g = Floaters::new(&Options::default()).unwrap();
        assert_eq!(
            refusal(&g, "3 rrb"),
            FloatersRefusal::WrongLap {
                number: 1,
                only: true,
                from: pit_spot(0, 3),
                hand: [4, 0],
                given: "rrb".into(),
                has: [2, 1],
            }
        );
        assert_eq!(
            refusal(&g, "3 rrb").to_string(),
            "the lap from South pit 3 sows 4 red stones and no black; `rrb` has 2 red and 1 black"
        );
        let g = position(
            &[(pit_spot(0, 2), [2, 0]), (pit_spot(1, 2), [0, 3])],
            Seat::First,
        );
        assert_eq!(
            refusal(&g, "1"),
            FloatersRefusal::EmptyPit {
                pit: 1,
                playable: vec!["2".into()],
            }
        );
        assert_eq!(
            refusal(&g, "1").to_string(),
            "your pit 1 is empty; you can play pit 2"
        );
        assert!(matches!(
            refusal(&g, "9 rr"),
            FloatersRefusal::NoSuchPit { pit: 9, .. }
        ));
        assert_eq!(
            g.parse_turn("hello"),
            Err(unparsable(FloatersRefusal::NotColours {
                word: "hello".into()
            }))
        );
    }

    #[test]
    fn every_turn_ends_and_stones_are_kept() {
        let mut rng = SplitRng::new(11);
        for _ in 0..200 {
            let mut g = Floaters::new(&Options::default()).unwrap();
            for _ in 0..300 {
                let Some(turn) = g.random_turn(&mut rng) else {
                    break;
                };
                g.play(&turn).unwrap();
                assert_eq!(total(&g), 48);
                assert_eq!(g.hand, None, "random turns are whole turns");
            }
        }
        // The uniform sampler gives legal whole turns too.
        let g = Floaters::new(&Options::default()).unwrap();
        let turn = g.uniform_turn(&mut rng).unwrap();
        assert!(g.legal_turns().contains(&turn));
    }
}
