//! The seed's 12-line answer: the diagram, then one line per player with the ratings after each
//! outcome.
//!
//! ```text
//! # a b c d e f g h #
//! 8 0 0 0 r 0 0 0 0 8
//! ...
//! # a b c d e f g h #
//! W: Garry Kasparov(2800) 2802 2797 2792
//! B: Bot DeepBlue(2600) 2598 2603 2608
//! ```

use std::fmt::Write as _;

use chess_core::render::{Glyphs, diagram};
use shakmaty::Color;

use crate::{Answer, Outcome};

/// The outcomes a line shows: all three in the seed's order, or only the game's actual result.
pub fn outcomes(result: Option<Outcome>) -> impl Iterator<Item = Outcome> {
    Outcome::ALL
        .into_iter()
        .filter(move |outcome| result.is_none_or(|result| result == *outcome))
}

/// The answer as text, every line ending with `\n`: the diagram in `glyphs`, then
/// `W: <name>(<rating>) <after 1-0> <after 1/2-1/2> <after 0-1>` and the same for Black; with
/// `result`, only the rating after it.
///
/// # Examples
///
/// ```
/// use chess_core::render::Glyphs;
/// use elo::{Answer, Outcome, records, render};
///
/// let input = "8/8/8/4k3/8/8/8/4K3\nName1 Surname1\n1600 60\nName2 Surname2\n1200 24\n";
/// let record = records(input).next().unwrap()?;
/// let text = render::text(&Answer::new(&record), Glyphs::Ascii, None);
/// assert!(text.ends_with("W: Name1 Surname1(1600) 1602 1592 1582\nB: Name2 Surname2(1200) 1196 1216 1236\n"));
/// let text = render::text(&Answer::new(&record), Glyphs::Ascii, Some(Outcome::Draw));
/// assert!(text.ends_with("W: Name1 Surname1(1600) 1592\nB: Name2 Surname2(1200) 1216\n"));
/// # Ok::<_, elo::RecordError>(())
/// ```
pub fn text(answer: &Answer<'_>, glyphs: Glyphs, result: Option<Outcome>) -> String {
    let mut out = diagram(&answer.record.board, glyphs);
    for color in Color::ALL {
        let player = answer.record.players.get(color);
        let prediction = answer.predictions.get(color);
        let _ = write!(
            out,
            "{}: {}({})",
            color.fold_wb('W', 'B'),
            player.name,
            player.rating
        );
        for outcome in outcomes(result) {
            let _ = write!(out, " {}", prediction.rounded(outcome));
        }
        out.push('\n');
    }
    out
}
