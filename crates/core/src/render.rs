//! Text diagrams of a board, in the seed's frame:
//!
//! ```text
//! # a b c d e f g h #
//! 8 r n b q k b n r 8
//! ...
//! 1 R N B Q K B N R 1
//! # a b c d e f g h #
//! ```
//!
//! Cells are separated by single spaces, with no trailing space; every line ends with `\n`.

use shakmaty::{Board, Color, File, Piece, Rank, Role, Square};

/// How pieces and empty squares are drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Glyphs {
    /// FEN letters (`K`, `q`, ...) and `0` for an empty square, as the seed prints them.
    Ascii,
    /// Chess symbols (`♔♕♖♗♘♙` White, `♚♛♜♝♞♟` Black) and `·` for an empty square.
    Unicode,
}

impl Glyphs {
    /// The glyph for a square's content.
    pub fn cell(self, piece: Option<Piece>) -> char {
        match (self, piece) {
            (Glyphs::Ascii, None) => '0',
            (Glyphs::Ascii, Some(piece)) => piece.char(),
            (Glyphs::Unicode, None) => '·',
            (Glyphs::Unicode, Some(piece)) => unicode_piece(piece),
        }
    }
}

/// The unicode chess symbol of a piece.
pub fn unicode_piece(piece: Piece) -> char {
    // Symbols U+2654..U+265F: white king..pawn, then black king..pawn.
    let white = match piece.role {
        Role::King => '♔',
        Role::Queen => '♕',
        Role::Rook => '♖',
        Role::Bishop => '♗',
        Role::Knight => '♘',
        Role::Pawn => '♙',
    };
    match piece.color {
        Color::White => white,
        Color::Black => char::from_u32(white as u32 + 6).unwrap_or(white),
    }
}

/// The 10-line diagram of a board: file letters above and below, rank numbers on both sides.
///
/// # Examples
///
/// ```
/// use chess_core::render::{Glyphs, diagram};
/// use shakmaty::Board;
///
/// let text = diagram(&Board::new(), Glyphs::Ascii);
/// assert!(text.starts_with("# a b c d e f g h #\n8 r n b q k b n r 8\n"));
/// ```
pub fn diagram(board: &Board, glyphs: Glyphs) -> String {
    let frame = "# a b c d e f g h #\n";
    let mut out = String::with_capacity(10 * 40);
    out.push_str(frame);
    for rank in Rank::ALL.into_iter().rev() {
        out.push(rank.char());
        for file in File::ALL {
            out.push(' ');
            out.push(glyphs.cell(board.piece_at(Square::from_coords(file, rank))));
        }
        out.push(' ');
        out.push(rank.char());
        out.push('\n');
    }
    out.push_str(frame);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::placement::parse_placement;

    /// The second example of `specs/elo.md`, as the seed prints it.
    #[test]
    fn elo_second_example_byte_for_byte() {
        let board = parse_placement("3r4/Q1n5/PPp3PP/4p3/4K3/2k1N3/p1p2R2/q7").unwrap();
        let expected = "\
# a b c d e f g h #
8 0 0 0 r 0 0 0 0 8
7 Q 0 n 0 0 0 0 0 7
6 P P p 0 0 0 P P 6
5 0 0 0 0 p 0 0 0 5
4 0 0 0 0 K 0 0 0 4
3 0 0 k 0 N 0 0 0 3
2 p 0 p 0 0 R 0 0 2
1 q 0 0 0 0 0 0 0 1
# a b c d e f g h #
";
        assert_eq!(diagram(&board, Glyphs::Ascii), expected);
    }

    #[test]
    fn unicode_start_position() {
        let text = diagram(&Board::new(), Glyphs::Unicode);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[1], "8 ♜ ♞ ♝ ♛ ♚ ♝ ♞ ♜ 8");
        assert_eq!(lines[4], "5 · · · · · · · · 5");
        assert_eq!(lines[8], "1 ♖ ♘ ♗ ♕ ♔ ♗ ♘ ♖ 1");
    }
}
