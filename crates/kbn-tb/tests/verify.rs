//! The whole table against the Bellman equations and against Syzygy, position by position.
//!
//! Syzygy's KBNvK tables are read from `$CHESS_ORACLES/syzygy` or `../shared/oracles/syzygy`
//! (beside the project root); when neither exists the check is skipped with a loud message.

use std::path::PathBuf;

use kbn_tb::{Table, verify};

fn syzygy_dir() -> Option<PathBuf> {
    let oracles = std::env::var_os("CHESS_ORACLES").map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/oracles"),
        PathBuf::from,
    );
    let dir = oracles.join("syzygy");
    dir.join("KBNvK.rtbw").is_file().then_some(dir)
}

#[test]
fn every_entry_satisfies_the_bellman_equations_and_agrees_with_syzygy() {
    let table = Table::generate();

    let bellman = verify::bellman(&table);
    assert!(bellman.mismatches.is_empty(), "{bellman}");
    // Every canonical legal position, both sides to move.
    assert_eq!(bellman.checked, 3_067_466, "{bellman}");

    let Some(dir) = syzygy_dir() else {
        eprintln!(
            "\n!!! SKIPPED the Syzygy comparison: no KBNvK.rtbw under $CHESS_ORACLES/syzygy or \
             ../shared/oracles/syzygy !!!\n"
        );
        return;
    };
    let syzygy = verify::syzygy(&table, &dir).unwrap_or_else(|err| panic!("{err}"));
    assert!(syzygy.mismatches.is_empty(), "{syzygy}");
    // Win/draw for every position, and |DTZ| = max(DTM - 1, 1) for every win and loss; only the
    // Black-to-move positions with a capture (draws by rule) are not probed.
    assert_eq!(
        syzygy.checked + syzygy.skipped.map_or(0, |(n, _)| n),
        bellman.checked
    );
}
