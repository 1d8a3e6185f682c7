//! Matrix adapter (being written).
