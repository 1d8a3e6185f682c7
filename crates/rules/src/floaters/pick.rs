//! The picker for Floaters, step by step: whole turns can number in the
//! millions, so the steps are generated one at a time by sowing on a copy
//! of the board: the pit, then the colour of each stone sown while both
//! colours are in hand (`r` or `b`); once one colour is left, the rest of
//! the lap is forced and taken as one step (`rrr`), and so is a relay lap
//! of one colour.

use super::{
    end_lap, next_spot, pit_spot, Board, Floaters, FloatersTurn, Lap, LapEnd, MarkKind,
};
use crate::{Mark, Message, Pick, PickError, Step};

/// A lap being sown.
#[derive(Clone, Copy, Debug)]
struct Sowing {
    /// The last spot sown (or the pit emptied).
    at: usize,
    /// `[red, black]` still in hand.
    hand: [u8; 2],
    /// The stones sown so far in this lap.
    lap: Lap,
}

/// A turn being picked.
struct Walk {
    board: Board,
    mover: usize,
    pit: Option<u8>,
    laps: Vec<Lap>,
    sowing: Option<Sowing>,
    path: Vec<Step>,
    /// The turn has ended.
    done: bool,
}

impl Walk {
    fn start(game: &Floaters) -> Walk {
        let sowing = game.hand.map(|mid| Sowing {
            at: mid.from as usize,
            hand: mid.hand(),
            lap: Lap { len: 0, black: 0 },
        });
        Walk {
            board: game.spots,
            mover: game.mover(),
            pit: None,
            laps: Vec::new(),
            sowing,
            path: Vec::new(),
            done: false,
        }
    }

    /// The steps that may come next.
    fn options(&self) -> Vec<Step> {
        let Some(sowing) = self.sowing else {
            return (1..=6u8)
                .filter(|&n| self.board[pit_spot(self.mover, n as usize)] != [0, 0])
                .map(|n| {
                    let spot = pit_spot(self.mover, n as usize);
                    Step::on(n.to_string(), "", spot, MarkKind::LapStart, None)
                })
                .collect();
        };
        let joint = if sowing.lap.len == 0 { " " } else { "" };
        let next = next_spot(sowing.at);
        match sowing.hand {
            [0, n] | [n, 0] => {
                let colour = if sowing.hand[0] == 0 { "b" } else { "r" };
                let mut marks = Vec::new();
                let mut at = sowing.at;
                for _ in 0..n {
                    at = next_spot(at);
                    marks.push(Mark {
                        spot: at,
                        kind: MarkKind::Changed,
                    });
                }
                vec![Step {
                    label: colour.repeat(n as usize),
                    joint,
                    marks,
                    note: Some(Message::new("pick-note-rest").arg("count", n)),
                }]
            }
            _ => vec![
                Step::on("b", joint, next, MarkKind::Changed, Some("pick-note-black")),
                Step::on("r", joint, next, MarkKind::Changed, Some("pick-note-red")),
            ],
        }
    }

    /// Take an offered step.
    fn take(&mut self, step: Step) {
        match self.sowing.as_mut() {
            None => {
                let number: usize = step.label.parse().unwrap_or(1);
                let spot = pit_spot(self.mover, number);
                let hand = self.board[spot];
                self.board[spot] = [0, 0];
                self.pit = Some(number as u8);
                self.sowing = Some(Sowing {
                    at: spot,
                    hand,
                    lap: Lap { len: 0, black: 0 },
                });
            }
            Some(sowing) => {
                for c in step.label.bytes() {
                    let colour = usize::from(c == b'b');
                    sowing.at = next_spot(sowing.at);
                    self.board[sowing.at][colour] += 1;
                    sowing.hand[colour] = sowing.hand[colour].saturating_sub(1);
                    sowing.lap.black |= (colour as u64) << sowing.lap.len;
                    sowing.lap.len += 1;
                }
                if sowing.hand == [0, 0] {
                    self.end_lap();
                }
            }
        }
        self.path.push(step);
    }

    /// The lap is sown: a relay takes the stones of its last pit into hand,
    /// any other ending ends the turn.
    fn end_lap(&mut self) {
        let Some(sowing) = self.sowing.take() else {
            return;
        };
        self.laps.push(sowing.lap);
        match end_lap(&mut self.board, sowing.at, self.mover) {
            LapEnd::Relay(taken) => {
                self.sowing = Some(Sowing {
                    at: sowing.at,
                    hand: taken,
                    lap: Lap { len: 0, black: 0 },
                })
            }
            _ => self.done = true,
        }
    }

    /// Where the pick stands, forced steps taken.
    fn menu(&mut self) -> Pick {
        loop {
            if self.done {
                let turn = FloatersTurn {
                    pit: self.pit,
                    laps: self.laps.clone(),
                };
                return Pick {
                    path: self.path.clone(),
                    options: Vec::new(),
                    whole: Some(turn.to_string()),
                };
            }
            let mut options = self.options();
            if options.len() == 1 {
                self.take(options.remove(0));
                continue;
            }
            return Pick {
                path: self.path.clone(),
                options,
                whole: None,
            };
        }
    }
}

impl Floaters {
    /// The picker after `choices`, generated step by step.
    pub(super) fn pick_steps(&self, choices: &[String]) -> Result<Pick, PickError> {
        if self.outcome.is_some() {
            return Err(PickError::GameOver);
        }
        let mut walk = Walk::start(self);
        let mut menu = walk.menu();
        for (i, choice) in choices.iter().enumerate() {
            let Some(step) = menu.options.iter().find(|s| &s.label == choice) else {
                return Err(PickError::NotOffered {
                    number: i + 1,
                    label: choice.clone(),
                    offered: menu.options.iter().map(|s| s.label.clone()).collect(),
                });
            };
            walk.take(step.clone());
            menu = walk.menu();
        }
        Ok(menu)
    }
}
