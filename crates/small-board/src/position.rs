//! [`Setup`] (any placement, unchecked), [`Rules`] (the promotion set) and [`Position`] (a
//! validated position: legal moves, playing them, check, mate, stalemate, dead positions, key).

use std::{error::Error, fmt};

use crate::{
    attacks,
    bitboard::Bitboard,
    board::Board,
    mix::splitmix64,
    moves::Move,
    types::{Color, Piece, Rank, Role, Square},
};

/// The rule that varies between 7x7 games: which pieces a pawn may promote to.
///
/// The default is the endgame task's: a queen or a knight.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    /// Bit `role.index()` is set for each allowed promotion.
    promotions: u8,
}

impl Rules {
    /// The endgame task's rules: promotion to a queen or a knight.
    pub const TASK: Rules = Rules {
        promotions: 1 << Role::Queen as u8 | 1 << Role::Knight as u8,
    };

    /// Standard chess promotions: queen, rook, bishop or knight.
    pub const STANDARD: Rules = Rules {
        promotions: 1 << Role::Queen as u8
            | 1 << Role::Rook as u8
            | 1 << Role::Bishop as u8
            | 1 << Role::Knight as u8,
    };

    /// Rules with these promotion pieces, or `None` when the list is empty or names a pawn or a
    /// king.
    pub fn with_promotions(roles: &[Role]) -> Option<Rules> {
        let mut promotions = 0;
        for &role in roles {
            if matches!(role, Role::Pawn | Role::King) {
                return None;
            }
            promotions |= 1 << role as u8;
        }
        (promotions != 0).then_some(Rules { promotions })
    }

    /// Whether a pawn may promote to `role`.
    pub const fn allows_promotion(self, role: Role) -> bool {
        self.promotions & 1 << role as u8 != 0
    }

    /// The promotion pieces, queen first (queen, rook, bishop, knight order).
    pub fn promotions(self) -> impl Iterator<Item = Role> {
        [Role::Queen, Role::Rook, Role::Bishop, Role::Knight]
            .into_iter()
            .filter(move |&role| self.allows_promotion(role))
    }

    /// How many promotion pieces there are.
    pub const fn promotion_count(self) -> u32 {
        self.promotions.count_ones()
    }
}

impl Default for Rules {
    fn default() -> Rules {
        Rules::TASK
    }
}

/// A position as written, not yet checked: the placement, the side to move and the en passant
/// square (the square a pawn skipped with a double step on the last move).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Setup {
    /// The pieces.
    pub board: Board,
    /// The side to move.
    pub turn: Color,
    /// The square a pawn just skipped with a double step, if any.
    pub ep_square: Option<Square>,
}

/// Why a [`Setup`] is not a legal position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// A side has no king.
    MissingKing(Color),
    /// A side has more than one king (the count).
    TooManyKings(Color, u32),
    /// The two kings stand on adjacent squares.
    AdjacentKings(Square, Square),
    /// A pawn stands on rank 1 or rank 7.
    PawnOnBackRank(Square),
    /// The side not to move is in check.
    OppositeCheck(Color),
    /// A side has more than 16 pieces (the count), more than this crate supports.
    TooManyPieces(Color, u32),
    /// The en passant square does not follow a double step of the other side's pawn.
    InvalidEpSquare(Square),
}

fn color_name(color: Color) -> &'static str {
    color.fold("White", "Black")
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            PositionError::MissingKing(c) => write!(f, "{} has no king", color_name(c)),
            PositionError::TooManyKings(c, n) => {
                write!(f, "{} has {n} kings, expected 1", color_name(c))
            }
            PositionError::AdjacentKings(a, b) => {
                write!(f, "the kings on {a} and {b} stand next to each other")
            }
            PositionError::PawnOnBackRank(sq) => {
                write!(f, "pawn on {sq}: pawns cannot stand on rank 1 or 7")
            }
            PositionError::OppositeCheck(c) => write!(
                f,
                "{} is in check but {} is to move",
                color_name(c),
                color_name(c.other())
            ),
            PositionError::TooManyPieces(c, n) => {
                write!(
                    f,
                    "{} has {n} pieces, at most 16 are supported",
                    color_name(c)
                )
            }
            PositionError::InvalidEpSquare(sq) => write!(
                f,
                "en passant square {sq} does not follow a double step of a pawn"
            ),
        }
    }
}

impl Error for PositionError {}

/// Zobrist keys: one per (colour, role, square), and one for Black to move. Generated at compile
/// time by SplitMix64 from a fixed seed.
static ZOBRIST: ([[[u64; 49]; 6]; 2], u64) = {
    let mut state: u64 = 0x5eed_0007_0007_0049;
    let mut table = [[[0; 49]; 6]; 2];
    let mut c = 0;
    while c < 2 {
        let mut r = 0;
        while r < 6 {
            let mut s = 0;
            while s < 49 {
                let (next, value) = splitmix64(state);
                state = next;
                table[c][r][s] = value;
                s += 1;
            }
            r += 1;
        }
        c += 1;
    }
    (table, splitmix64(state).1)
};

#[inline]
fn zobrist(piece: Piece, sq: Square) -> u64 {
    ZOBRIST.0[piece.color as usize][piece.role.index()][sq.index()]
}

/// A legal position: exactly one king a side, kings apart, no pawn on rank 1 or 7, the side not
/// to move not in check, at most 16 pieces a side, a consistent en passant square.
///
/// `Position` is a small `Copy` value; [`Position::play`] returns the next position (copy-make).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    board: Board,
    turn: Color,
    /// Kept only when a pawn of the side to move attacks it (whether or not the capture is legal).
    ep_square: Option<Square>,
    rules: Rules,
    key: u64,
}

impl Position {
    /// Checks `setup` and makes it a position played under `rules`.
    ///
    /// # Examples
    ///
    /// ```
    /// use small_board::{Board, Color, Piece, Position, PositionError, Role, Rules, Setup, Square};
    ///
    /// let mut board = Board::empty();
    /// board.set_piece_at(Square::D5, Piece { color: Color::White, role: Role::King });
    /// board.set_piece_at(Square::F3, Piece { color: Color::White, role: Role::Rook });
    /// board.set_piece_at(Square::F7, Piece { color: Color::Black, role: Role::King });
    /// let setup = Setup { board, turn: Color::White, ep_square: None };
    /// assert_eq!(
    ///     Position::from_setup(setup, Rules::TASK),
    ///     Err(PositionError::OppositeCheck(Color::Black))
    /// );
    /// let pos = Position::from_setup(Setup { turn: Color::Black, ..setup }, Rules::TASK)?;
    /// assert!(pos.is_check());
    /// # Ok::<_, PositionError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`PositionError`] naming the first problem found, in the order: kings (missing, too many,
    /// adjacent), pawns on rank 1 or 7, too many pieces, the en passant square, the side not to
    /// move in check.
    pub fn from_setup(setup: Setup, rules: Rules) -> Result<Position, PositionError> {
        let board = setup.board;
        let mut kings = [Square::A1; 2];
        for color in Color::ALL {
            let own_kings = board.by_piece(Piece {
                color,
                role: Role::King,
            });
            match own_kings.count() {
                0 => return Err(PositionError::MissingKing(color)),
                1 => kings[color as usize] = own_kings.first().unwrap_or(Square::A1),
                n => return Err(PositionError::TooManyKings(color, n)),
            }
        }
        if kings[0].distance(kings[1]) <= 1 {
            return Err(PositionError::AdjacentKings(kings[0], kings[1]));
        }
        let back_ranks = Bitboard::from_rank(Rank::First) | Bitboard::from_rank(Rank::Seventh);
        if let Some(sq) = (board.by_role(Role::Pawn) & back_ranks).first() {
            return Err(PositionError::PawnOnBackRank(sq));
        }
        for color in Color::ALL {
            let n = board.by_color(color).count();
            if n > 16 {
                return Err(PositionError::TooManyPieces(color, n));
            }
        }
        let us = setup.turn;
        let mut ep_square = None;
        if let Some(ep) = setup.ep_square {
            // The pawn of the side not to move went from `origin` over `ep` to `pawn`.
            let (rank, dir) = us.fold((Rank::Fifth, 1), (Rank::Third, -1));
            let valid = ep.rank() == rank
                && ep
                    .offset(0, dir)
                    .is_some_and(|origin| !board.occupied().contains(origin))
                && !board.occupied().contains(ep)
                && ep.offset(0, -dir).is_some_and(|pawn| {
                    board.piece_at(pawn)
                        == Some(Piece {
                            color: us.other(),
                            role: Role::Pawn,
                        })
                });
            if !valid {
                return Err(PositionError::InvalidEpSquare(ep));
            }
            let capturers = attacks::pawn_attacks(us.other(), ep)
                & board.by_piece(Piece {
                    color: us,
                    role: Role::Pawn,
                });
            if capturers.any() {
                ep_square = Some(ep);
            }
        }
        if board.is_attacked(kings[us.other() as usize], us) {
            return Err(PositionError::OppositeCheck(us.other()));
        }
        let mut key = board
            .pieces()
            .fold(0, |key, (sq, piece)| key ^ zobrist(piece, sq));
        if us == Color::Black {
            key ^= ZOBRIST.1;
        }
        Ok(Position {
            board,
            turn: us,
            ep_square,
            rules,
            key,
        })
    }

    /// The position's setup (placement, side to move, en passant square).
    pub fn setup(&self) -> Setup {
        Setup {
            board: self.board,
            turn: self.turn,
            ep_square: self.ep_square,
        }
    }

    /// The placement.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The piece on `sq`.
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board.piece_at(sq)
    }

    /// The side to move.
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// The en passant square, kept only when a pawn of the side to move attacks it.
    pub fn ep_square(&self) -> Option<Square> {
        self.ep_square
    }

    /// The rules the position is played under.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// A 64-bit Zobrist key of the placement and the side to move (not the en passant square):
    /// equal positions in the sense of the repetition rule have equal keys.
    pub fn key(&self) -> u64 {
        self.key
    }

    /// Whether `other` is the same position in the sense of the repetition rule: the same
    /// placement and the same side to move (the keys are compared first).
    pub fn same_as(&self, other: &Position) -> bool {
        self.key == other.key && self.turn == other.turn && self.board == other.board
    }

    /// The square of `color`'s king.
    #[inline]
    pub fn king(&self, color: Color) -> Square {
        // A position always has exactly one king a side; the fallback is never taken.
        (self.board.by_role(Role::King) & self.board.by_color(color))
            .first()
            .unwrap_or(Square::A1)
    }

    /// The pieces of the other side that give check.
    #[inline]
    pub fn checkers(&self) -> Bitboard {
        let king = self.king(self.turn);
        self.board
            .attackers_to(king, self.turn.other(), self.board.occupied())
    }

    /// Whether the side to move is in check.
    pub fn is_check(&self) -> bool {
        self.checkers().any()
    }

    /// Whether the position is dead by the task's definition: king against king, or king and
    /// knight against king.
    pub fn is_dead(&self) -> bool {
        let others = self.board.occupied() & !self.board.by_role(Role::King);
        others.is_empty()
            || (others.count() == 1 && (others & self.board.by_role(Role::Knight)).any())
    }

    /// The position after `m`, which must be one of [`Position::legal_moves`]; anything else
    /// gives an unspecified (but memory-safe) result.
    #[must_use]
    pub fn play(&self, m: Move) -> Position {
        let mut next = *self;
        let us = self.turn;
        let them = us.other();
        if let Some(role) = m.capture {
            let sq = if m.en_passant {
                m.to.offset(0, us.fold(-1, 1)).unwrap_or(m.to)
            } else {
                m.to
            };
            next.toggle(sq, Piece { color: them, role });
        }
        next.toggle(
            m.from,
            Piece {
                color: us,
                role: m.role,
            },
        );
        let placed = m.promotion.unwrap_or(m.role);
        next.toggle(
            m.to,
            Piece {
                color: us,
                role: placed,
            },
        );

        next.ep_square = None;
        if m.role == Role::Pawn
            && m.from.rank().index().abs_diff(m.to.rank().index()) == 2
            && let Some(skipped) = m.from.offset(0, us.fold(1, -1))
        {
            let capturers = attacks::pawn_attacks(us, skipped)
                & next.board.by_color(them)
                & next.board.by_role(Role::Pawn);
            if capturers.any() {
                next.ep_square = Some(skipped);
            }
        }
        next.turn = them;
        next.key ^= ZOBRIST.1;
        next
    }

    #[inline]
    fn toggle(&mut self, sq: Square, piece: Piece) {
        self.board.toggle(sq, piece);
        self.key ^= zobrist(piece, sq);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(fen: &str) -> Position {
        fen.parse().unwrap_or_else(|e| panic!("{fen}: {e}"))
    }

    #[test]
    fn final_positions() {
        let mate = pos("7/7/7/7/2k4/1q5/K6 w");
        assert!(mate.is_check() && mate.is_checkmate() && !mate.is_stalemate());
        let stalemate = pos("7/7/7/7/1q5/2k4/K6 w");
        assert!(!stalemate.is_check() && stalemate.is_stalemate() && !stalemate.is_checkmate());
        let seed = pos("5k1/2P2r1/3K3/7/5R1/7/7 w");
        assert!(
            !seed.is_check() && !seed.is_checkmate() && !seed.is_stalemate() && !seed.is_dead()
        );
    }

    #[test]
    fn dead_positions_are_the_specs() {
        assert!(pos("7/5k1/7/7/7/1K5/7 w").is_dead());
        assert!(pos("7/5k1/7/3N3/7/1K5/7 b").is_dead());
        assert!(pos("7/5k1/7/3n3/7/1K5/7 w").is_dead());
        assert!(!pos("7/5k1/7/7/3B3/1K5/7 w").is_dead());
        assert!(!pos("7/5k1/7/7/7/1K5/NN5 w").is_dead());
        assert!(!pos("7/5k1/7/3P3/7/1K5/7 w").is_dead());
    }

    #[test]
    fn key_is_placement_and_turn() {
        let white = pos("5k1/2P2r1/3K3/7/5R1/7/7 w");
        let black = pos("5k1/2P2r1/3K3/7/5R1/7/7 b");
        assert_ne!(white.key(), black.key());
        // Rook f3-f2, king f7-g7, rook f2-f3, king g7-f7: the same position again.
        let mut p = white;
        for uci in ["f3f2", "f7g7", "f2f3", "g7f7"] {
            let m = p
                .legal_moves()
                .into_iter()
                .find(|m| m.to_string() == uci)
                .unwrap_or_else(|| panic!("{uci} in {p}"));
            p = p.play(m);
        }
        assert_eq!(p, white);
        assert_eq!(p.key(), white.key());
    }

    #[test]
    fn rules() {
        assert_eq!(Rules::default(), Rules::TASK);
        assert_eq!(
            Rules::TASK.promotions().collect::<Vec<_>>(),
            [Role::Queen, Role::Knight]
        );
        assert_eq!(Rules::with_promotions(&[Role::King]), None);
        assert_eq!(Rules::with_promotions(&[]), None);
        assert_eq!(
            Rules::with_promotions(&[Role::Knight, Role::Queen]),
            Some(Rules::TASK)
        );
        let promoting = pos("7/2P2k1/7/3K3/7/7/7 w");
        assert_eq!(
            promoting
                .legal_moves()
                .iter()
                .filter(|m| m.is_promotion())
                .count(),
            2
        );
        let standard = Position::from_setup(promoting.setup(), Rules::STANDARD).expect("legal");
        assert_eq!(
            standard
                .legal_moves()
                .iter()
                .filter(|m| m.is_promotion())
                .count(),
            4
        );
    }
}
