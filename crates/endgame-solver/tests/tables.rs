//! The endgame tables: every entry of the small endings (a sample of the five-piece ones; run
//! `endgame-solver tables verify` for all) against the Bellman equation computed with
//! small-board's move generator, checkmates and stalemates counted by enumeration, a corrupt
//! file refused, and known distances.

mod common;

use std::io::Read;

use endgame_solver::tables::{
    AllTables, Dtm, Kind, Material, NONE, TableErrorKind, Tables, file::TableFile, verify,
};
use small_board::{Color, Position, Rules};

fn all_tables() -> AllTables {
    common::tables()
        .into_all(|_, _| {})
        .expect("every block's checksum matches")
        .distances
}

#[test]
fn every_entry_satisfies_the_bellman_equation() {
    let tables = all_tables();
    for material in Material::ALL.into_iter().filter(|m| !m.is_dead()) {
        // Every word of the small tables, one word in 61 of the five-piece ones.
        let stride = if material.pieces().len() == 5 { 61 } else { 1 };
        let report = verify::check_words(&tables, material, stride, &|_| {});
        assert_eq!(report.error_count, 0, "{material}: {:?}", report.errors);
        assert_eq!(
            report.zeros, report.checkmates,
            "{material}: the table's zeros are the checkmates"
        );
        assert!(report.positions > 0, "{material}");
        eprintln!(
            "{material}: {} positions checked, {} checkmates, {} stalemates, longest mate {} plies, longest forced draw {} plies",
            report.positions,
            report.checkmates,
            report.stalemates,
            report.longest,
            report.forced[0].1
        );
    }
}

/// The reader answers three kinds without reading their blocks where the file holds a constant:
/// a material's own superiority (distance 0), White's held mate where White lacks it and
/// Black's reach where Black has no rook (none).
/// Check that the file agrees, block by block.
#[test]
fn the_kinds_answered_without_reading_are_constant_in_the_file() {
    let mut file = TableFile::open(&common::tables_path()).expect("the table file opens");
    let entries = file.entries().to_vec();
    let mut checked = 0;
    for (i, e) in entries.iter().enumerate() {
        let constant = match e.kind {
            Kind::Superiority(x) if e.material.superiority() == Some(x) => 0,
            Kind::HeldMate if e.material.superiority() != Some(Color::White) => NONE,
            Kind::ReachHeld(Color::Black) if !e.material.black_rook => NONE,
            _ => continue,
        };
        let bytes = file.read_block(i).expect("the block reads");
        assert!(
            bytes.iter().all(|&b| b == constant || b == NONE),
            "{} {} block {}",
            e.kind.name(),
            e.material,
            e.d0
        );
        checked += 1;
    }
    assert!(checked > 0);
}

fn dtm(tables: &mut Tables, fen: &str) -> Dtm {
    let pos = Position::from_fen(fen, Rules::TASK).expect("a legal FEN");
    tables.probe(&pos).expect("a task material")
}

#[test]
fn known_distances() {
    let mut tables = common::tables();
    // The seed: c7D+ Kg6 Vg3+ Kf5 De5# (5 plies), the spec's example.
    assert_eq!(
        dtm(&mut tables, "5k1/2P2r1/3K3/7/5R1/7/7 w"),
        Dtm::Mate(Color::White, 5)
    );
    // Checkmated on the board.
    assert_eq!(
        dtm(&mut tables, "7/7/7/7/1k5/7/K5r w"),
        Dtm::Mate(Color::Black, 0)
    );
    // A dead position and a stalemate.
    assert_eq!(dtm(&mut tables, "7/5k1/7/3N3/7/1K5/7 b"), Dtm::Draw);
    assert_eq!(dtm(&mut tables, "7/7/7/7/2k4/1r5/K6 w"), Dtm::Draw);
    // Mirror images have equal values.
    for (a, b) in [
        ("5k1/2P2r1/3K3/7/5R1/7/7 w", "1k5/1r2P2/3K3/7/1R5/7/7 w"),
        ("7/1r5/7/7/2K4/5R1/4k2 b", "7/5r1/7/7/4K2/1R5/2k4 b"),
    ] {
        let (a, b) = (dtm(&mut tables, a), dtm(&mut tables, b));
        assert_eq!(a, b);
    }
}

#[test]
fn a_corrupt_or_truncated_file_is_refused() {
    let path = common::tables_path();
    let dir = std::env::temp_dir().join(format!("es-corrupt-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let len = std::fs::metadata(&path).unwrap().len();
    let first = TableFile::open(&path).unwrap().entries()[0].clone();
    // The header, the directory and the first block (no copy of the whole file).
    let mut head = vec![0u8; first.offset as usize + first.len];
    std::fs::File::open(&path)
        .unwrap()
        .read_exact(&mut head)
        .unwrap();
    // Truncated: the header's size no longer matches.
    let truncated = dir.join("truncated.tables");
    std::fs::write(&truncated, &head).unwrap();
    let err = Tables::open(&truncated).unwrap_err();
    assert!(matches!(err.kind, TableErrorKind::Size { .. }), "{err}");
    // One byte changed in a block (the rest of the file sparse): found when the block is read,
    // never used.
    let corrupt = dir.join("corrupt.tables");
    let last = head.len() - 1;
    head[last] ^= 1;
    std::fs::write(&corrupt, &head).unwrap();
    std::fs::OpenOptions::new()
        .write(true)
        .open(&corrupt)
        .unwrap()
        .set_len(len)
        .unwrap();
    let err = TableFile::open(&corrupt)
        .unwrap()
        .read_block(0)
        .unwrap_err();
    assert!(
        matches!(err.kind, TableErrorKind::BlockChecksum(_)),
        "{err}"
    );
    assert!(err.to_string().contains("checksum mismatch"), "{err}");
    // Not a table file at all.
    let other = dir.join("other.tables");
    std::fs::write(&other, vec![0u8; 100_000]).unwrap();
    assert!(matches!(
        Tables::open(&other).unwrap_err().kind,
        TableErrorKind::Magic
    ));
    let _ = std::fs::remove_dir_all(&dir);
}
