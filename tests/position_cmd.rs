//! `cairn position` on the command line: its errors as a user sees them.
//! (The perft figures it reports are checked through the library in
//! `crates/rules/tests/perft_vectors.rs`.)

use std::process::Command;

#[test]
fn a_bad_option_is_reported_once() {
    let out = Command::new(env!("CARGO_BIN_EXE_cairn"))
        .args(["position", "callanish", "size=4"])
        .output()
        .expect("running cairn position");
    assert!(!out.status.success());
    // Once, not "bad option: <reason>: <reason>".
    assert_eq!(
        String::from_utf8_lossy(&out.stderr).trim(),
        "error: bad option: option `size` must be an odd number from 5 to 19, not `4`"
    );
}
