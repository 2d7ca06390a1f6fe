//! Runs every case in `fixtures/atomic/` through the built binary.

#[test]
fn fixtures() {
    toolkit_cli::fixtures::run_all(
        "atomic",
        env!("CARGO_BIN_EXE_atomic"),
        env!("CARGO_MANIFEST_DIR"),
    );
}
