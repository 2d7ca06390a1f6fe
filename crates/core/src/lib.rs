//! Shared 8x8 chess notation for the toolkit's tools, over [`shakmaty`]: the command-line plumbing
//! lives apart, in `toolkit-cli`.
//!
//! | module | concept |
//! |---|---|
//! | [`placement`] | FEN placement fields (and full FENs) with errors that say what and where |
//! | [`render`] | the seed's text diagram (`0` for empty squares) and a unicode variant |
//! | [`token`] | square names and UCI move tokens (`e2e4`, `e7e8q`) |
//! | [`names`] | the colours' names in messages (`White`) and JSON (`"white"`) |
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

pub mod names;
pub mod placement;
pub mod render;
pub mod token;

pub use shakmaty;
