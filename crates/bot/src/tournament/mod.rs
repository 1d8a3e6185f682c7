//! Tournaments (#39): round robins and Swiss events that run themselves.
//! The pure parts (pairing, standings) are here; the record is the
//! store's (`cairn_store::tournament`), the commands and the scheduler's
//! part in `run.rs`.

pub mod pairing;
pub mod standings;
