//! Board diagram and Elo prediction, as the seed prints them: a FEN placement and two players in,
//! the diagram and each player's rating after a win, a draw or a loss out.
//!
//! | module | concept |
//! |---|---|
//! | [`record`] | the 5-line input records, with errors that name the line |
//! | [`rating`] | ratings, game counts, the K factor, expected scores and new ratings |
//! | [`render`] | the seed's 12-line text answer |
//! | [`json`] | the `--json` wire format |
//! | [`cli`] | the command line: what to print, [`run`] over every record of the input |
//!
//! # Examples
//!
//! ```
//! use chess_core::render::Glyphs;
//! use elo::{Answer, records, render};
//!
//! let input = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR\nMagnus Carlson\n2851 1469\n\
//!              Hikaru Nakamura\n2792 1401\n";
//! for record in records(input) {
//!     let text = render::text(&Answer::new(&record?), Glyphs::Ascii, None);
//!     assert_eq!(text.lines().nth(10), Some("W: Magnus Carlson(2851) 2855 2850 2845"));
//!     assert_eq!(text.lines().nth(11), Some("B: Hikaru Nakamura(2792) 2788 2793 2798"));
//! }
//! # Ok::<_, elo::RecordError>(())
//! ```

#![warn(missing_docs)]

pub mod cli;
pub mod json;
pub mod rating;
pub mod record;
pub mod render;

use shakmaty::ByColor;

pub use crate::{
    cli::{Format, Options, run},
    rating::{
        Games, KFactor, Outcome, ParseOutcomeError, Prediction, Rating, expected_score, predict,
    },
    record::{ParseRecordError, Player, Record, RecordError, Records, records},
};

/// A record with both players' predictions: what [`render`] and [`json`] print.
#[derive(Clone, Debug)]
pub struct Answer<'r> {
    /// The record answered.
    pub record: &'r Record,
    /// White's and Black's predictions.
    pub predictions: ByColor<Prediction>,
}

impl<'r> Answer<'r> {
    /// Computes the predictions for `record`.
    pub fn new(record: &'r Record) -> Answer<'r> {
        let [white, black] = [&record.players.white, &record.players.black];
        Answer {
            record,
            predictions: predict((white.rating, white.games), (black.rating, black.games)),
        }
    }
}
