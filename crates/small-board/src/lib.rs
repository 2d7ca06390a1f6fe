//! Exact and fast chess rules on a 7x7 board (files a–g, ranks 1–7), for the endgame task of
//! `endgame-solver` and anything else played on 49 squares.
//!
//! Everything is standard chess except the size: any material (K Q R B N P of both colours), a
//! pawn's double step from its second rank (rank 2 for White, rank 6 for Black), en passant,
//! promotion on the last rank to a configurable set of pieces ([`Rules`], by default the task's
//! queen or knight), no castling. Validated by perft against Fairy-Stockfish (see
//! `fixtures/small-board/SOURCE.md`).
//!
//! | module | concept |
//! |---|---|
//! | `types` | [`Color`], [`Role`], [`Piece`], [`File`], [`Rank`], [`Square`] (`a1` = 0 … `g7` = 48), [`ByColor`], [`ByRole`] |
//! | `bitboard` | [`Bitboard`], a set of squares in a `u64` |
//! | [`attacks`] | compile-time attack tables and slider attacks |
//! | `board` | [`Board`], the placement |
//! | `position` | [`Setup`] (unchecked) → [`Position::from_setup`] → [`Position`]; [`Rules`]; [`PositionError`] |
//! | [`fen`] | the 7-rank FEN, [`ParseFenError`], [`FenError`] |
//! | `movegen` | legal move generation (checkers, pins, evasions) into a list, a counter or a flag |
//! | `moves` | [`Move`] and the stack-allocated [`MoveList`] |
//! | `san` | [`san`] in [`Notation::Czech`] or [`Notation::English`]; piece tokens [`RoleSquare`] (`Kd5`, `c6`) |
//! | `perft` | [`perft`] and [`divide`] |
//! | [`unmove`] | [`Unmove`]s and [`Position::unmoves`], for retrograde analysis |
//! | [`mix`] | SplitMix64, the 64-bit mixer behind the Zobrist keys and every hash and test generator |
//!
//! A [`Position`] is a small `Copy` value; [`Position::play`] returns the next one (copy-make).
//! [`Position::key`] is a Zobrist key of the placement and side to move, for the repetition rule.
//!
//! # Examples
//!
//! ```
//! use small_board::{Notation, Position, Rules, san};
//!
//! // The seed position: White Kd5 Rf3 pawn c6, Black Kf7 Rf6, White to move.
//! let pos = Position::from_fen("5k1/2P2r1/3K3/7/5R1/7/7 w", Rules::TASK)?;
//! let queen = pos
//!     .legal_moves()
//!     .into_iter()
//!     .find(|m| san(&pos, *m, Notation::Czech) == "c7D+")
//!     .expect("c7D+ is legal");
//! let after = pos.play(queen);
//! assert!(after.is_check());
//! assert_eq!(after.to_string(), "2Q2k1/5r1/3K3/7/5R1/7/7 b - -");
//! # Ok::<_, small_board::FenError>(())
//! ```

#![warn(missing_docs)]

pub mod attacks;
mod bitboard;
mod board;
pub mod fen;
pub mod mix;
mod movegen;
mod moves;
mod perft;
mod position;
mod san;
mod types;
pub mod unmove;

pub use bitboard::Bitboard;
pub use board::Board;
pub use fen::{FenError, ParseFenError};
pub use moves::{MAX_LEGAL_MOVES, Move, MoveList};
pub use perft::{divide, perft};
pub use position::{Position, PositionError, Rules, Setup};
pub use san::{Notation, ParseRoleSquareError, RoleSquare, RoleSquareErrorKind, san};
pub use types::{ByColor, ByRole, Color, File, ParseSquareError, Piece, Rank, Role, Square};
pub use unmove::Unmove;
