//! Judge chess games from their move lists: the seven verdicts of the online-judge problem
//! "Chess" (`White Win`, `Black Win`, `Stalemate`, `Draw`, `Dead Moves`, `Puzzle Move`,
//! `Illegal Move`), for the problem's own input format and for PGN archives, plain or
//! compressed, on every core.
//!
//! | module | concept |
//! |---|---|
//! | [`notation`] | the move notation: a subset of SAN read into [`MoveToken`] |
//! | [`rays`] | slider attacks from small tables (the hot path's magic-free lookups) |
//! | [`board`] | the judge's position, with a lean move update |
//! | [`matching`] | the legal moves that match a token: shakmaty's generator, and the judge's way |
//! | [`judge`] | a game judged move by move into a [`Verdict`] |
//! | [`games`] | the judge format: counts, moves, the final `0`, read line by line |
//! | `find` | byte search over the few bytes of a tag pair or a comment |
//! | [`tags`] | the tag pairs the judge reads, where their values stand, their escapes undone |
//! | [`lexer`] | PGN text: where a game ends, and its tokens as written |
//! | [`pgn`] | one PGN game judged, with its `Result` tag checked |
//! | [`source`] | the input: plain, zstd, gzip, bzip2 or zip, decompressed as it streams |
//! | `ahead` | a reader run ahead on a thread of its own (the decompression beside the judge) |
//! | [`split`] | the text cut into chunks of whole games |
//! | [`summary`] | counts per verdict and per `Result` agreement |
//! | [`render`], [`json`] | the text lines, the `--json` wire structs |
//! | [`progress`] | the progress bar |
//! | `parallel` | chunks judged on several threads, printed in input order |
//! | `run` | [`run`]: a whole run, with its [`Options`] |
//!
//! The modules depend one way: `rays` ← `board`; `notation`, `board` ← `matching` ← `judge` ← `games`; `find`,
//! `tags` ← `lexer` ← `pgn` (with `judge`); `lexer` ← `split`; `ahead` ← `source`; `summary`, `render`,
//! `json`, `progress` ← `parallel` ← `run`.
//!
//! # Examples
//!
//! ```
//! use pgn_judge::{Verdict, games};
//! use toolkit_cli::Lines;
//!
//! let input = "7\ne4\ne5\nBc4\nh6\nQh5\na5\nQf7\n0\n";
//! let verdicts: Vec<Verdict> = games::read(Lines::new(input.as_bytes()))
//!     .map(|game| game.map(|g| g.judgement.verdict))
//!     .collect::<Result<_, _>>()?;
//! assert_eq!(verdicts, [Verdict::WhiteWin]);
//! # Ok::<_, games::ReadGamesError>(())
//! ```

#![warn(missing_docs)]

mod ahead;
pub mod board;
mod find;
pub mod games;
pub mod json;
pub mod judge;
pub mod lexer;
pub mod matching;
pub mod notation;
mod parallel;
pub mod pgn;
pub mod progress;
pub mod rays;
pub mod render;
mod run;
pub mod source;
pub mod split;
pub mod summary;
pub mod tags;

pub use judge::{Judge, Judgement, Verdict};
pub use notation::{MoveToken, ParseMoveTokenError};
pub use run::{Format, Options, Output, capped_jobs, run};
