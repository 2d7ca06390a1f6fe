//! The 7x7 endgame solver of the Czech assignment "Šachová koncovka", over [`small_board`]:
//! given White's king, rook and pawn and Black's king and rook (each but the kings optional),
//! the side to move and a horizon of N plies, decide who forces checkmate, whether Black forces
//! a draw, or who wins with respect to the horizon, and list the moves that do it.
//!
//! | module | concept |
//! |---|---|
//! | [`input`] | the three-line input ([`Problem`]), read line by line, and its errors |
//! | [`goal`] | what a player forces ([`Goal`]) and the material superiority rule |
//! | [`solver`] | the fast search ([`Solver`]): transposition table, cut-offs, sound repetition |
//! | [`horizon_table`] | White's horizon goal without repetition ply by ply in KQvKR and KQvK, built in memory on need |
//! | `survival` | a proof without history that Black's draw fails: White keeps to an order of its placements |
//! | `table` | the transposition table |
//! | [`analysis`] | the spec's five cases ([`analyse`]) and the `--explain` line |
//! | [`answer`] | the answer line ([`Answer`], [`Verdict`], [`Entry`]) |
//! | [`reference`](mod@reference) | the plain minimax the fast solver is checked against |
//! | [`json`] | the `--json` wire format |
//! | [`perft`] | `endgame-solver perft FEN DEPTH [--divide]` |
//! | [`cli`] | the commands as the binary runs them ([`cli::run`]: read, solve, print), testable in-process |
//!
//! # Examples
//!
//! ```
//! use endgame_solver::{Problem, Solver, analyse};
//!
//! let problem: Problem = "Kd5 Vf3 c6 Kf7 Vf6\nB\n5\n".parse()?;
//! let mut solver = Solver::new(16 << 20);
//! let answer = analyse(&mut solver, &problem.position, problem.plies);
//! assert_eq!(answer.to_string(), "1-0 c7D+");
//! # Ok::<_, endgame_solver::input::ReadProblemError>(())
//! ```

#![warn(missing_docs)]

pub mod analysis;
pub mod answer;
pub mod cli;
pub mod goal;
pub mod horizon_table;
pub mod input;
pub mod json;
pub mod perft;
mod recurrence;
pub mod reference;
pub mod solver;
mod survival;
mod table;
pub mod tables;

pub use analysis::analyse;
pub use answer::{Answer, Case, Entry, Verdict};
pub use goal::Goal;
pub use input::Problem;
pub use solver::Solver;
