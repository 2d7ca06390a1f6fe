//! Shared 8x8 chess plumbing for the toolkit's command-line tools, over [`shakmaty`].
//!
//! | module | concept |
//! |---|---|
//! | [`placement`] | FEN placement fields (and full FENs) with errors that say what and where |
//! | [`render`] | the seed's text diagram (`0` for empty squares) and a unicode variant |
//! | [`token`] | square names and UCI move tokens (`e2e4`, `e7e8q`) |
//! | [`cli`] | reading FILE or stdin, `error: ...` reporting, exit codes, broken pipes |
//! | `fixtures` | (feature `fixture-harness`) the runner behind every tool's fixture test |
//!
//! # Examples
//!
//! ```
//! use chess_core::{placement, render};
//!
//! let board = placement::parse_placement("8/8/8/4k3/8/8/8/4K3")?;
//! let diagram = render::diagram(&board, render::Glyphs::Ascii);
//! assert_eq!(diagram.lines().nth(4), Some("5 0 0 0 0 k 0 0 0 5"));
//! # Ok::<_, chess_core::placement::ParsePlacementError>(())
//! ```

#![warn(missing_docs)]

pub mod cli;
#[cfg(feature = "fixture-harness")]
pub mod fixtures;
pub mod placement;
pub mod render;
pub mod token;

pub use shakmaty;
