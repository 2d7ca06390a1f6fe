//! Every case under `fixtures/elo/` through the built binary (see `fixtures/README.md`).

#[test]
fn fixtures() {
    toolkit_cli::fixtures::run_all("elo", env!("CARGO_BIN_EXE_elo"), env!("CARGO_MANIFEST_DIR"));
}
