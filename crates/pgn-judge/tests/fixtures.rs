//! Every case under `fixtures/pgn-judge/` through the built binary.

#[test]
fn fixtures() {
    toolkit_cli::fixtures::run_all(
        "pgn-judge",
        env!("CARGO_BIN_EXE_pgn-judge"),
        env!("CARGO_MANIFEST_DIR"),
    );
}
