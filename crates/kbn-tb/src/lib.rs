//! The king, bishop and knight versus king tablebase: depth to mate for every legal KBNK
//! position, both sides to move, both bishop colours.
//!
//! | module | concept |
//! |---|---|
//! | [`index`] | the compact index under the 8 board symmetries: [`index::Squares`], slots |
//! | `value` | [`Value`] (`mate in N`, `mated`, `draw`) and the table's one-byte entry |
//! | `rules` | the move and attack kernel on index squares: check, legality, moves and un-moves |
//! | `position` | [`Kbnk`], a legal position validated from a FEN or a shakmaty `Setup` |
//! | `generate` | retrograde generation, breadth first from the checkmates |
//! | `table` | [`Table`] in memory: entries, [`Probe`]s, optimal lines |
//! | [`file`](mod@file) | the table file: layout, checks, [`Table::load`] and [`Table::save`] |
//! | `stats` | [`Stats`]: counts per side and depth, and the seed's own figures |
//! | [`render`] | the text output of the commands |
//! | [`json`] | the JSON wire structs: `probe --json`, `stats --json`, the web API |
//! | [`verify`] | the Bellman check and the Syzygy comparison |
//! | [`serve`] | `kbn-tb serve`: the interactive board page and its JSON API |
//! | [`cli`] | the commands and [`cli::run`], which `main.rs` calls |
//!
//! The modules depend one way. Along the chain each module uses only those to its left; the
//! modules on top use the chain, and nothing in the chain uses them:
//!
//! ```text
//! index -> rules -> position -> generate -> table -> file       the chain
//!   value ------------------------^                              (Value, Entry: from generate on)
//!
//! stats -> render -> verify                                      on top of the chain
//! stats -> json -> serve
//! stats, render, json, verify, serve -> cli
//! ```
//!
//! # API
//!
//! - [`Table::generate`] computes the table in memory.
//! - [`Table::probe`] (a shakmaty [`Setup`](shakmaty::Setup)) and [`Table::probe_fen`] give a
//!   [`Probe`]: the [`Value`] of the position (`mate in N`, `mated`, `draw`, always counted in
//!   White moves as the seed counts) and every legal move as a [`MoveValue`] (`uci`, `san`,
//!   `value` after the move), best first for the side to move: for White the fastest mate, for
//!   Black the longest resistance. An illegal position is a [`ProbeError::Illegal`] whose
//!   [`IllegalPosition`] says why in words.
//! - [`Table::value`] is the fast probe of a validated [`Kbnk`] (tens of nanoseconds);
//!   [`Table::line`] the optimal line to mate.
//! - [`Table::save`] / [`Table::load`] (and [`Table::to_bytes`] / [`Table::from_bytes`]) write
//!   and read the table file, whose layout [`file`](mod@file) documents for other programs: a 64-byte
//!   header (magic `KBN-TB\r\n`, version, material `KBNvK`, metric `DTM-move`, indexing
//!   `KK462-BN`, sizes, FNV-1a checksums) and the deflated White-to-move depths to mate.
//!   Black-to-move values are derived exactly by one ply of search. A truncated, corrupt or
//!   foreign file is a [`TableFileError::Corrupt`] naming the check that failed.
//! - [`Stats::of`] counts positions per side and depth, and the seed's own figures;
//!   [`verify::bellman`] and [`verify::syzygy`] re-check a table.
//!
//! Thread safety: a [`Table`] is immutable once built; share it behind an `Arc` to probe from
//! several threads.
//!
//! # Examples
//!
//! ```
//! use kbn_tb::{Table, Value};
//!
//! let table = Table::generate();
//! let probe = table.probe_fen("8/8/8/8/8/8/2K5/k1N1B3 w - - 0 1")?;
//! assert_eq!(probe.value, Value::MateIn(1));
//! let best = &probe.moves[0];
//! assert_eq!((best.san.to_string(), best.value), ("Bc3#".to_owned(), Value::Mated));
//! # Ok::<_, kbn_tb::ProbeError>(())
//! ```

#![warn(missing_docs)]

pub mod cli;
pub mod file;
mod generate;
pub mod index;
pub mod json;
mod position;
pub mod render;
mod rules;
pub mod serve;
mod stats;
mod table;
mod value;
pub mod verify;

pub use file::{FormatError, TableFileError};
pub use position::{IllegalPosition, Kbnk, ProbeError};
pub use stats::{PLACEMENTS, SeedCounts, SideStats, Stats};
pub use table::{Ending, MoveValue, Probe, Table};
pub use value::{Dtm, Dtz, Value};
