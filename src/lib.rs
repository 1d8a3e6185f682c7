//! Cairn: a chat bot for seven abstract board games.
//!
//! Data flow (DESIGN.md): platform adapter -> bot core -> rules engine,
//! store and renderer -> reply -> platform adapter.

pub mod ai;
pub mod bot;
pub mod clock;
pub mod config;
pub mod history;
pub mod platform;
pub mod position;
pub mod render;
pub mod rules;
pub mod store;
