//! Property test: any string given to the placement and FEN parsers yields a board or an error,
//! never a panic; a parsed board prints back to an equivalent placement.

use chess_core::placement::{parse_fen, parse_placement};
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4000))]

    #[test]
    fn arbitrary_text_never_panics(text in any::<String>()) {
        let _ = parse_placement(&text);
        let _ = parse_fen(&text);
    }

    #[test]
    fn fen_alphabet_never_panics(text in "[pnbrqkPNBRQK0-9/ wb-]{0,80}") {
        if let Ok(board) = parse_placement(&text) {
            let printed = board.board_fen().to_string();
            prop_assert_eq!(parse_placement(&printed), Ok(board));
        }
        let _ = parse_fen(&text);
    }
}
