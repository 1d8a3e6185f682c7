//! Alquerque on the 5 x 5 board, with the leaflet's basic rules and R.C.
//! Bell's additional rules (the default). See shared/rules/alquerque.md.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::geometry::{bits, PointBoard, DIRECTIONS, NONE};
use super::notation::list_or;
use super::view::status_line;
use super::{
    BoardView, Colour, Game, GameKind, Highlights, Layout, MarkKind, OptionError, Options, Outcome,
    Reason, Seat, Spot, TurnError,
};

fn board() -> &'static PointBoard {
    PointBoard::five_by_five()
}

/// The longest chain: 12 captures (every enemy piece).
const MAX_JUMPS: usize = 12;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RuleSet {
    Basic,
    Bell,
}

/// An Alquerque position with its rule state (stall counter, repetition
/// history, Bell's no-shuffle memory).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Alquerque {
    rules: RuleSet,
    stall_limit: u32,
    pieces: [u64; 2],
    to_move: Seat,
    /// Pieces each seat has captured.
    captured: [u8; 2],
    /// Consecutive turns without a capture (basic rules).
    quiet_turns: u32,
    /// Positions since the last capture, packed exactly (basic rules).
    history: Vec<u64>,
    /// Bell rule 4: for the piece on each point, the point it left on its
    /// own previous move (`NONE` if none). After a capture chain that is the
    /// chain's starting point.
    came_from: [u8; 25],
    /// Legal turns of the player to move, kept by `apply` (it decides the
    /// end of the game and makes the last ply of perft free).
    turn_count: u32,
    outcome: Option<Outcome>,
}

/// A turn: a step, or a capture chain given by its landing points.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct AlquerqueTurn {
    pub from: u8,
    /// Landing points (one for a step).
    path: [u8; MAX_JUMPS],
    len: u8,
    pub capture: bool,
}

impl AlquerqueTurn {
    pub fn landings(&self) -> &[u8] {
        &self.path[..self.len as usize]
    }

    fn to(&self) -> u8 {
        self.path[self.len as usize - 1]
    }
}

impl fmt::Display for AlquerqueTurn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let b = board();
        write!(f, "{}", b.name(self.from as usize))?;
        let sep = if self.capture { "x" } else { "-" };
        for &p in self.landings() {
            write!(f, "{sep}{}", b.name(p as usize))?;
        }
        Ok(())
    }
}

/// The point jumped over between two points two steps apart on a line.
fn middle(from: usize, to: usize) -> Option<usize> {
    let b = board();
    (0..8).find_map(|d| {
        let mid = b.step(from, d)?;
        (b.step(mid, d) == Some(to)).then_some(mid)
    })
}

fn pack(pieces: [u64; 2], to_move: Seat) -> u64 {
    pieces[0] | pieces[1] << 25 | (to_move.index() as u64) << 50
}

impl Alquerque {
    fn forward(seat: Seat, d: usize) -> i8 {
        let dr = DIRECTIONS[d].1;
        if seat == Seat::First {
            dr
        } else {
            -dr
        }
    }

    fn far_rank(seat: Seat, p: usize) -> bool {
        let rank = board().rank(p);
        match seat {
            Seat::First => rank == 4,
            Seat::Second => rank == 0,
        }
    }

    /// The jumps (middle, landing) available to a piece on `p`.
    fn jumps_from(
        &self,
        p: usize,
        theirs: u64,
        empty: u64,
    ) -> impl Iterator<Item = (usize, usize)> + '_ {
        let b = board();
        (0..8).filter_map(move |d| {
            let mid = b.step(p, d)?;
            if theirs >> mid & 1 == 0 {
                return None;
            }
            let land = b.step(mid, d)?;
            (empty >> land & 1 == 1).then_some((mid, land))
        })
    }

    /// Depth-first search of capture chains from `at`. Under basic rules
    /// every prefix is a turn; under Bell only chains that cannot continue.
    #[allow(clippy::too_many_arguments)]
    fn chains(
        &self,
        from: usize,
        at: usize,
        theirs: u64,
        empty: u64,
        path: &mut [u8; MAX_JUMPS],
        len: usize,
        out: &mut Vec<AlquerqueTurn>,
    ) {
        let mut extended = false;
        for (mid, land) in self
            .jumps_from(at, theirs, empty)
            .collect::<arrayvec_like::Small>()
            .iter()
        {
            extended = true;
            path[len] = land as u8;
            // The jumped piece is removed at once; the mover's old point is empty.
            let theirs2 = theirs & !(1 << mid);
            let empty2 = (empty | 1 << mid | 1 << at) & !(1 << land);
            if self.rules == RuleSet::Basic {
                out.push(AlquerqueTurn {
                    from: from as u8,
                    path: *path,
                    len: len as u8 + 1,
                    capture: true,
                });
            }
            self.chains(from, land, theirs2, empty2, path, len + 1, out);
        }
        if !extended && self.rules == RuleSet::Bell && len > 0 {
            out.push(AlquerqueTurn {
                from: from as u8,
                path: *path,
                len: len as u8,
                capture: true,
            });
        }
    }

    fn steps(&self, out: &mut Vec<AlquerqueTurn>) {
        let b = board();
        let me = self.to_move;
        let (mine, theirs) = (self.pieces[me.index()], self.pieces[1 - me.index()]);
        let empty = b.all & !(mine | theirs);
        for p in bits(mine) {
            if self.rules == RuleSet::Bell && Self::far_rank(me, p) {
                continue;
            }
            for (d, &q) in b.neighbours(p).iter().enumerate() {
                if q == NONE || empty >> q & 1 == 0 {
                    continue;
                }
                if self.rules == RuleSet::Bell
                    && (Self::forward(me, d) < 0 || self.came_from[p] == q)
                {
                    continue;
                }
                let mut path = [0u8; MAX_JUMPS];
                path[0] = q;
                out.push(AlquerqueTurn {
                    from: p as u8,
                    path,
                    len: 1,
                    capture: false,
                });
            }
        }
    }

    fn captures(&self, out: &mut Vec<AlquerqueTurn>) {
        let me = self.to_move.index();
        let (mine, theirs) = (self.pieces[me], self.pieces[1 - me]);
        let empty = board().all & !(mine | theirs);
        let mut path = [0u8; MAX_JUMPS];
        for p in bits(mine) {
            self.chains(p, p, theirs, empty, &mut path, 0, out);
        }
    }

    fn all_turns(&self, out: &mut Vec<AlquerqueTurn>) {
        match self.rules {
            RuleSet::Bell => {
                self.captures(out);
                if out.is_empty() {
                    self.steps(out);
                }
            }
            RuleSet::Basic => {
                self.captures(out);
                self.steps(out);
            }
        }
    }

    /// Decide the end of the game for the side now to move.
    fn judge(&mut self) {
        let me = self.to_move.index();
        if self.pieces[me] == 0 {
            self.outcome = Some(Outcome::win(self.to_move.other(), Reason::AllCaptured));
            return;
        }
        let mut turns = Vec::new();
        self.all_turns(&mut turns);
        self.turn_count = turns.len() as u32;
        let no_moves = turns.is_empty();
        match self.rules {
            RuleSet::Bell => {
                if no_moves {
                    self.outcome = Some(Outcome::win(self.to_move.other(), Reason::NoMoves));
                }
            }
            RuleSet::Basic => {
                let key = pack(self.pieces, self.to_move);
                let repeats = self.history.iter().filter(|&&k| k == key).count();
                if no_moves || self.quiet_turns >= self.stall_limit || repeats >= 3 {
                    self.outcome = Some(match self.captured[0].cmp(&self.captured[1]) {
                        std::cmp::Ordering::Greater => Outcome::win(Seat::First, Reason::Stall),
                        std::cmp::Ordering::Less => Outcome::win(Seat::Second, Reason::Stall),
                        std::cmp::Ordering::Equal => Outcome::draw(Reason::Stall),
                    });
                }
            }
        }
    }

    fn sorted_names(turns: &[AlquerqueTurn]) -> Vec<String> {
        let mut names: Vec<String> = turns.iter().map(|t| t.to_string()).collect();
        names.sort();
        names.dedup();
        names
    }
}

/// A tiny fixed-capacity list of jumps (at most 8), to keep the chain
/// search free of heap allocation.
mod arrayvec_like {
    #[derive(Default)]
    pub struct Small {
        items: [(usize, usize); 8],
        len: usize,
    }

    impl Small {
        pub fn iter(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
            self.items[..self.len].iter().copied()
        }
    }

    impl FromIterator<(usize, usize)> for Small {
        fn from_iter<I: IntoIterator<Item = (usize, usize)>>(iter: I) -> Self {
            let mut small = Small::default();
            for item in iter.into_iter().take(8) {
                small.items[small.len] = item;
                small.len += 1;
            }
            small
        }
    }
}

fn short(mut items: Vec<String>) -> String {
    const MAX: usize = 10;
    if items.len() > MAX {
        let more = items.len() - MAX;
        items.truncate(MAX);
        items.push(format!("{more} more"));
    }
    list_or(&items)
}

impl Game for Alquerque {
    type Turn = AlquerqueTurn;
    const KIND: GameKind = GameKind::Alquerque;

    fn new(options: &Options) -> Result<Self, OptionError> {
        options.check_known("alquerque", &["rules", "stall"])?;
        let rules = match options.choice("rules", "bell", &["bell", "basic"])? {
            "basic" => RuleSet::Basic,
            _ => RuleSet::Bell,
        };
        let stall_limit = options.number("stall", 40, 1, 10_000)?;
        let b = board();
        let mut white = 0u64;
        let mut black = 0u64;
        for file in 0..5 {
            white |= 1 << b.index(file, 0) | 1 << b.index(file, 1);
            black |= 1 << b.index(file, 3) | 1 << b.index(file, 4);
        }
        white |= 1 << b.index(3, 2) | 1 << b.index(4, 2);
        black |= 1 << b.index(0, 2) | 1 << b.index(1, 2);
        let mut game = Alquerque {
            rules,
            stall_limit,
            pieces: [white, black],
            to_move: Seat::First,
            captured: [0, 0],
            quiet_turns: 0,
            history: Vec::new(),
            came_from: [NONE; 25],
            outcome: None,
            turn_count: 0,
        };
        if rules == RuleSet::Basic {
            game.history.push(pack(game.pieces, game.to_move));
        }
        game.judge();
        Ok(game)
    }

    fn options(&self) -> Vec<(&'static str, serde_json::Value)> {
        let rules = match self.rules {
            RuleSet::Basic => "basic",
            RuleSet::Bell => "bell",
        };
        vec![
            ("rules", serde_json::Value::from(rules)),
            ("stall", serde_json::Value::from(self.stall_limit)),
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

    fn generate(&self, out: &mut Vec<AlquerqueTurn>) {
        if self.outcome.is_none() {
            self.all_turns(out);
        }
    }

    fn parse_turn(&self, text: &str) -> Result<AlquerqueTurn, TurnError> {
        let b = board();
        let lower = text.trim().to_ascii_lowercase();
        let says_capture = lower.contains('x');
        let squares = super::notation::split_squares(&lower.replace('x', " "));
        let usage = "write a step as b2-c3 and a capture as b2xd4 (a chain: b2xd4xb4)";
        let Some(squares) = squares.filter(|s| s.len() >= 2 && s.len() <= MAX_JUMPS + 1) else {
            return Err(TurnError::Unparsable(format!(
                "`{}` is not an Alquerque turn: {usage}",
                text.trim()
            )));
        };
        let mut points = Vec::with_capacity(squares.len());
        for sq in &squares {
            points.push(b.parse(sq).ok_or_else(|| {
                TurnError::Unparsable(format!("{sq} is not a point of the board (a1 to e5)"))
            })?);
        }
        if self.outcome.is_some() {
            return Err(TurnError::GameOver);
        }
        let mut legal = Vec::new();
        self.all_turns(&mut legal);
        let from = points[0];
        let landings: Vec<u8> = points[1..].iter().map(|&p| p as u8).collect();
        if let Some(turn) = legal
            .iter()
            .find(|t| t.from as usize == from && t.landings() == landings.as_slice())
        {
            return Ok(*turn);
        }
        // Explain the refusal.
        let me = self.to_move;
        let from_name = b.name(from);
        if self.pieces[me.index()] >> from & 1 == 0 {
            let what = if self.pieces[1 - me.index()] >> from & 1 == 1 {
                "holds your opponent's piece"
            } else {
                "is empty"
            };
            let mut movable: Vec<String> = legal.iter().map(|t| b.name(t.from as usize)).collect();
            movable.sort();
            movable.dedup();
            return Err(TurnError::Illegal(format!(
                "{from_name} {what}; the {} pieces that can move are on {}",
                self.seat_name(me),
                short(movable)
            )));
        }
        let piece_turns: Vec<AlquerqueTurn> = legal
            .iter()
            .filter(|t| t.from as usize == from)
            .copied()
            .collect();
        let piece_list = if piece_turns.is_empty() {
            format!("the piece on {from_name} cannot move now")
        } else {
            format!(
                "from {from_name} you can play {}",
                short(Self::sorted_names(&piece_turns))
            )
        };
        let any_capture = legal.iter().any(|t| t.capture);
        if self.rules == RuleSet::Bell && any_capture {
            // A capture prefix that stops too early?
            let longer: Vec<AlquerqueTurn> = legal
                .iter()
                .filter(|t| t.from as usize == from && t.landings().starts_with(&landings))
                .copied()
                .collect();
            if !longer.is_empty() {
                return Err(TurnError::Illegal(format!(
                    "under Bell rules a capture must go on while it can: continue with {}",
                    short(Self::sorted_names(&longer))
                )));
            }
            if points.len() == 2 && middle(from, points[1]).is_none() {
                return Err(TurnError::Illegal(format!(
                    "a capture is compulsory under Bell rules (it is enforced rather than penalised): play {}",
                    short(Self::sorted_names(&legal))
                )));
            }
        }
        if points.len() == 2 && !says_capture && middle(from, points[1]).is_none() {
            let to = points[1];
            let adjacent = b.direction_between(from, to);
            let reason = match adjacent {
                None => format!("{} is not next to {from_name} along a line", b.name(to)),
                Some(_) if (self.pieces[0] | self.pieces[1]) >> to & 1 == 1 => {
                    format!("{} is occupied", b.name(to))
                }
                Some(d) if self.rules == RuleSet::Bell && Self::forward(me, d) < 0 => {
                    "under Bell rules a piece may not step backwards".to_string()
                }
                Some(_) if self.rules == RuleSet::Bell && Self::far_rank(me, from) => {
                    format!("under Bell rules a piece on the far rank ({from_name}) may only move by capturing")
                }
                Some(_) if self.rules == RuleSet::Bell && self.came_from[from] as usize == to => {
                    format!(
                    "under Bell rules a piece may not step straight back to {}, where it came from",
                    b.name(to)
                )
                }
                Some(_) => "that step is not legal here".to_string(),
            };
            return Err(TurnError::Illegal(format!("{reason}; {piece_list}")));
        }
        Err(TurnError::Illegal(format!(
            "that is not a legal capture; {piece_list}"
        )))
    }

    fn apply(&mut self, turn: &AlquerqueTurn) {
        let me = self.to_move.index();
        let from = turn.from as usize;
        let to = turn.to() as usize;
        let mut at = from;
        let mut taken = 0u8;
        if turn.capture {
            for &land in turn.landings() {
                if let Some(mid) = middle(at, land as usize) {
                    self.pieces[1 - me] &= !(1 << mid);
                    self.came_from[mid] = NONE;
                    taken += 1;
                }
                at = land as usize;
            }
        }
        self.pieces[me] = (self.pieces[me] & !(1 << from)) | 1 << to;
        self.came_from[to] = turn.from;
        if from != to {
            self.came_from[from] = NONE;
        }
        self.captured[me] += taken;
        self.to_move = self.to_move.other();
        if self.rules == RuleSet::Basic {
            if taken > 0 {
                self.quiet_turns = 0;
                self.history.clear();
            } else {
                self.quiet_turns += 1;
            }
            self.history.push(pack(self.pieces, self.to_move));
        }
        self.judge();
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    fn count_turns(&self) -> u64 {
        if self.outcome.is_some() {
            0
        } else {
            u64::from(self.turn_count)
        }
    }

    fn highlights(&self, turn: &AlquerqueTurn) -> Highlights {
        let mut h = Highlights::default();
        h.path.push(turn.from as usize);
        h.path.extend(turn.landings().iter().map(|&p| p as usize));
        h.mark(turn.from as usize, MarkKind::From);
        h.mark(turn.to() as usize, MarkKind::To);
        if turn.capture {
            let mut at = turn.from as usize;
            for &land in turn.landings() {
                if let Some(mid) = middle(at, land as usize) {
                    h.mark(mid, MarkKind::Captured);
                }
                at = land as usize;
            }
        }
        h
    }

    fn view(&self) -> BoardView {
        let title = match self.rules {
            RuleSet::Bell => "Alquerque (Bell rules)",
            RuleSet::Basic => "Alquerque (basic rules)",
        };
        let mut view = BoardView::new(title, Layout::Points { files: 5, ranks: 5 });
        for (seat, colour) in [(0, Colour::White), (1, Colour::Black)] {
            for p in bits(self.pieces[seat]) {
                view.spots[p] = Spot::Stack(vec![colour]);
            }
        }
        view.notes.push(format!(
            "Captured: White {}, Black {}",
            self.captured[0], self.captured[1]
        ));
        if self.rules == RuleSet::Basic {
            view.notes.push(format!(
                "Turns without a capture: {} of {}",
                self.quiet_turns, self.stall_limit
            ));
        }
        view.status = status_line(self.seat_name(self.to_move), self.outcome, |s| {
            self.seat_name(s)
        });
        view
    }

    fn can_draw(&self) -> bool {
        self.rules == RuleSet::Basic
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(rules: &str) -> Alquerque {
        Alquerque::new(&Options::from_pairs(&[("rules", rules)])).unwrap()
    }

    /// An empty board with the given pieces, White to move.
    fn setup(rules: &str, white: &[&str], black: &[&str]) -> Alquerque {
        let mut g = game(rules);
        let b = board();
        g.pieces = [
            white
                .iter()
                .fold(0, |acc, n| acc | 1 << b.parse(n).unwrap()),
            black
                .iter()
                .fold(0, |acc, n| acc | 1 << b.parse(n).unwrap()),
        ];
        g.history.clear();
        g.outcome = None;
        g
    }

    fn legal(g: &Alquerque) -> Vec<String> {
        Alquerque::sorted_names(&g.legal_turns())
    }

    fn error(g: &Alquerque, text: &str) -> String {
        g.parse_turn(text).unwrap_err().to_string()
    }

    #[test]
    fn start_position() {
        assert_eq!(legal(&game("bell")), ["b2-c3", "c2-c3", "d2-c3", "d3-c3"]);
        assert_eq!(game("basic").perft(3), 33);
        assert_eq!(game("bell").perft(4), 12);
    }

    #[test]
    fn multi_jump_with_a_change_of_direction() {
        // a1 jumps b2 to c3, then turns and jumps d3 to e3.
        let g = setup("bell", &["a1"], &["b2", "d3", "e5"]);
        assert_eq!(legal(&g), ["a1xc3xe3"]);
        let mut next = g.clone();
        next.play(&g.parse_turn("A1:C3:E3").unwrap()).unwrap();
        assert_eq!(next.pieces[1].count_ones(), 1);
        assert_eq!(next.captured[0], 2);
    }

    #[test]
    fn bell_compulsory_and_maximal_capture() {
        let g = setup("bell", &["a1", "e1"], &["b2", "d3", "e5"]);
        let e = error(&g, "e1-e2");
        assert!(e.contains("compulsory"), "{e}");
        let e = error(&g, "a1xc3");
        assert!(e.contains("must go on") && e.contains("a1xc3xe3"), "{e}");
        // Under basic rules both are legal, and the chain may stop.
        let basic = setup("basic", &["a1", "e1"], &["b2", "d3", "e5"]);
        let turns = legal(&basic);
        assert!(turns.contains(&"e1-e2".to_string()));
        assert!(turns.contains(&"a1xc3".to_string()) && turns.contains(&"a1xc3xe3".to_string()));
    }

    #[test]
    fn bell_no_backward_steps_and_far_rank() {
        let g = setup("bell", &["c3", "a5"], &["e1"]);
        let turns = legal(&g);
        assert!(
            !turns
                .iter()
                .any(|t| t.starts_with("c3-") && t.ends_with('2')),
            "{turns:?}"
        );
        assert!(turns.contains(&"c3-c4".to_string()) && turns.contains(&"c3-b3".to_string()));
        assert!(
            !turns.iter().any(|t| t.starts_with("a5")),
            "far-rank piece steps: {turns:?}"
        );
        assert!(error(&g, "c3-c2").contains("backwards"));
        assert!(error(&g, "a5-b5").contains("far rank"));
    }

    #[test]
    fn bell_no_shuffling_back() {
        let mut g = setup("bell", &["c3"], &["a5"]);
        g.play(&g.parse_turn("c3-d3").unwrap()).unwrap();
        g.play(&g.parse_turn("a5-a4").unwrap()).unwrap();
        let e = error(&g, "d3-c3");
        assert!(e.contains("came from"), "{e}");
        assert!(g.parse_turn("d3-e3").is_ok());
    }

    #[test]
    fn basic_stall_and_repetition() {
        // Two kings shuffling: stall after `stall` quiet turns, decided by captures.
        let mut g =
            Alquerque::new(&Options::from_pairs(&[("rules", "basic"), ("stall", "4")])).unwrap();
        let b = board();
        g.pieces = [1 << b.parse("a1").unwrap(), 1 << b.parse("e5").unwrap()];
        g.captured = [3, 1];
        g.history = vec![pack(g.pieces, g.to_move)];
        for t in ["a1-a2", "e5-e4", "a2-a1", "e5-e4"].iter().take(3) {
            g.play(&g.parse_turn(t).unwrap()).unwrap();
        }
        assert_eq!(g.outcome(), None);
        g.play(&g.parse_turn("e4-e5").unwrap()).unwrap();
        // Fourth quiet turn, and the start position appears for the second time.
        assert_eq!(g.outcome(), Some(Outcome::win(Seat::First, Reason::Stall)));
        // Threefold repetition with a long stall limit and equal captures: a draw.
        let mut g = Alquerque::new(&Options::from_pairs(&[
            ("rules", "basic"),
            ("stall", "100"),
        ]))
        .unwrap();
        g.pieces = [1 << b.parse("a1").unwrap(), 1 << b.parse("e5").unwrap()];
        g.history = vec![pack(g.pieces, g.to_move)];
        for t in [
            "a1-a2", "e5-e4", "a2-a1", "e4-e5", "a1-a2", "e5-e4", "a2-a1",
        ] {
            g.play(&g.parse_turn(t).unwrap()).unwrap();
            assert_eq!(g.outcome(), None, "{t}");
        }
        g.play(&g.parse_turn("e4-e5").unwrap()).unwrap();
        assert_eq!(g.outcome(), Some(Outcome::draw(Reason::Stall)));
    }

    #[test]
    fn all_captured_and_no_moves() {
        let mut g = setup("bell", &["a1"], &["b2"]);
        g.play(&g.parse_turn("a1xc3").unwrap()).unwrap();
        assert_eq!(
            g.outcome(),
            Some(Outcome::win(Seat::First, Reason::AllCaptured))
        );
        // Black on a1, walled in by White with every landing point taken.
        let mut g = setup("bell", &["a2", "a3", "b1", "b2", "c1", "c3", "e1"], &["a1"]);
        g.play(&g.parse_turn("e1-e2").unwrap()).unwrap();
        assert_eq!(
            g.outcome(),
            Some(Outcome::win(Seat::First, Reason::NoMoves))
        );
    }

    #[test]
    fn junk_is_refused_politely() {
        let g = game("bell");
        assert!(error(&g, "hello").contains("not an Alquerque turn"));
        assert!(error(&g, "a1").contains("not an Alquerque turn"));
        assert!(error(&g, "f9-a1").contains("not a point"));
        assert!(error(&g, "c3-c4").contains("is empty"));
        assert!(error(&g, "a4-c3").contains("opponent"));
        assert!(error(&g, "a2-c3").contains("not next to"));
    }
}
