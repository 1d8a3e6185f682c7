//! The picker: a whole turn chosen step by step, without notation (a
//! point, then a destination, then the next capture...). Each game says how
//! its turns decompose into [`Step`]s ([`Game::turn_steps`]); the picker
//! offers the legal next steps of the steps chosen so far until they make a
//! whole turn ([`Pick`]). Games whose turns are too many to list
//! (Floaters) generate the steps one at a time instead ([`Game::pick`]).
//!
//! A *choice* is the label of one of the offered steps. A step offered
//! alone (the only way on, with no whole turn ending before it) is forced:
//! the picker takes it without a choice, so every choice is a real one and
//! `back` undoes the last real choice.

use std::cmp::Ordering;

use crate::{Game, Mark, MarkKind, Message};

/// One step of a turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The step in the game's notation, short, as a menu shows it: `c3`,
    /// `xd4`, `d3a`, `w:c3`, `r`. Unique among the steps offered together.
    pub label: String,
    /// What stands before the label when the chosen steps are written one
    /// after another (`""`, `" "`, `"-"`), so that they read as the turn
    /// in notation so far.
    pub joint: &'static str,
    /// The spots the step concerns (its point, cell or pit, the pieces it
    /// captures), for highlighting the partial turn.
    pub marks: Vec<Mark>,
    /// What the step does, where its label alone may not say it ("remove",
    /// "approach", "red"): a message of the games' catalogue.
    pub note: Option<Message>,
}

impl Step {
    /// A step on one spot, with an optional note (`pick-note-...`).
    pub fn on(
        label: impl Into<String>,
        joint: &'static str,
        spot: usize,
        kind: MarkKind,
        note: Option<&'static str>,
    ) -> Step {
        Step {
            label: label.into(),
            joint,
            marks: vec![Mark { spot, kind }],
            note: note.map(Message::new),
        }
    }
}

/// Where a pick stands: the steps taken, what may follow, and the whole
/// turn they make if the turn may end here.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pick {
    /// The steps taken: the choices, with the forced steps among them.
    pub path: Vec<Step>,
    /// The legal next steps, in a fixed order (natural order of labels);
    /// empty when the path is a whole turn nothing may extend.
    pub options: Vec<Step>,
    /// The canonical turn the path makes when the turn may end here (an
    /// Alquerque chain that may stop, or every step taken).
    pub whole: Option<String>,
}

impl Pick {
    /// The path written out: the turn so far in notation (`b2xd4`).
    pub fn written(&self) -> String {
        written(&self.path)
    }

    /// The path's marks, for the board: every step's marks, and the path
    /// from spot to spot of the moving piece.
    pub fn highlights(&self) -> crate::Highlights {
        let mut h = crate::Highlights::default();
        for step in &self.path {
            for mark in &step.marks {
                h.mark(mark.spot, mark.kind);
                if matches!(mark.kind, MarkKind::From | MarkKind::To) {
                    h.path.push(mark.spot);
                }
            }
        }
        if h.path.len() < 2 {
            h.path.clear();
        }
        h
    }

    /// The spots of the next steps (their first mark each), for hints.
    pub fn option_spots(&self) -> Vec<usize> {
        let mut spots: Vec<usize> = self
            .options
            .iter()
            .filter_map(|s| s.marks.first().map(|m| m.spot))
            .collect();
        spots.sort_unstable();
        spots.dedup();
        spots
    }

    /// The turn is complete and nothing may follow it.
    pub fn is_complete(&self) -> bool {
        self.options.is_empty() && self.whole.is_some()
    }
}

/// Steps written one after another.
pub fn written(path: &[Step]) -> String {
    let mut text = String::new();
    for (i, step) in path.iter().enumerate() {
        if i > 0 {
            text.push_str(step.joint);
        }
        text.push_str(&step.label);
    }
    text
}

/// Why a pick could not be followed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PickError {
    /// The game is over.
    #[error("the game is over: no more turns can be played")]
    GameOver,
    /// Choice `number` (from 1), `label`, is not among the steps offered
    /// there (the position changed, or the choices were not made here).
    #[error("step {number} ({label}) is not one of the steps offered: {}", offered.join(", "))]
    NotOffered {
        number: usize,
        label: String,
        offered: Vec<String>,
    },
    /// Two different turns decompose into the same steps: a game's bug.
    #[error("the steps {path} make two turns: {first} and {second}")]
    Ambiguous {
        path: String,
        first: String,
        second: String,
    },
}

/// The picker of a game whose legal turns can be listed: every turn's
/// step paths, built once, walked for any choices.
#[derive(Clone, Debug, Default)]
pub struct Picker {
    /// Each path with the canonical turn it makes.
    paths: Vec<(Vec<Step>, String)>,
}

impl Picker {
    /// The picker of `game`'s position, from its legal turns.
    pub fn new<G: Game>(game: &G) -> Picker {
        let mut paths = Vec::new();
        for turn in game.legal_turns() {
            let canonical = turn.to_string();
            for path in game.turn_steps(&turn) {
                paths.push((path, canonical.clone()));
            }
        }
        Picker { paths }
    }

    /// Follow `choices` (labels of offered steps), taking forced steps.
    pub fn pick(&self, choices: &[String]) -> Result<Pick, PickError> {
        if self.paths.is_empty() {
            return Err(PickError::GameOver);
        }
        let mut live: Vec<usize> = (0..self.paths.len()).collect();
        let mut path = Vec::new();
        let mut menu = self.menu(&mut live, &mut path)?;
        for (i, choice) in choices.iter().enumerate() {
            let Some(step) = menu.options.iter().find(|s| &s.label == choice) else {
                return Err(PickError::NotOffered {
                    number: i + 1,
                    label: choice.clone(),
                    offered: menu.options.iter().map(|s| s.label.clone()).collect(),
                });
            };
            self.follow(&mut live, &mut path, step.clone());
            menu = self.menu(&mut live, &mut path)?;
        }
        Ok(menu)
    }

    /// Take `step`: only the paths through it stay live.
    fn follow(&self, live: &mut Vec<usize>, path: &mut Vec<Step>, step: Step) {
        let depth = path.len();
        live.retain(|&p| {
            self.paths[p]
                .0
                .get(depth)
                .is_some_and(|s| s.label == step.label)
        });
        path.push(step);
    }

    /// The menu after `path` (the live paths all start with it), forced
    /// steps taken (they join `path`).
    fn menu(&self, live: &mut Vec<usize>, path: &mut Vec<Step>) -> Result<Pick, PickError> {
        loop {
            let depth = path.len();
            let whole = self.whole_at(live, path)?;
            let mut options: Vec<Step> = Vec::new();
            for &p in live.iter() {
                if let Some(step) = self.paths[p].0.get(depth) {
                    if !options.iter().any(|s| s.label == step.label) {
                        options.push(step.clone());
                    }
                }
            }
            if options.len() == 1 && whole.is_none() {
                self.follow(live, path, options.remove(0));
                continue;
            }
            options.sort_by(|a, b| natural(&a.label, &b.label));
            return Ok(Pick {
                path: path.clone(),
                options,
                whole,
            });
        }
    }

    /// The turn the live paths of exactly `path`'s length make, if any.
    fn whole_at(&self, live: &[usize], path: &[Step]) -> Result<Option<String>, PickError> {
        let mut whole: Option<&String> = None;
        for &p in live {
            let (steps, turn) = &self.paths[p];
            if steps.len() != path.len() {
                continue;
            }
            match whole {
                Some(first) if first != turn => {
                    return Err(PickError::Ambiguous {
                        path: written(path),
                        first: first.clone(),
                        second: turn.clone(),
                    })
                }
                _ => whole = Some(turn),
            }
        }
        Ok(whole.cloned())
    }

    /// The number of step paths (at least the number of legal turns).
    pub fn len(&self) -> usize {
        self.paths.len()
    }

    /// No legal turn.
    pub fn is_empty(&self) -> bool {
        self.paths.is_empty()
    }
}

/// Labels in natural order: runs of digits compare as numbers (`a9` before
/// `a10`).
pub fn natural(a: &str, b: &str) -> Ordering {
    let (mut a, mut b) = (a.as_bytes(), b.as_bytes());
    loop {
        match (a.first(), b.first()) {
            (None, None) => return Ordering::Equal,
            (None, _) => return Ordering::Less,
            (_, None) => return Ordering::Greater,
            (Some(x), Some(y)) if x.is_ascii_digit() && y.is_ascii_digit() => {
                let da = a.iter().take_while(|c| c.is_ascii_digit()).count();
                let db = b.iter().take_while(|c| c.is_ascii_digit()).count();
                let na: u64 = std::str::from_utf8(&a[..da])
                    .ok()
                    .and_then(|s| s.parse().ok())
                    .unwrap_or(u64::MAX);
                let nb: u64 = std::str::from_utf8(&b[..db])
                    .ok()
                    .and_then(|s| s.parse().ok())
                    .unwrap_or(u64::MAX);
                match na.cmp(&nb) {
                    Ordering::Equal => {
                        a = &a[da..];
                        b = &b[db..];
                    }
                    other => return other,
                }
            }
            (Some(x), Some(y)) => match x.cmp(y) {
                Ordering::Equal => {
                    a = &a[1..];
                    b = &b[1..];
                }
                other => return other,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::natural;
    use std::cmp::Ordering;

    #[test]
    fn labels_sort_naturally() {
        assert_eq!(natural("a9", "a10"), Ordering::Less);
        assert_eq!(natural("a10", "b1"), Ordering::Less);
        assert_eq!(natural("d3a", "d3w"), Ordering::Less);
        assert_eq!(natural("xd4", "xd4"), Ordering::Equal);
    }
}
