//! Runs every case in `fixtures/endgame-solver/` against the built binary.

mod common;

#[test]
fn fixtures() {
    // The binary finds the tables through ENDGAME_SOLVER_TABLES; build them once first.
    common::tables_path();
    toolkit_cli::fixtures::run_all(
        "endgame-solver",
        env!("CARGO_BIN_EXE_endgame-solver"),
        env!("CARGO_MANIFEST_DIR"),
    );
}
