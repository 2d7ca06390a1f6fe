//! Runs every `fixtures/kbn-tb` case against the built binary.

#[test]
fn fixtures() {
    toolkit_cli::fixtures::run_all(
        "kbn-tb",
        env!("CARGO_BIN_EXE_kbn-tb"),
        env!("CARGO_MANIFEST_DIR"),
    );
}
