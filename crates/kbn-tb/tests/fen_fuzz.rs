//! Any text given as a position gives a legal KBNK position or an error, never a panic; a legal
//! position prints back to a FEN that parses to itself.

use kbn_tb::Kbnk;
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn any_text_is_a_position_or_an_error(text in "\\PC{0,80}") {
        let _ = Kbnk::from_fen(&text);
    }

    #[test]
    fn fen_like_text_is_a_position_or_an_error(
        ranks in proptest::collection::vec("[1-8KBNkbnq]{1,8}", 8),
        turn in "[wb]",
    ) {
        let fen = format!("{} {turn} - - 0 1", ranks.join("/"));
        if let Ok(pos) = Kbnk::from_fen(&fen) {
            prop_assert_eq!(Kbnk::from_fen(&pos.to_string()), Ok(pos));
        }
    }

    #[test]
    fn every_placement_is_a_position_or_an_error(
        squares in proptest::sample::subsequence((0u32..64).collect::<Vec<_>>(), 4).prop_shuffle(),
        black in any::<bool>(),
    ) {
        let mut board = shakmaty::Board::empty();
        let pieces = [
            shakmaty::Color::White.king(),
            shakmaty::Color::White.bishop(),
            shakmaty::Color::White.knight(),
            shakmaty::Color::Black.king(),
        ];
        for (sq, piece) in squares.iter().zip(pieces) {
            board.set_piece_at(shakmaty::Square::new(*sq), piece);
        }
        let mut setup = shakmaty::Setup::empty();
        setup.board = board;
        setup.turn = if black { shakmaty::Color::Black } else { shakmaty::Color::White };
        if let Ok(pos) = Kbnk::from_setup(&setup) {
            prop_assert_eq!(Kbnk::from_fen(&pos.to_string()), Ok(pos));
        }
    }
}
