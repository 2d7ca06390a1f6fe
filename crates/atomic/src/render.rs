//! Text output: the placement field and the full FEN, written into a byte buffer without
//! allocating, and the diagram of `--board`.

use std::io::Write as _;

use shakmaty::{Board, Color, Role, Setup, Square};

/// Appends the placement field of `board` (ranks 8 to 1) to `out`.
///
/// # Examples
///
/// ```
/// use atomic::render::write_placement;
/// use shakmaty::Board;
///
/// let mut out = Vec::new();
/// write_placement(&Board::new(), &mut out);
/// assert_eq!(out, b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR");
/// ```
pub fn write_placement(board: &Board, out: &mut Vec<u8>) {
    // One FEN letter per square, a1 = 0 .. h8 = 63; 0 for empty.
    let mut cells = [0u8; 64];
    for color in Color::ALL {
        for role in Role::ALL {
            let letter = role.of(color).char() as u8;
            for square in board.by_piece(role.of(color)) {
                cells[usize::from(square)] = letter;
            }
        }
    }
    for rank in (0..8).rev() {
        let mut empty = 0u8;
        for &cell in &cells[rank * 8..rank * 8 + 8] {
            if cell == 0 {
                empty += 1;
            } else {
                if empty > 0 {
                    out.push(b'0' + empty);
                    empty = 0;
                }
                out.push(cell);
            }
        }
        if empty > 0 {
            out.push(b'0' + empty);
        }
        if rank > 0 {
            out.push(b'/');
        }
    }
}

/// Appends the full FEN of `setup` (standard castling letters `KQkq`).
pub fn write_fen(setup: &Setup, out: &mut Vec<u8>) {
    write_placement(&setup.board, out);
    out.push(b' ');
    out.push(if setup.turn.is_white() { b'w' } else { b'b' });
    out.push(b' ');
    let rights = setup.castling_rights;
    let letters = [
        (Square::H1, b'K'),
        (Square::A1, b'Q'),
        (Square::H8, b'k'),
        (Square::A8, b'q'),
    ];
    let mut any = false;
    for (square, letter) in letters {
        if rights.contains(square) {
            out.push(letter);
            any = true;
        }
    }
    if !any {
        out.push(b'-');
    }
    out.push(b' ');
    match setup.ep_square {
        Some(square) => {
            let _ = write!(out, "{square}");
        }
        None => out.push(b'-'),
    }
    let _ = write!(out, " {} {}", setup.halfmoves, setup.fullmoves);
}
