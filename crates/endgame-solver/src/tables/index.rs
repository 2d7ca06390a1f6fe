//! Where a position's value sits in its material's table.
//!
//! A table holds, for each side to move, one byte per *slot*. A slot names one square per piece,
//! in the material's piece order ([`Material::pieces`]): the first piece is a *digit 0* with a
//! reduced range, every other piece a base-49 digit (its square index). The last piece is the
//! *inner* one: the 49 slots that differ only in its square form a *word*, which the generator
//! treats as one 49-bit set.
//!
//! | material | digit 0 | range | symmetry used |
//! |---|---|---|---|
//! | without a pawn | White's king, in the triangle a1–d1–d4 ([`TRIANGLE`]) | 10 | the 8 symmetries of the board |
//! | with a pawn | the pawn, on files a–d, ranks 2–6 ([`PAWN_SQUARES`]) | 20 | the mirror a↔g |
//!
//! `slot = ((side * digit0_count + d0) * 49^(k-2) + d1 * 49^(k-3) + … + d(k-2)) * 49 + inner`
//! with k pieces. A *block* is one (side, d0): the unit the file stores and the reader loads.
//! Slots with two pieces on a square, kings side by side or the side not to move in check hold
//! no position (their byte is [`crate::tables::NONE`]). A position whose White king (without a
//! pawn) stands on the triangle's diagonal has two slots, equal in value.

use small_board::{Board, Color, Piece, Position, Rules, Setup, Square};

use super::material::Material;

/// White's king squares of a pawnless table: files a–d, ranks 1–4, file ≤ rank.
pub const TRIANGLE: [Square; 10] = [
    Square::A1,
    Square::A2,
    Square::B2,
    Square::A3,
    Square::B3,
    Square::C3,
    Square::A4,
    Square::B4,
    Square::C4,
    Square::D4,
];

/// The pawn's squares in a pawn table: files a–d, ranks 2–6, rank by rank (a2 b2 c2 d2 a3 …).
pub const PAWN_SQUARES: [Square; 20] = {
    let mut squares = [Square::A1; 20];
    let mut i = 0;
    while i < 20 {
        squares[i] = match Square::new((7 + (i / 4) * 7 + i % 4) as u32) {
            Some(sq) => sq,
            None => panic!("pawn square off the board"),
        };
        i += 1;
    }
    squares
};

/// One of the 8 symmetries of the board: bit 0 mirrors the files (a↔g), bit 1 the ranks, bit 2
/// then swaps files and ranks (the a1–g7 diagonal).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Symmetry(pub u8);

impl Symmetry {
    /// No change.
    pub const IDENTITY: Symmetry = Symmetry(0);
    /// The mirror a↔g.
    pub const MIRROR: Symmetry = Symmetry(1);

    /// The image of `sq`.
    #[inline]
    pub const fn apply(self, sq: Square) -> Square {
        IMAGES[self.0 as usize][sq.index()]
    }

    /// The image of `sq`, computed ([`IMAGES`] holds them all).
    const fn image(self, sq: Square) -> Square {
        let i = sq.index();
        let (mut f, mut r) = (i % 7, i / 7);
        if self.0 & 1 != 0 {
            f = 6 - f;
        }
        if self.0 & 2 != 0 {
            r = 6 - r;
        }
        if self.0 & 4 != 0 {
            (f, r) = (r, f);
        }
        match Square::new((r * 7 + f) as u32) {
            Some(sq) => sq,
            None => panic!("a symmetry maps the board onto itself"),
        }
    }

    /// The symmetry that undoes this one.
    pub const fn inverse(self) -> Symmetry {
        // Mirrors and the swap are involutions; with the swap last, undoing mirrors done before
        // it means mirroring the swapped axes.
        if self.0 & 4 == 0 {
            self
        } else {
            Symmetry(4 | (self.0 & 1) << 1 | (self.0 & 2) >> 1)
        }
    }

    /// The symmetry that brings White's king on `king` into [`TRIANGLE`].
    pub const fn to_triangle(king: Square) -> Symmetry {
        let i = king.index();
        let (f, r) = (i % 7, i / 7);
        let mut bits = 0;
        let (f, r) = (
            if f > 3 {
                bits |= 1;
                6 - f
            } else {
                f
            },
            if r > 3 {
                bits |= 2;
                6 - r
            } else {
                r
            },
        );
        if f > r {
            bits |= 4;
        }
        Symmetry(bits)
    }

    /// The image of a set of squares.
    #[inline]
    pub fn apply_set(self, set: u64) -> u64 {
        let table = &WORD_IMAGES[self.0 as usize];
        let mut out = 0;
        for (rank, images) in table.iter().enumerate() {
            out |= images[((set >> (7 * rank)) & 0x7f) as usize];
        }
        out
    }
}

/// `IMAGES[s][square]`: the image of each square under symmetry `s` (this is hot).
const IMAGES: [[Square; 49]; 8] = {
    let mut table = [[Square::A1; 49]; 8];
    let mut s = 0;
    while s < 8 {
        let mut i = 0;
        while i < 49 {
            if let Some(sq) = Square::new(i as u32) {
                table[s][i] = Symmetry(s as u8).image(sq);
            }
            i += 1;
        }
        s += 1;
    }
    table
};

/// `WORD_IMAGES[s][rank][bits]`: the image under symmetry `s` of the squares of `rank` whose
/// files are the set bits of `bits`, so a 49-bit set maps in seven lookups.
static WORD_IMAGES: [[[u64; 128]; 7]; 8] = {
    let mut table = [[[0; 128]; 7]; 8];
    let mut s = 0;
    while s < 8 {
        let mut rank = 0;
        while rank < 7 {
            let mut bits = 0;
            while bits < 128 {
                let mut out = 0u64;
                let mut file = 0;
                while file < 7 {
                    if bits & (1 << file) != 0 {
                        let sq = match Square::new((rank * 7 + file) as u32) {
                            Some(sq) => sq,
                            None => panic!("square off the board"),
                        };
                        out |= 1 << Symmetry(s as u8).apply(sq).index();
                    }
                    file += 1;
                }
                table[s][rank][bits] = out;
                bits += 1;
            }
            rank += 1;
        }
        s += 1;
    }
    table
};

/// The position of `pieces` on their squares with `turn` to move, if they make one (no two on
/// a square, and the position legal): what a slot holds.
pub fn position_of(
    turn: Color,
    pieces: impl IntoIterator<Item = (Piece, Square)>,
) -> Option<Position> {
    let mut board = Board::empty();
    for (piece, sq) in pieces {
        if board.piece_at(sq).is_some() {
            return None;
        }
        board.set_piece_at(sq, piece);
    }
    let setup = Setup {
        board,
        turn,
        ep_square: None,
    };
    Position::from_setup(setup, Rules::TASK).ok()
}

/// How a material's table is laid out.
#[derive(Clone, Debug)]
pub struct Layout {
    /// The material.
    pub material: Material,
    /// The pieces in digit order; the last is the inner piece.
    pub pieces: Vec<small_board::Piece>,
    /// Words per block: 49^(k-2).
    pub block_words: usize,
}

impl Layout {
    /// The layouts of [`Material::ALL`], by [`Material::code`] (`None` for dead materials).
    pub fn all() -> Vec<Option<Layout>> {
        Material::ALL
            .iter()
            .map(|m| (!m.is_dead()).then(|| Layout::new(*m)))
            .collect()
    }

    /// The layout of `material` (not a dead one: it has at least three pieces).
    pub fn new(material: Material) -> Layout {
        let pieces = material.pieces();
        let block_words = 49usize.pow(pieces.len() as u32 - 2);
        Layout {
            material,
            pieces,
            block_words,
        }
    }

    /// The range of digit 0.
    pub fn digit0_count(&self) -> usize {
        if self.material.has_pawn() { 20 } else { 10 }
    }

    /// Words for one side to move.
    pub fn side_words(&self) -> usize {
        self.digit0_count() * self.block_words
    }

    /// Blocks in the table (both sides).
    pub fn blocks(&self) -> usize {
        2 * self.digit0_count()
    }

    /// Slots in one block.
    pub fn block_slots(&self) -> usize {
        self.block_words * 49
    }

    /// The square of digit 0 with value `d0`.
    pub fn digit0_square(&self, d0: usize) -> Square {
        if self.material.has_pawn() {
            PAWN_SQUARES[d0]
        } else {
            TRIANGLE[d0]
        }
    }

    /// The squares of the outer pieces (all but the inner one) of a word within its side.
    pub fn outer_squares(&self, word: usize) -> [Square; 4] {
        let outer = self.pieces.len() - 1;
        let mut squares = [Square::A1; 4];
        let mut rest = word % self.block_words;
        for j in (1..outer).rev() {
            squares[j] = Square::new((rest % 49) as u32).unwrap_or(Square::A1);
            rest /= 49;
        }
        squares[0] = self.digit0_square(word / self.block_words);
        squares
    }

    /// The word (within its side) of outer squares in canonical form, or `None` when digit 0's
    /// square is outside its range (not canonical).
    pub fn word_of(&self, squares: &[Square]) -> Option<usize> {
        let d0 = if self.material.has_pawn() {
            PAWN_SQUARES.iter().position(|&s| s == squares[0])?
        } else {
            TRIANGLE.iter().position(|&s| s == squares[0])?
        };
        let mut word = d0;
        for sq in &squares[1..self.pieces.len() - 1] {
            word = word * 49 + sq.index();
        }
        Some(word)
    }

    /// The symmetry that makes a placement canonical for this table, given the squares in piece
    /// order.
    pub fn canonical_symmetry(&self, squares: &[Square]) -> Symmetry {
        if self.material.has_pawn() {
            if squares[0].file().index() > 3 {
                Symmetry::MIRROR
            } else {
                Symmetry::IDENTITY
            }
        } else {
            Symmetry::to_triangle(squares[0])
        }
    }

    /// The side to move in `slot` (index into the whole table, both sides).
    pub fn turn_at(&self, slot: usize) -> Color {
        if slot / 49 < self.side_words() {
            Color::White
        } else {
            Color::Black
        }
    }

    /// The position in `slot`, if it holds one (see [`position_of`]).
    pub fn position_at(&self, slot: usize) -> Option<Position> {
        let outer = self.outer_squares(slot / 49 % self.side_words());
        let inner = Square::new((slot % 49) as u32)?;
        let k = self.pieces.len();
        let squares = outer[..k - 1].iter().copied().chain([inner]);
        position_of(self.turn_at(slot), self.pieces.iter().copied().zip(squares))
    }

    /// The slot (index into the whole table, both sides) of a position of this material.
    pub fn slot_of(&self, pos: &Position) -> usize {
        let board = pos.board();
        let mut squares = [Square::A1; 5];
        for (i, &piece) in self.pieces.iter().enumerate() {
            squares[i] = board.by_piece(piece).first().unwrap_or(Square::A1);
        }
        self.slot(pos.turn(), &mut squares[..self.pieces.len()])
    }

    /// The slot of the placement with `squares` in piece order and `turn` to move (the squares
    /// are made canonical in place).
    pub fn slot(&self, turn: Color, squares: &mut [Square]) -> usize {
        let k = self.pieces.len();
        let sym = self.canonical_symmetry(squares);
        for sq in squares.iter_mut() {
            *sq = sym.apply(*sq);
        }
        let word = self.word_of(squares).unwrap_or(0);
        let side = usize::from(turn == Color::Black);
        (side * self.side_words() + word) * 49 + squares[k - 1].index()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The table of images holds what the arithmetic gives.
    #[test]
    fn the_images_are_the_symmetries() {
        for s in 0..8 {
            for sq in Square::all() {
                assert_eq!(Symmetry(s).apply(sq), Symmetry(s).image(sq));
            }
        }
    }

    #[test]
    fn symmetries_are_bijections_with_inverses() {
        for s in 0..8 {
            let sym = Symmetry(s);
            let mut seen = 0u64;
            for sq in Square::all() {
                let image = sym.apply(sq);
                seen |= 1 << image.index();
                assert_eq!(sym.inverse().apply(image), sq, "symmetry {s} at {sq}");
                assert_eq!(sym.apply_set(1 << sq.index()), 1 << image.index());
            }
            assert_eq!(seen, (1 << 49) - 1);
        }
        for sq in Square::all() {
            assert!(
                TRIANGLE.contains(&Symmetry::to_triangle(sq).apply(sq)),
                "{sq}"
            );
        }
        assert_eq!(PAWN_SQUARES[0], Square::A2);
        assert_eq!(PAWN_SQUARES[19], Square::D6);
    }
}
