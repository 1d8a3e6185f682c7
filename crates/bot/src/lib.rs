//! The platform-neutral bot core. A [`Request`] (platform, channel, user,
//! command text) goes in; [`Reply`]s (text, optional PNG, who to mention,
//! ephemeral or not, optional buttons) come out. No platform type crosses
//! this boundary: Discord, Matrix and the console only translate.
//!
//! Each command is decided by a pure function of the channel's stored record
//! (see `commands.rs`), run inside the store's compare-and-swap; the board
//! image is drawn after the write.

mod bot;
mod captions;
mod cards;
mod commands;
pub mod complete;
mod daily;
pub mod describe;
pub mod digest;
pub mod history;
pub mod i18n;
pub mod limits;
mod messages;
mod news;
pub mod schedule;
pub mod snapshot;
pub mod text_board;
pub mod tournament;
pub mod vacation;
#[cfg(test)]
mod wording_tests;

pub(crate) use bot::{place_scope, replay, to_user, Answer, BoardShow};
pub use bot::{Bot, BotConfig};
pub use captions::{captions_in, end_phrase_in, player_label_in, status_caption_in, status_stone};
pub use messages::{
    Action, Attachment, AttachmentKind, Capabilities, ChannelKey, ChannelSpan, GameCard,
    GameThread, PickMenu, PickOption, Reply, Request, Table, User,
};

pub use commands::args::{
    self as command_args, ArgError, ChallengeArgs, ClockSetting, Context, GameSetup, HelpTopic,
    Level, Opponent, PickStep, Scope, Side,
};
pub use commands::set::{
    self as command_set, command_names, ArgKind, ArgSpec, Args, Command, CommandSpec, Input,
    ParseError, Syntax, COMMANDS,
};
pub use commands::{shipped_puzzles, REMATCH_WINDOW_MS};
pub use i18n::{Lang, Langs};
pub use schedule::Delivery;
