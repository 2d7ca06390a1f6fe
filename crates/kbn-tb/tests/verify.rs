//! The whole table against the Bellman equations and against Syzygy, position by position.
//!
//! Syzygy's KBNvK tables are read from `$CHESS_ORACLES/syzygy` or `../shared/oracles/syzygy`
//! (beside the project root); when neither exists the check is skipped with a loud message.

use std::{path::PathBuf, sync::OnceLock};

use kbn_tb::{Table, verify};

fn syzygy_dir() -> Option<PathBuf> {
    let oracles = std::env::var_os("CHESS_ORACLES").map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/oracles"),
        PathBuf::from,
    );
    let dir = oracles.join("syzygy");
    dir.join("KBNvK.rtbw").is_file().then_some(dir)
}

fn table() -> &'static Table {
    static TABLE: OnceLock<Table> = OnceLock::new();
    TABLE.get_or_init(Table::generate)
}

#[test]
fn every_entry_satisfies_the_bellman_equations_and_agrees_with_syzygy() {
    let table = table();

    let bellman = verify::bellman(table);
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
    let syzygy = verify::syzygy(table, &dir).unwrap_or_else(|err| panic!("{err}"));
    assert!(syzygy.mismatches.is_empty(), "{syzygy}");
    // Win/draw for every position, and |DTZ| = max(DTM - 1, 1) for every win and loss; only the
    // Black-to-move positions with a capture (draws by rule) are not probed.
    assert_eq!(
        syzygy.checked + syzygy.skipped.map_or(0, |(n, _)| n),
        bellman.checked
    );
}

/// Issue 16, defect 8: a corrupted Syzygy file gave an error whose text was a whole backtrace.
#[test]
fn defect_8_a_truncated_syzygy_file_is_one_line_of_error() {
    let Some(dir) = syzygy_dir() else {
        eprintln!("\n!!! SKIPPED: no Syzygy oracle directory !!!\n");
        return;
    };
    let truncated = std::env::temp_dir().join(format!("kbn-tb-syzygy-{}", std::process::id()));
    std::fs::create_dir_all(&truncated).unwrap();
    std::fs::copy(dir.join("KBNvK.rtbw"), truncated.join("KBNvK.rtbw")).unwrap();
    // Cut inside the DTZ table's data: the header reads, a later probe finds it corrupted.
    let dtz = std::fs::read(dir.join("KBNvK.rtbz")).unwrap();
    std::fs::write(truncated.join("KBNvK.rtbz"), &dtz[..10_000]).unwrap();
    let result = verify::syzygy(table(), &truncated);
    let _ = std::fs::remove_dir_all(&truncated);
    let message = result.expect_err("a truncated table fails").to_string();
    assert!(!message.contains('\n'), "{message}");
    assert!(
        message.ends_with("failed to probe dtz table KBNvK: the table file is corrupted"),
        "{message}"
    );
}
