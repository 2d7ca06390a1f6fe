//! Judge chess games from their move lists: the seven verdicts of the online-judge problem
//! "Chess" (`White Win`, `Black Win`, `Stalemate`, `Draw`, `Dead Moves`, `Puzzle Move`,
//! `Illegal Move`), for the problem's own input format and for PGN archives.
//!
//! | module | concept |
//! |---|---|
//! | [`notation`] | the move notation: a subset of SAN read into [`MoveToken`] |
//! | [`judge`] | matching tokens against the legal moves, move by move, into a [`Verdict`] |
//! | [`games`] | the judge format: counts, moves, the final `0` |
//! | [`pgn`] | PGN archives through `pgn-reader`, with the `Result` tag checked |
//! | [`render`] | the text lines |
//! | [`json`] | the `--json` wire structs |
//!
//! # Examples
//!
//! ```
//! use pgn_judge::{Verdict, games};
//!
//! let input = "7\ne4\ne5\nBc4\nh6\nQh5\na5\nQf7\n0\n";
//! let verdicts: Vec<Verdict> = games::read(input)
//!     .map(|game| game.map(|g| g.judge().0.verdict))
//!     .collect::<Result<_, _>>()?;
//! assert_eq!(verdicts, [Verdict::WhiteWin]);
//! # Ok::<_, toolkit_cli::AtLine<games::ReadGamesError>>(())
//! ```

#![warn(missing_docs)]

pub mod games;
pub mod json;
pub mod judge;
pub mod notation;
pub mod pgn;
pub mod render;
mod scan;

pub use judge::{Judge, Judgement, Verdict};
pub use notation::{MoveToken, ParseMoveTokenError};
