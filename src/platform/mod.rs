//! Platform adapters: they translate between a chat platform and the bot
//! core's `Request` / `Reply`, nothing more.

pub mod console;
#[cfg(feature = "discord")]
pub mod discord;
#[cfg(feature = "matrix")]
pub mod matrix;
