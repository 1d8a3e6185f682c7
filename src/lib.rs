//! Cairn: a chat bot for seven abstract board games.
//!
//! Data flow (docs/architecture.md): platform adapter -> bot core
//! (`cairn-bot`) -> rules (`cairn-rules`), store (`cairn-store`) and
//! renderer (`cairn-render`) -> reply -> platform adapter. This package is
//! the edge: the configuration, the platform adapters and the binary.

pub mod config;
pub mod platform;
pub mod web;
