//! The tag pairs the judge reads (`White`, `Black`, `Result`, `FEN`, `Variant`): which they are,
//! where their values stand in a game's text ([`TagSection`], filled by the lexer's scan), and a
//! value with its escapes undone.

use std::ops::Range;

/// The tags the judge reads (see the `pgn` module).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum JudgedTag {
    /// `White`.
    White,
    /// `Black`.
    Black,
    /// `Result`.
    Result,
    /// `FEN`.
    Fen,
    /// `Variant`.
    Variant,
}

impl JudgedTag {
    /// Every tag the judge reads.
    pub const ALL: [JudgedTag; 5] = [
        JudgedTag::White,
        JudgedTag::Black,
        JudgedTag::Result,
        JudgedTag::Fen,
        JudgedTag::Variant,
    ];

    /// The tag of a tag pair's name, if the judge reads it.
    pub fn of(name: &[u8]) -> Option<JudgedTag> {
        match name {
            b"White" => Some(JudgedTag::White),
            b"Black" => Some(JudgedTag::Black),
            b"Result" => Some(JudgedTag::Result),
            b"FEN" => Some(JudgedTag::Fen),
            b"Variant" => Some(JudgedTag::Variant),
            _ => None,
        }
    }
}

/// A game's tag section as the lexer's `scan_game_and_tags` read it: what the lexer's tag
/// tokens would show the judge, so that the judge need not read the tags a second time (they
/// are half the bytes of a lichess archive). Offsets are in the game's text.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TagSection {
    /// Where the movetext starts: after the last tag and what follows it.
    pub movetext: usize,
    /// Whether the section holds a tag pair with a value (a token of the lexer).
    pub any_value: bool,
    /// For each tag the judge reads, the raw value of its last pair, by [`JudgedTag`] order.
    values: [Option<Range<usize>>; 5],
}

impl TagSection {
    /// The raw value of the last `tag` pair, if any (as a tag token of the lexer holds it).
    pub fn value(&self, tag: JudgedTag) -> Option<Range<usize>> {
        self.values[tag as usize].clone()
    }

    /// Records the raw value of a `tag` pair (the last one read counts).
    pub(crate) fn set(&mut self, tag: JudgedTag, value: Range<usize>) {
        self.values[tag as usize] = Some(value);
    }
}

/// A tag value with its escapes undone (`\"` → `"`, `\\` → `\`; a `\` before any other byte
/// stays).
pub fn decode_tag_value(value: &[u8]) -> Vec<u8> {
    let mut decoded = Vec::with_capacity(value.len());
    let mut bytes = value.iter();
    while let Some(&byte) = bytes.next() {
        if byte == b'\\'
            && let Some(&next @ (b'\\' | b'"')) = bytes.as_slice().first()
        {
            decoded.push(next);
            bytes.next();
        } else {
            decoded.push(byte);
        }
    }
    decoded
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_are_undone() {
        assert_eq!(decode_tag_value(b"A \\\"B\\\" \\\\ \\x"), b"A \"B\" \\ \\x");
    }
}
