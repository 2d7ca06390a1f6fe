//! Text output: the placement field and the full FEN, written into a byte buffer without
//! allocating. (`--board` draws with `chess-core`'s renderer.)

use std::io::Write as _;

use shakmaty::{Board, Role, Setup, Square};

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
    // The FEN letter of each square (a1 = 0 .. h8 = 63), followed by the digits 1-8, so that a
    // rank template's tokens index into one array.
    let mut cells = [0u8; 72];
    cells[64..].copy_from_slice(b"12345678");
    let white = board.white().0;
    for role in Role::ALL {
        let lower = role.char() as u8;
        for square in board.by_role(role) {
            let is_white = ((white >> u32::from(square)) & 1) as u8;
            cells[usize::from(square)] = lower - 0x20 * is_white;
        }
    }
    // 8 ranks of at most 8 characters, 7 slashes, and slack for the last template's tail.
    let mut text = [0u8; 80];
    let mut len = 0;
    let occupied = board.occupied().0;
    for rank in (0..8usize).rev() {
        let template = &RANK_TEMPLATES[((occupied >> (rank * 8)) & 0xff) as usize];
        for (i, &token) in template.tokens.iter().enumerate() {
            let index = if token < 8 {
                rank * 8 + usize::from(token)
            } else {
                56 + usize::from(token)
            };
            text[len + i] = cells[index];
        }
        len += usize::from(template.len);
        text[len] = b'/';
        len += 1;
    }
    out.extend_from_slice(&text[..len - 1]);
}

/// How to write one rank with a given occupancy (bit `f` = file `f` occupied): `len` tokens,
/// each a file (0..8, its piece's letter) or 8 + (n - 1) for the digit n.
#[derive(Clone, Copy)]
struct RankTemplate {
    len: u8,
    tokens: [u8; 8],
}

/// [`RankTemplate`] of every occupancy.
static RANK_TEMPLATES: [RankTemplate; 256] = {
    let mut templates = [RankTemplate {
        len: 0,
        tokens: [0; 8],
    }; 256];
    let mut occupancy = 0;
    while occupancy < 256 {
        let mut template = RankTemplate {
            len: 0,
            tokens: [0; 8],
        };
        let mut empty = 0u8;
        let mut file = 0u8;
        while file < 8 {
            if occupancy & (1 << file) == 0 {
                empty += 1;
            } else {
                if empty > 0 {
                    template.tokens[template.len as usize] = 8 + empty - 1;
                    template.len += 1;
                    empty = 0;
                }
                template.tokens[template.len as usize] = file;
                template.len += 1;
            }
            file += 1;
        }
        if empty > 0 {
            template.tokens[template.len as usize] = 8 + empty - 1;
            template.len += 1;
        }
        templates[occupancy] = template;
        occupancy += 1;
    }
    templates
};

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
