//! The answer line: a verdict and its list of first moves or pairs.

use std::fmt;

use small_board::Color;

/// The verdict, the first word(s) of the answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// `1-0` or `0-1`: the colour forces checkmate (or the start position is its checkmate).
    Mate(Color),
    /// `1/2-1/2`: Black forces a draw (or the start position is a stalemate or dead).
    Draw,
    /// `H 1-0` or `H 0-1`: the colour wins with respect to the horizon.
    Horizon(Color),
    /// `0-0`: undecided within the horizon.
    Undecided,
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let result = |c: Color| c.fold("1-0", "0-1");
        match *self {
            Verdict::Mate(c) => f.write_str(result(c)),
            Verdict::Draw => f.write_str("1/2-1/2"),
            Verdict::Horizon(c) => write!(f, "H {}", result(c)),
            Verdict::Undecided => f.write_str("0-0"),
        }
    }
}

/// Which of the spec's cases gave the verdict.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Case {
    /// The start position has ended (checkmate, stalemate, dead position).
    Final,
    /// 1: the side to move forces mate.
    MateByMover,
    /// 2: the other side forces mate.
    MateByOther,
    /// 3: Black forces a draw.
    BlackDraw,
    /// 4: the side to move wins with respect to the horizon.
    HorizonByMover,
    /// 4: the other side wins with respect to the horizon.
    HorizonByOther,
    /// 5: none of the above.
    Undecided,
}

/// One list entry: a first move and, in the pair cases, the reply (both in Czech SAN).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Entry {
    /// The first move of the side to move.
    pub first: String,
    /// The other side's reply, `None` when the game or the horizon ends after the first move.
    pub reply: Option<String>,
}

impl fmt::Display for Entry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.reply {
            Some(reply) => write!(f, "{} {reply}", self.first),
            None => f.write_str(&self.first),
        }
    }
}

/// The whole answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// The verdict.
    pub verdict: Verdict,
    /// The case that gave it.
    pub case: Case,
    /// The list, sorted by byte order (first move, then reply).
    pub entries: Vec<Entry>,
}

impl Answer {
    /// An answer; sorts the entries into the spec's order.
    pub fn new(verdict: Verdict, case: Case, mut entries: Vec<Entry>) -> Answer {
        // `String`'s order is byte order; `None` (no reply) sorts before any reply.
        entries.sort();
        Answer {
            verdict,
            case,
            entries,
        }
    }
}

impl fmt::Display for Answer {
    /// The one-line answer, e.g. `1-0 c7D+` or `0-0`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.verdict)?;
        for (i, entry) in self.entries.iter().enumerate() {
            f.write_str(if i == 0 { " " } else { ", " })?;
            write!(f, "{entry}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_lists_in_byte_order() {
        let entry = |first: &str, reply: Option<&str>| Entry {
            first: first.to_owned(),
            reply: reply.map(str::to_owned),
        };
        let answer = Answer::new(
            Verdict::Horizon(Color::White),
            Case::HorizonByMover,
            vec![entry("c7D+", None), entry("Vxf6+", None)],
        );
        assert_eq!(answer.to_string(), "H 1-0 Vxf6+, c7D+");
        let answer = Answer::new(
            Verdict::Mate(Color::Black),
            Case::MateByOther,
            vec![
                entry("Kb1", Some("Va1#")),
                entry("Ka2", Some("Vb2+")),
                entry("Ka2", Some("Va7#")),
            ],
        );
        assert_eq!(answer.to_string(), "0-1 Ka2 Va7#, Ka2 Vb2+, Kb1 Va1#");
        assert_eq!(
            Answer::new(Verdict::Undecided, Case::Undecided, vec![]).to_string(),
            "0-0"
        );
    }
}
