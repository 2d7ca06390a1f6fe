//! Runs every case in `fixtures/endgame-solver/` against the built binary.

#[test]
fn fixtures() {
    toolkit_cli::fixtures::run_all(
        "endgame-solver",
        env!("CARGO_BIN_EXE_endgame-solver"),
        env!("CARGO_MANIFEST_DIR"),
    );
}
