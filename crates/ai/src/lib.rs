//! Opponents over the `Game` trait: Monte Carlo tree search for every game
//! ([`mcts`]), exact play where a position is small enough to solve
//! ([`solver`], checked by proof-number search in [`pns`]), and the arena
//! that measures them against each other.

pub mod alphabeta;
pub mod arena;
pub mod book;
pub mod mcts;
pub mod perfect;
pub mod played;
pub mod pns;
pub mod pool;
pub mod puzzle;
pub mod review;
pub mod solver;

use std::time::{Duration, Instant};

use cairn_rules::capitalise;
use cairn_rules::{AnyGame, Game, SplitRng};
use solver::Verdict;

/// How the bot should think.
#[derive(Clone, Debug)]
pub struct Settings {
    /// 1 (gentle) to 5 (full budget).
    pub level: u8,
    /// Hard limit on thinking time.
    pub deadline: Duration,
    pub seed: u64,
}

/// The bot's chosen turn and an optional remark ("a forced win for White in 7").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    pub turn: String,
    pub note: Option<String>,
    /// What the note says, for callers that word it themselves (in
    /// another language): the solver's verdict, from the point of view of
    /// the player who chose the turn.
    pub verdict: Option<solver::Verdict>,
}

/// A way to choose turns, as the arena names them: `random`,
/// `mcts:<playouts>`, `alphabeta`, `solver`, `level:<n>`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    Random,
    Mcts(u32),
    /// Alpha-beta to the deadline on the game's estimate ([`alphabeta`]).
    AlphaBeta,
    Solver,
    Level(u8),
}

impl std::str::FromStr for Player {
    type Err = String;
    fn from_str(text: &str) -> Result<Player, String> {
        let text = text.trim().to_ascii_lowercase();
        let bad = || {
            format!("`{text}` is not a player: use random, mcts:<playouts>, alphabeta, solver or level:<1-5>")
        };
        match text.split_once(':') {
            None if text == "random" => Ok(Player::Random),
            None if text == "solver" => Ok(Player::Solver),
            None if text == "alphabeta" => Ok(Player::AlphaBeta),
            Some(("mcts", n)) => n.parse().map(Player::Mcts).map_err(|_| bad()),
            Some(("level", n)) => match n.parse() {
                Ok(n @ 1..=5) => Ok(Player::Level(n)),
                _ => Err(bad()),
            },
            _ => Err(bad()),
        }
    }
}

/// MCTS playouts per level (all capped by the deadline).
pub fn level_playouts(level: u8) -> u32 {
    match level {
        0 | 1 => 24,
        2 => 200,
        3 => 1_000,
        4 => 4_000,
        _ => 20_000,
    }
}

/// What a player keeps between its turns: the last search tree, grown on
/// when the next position lies in it (tree reuse). Any game's tree fits;
/// a tree of another game or position is simply not used.
#[derive(Default)]
pub struct Memory(Option<Box<dyn std::any::Any + Send>>, usize);

impl Memory {
    fn take_tree<G: Game>(&mut self) -> Option<mcts::Tree<G>> {
        self.1 = 0;
        let tree = self.0.take()?.downcast::<mcts::Tree<G>>().ok()?;
        Some(*tree)
    }

    fn keep<G: Game>(&mut self, tree: Option<mcts::Tree<G>>) {
        self.1 = tree.as_ref().map_or(0, |t| t.approx_bytes());
        self.0 = tree.map(|t| Box::new(t) as Box<dyn std::any::Any + Send>);
    }

    /// The approximate bytes the kept tree holds (0 without one).
    pub fn bytes(&self) -> usize {
        self.1
    }

    /// The playouts held by the remembered tree (0 without one).
    pub fn playouts<G: Game>(&self) -> u32 {
        self.0
            .as_ref()
            .and_then(|t| t.downcast_ref::<mcts::Tree<G>>())
            .map_or(0, |t| t.visits())
    }
}

/// Choose a turn for the player to move, `None` if the game is over.
pub fn choose(game: &AnyGame, settings: &Settings, memory: &mut Memory) -> Option<Choice> {
    let player = Player::Level(settings.level.clamp(1, 5));
    let deadline = Instant::now() + settings.deadline;
    cairn_rules::with_game!(game, g => choose_with_memory(g, player, deadline, settings.seed, memory))
}

/// Choose with any arena player, from scratch.
pub fn choose_with<G: Game>(
    game: &G,
    player: Player,
    deadline: Instant,
    seed: u64,
) -> Option<Choice> {
    choose_with_memory(game, player, deadline, seed, &mut Memory::default())
}

/// Choose with any arena player, reusing (and updating) its memory.
pub fn choose_with_memory<G: Game>(
    game: &G,
    player: Player,
    deadline: Instant,
    seed: u64,
    memory: &mut Memory,
) -> Option<Choice> {
    if game.outcome().is_some() {
        return None;
    }
    let mut rng = SplitRng::new(seed);
    let plain = |turn: G::Turn| Choice {
        turn: turn.to_string(),
        note: None,
        verdict: None,
    };
    match player {
        Player::Random => game.random_turn(&mut rng).map(plain),
        Player::Mcts(playouts) => {
            let budget = mcts::Budget {
                playouts,
                deadline: Some(deadline),
            };
            let (search, tree) =
                mcts::search_with_tree(game, budget, &mut rng, memory.take_tree::<G>());
            memory.keep(tree);
            search.best.map(plain)
        }
        Player::AlphaBeta => {
            // No tree to keep: let an older one go.
            memory.keep::<G>(None);
            alphabeta::search(game, deadline).best.map(plain)
        }
        Player::Solver => match solver::solve(game, u64::MAX, Some(deadline)) {
            Ok(solution) => solution.best.map(|turn| Choice {
                turn: turn.to_string(),
                note: Some(verdict_note(game, solution.verdict)),
                verdict: Some(solution.verdict),
            }),
            Err(_) => choose_with_memory(
                game,
                Player::Mcts(level_playouts(5)),
                deadline,
                seed,
                memory,
            ),
        },
        Player::Level(level) => {
            if level >= 5 {
                // A win the book proved offline: its fastest turn.
                if let Some((turn, distance)) = book::opening_win(game) {
                    let solved = perfect::Solved {
                        verdict: Verdict::Win(distance),
                        turn,
                    };
                    return Some(solved_note(game, solved));
                }
                // An early turn that scored best in recorded play.
                if let Some(turn) = played::played_turn(game) {
                    return Some(plain(turn));
                }
                if let Some(solved) = perfect::solved_choice(game, deadline) {
                    return Some(solved_note(game, solved));
                }
                if game.estimate().is_some() {
                    return choose_with_memory(game, Player::AlphaBeta, deadline, seed, memory);
                }
            }
            choose_with_memory(
                game,
                Player::Mcts(level_playouts(level)),
                deadline,
                seed,
                memory,
            )
        }
    }
}

/// The choice for a solved position: a win or a loss is said (the
/// verdict and its note), a draw is not.
fn solved_note<G: Game>(game: &G, solved: perfect::Solved<G::Turn>) -> Choice {
    let said = !matches!(solved.verdict, Verdict::Draw);
    Choice {
        turn: solved.turn.to_string(),
        note: said.then(|| verdict_note(game, solved.verdict)),
        verdict: said.then_some(solved.verdict),
    }
}

/// "this position is a forced win for White in 7".
pub fn verdict_note<G: Game>(game: &G, verdict: Verdict) -> String {
    let me = game.to_move();
    match verdict {
        Verdict::Win(n) => format!(
            "this position is a forced win for {} in {n}",
            capitalise(game.seat_name(me))
        ),
        Verdict::Loss(n) => format!(
            "this position is a forced win for {} in {n}",
            capitalise(game.seat_name(me.other()))
        ),
        Verdict::Draw => "this position is a draw with best play".into(),
    }
}
