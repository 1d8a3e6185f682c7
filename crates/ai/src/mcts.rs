//! Monte Carlo tree search (UCT) over any [`Game`], with progressive
//! widening for huge turn counts (Callanish, Floaters) and decisive-move
//! checks at the root. Deterministic for a fixed seed and playout budget;
//! the deadline is a hard cap on top of the budget.

use std::time::Instant;

use cairn_rules::{Game, Seat, SplitRng};

/// Above this many legal turns a node samples its children with
/// `random_turn` instead of enumerating them.
const ENUMERATE_LIMIT: u64 = 400;
/// Random playouts longer than this count as a draw.
const PLAYOUT_CAP: usize = 400;
const EXPLORATION: f64 = 1.2;

/// How long one search may run.
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    pub playouts: u32,
    pub deadline: Option<Instant>,
}

struct Node<T> {
    turn: Option<T>,
    /// The seat that played `turn` (rewards are from its point of view).
    mover: Seat,
    children: Vec<u32>,
    /// Turns not yet expanded (enumerated nodes only).
    untried: Vec<T>,
    /// The node's turn count; above [`ENUMERATE_LIMIT`] it widens progressively.
    turn_count: u64,
    expanded: bool,
    visits: u32,
    reward: f64,
}

/// A search tree kept from one turn to the next (tree reuse): the position
/// it was grown from and its nodes, root first.
pub struct Tree<G: Game> {
    root: G,
    nodes: Vec<Node<G::Turn>>,
}

impl<G: Game> Tree<G> {
    /// The visits of the root, i.e. the playouts the tree holds.
    pub fn visits(&self) -> u32 {
        self.nodes.first().map_or(0, |n| n.visits)
    }

    /// The memory the tree holds, approximately: its node, child and
    /// untried-turn arrays (turns counted at their inline size).
    pub fn approx_bytes(&self) -> usize {
        let turn = std::mem::size_of::<G::Turn>();
        std::mem::size_of::<Self>()
            + self.nodes.capacity() * std::mem::size_of::<Node<G::Turn>>()
            + self
                .nodes
                .iter()
                .map(|n| n.children.capacity() * 4 + n.untried.capacity() * turn)
                .sum::<usize>()
    }

    /// The part of this tree below `position`, if `position` is the root
    /// or lies one or two turns below it (the bot's turn and the reply).
    fn reroot(mut self, position: &G) -> Option<Tree<G>> {
        if self.root == *position {
            return Some(self);
        }
        let mut found = None;
        'search: for &c in &self.nodes.first()?.children {
            let Some(turn) = &self.nodes[c as usize].turn else {
                continue;
            };
            let mut child = self.root.clone();
            child.apply(turn);
            if child == *position {
                found = Some(c);
                break;
            }
            for &g in &self.nodes[c as usize].children {
                if let Some(turn) = &self.nodes[g as usize].turn {
                    let mut grandchild = child.clone();
                    grandchild.apply(turn);
                    if grandchild == *position {
                        found = Some(g);
                        break 'search;
                    }
                }
            }
        }
        let top = found?;
        // Copy the subtree out, renumbering its nodes from 0.
        let mut nodes = Vec::new();
        let mut stack = vec![(top, u32::MAX)];
        while let Some((old, parent)) = stack.pop() {
            let index = nodes.len() as u32;
            let mut node =
                std::mem::replace(&mut self.nodes[old as usize], Node::empty(Seat::First));
            let children = std::mem::take(&mut node.children);
            nodes.push(node);
            if parent != u32::MAX {
                nodes[parent as usize].children.push(index);
            }
            stack.extend(children.into_iter().rev().map(|c| (c, index)));
        }
        nodes[0].turn = None;
        Some(Tree {
            root: position.clone(),
            nodes,
        })
    }
}

impl<T> Node<T> {
    fn empty(mover: Seat) -> Node<T> {
        Node {
            turn: None,
            mover,
            children: Vec::new(),
            untried: Vec::new(),
            turn_count: 0,
            expanded: false,
            visits: 0,
            reward: 0.0,
        }
    }
}

/// The result of a search.
pub struct Search<T> {
    pub best: Option<T>,
    pub playouts: u32,
    /// Estimated score for the player to move, 0 (loss) to 1 (win).
    pub value: f64,
}

/// One random playout from `game`: 1 for a `seat` win, 0 for a loss, 0.5
/// for a draw or a playout that ran too long.
pub fn playout<G: Game>(game: &mut G, seat: Seat, rng: &mut SplitRng) -> f64 {
    match game.random_playout(rng, PLAYOUT_CAP) {
        Some(outcome) => match outcome.winner {
            Some(w) if w == seat => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        },
        None => 0.5,
    }
}

/// Turns that win at once for the player to move (only when the turns can
/// be enumerated cheaply).
pub fn winning_turns<G: Game>(game: &G) -> Vec<G::Turn> {
    if game.outcome().is_some() || G::HUGE_TURN_COUNTS || game.count_turns() > 5_000 {
        return Vec::new();
    }
    let me = game.to_move();
    game.legal_turns()
        .into_iter()
        .filter(|turn| {
            let mut next = game.clone();
            next.apply(turn);
            // A turn that leaves the same player mid-turn is not decisive yet.
            next.outcome().is_some_and(|o| o.winner == Some(me))
        })
        .collect()
}

/// Root turns after which the opponent cannot win at once, when that is
/// cheap to check; otherwise (or if every turn loses) all turns.
fn safe_turns<G: Game>(game: &G, turns: Vec<G::Turn>) -> Vec<G::Turn> {
    if turns.len() > 300 {
        return turns;
    }
    let me = game.to_move();
    let safe: Vec<G::Turn> = turns
        .iter()
        .filter(|turn| {
            let mut next = game.clone();
            next.apply(turn);
            // More than 300 replies are too many to check: counted safe.
            // `turns_for_order` answers 1 for a game whose turns are
            // counted combinatorially (Floaters) without counting them;
            // that is harmless only because `winning_turns` checks none
            // of its positions.
            if next.outcome().is_some()
                || next.to_move() == me
                || crate::solver::turns_for_order(&next) > 300
            {
                return true;
            }
            winning_turns(&next).is_empty()
        })
        .cloned()
        .collect();
    if safe.is_empty() {
        turns
    } else {
        safe
    }
}

/// The number of turns, or "too many" for games where counting is costly.
fn turn_count<G: Game>(game: &G) -> u64 {
    if G::HUGE_TURN_COUNTS {
        u64::MAX
    } else {
        game.count_turns()
    }
}

/// Search from `root` and return the most visited turn.
pub fn search<G: Game>(root: &G, budget: Budget, rng: &mut SplitRng) -> Search<G::Turn> {
    search_with_tree(root, budget, rng, None).0
}

/// Search from `root`, growing the tree of an earlier search when `root`
/// lies in it (tree reuse), and return the tree for the next turn.
pub fn search_with_tree<G: Game>(
    root: &G,
    budget: Budget,
    rng: &mut SplitRng,
    earlier: Option<Tree<G>>,
) -> (Search<G::Turn>, Option<Tree<G>>) {
    if root.outcome().is_some() {
        let search = Search {
            best: None,
            playouts: 0,
            value: 0.5,
        };
        return (search, None);
    }
    if let Some(win) = winning_turns(root).into_iter().next() {
        let search = Search {
            best: Some(win),
            playouts: 0,
            value: 1.0,
        };
        return (search, None);
    }
    let me = root.to_move();
    let root_count = turn_count(root);
    let mut nodes: Vec<Node<G::Turn>> = match earlier.and_then(|tree| tree.reroot(root)) {
        Some(tree) => tree.nodes,
        None => vec![Node {
            turn_count: root_count,
            ..Node::empty(me.other())
        }],
    };
    if root_count <= ENUMERATE_LIMIT {
        let turns = safe_turns(root, root.legal_turns());
        if turns.len() == 1 {
            let search = Search {
                best: turns.into_iter().next(),
                playouts: 0,
                value: 0.5,
            };
            return (search, None);
        }
        if nodes[0].expanded {
            // A reused root: keep only the safe turns.
            let safe: std::collections::HashSet<&G::Turn> = turns.iter().collect();
            let kept: Vec<u32> = nodes[0]
                .children
                .iter()
                .copied()
                .filter(|&c| {
                    nodes[c as usize]
                        .turn
                        .as_ref()
                        .is_some_and(|t| safe.contains(t))
                })
                .collect();
            nodes[0].children = kept;
            nodes[0].untried.retain(|t| safe.contains(t));
        } else {
            let mut turns = turns;
            // Shuffle so ties and expansion order do not follow generation order.
            for i in (1..turns.len()).rev() {
                turns.swap(i, rng.below(i + 1));
            }
            nodes[0].untried = turns;
            nodes[0].turn_count = root_count;
            nodes[0].expanded = true;
        }
    }
    let mut path: Vec<u32> = Vec::with_capacity(64);
    let mut done = 0;
    while done < budget.playouts {
        if budget.deadline.is_some_and(|d| Instant::now() >= d) {
            break;
        }
        done += 1;
        let mut game = root.clone();
        path.clear();
        path.push(0);
        let mut at = 0usize;
        loop {
            if game.outcome().is_some() {
                break;
            }
            // Expand: enumerate lazily, or widen progressively.
            if !nodes[at].expanded {
                nodes[at].turn_count = turn_count(&game);
                if nodes[at].turn_count <= ENUMERATE_LIMIT {
                    let mut turns = game.legal_turns();
                    for i in (1..turns.len()).rev() {
                        turns.swap(i, rng.below(i + 1));
                    }
                    nodes[at].untried = turns;
                }
                nodes[at].expanded = true;
            }
            let widen = nodes[at].turn_count > ENUMERATE_LIMIT
                && (nodes[at].children.len() as f64) < 2.0 * ((nodes[at].visits + 1) as f64).sqrt();
            let new_turn = if let Some(turn) = nodes[at].untried.pop() {
                Some(turn)
            } else if widen {
                game.random_turn(rng).filter(|turn| {
                    !nodes[at]
                        .children
                        .iter()
                        .any(|&c| nodes[c as usize].turn.as_ref() == Some(turn))
                })
            } else {
                None
            };
            if let Some(turn) = new_turn {
                let mover = game.to_move();
                game.apply(&turn);
                let child = nodes.len() as u32;
                nodes.push(Node {
                    turn: Some(turn),
                    ..Node::empty(mover)
                });
                nodes[at].children.push(child);
                path.push(child);
                break;
            }
            if nodes[at].children.is_empty() {
                break;
            }
            // Select by UCT.
            let parent_visits = (nodes[at].visits.max(1) as f64).ln();
            let mut best = nodes[at].children[0];
            let mut best_score = f64::MIN;
            for &c in &nodes[at].children {
                let child = &nodes[c as usize];
                let score = if child.visits == 0 {
                    f64::MAX
                } else {
                    child.reward / child.visits as f64
                        + EXPLORATION * (parent_visits / child.visits as f64).sqrt()
                };
                if score > best_score {
                    best_score = score;
                    best = c;
                }
            }
            at = best as usize;
            if let Some(turn) = &nodes[at].turn {
                game.apply(turn);
            }
            path.push(at as u32);
        }
        // Simulate from the new node, scoring for the first player.
        let first_score = playout(&mut game, Seat::First, rng);
        for &n in &path {
            let node = &mut nodes[n as usize];
            node.visits += 1;
            node.reward += if node.mover == Seat::First {
                first_score
            } else {
                1.0 - first_score
            };
        }
    }
    let best = nodes[0]
        .children
        .iter()
        .max_by(|&&a, &&b| {
            let (a, b) = (&nodes[a as usize], &nodes[b as usize]);
            a.visits.cmp(&b.visits).then(a.reward.total_cmp(&b.reward))
        })
        .copied();
    let search = match best {
        Some(b) => {
            let node = &nodes[b as usize];
            Search {
                value: node.reward / node.visits.max(1) as f64,
                best: node.turn.clone(),
                playouts: done,
            }
        }
        None => Search {
            best: root.random_turn(rng),
            playouts: done,
            value: 0.5,
        },
    };
    let tree = Tree {
        root: root.clone(),
        nodes,
    };
    (search, Some(tree))
}
