//! Collapse: placeholder until the engine lands (see shared/rules/collapse.md).

use serde::{Deserialize, Serialize};

use super::{
    BoardView, Game, GameKind, Highlights, Layout, OptionError, Options, Outcome, Seat, TurnError,
};

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Collapse {}

impl Game for Collapse {
    type Turn = String;
    const KIND: GameKind = GameKind::Collapse;

    fn new(_options: &Options) -> Result<Self, OptionError> {
        Err(OptionError("collapse is not available yet".into()))
    }
    fn options(&self) -> Vec<(&'static str, serde_json::Value)> {
        Vec::new()
    }
    fn to_move(&self) -> Seat {
        Seat::First
    }
    fn seat_name(&self, seat: Seat) -> &'static str {
        match seat {
            Seat::First => "white",
            Seat::Second => "black",
        }
    }
    fn generate(&self, _out: &mut Vec<String>) {}
    fn parse_turn(&self, text: &str) -> Result<String, TurnError> {
        Err(TurnError::Unparsable(format!("cannot read {text}")))
    }
    fn apply(&mut self, _turn: &String) {}
    fn outcome(&self) -> Option<Outcome> {
        None
    }
    fn highlights(&self, _turn: &String) -> Highlights {
        Highlights::default()
    }
    fn view(&self) -> BoardView {
        BoardView::new("Collapse", Layout::Points { files: 5, ranks: 5 })
    }
    fn can_draw(&self) -> bool {
        false
    }
}
