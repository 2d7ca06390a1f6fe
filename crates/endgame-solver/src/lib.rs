//! The 7x7 endgame solver of the Czech assignment "Šachová koncovka", over [`small_board`].
//!
//! | module | concept |
//! |---|---|
//! | [`perft`] | `endgame-solver perft FEN DEPTH [--divide]`: the output of the perft subcommand |

#![warn(missing_docs)]

pub mod perft;
