//! Property tests of the FEN and placement reader and writer: any string yields a board or an
//! error, never a panic; a board is written as shakmaty writes it and reads back to itself; a
//! full FEN's fields and clocks survive a write and a read.

use chess_core::placement::{ParsedFen, parse_fen, parse_placement, write_fen, write_placement};
use proptest::prelude::*;
use shakmaty::{Bitboard, Board, ByColor, ByRole, Color, Square};

/// A board from 64 cells, `None` for an empty square (any number of kings, pawns anywhere).
fn board() -> impl Strategy<Value = Board> {
    prop::collection::vec(prop::option::weighted(0.4, 0usize..12), 64).prop_map(|cells| {
        let mut by_role = ByRole::new_with(|_| Bitboard::EMPTY);
        let mut by_color = ByColor::new_with(|_| Bitboard::EMPTY);
        for (square, piece) in Square::ALL.into_iter().zip(cells) {
            if let Some(piece) = piece {
                let role = shakmaty::Role::ALL[piece % 6];
                by_role.get_mut(role).add(square);
                by_color.get_mut(Color::from_white(piece < 6)).add(square);
            }
        }
        Board::try_from_bitboards(by_role, by_color).expect("disjoint bitboards")
    })
}

/// A full FEN's fields after the placement, well-formed, with clocks anywhere in `u32`.
fn fields() -> impl Strategy<Value = String> {
    (
        prop::sample::select(vec!["w", "b"]),
        prop::sample::select(vec!["-", "K", "Qk", "KQkq", "kq"]),
        prop::sample::select(vec!["-", "e3", "d6", "a3", "h6"]),
        any::<u32>(),
        1u32..,
    )
        .prop_map(|(turn, castling, ep, half, full)| {
            format!("{turn} {castling} {ep} {half} {full}")
        })
}

fn written(board: &Board) -> String {
    let mut out = Vec::new();
    write_placement(board, &mut out);
    String::from_utf8(out).expect("FEN text is ASCII")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn arbitrary_text_never_panics(text in any::<String>()) {
        let _ = parse_placement(&text);
        let _ = parse_fen(&text);
    }

    #[test]
    fn fen_alphabet_never_panics(text in "[pnbrqkPNBRQK0-9/ wb-]{0,80}") {
        if let Ok(board) = parse_placement(&text) {
            prop_assert_eq!(parse_placement(&written(&board)), Ok(board));
        }
        let _ = parse_fen(&text);
    }

    #[test]
    fn boards_are_written_as_shakmaty_writes_them(board in board()) {
        let text = written(&board);
        prop_assert_eq!(&text, &board.board_fen().to_string());
        prop_assert_eq!(parse_placement(&text), Ok(board));
    }

    #[test]
    fn full_fens_round_trip(board in board(), fields in fields()) {
        let text = format!("{} {fields}", written(&board));
        let Ok(ParsedFen::Full(setup)) = parse_fen(&text) else {
            return Err(TestCaseError::fail(format!("{text} was not read as a full FEN")));
        };
        let mut out = Vec::new();
        write_fen(&setup, &mut out);
        prop_assert_eq!(String::from_utf8(out).expect("ASCII"), text);
    }

    /// A clock too large for `u32` is an error, not a clamped value.
    #[test]
    fn clocks_beyond_u32_are_refused(extra in 1u64..1 << 40, fullmove in any::<bool>()) {
        let big = u64::from(u32::MAX) + extra;
        let text = if fullmove {
            format!("8/8/8/8/8/8/8/8 w - - 0 {big}")
        } else {
            format!("8/8/8/8/8/8/8/8 w - - {big} 1")
        };
        prop_assert!(parse_fen(&text).is_err(), "{}", text);
    }
}

/// One concrete round trip, with castling rights and an en passant square.
#[test]
fn one_full_fen_round_trip() {
    let text = "r3k2r/8/8/3pP3/8/8/8/R3K2R w KQkq d6 12 40";
    let Ok(ParsedFen::Full(setup)) = parse_fen(text) else {
        panic!("{text} was not read as a full FEN")
    };
    let mut out = Vec::new();
    write_fen(&setup, &mut out);
    assert_eq!(out, text.as_bytes());
}
