//! Completion of partly typed turns and options (being written).
