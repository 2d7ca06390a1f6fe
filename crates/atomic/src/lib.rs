//! One move of atomic chess: the position after the move and its explosion, checked for legality
//! by shakmaty's atomic rules, explained on request, and fast enough for millions of cases.
//!
//! | module | concept |
//! |---|---|
//! | [`case`] | a line: placement (or full FEN) and move |
//! | [`explosion`] | the rules: what a move is and what it removes |
//! | [`legality`] | the inferred context, shakmaty's judgement of the position, why a move is illegal |
//! | [`solve`] | one case from start to end |
//! | [`explain`] | `--explain` |
//! | [`json`] | `--json` |
//! | [`cli`] | the command line: where cases come from, what to print, [`run`] |
//!
//! Placement and FEN reading and writing are `chess-core`'s.
//!
//! # Examples
//!
//! ```
//! use atomic::{Options, Source, run};
//! use toolkit_cli::Diagnostics;
//!
//! let mut out = Vec::new();
//! let mut diag = Diagnostics::new(Vec::new());
//! run(
//!     Source::Case("rnbqk1nr/1pp5/p2pp1pp/5p2/1bN5/2P1PQ1N/PP1P1PPP/R1B1KB1R, f3b7".to_owned()),
//!     &Options::default(),
//!     &mut out,
//!     &mut diag,
//! )?;
//! assert_eq!(out, b"3qk1nr/2p5/p2pp1pp/5p2/1bN5/2P1P2N/PP1P1PPP/R1B1KB1R\n");
//! # Ok::<_, std::io::Error>(())
//! ```

#![warn(missing_docs)]

pub mod case;
pub mod cli;
pub mod explain;
pub mod explosion;
pub mod json;
pub mod legality;
pub mod solve;

pub use crate::cli::{Format, Options, Source, run};
