//! A legal KBNK position: White has king, bishop and knight, Black a lone king.

use std::{error::Error, fmt};

use shakmaty::{
    Board, CastlingMode, Chess, Color, EnPassantMode, FromSetup, Role, Setup, Square, fen::Fen,
    uci::UciMove,
};

use crate::{
    index::Squares,
    rules::{self, square},
};

/// A legal position of the table: White's king, bishop and knight against Black's king, the
/// kings apart, and the side not to move not in check.
///
/// # Examples
///
/// ```
/// use kbn_tb::Kbnk;
/// use shakmaty::Color;
///
/// let pos = Kbnk::from_fen("8/8/8/8/8/8/8/KBNk4 w - - 0 1")?;
/// assert_eq!(pos.turn(), Color::White);
/// # Ok::<_, kbn_tb::ProbeError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Kbnk {
    squares: Squares,
    turn: Color,
}

impl Kbnk {
    /// Validates a setup.
    ///
    /// # Errors
    ///
    /// [`IllegalPosition`] when the material is not KBN against K, castling or en passant rights
    /// are set, the kings touch, or the side not to move is in check.
    pub fn from_setup(setup: &Setup) -> Result<Kbnk, IllegalPosition> {
        let board = &setup.board;
        if !is_kbnk(board) {
            return Err(IllegalPosition::Material(material(board)));
        }
        if setup.castling_rights.any() {
            return Err(IllegalPosition::Castling);
        }
        if let Some(ep) = setup.ep_square {
            return Err(IllegalPosition::EnPassant(ep));
        }
        let find = |color: Color, role: Role| {
            board
                .by_piece(role.of(color))
                .first()
                .map_or(0, |sq| sq as u8)
        };
        let squares = Squares {
            wk: find(Color::White, Role::King),
            bishop: find(Color::White, Role::Bishop),
            knight: find(Color::White, Role::Knight),
            bk: find(Color::Black, Role::King),
        };
        Kbnk::from_squares(squares, setup.turn)
    }

    /// Parses and validates a FEN. The side to move is required.
    ///
    /// # Errors
    ///
    /// [`ProbeError::Fen`] when the text is not a FEN, [`ProbeError::NoTurn`] when it has only
    /// the placement, [`ProbeError::Illegal`] as in [`Kbnk::from_setup`].
    pub fn from_fen(text: &str) -> Result<Kbnk, ProbeError> {
        Ok(Kbnk::from_setup(&setup_from_fen(text)?)?)
    }

    pub(crate) fn from_squares(squares: Squares, turn: Color) -> Result<Kbnk, IllegalPosition> {
        if !squares.kings_apart() {
            return Err(IllegalPosition::KingsTouch {
                white: square(squares.wk),
                black: square(squares.bk),
            });
        }
        if turn == Color::White && rules::black_in_check(squares) {
            return Err(IllegalPosition::BlackInCheck(square(squares.bk)));
        }
        Ok(Kbnk { squares, turn })
    }

    /// The side to move.
    pub fn turn(self) -> Color {
        self.turn
    }

    /// The white king's square.
    pub fn white_king(self) -> Square {
        square(self.squares.wk)
    }

    /// The bishop's square.
    pub fn bishop(self) -> Square {
        square(self.squares.bishop)
    }

    /// The knight's square.
    pub fn knight(self) -> Square {
        square(self.squares.knight)
    }

    /// The black king's square.
    pub fn black_king(self) -> Square {
        square(self.squares.bk)
    }

    /// The position as a shakmaty setup (no castling, no en passant, clocks 0 and 1).
    pub fn to_setup(self) -> Setup {
        let mut setup = Setup::empty();
        setup
            .board
            .set_piece_at(self.white_king(), Color::White.king());
        setup
            .board
            .set_piece_at(self.bishop(), Color::White.bishop());
        setup
            .board
            .set_piece_at(self.knight(), Color::White.knight());
        setup
            .board
            .set_piece_at(self.black_king(), Color::Black.king());
        setup.turn = self.turn;
        setup
    }

    /// The position as a shakmaty position, to play moves on.
    pub fn to_chess(self) -> Chess {
        // A Kbnk is legal: the kings apart, the side not to move not in check, no castling or
        // en passant; a double check by bishop and knight is possible (a discovered check).
        <Chess as FromSetup>::from_setup(self.to_setup(), CastlingMode::Standard)
            .or_else(shakmaty::PositionError::ignore_impossible_check)
            .expect("a Kbnk is a legal position")
    }

    pub(crate) fn squares(self) -> Squares {
        self.squares
    }

    /// The position after a legal move that keeps the four pieces on the board: `None` for a
    /// capture (or a move from an empty square).
    pub(crate) fn after(self, uci: UciMove) -> Option<Kbnk> {
        let UciMove::Normal { from, to, .. } = uci else {
            return None;
        };
        let (from, to) = (from as u8, to as u8);
        let p = self.squares;
        if to == p.bishop || to == p.knight {
            return None;
        }
        let squares = match from {
            _ if from == p.wk => Squares { wk: to, ..p },
            _ if from == p.bishop => Squares { bishop: to, ..p },
            _ if from == p.knight => Squares { knight: to, ..p },
            _ if from == p.bk => Squares { bk: to, ..p },
            _ => return None,
        };
        Kbnk::from_squares(squares, self.turn.other()).ok()
    }
}

impl fmt::Display for Kbnk {
    /// The FEN, with clocks `0 1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Fen::from_position(&self.to_chess(), EnPassantMode::Legal).fmt(f)
    }
}

/// Parses a FEN that gives the side to move, into a setup not validated yet.
///
/// # Errors
///
/// [`ProbeError::Fen`] when the text is not a FEN, [`ProbeError::NoTurn`] when it has only the
/// placement.
pub(crate) fn setup_from_fen(text: &str) -> Result<Setup, ProbeError> {
    match chess_core::placement::parse_fen(text).map_err(ProbeError::Fen)? {
        chess_core::placement::ParsedFen::Full(setup) => Ok(setup),
        chess_core::placement::ParsedFen::Placement(_) => Err(ProbeError::NoTurn),
    }
}

/// Whether the board holds exactly White's king, bishop and knight and Black's king.
fn is_kbnk(board: &Board) -> bool {
    let one = |role: Role, color: Color| board.by_piece(role.of(color)).count() == 1;
    board.occupied().count() == 4
        && one(Role::King, Color::White)
        && one(Role::Bishop, Color::White)
        && one(Role::Knight, Color::White)
        && one(Role::King, Color::Black)
}

/// The material as `KBNvK`: White's pieces, `v`, Black's, each king first then Q R B N P.
fn material(board: &Board) -> String {
    let side = |color: Color| -> String {
        [
            Role::King,
            Role::Queen,
            Role::Rook,
            Role::Bishop,
            Role::Knight,
            Role::Pawn,
        ]
        .iter()
        .flat_map(|&role| {
            let count = board.by_piece(role.of(color)).count();
            std::iter::repeat_n(role.upper_char(), count)
        })
        .collect()
    };
    format!("{}v{}", side(Color::White), side(Color::Black))
}

/// Why a setup is not a legal position of the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IllegalPosition {
    /// The pieces are not White's king, bishop and knight against Black's king (e.g. `KQvK`).
    Material(String),
    /// Castling rights are set, but there are no rooks.
    Castling,
    /// An en passant square is set, but there are no pawns.
    EnPassant(Square),
    /// The kings stand next to each other.
    KingsTouch {
        /// The white king's square.
        white: Square,
        /// The black king's square.
        black: Square,
    },
    /// White is to move but the black king (on this square) is in check.
    BlackInCheck(Square),
}

impl IllegalPosition {
    /// Whether the four KBNK pieces are there but their placement cannot arise in a game (kings
    /// touching, or Black in check with White to move): the spec's `illegal: why` value, as
    /// opposed to a FEN that is not a KBNK position at all.
    pub fn is_unreachable_placement(&self) -> bool {
        matches!(
            self,
            IllegalPosition::KingsTouch { .. } | IllegalPosition::BlackInCheck(_)
        )
    }
}

impl fmt::Display for IllegalPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalPosition::Material(material) => write!(
                f,
                "material is {material}, expected KBNvK (White king, bishop and knight against the black king)"
            ),
            IllegalPosition::Castling => {
                f.write_str("castling rights are set but there are no rooks")
            }
            IllegalPosition::EnPassant(sq) => {
                write!(f, "en passant square {sq} is set but there are no pawns")
            }
            IllegalPosition::KingsTouch { white, black } => {
                write!(
                    f,
                    "the kings on {white} and {black} stand next to each other"
                )
            }
            IllegalPosition::BlackInCheck(sq) => {
                write!(f, "the black king on {sq} is in check with White to move")
            }
        }
    }
}

impl Error for IllegalPosition {}

/// Why a FEN could not be probed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProbeError {
    /// The text is not a FEN.
    Fen(chess_core::placement::ParseFenError),
    /// Only a placement was given, without the side to move.
    NoTurn,
    /// The position is not a legal KBNK position.
    Illegal(IllegalPosition),
}

impl fmt::Display for ProbeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProbeError::Fen(err) => err.fmt(f),
            ProbeError::NoTurn => {
                f.write_str("FEN has no side to move: add \" w\" or \" b\" after the placement")
            }
            ProbeError::Illegal(err) => write!(f, "illegal position: {err}"),
        }
    }
}

impl Error for ProbeError {
    fn source(&self) -> Option<&(dyn Error + 'static)> {
        match self {
            ProbeError::Fen(err) => Some(err),
            ProbeError::NoTurn => None,
            ProbeError::Illegal(err) => Some(err),
        }
    }
}

impl From<IllegalPosition> for ProbeError {
    fn from(err: IllegalPosition) -> Self {
        ProbeError::Illegal(err)
    }
}

impl toolkit_cli::Report for ProbeError {}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(fen: &str) -> String {
        Kbnk::from_fen(fen).expect_err(fen).to_string()
    }

    #[test]
    fn every_error_message() {
        assert_eq!(
            err("8/8/8/8/8/8/2K5/k1Q5 w - - 0 1"),
            "illegal position: material is KQvK, expected KBNvK (White king, bishop and knight against the black king)"
        );
        assert_eq!(
            err("8/8/8/8/8/8/2k5/K1n1b3 w - - 0 1"),
            "illegal position: material is KvKBN, expected KBNvK (White king, bishop and knight against the black king)"
        );
        assert_eq!(
            err("8/8/8/8/8/8/1K6/k1N1B3 w - - 0 1"),
            "illegal position: the kings on b2 and a1 stand next to each other"
        );
        assert_eq!(
            err("7k/8/3K4/8/8/8/8/B5N1 w - - 0 1"),
            "illegal position: the black king on h8 is in check with White to move"
        );
        assert_eq!(
            err("8/8/7N/8/8/8/8/K1k1B3"),
            "FEN has no side to move: add \" w\" or \" b\" after the placement"
        );
        assert_eq!(err("8/8/8 w - - 0 1"), "FEN has 3 ranks, expected 8");
        assert_eq!(
            err("8/8/7N/8/8/8/8/K1k1B3 w K - 0 1"),
            "illegal position: castling rights are set but there are no rooks"
        );
    }

    #[test]
    fn black_to_move_in_check_is_legal() {
        let pos = Kbnk::from_fen("7k/8/3K4/8/8/8/8/B5N1 b - - 0 1").expect("legal");
        assert_eq!(pos.to_string(), "7k/8/3K4/8/8/8/8/B5N1 b - - 0 1");
    }
}
