//! The table file: a round trip, every check naming itself, and a fuzzed loader that never panics.

use std::sync::OnceLock;

use kbn_tb::{FormatError, Table};
use proptest::prelude::*;

fn table() -> &'static Table {
    static TABLE: OnceLock<Table> = OnceLock::new();
    TABLE.get_or_init(Table::generate)
}

fn bytes() -> &'static [u8] {
    static BYTES: OnceLock<Vec<u8>> = OnceLock::new();
    BYTES.get_or_init(|| table().to_bytes())
}

#[test]
fn a_saved_table_loads_back_equal() {
    let loaded = Table::from_bytes(bytes()).expect("a fresh file loads");
    assert!(loaded == *table());
}

#[test]
fn the_file_is_smaller_than_gaviotas() {
    // kbnk.gtb.cp4, Gaviota's depth-to-mate file for the same ending, both sides to move.
    assert!(bytes().len() < 857_067, "{} bytes", bytes().len());
}

fn with(edit: impl FnOnce(&mut Vec<u8>)) -> Result<Table, FormatError> {
    let mut bytes = bytes().to_vec();
    edit(&mut bytes);
    Table::from_bytes(&bytes)
}

#[test]
fn every_check_names_itself() {
    let err = |edit: fn(&mut Vec<u8>)| with(edit).expect_err("a damaged file").to_string();
    assert_eq!(
        err(|b| b.truncate(10)),
        "truncated: 10 bytes, the header alone has 64"
    );
    assert_eq!(
        err(|b| b[0] = b'X'),
        "not a kbn-tb table file (bad magic bytes)"
    );
    assert_eq!(
        err(|b| b[8] = 2),
        "format version 2 is not supported (expected 1)"
    );
    assert_eq!(
        err(|b| b[12..20].copy_from_slice(b"KQvK\0\0\0\0")),
        "material is \"KQvK\", expected \"KBNvK\""
    );
    assert_eq!(
        err(|b| b[20..28].copy_from_slice(b"DTZ\0\0\0\0\0")),
        "metric is \"DTZ\", expected \"DTM-move\""
    );
    assert_eq!(
        err(|b| b[28] = b'X'),
        "indexing is \"XK462-BN\", expected \"KK462-BN\""
    );
    assert!(err(|b| b.truncate(b.len() - 1)).starts_with("truncated or padded"));
    assert!(err(|b| b.push(0)).starts_with("truncated or padded"));
    assert_eq!(
        err(|b| {
            let last = b.len() - 1;
            b[last] ^= 1;
        }),
        "payload checksum mismatch"
    );
    assert_eq!(err(|b| b[56] ^= 1), "values checksum mismatch");
}

#[test]
fn a_missing_file_is_a_read_error() {
    let err = Table::load(std::path::Path::new("/nonexistent/kbn.tb")).expect_err("no file");
    assert!(
        err.to_string()
            .starts_with("cannot read table \"/nonexistent/kbn.tb\"")
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn random_bytes_are_an_error(data in proptest::collection::vec(any::<u8>(), 0..200)) {
        prop_assert!(Table::from_bytes(&data).is_err());
    }

    #[test]
    fn truncations_are_an_error(len in 0usize..1_000_000) {
        let len = len.min(bytes().len() - 1);
        prop_assert!(Table::from_bytes(&bytes()[..len]).is_err());
    }

    #[test]
    fn flipped_bytes_are_an_error(at in any::<prop::sample::Index>(), bit in 0u8..8) {
        let mut data = bytes().to_vec();
        let at = at.index(data.len());
        data[at] ^= 1 << bit;
        prop_assert!(Table::from_bytes(&data).is_err());
    }

    #[test]
    fn a_valid_header_over_random_payload_is_an_error(
        payload in proptest::collection::vec(any::<u8>(), 0..2000)
    ) {
        let mut data = bytes()[..64].to_vec();
        data[44..48].copy_from_slice(&(payload.len() as u32).to_le_bytes());
        data.extend_from_slice(&payload);
        prop_assert!(Table::from_bytes(&data).is_err());
    }
}

/// Issue 16, defect 3: `--table /dev/zero` read without end; the header's payload size bounds
/// the read, so an endless file fails its first check.
#[test]
#[cfg(unix)]
fn defect_3_an_endless_table_file_is_refused_at_its_header() {
    let err = Table::load(std::path::Path::new("/dev/zero")).unwrap_err();
    assert_eq!(
        err.to_string(),
        "table \"/dev/zero\" is unusable: not a kbn-tb table file (bad magic bytes)"
    );
}

#[test]
fn a_payload_size_beyond_any_table_is_refused() {
    let err = with(|bytes| bytes[44..48].copy_from_slice(&u32::MAX.to_le_bytes())).unwrap_err();
    assert_eq!(
        err.to_string(),
        "the header states a payload of 4294967295 bytes, more than any table needs (2719156)"
    );
}
