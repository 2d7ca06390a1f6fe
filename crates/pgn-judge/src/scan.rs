//! A [`Read`] adapter in front of `pgn-reader` that makes every movetext token visible.
//!
//! `pgn-reader` silently skips a movetext token it cannot read as SAN (`Zz3`, `e9`, `e4++`, `N`,
//! `Ng1-f3`, `a8N`), and reads a few tokens outside the judge's notation as moves (`Pe4`, `e8Q`
//! as `e8`). Judged by the notation, each of them is a token that is not a move, so the game's
//! verdict would silently change. This adapter follows the reader's own structure of a PGN file
//! (tag lines with their quoted values, `%` escape lines, comments `{ }` and `;`, the blank line
//! or `[` line that ends a game's movetext) and rewrites each movetext token:
//!
//! - a move in the notation that the reader reads as the same move passes unchanged;
//! - a move in the notation that the reader would read differently (`e8Q`) is written in SAN
//!   (`e8=Q`);
//! - move numbers (`12`), results (`1-0`, `0-1`, `1/2-1/2`, `½-½`), NAGs (`$14`) and annotation
//!   glyphs of one or two characters (`!`, `?!`) pass unchanged;
//! - anything else becomes the comment `{\0TOKEN}`, which [`unreadable_token`] recognises. A stray
//!   `}` becomes `{\0}`. The byte `\0` inside a comment of the file is written as a space, so
//!   only the adapter's comments hold it.
//!
//! Tokens are delimited as `pgn-reader` delimits them (white space and `{ } ( ) ! ? $ ; . *`);
//! the glyphs `!` and `?` right after a token belong to it (`e4!!!` is one token, not a move).

use std::io::{self, Read};

use crate::notation::MoveToken;

/// The first byte of the adapter's comments.
const MARKER: u8 = 0;
/// At most this many bytes of an unreadable token are kept (then `...`), so the comment always
/// fits the reader's buffer and arrives whole.
const SHOWN: usize = 64;
/// How much is read from the inner reader at once.
const CHUNK: usize = 1 << 16;

/// The token named by one of the adapter's comments (`{\0Zz3}` → `Zz3`), or `None` for the
/// file's own comments.
pub(crate) fn unreadable_token(comment: &[u8]) -> Option<String> {
    match comment {
        [MARKER] => Some("}".to_owned()),
        [MARKER, token @ ..] => Some(String::from_utf8_lossy(token).into_owned()),
        _ => None,
    }
}

/// Where the adapter is in the PGN structure, mirroring `pgn-reader`'s states.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    /// Before a game or after a tag: white space and `%` lines (at a line start) are skipped.
    Space { new_line: bool },
    /// A `%` line in white space, up to and with its line break.
    SpaceEscape,
    /// After `[`: up to the first `"`, line break or `]`.
    Tag,
    /// Inside a tag value, up to `"` or a line break; `\` escapes the next byte.
    TagValue,
    /// After `\` in a tag value.
    TagValueEscape,
    /// After a tag value: spaces, then `]` or a line break.
    Ket,
    /// Movetext, between tokens.
    Movetext,
    /// Inside a movetext token.
    Token,
    /// Inside `{ }`.
    Comment,
    /// Inside a `;` comment or a `%` line of movetext, up to (not with) the line break.
    Line,
    /// Right after a movetext line break.
    Newline,
    /// After a movetext line break and `\r`.
    NewlineCr,
}

/// Rewrites the movetext tokens of a PGN stream that `pgn-reader` would skip or misread; see the
/// module documentation.
#[derive(Debug)]
pub(crate) struct MarkUnreadable<R> {
    inner: R,
    input: Vec<u8>,
    output: Vec<u8>,
    /// How much of `output` was already handed out.
    given: usize,
    state: State,
    /// The first bytes (up to `SHOWN + 1`) of a token begun in an earlier chunk.
    carry: Vec<u8>,
    /// The carried token's length.
    carry_len: usize,
    /// Whether the carried token has only digits.
    carry_digits: bool,
    /// Whether the current token's last byte is a glyph (`!`, `?`).
    after_glyph: bool,
    at_start: bool,
    at_end: bool,
}

impl<R: Read> MarkUnreadable<R> {
    pub(crate) fn new(inner: R) -> MarkUnreadable<R> {
        MarkUnreadable {
            inner,
            input: vec![0; CHUNK],
            output: Vec::with_capacity(CHUNK + CHUNK / 4),
            given: 0,
            state: State::Space { new_line: true },
            carry: Vec::with_capacity(SHOWN + 1),
            carry_len: 0,
            carry_digits: true,
            after_glyph: false,
            at_start: true,
            at_end: false,
        }
    }

    /// Reads the next chunk and rewrites it into `output`.
    fn fill(&mut self) -> io::Result<()> {
        self.output.clear();
        self.given = 0;
        let mut read = 0;
        // A leading byte-order mark needs its three bytes together.
        while read < 3 {
            let n = loop {
                match self.inner.read(&mut self.input[read..]) {
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                    other => break other?,
                }
            };
            if n == 0 {
                break;
            }
            read += n;
            if !self.at_start {
                break;
            }
        }
        let input = std::mem::take(&mut self.input);
        let mut bytes = &input[..read];
        if self.at_start {
            self.at_start = false;
            bytes = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
        }
        if read == 0 {
            self.at_end = true;
            if self.state == State::Token {
                self.end_carried_token();
            }
        }
        self.rewrite(bytes);
        self.input = input;
        Ok(())
    }

    /// Copies `input` to `output`, rewriting tokens. Unchanged bytes are copied in runs.
    fn rewrite(&mut self, input: &[u8]) {
        // `input[flushed..]` is not yet in `output`.
        let mut flushed = 0;
        // Where the current token starts, when it starts in this chunk.
        let mut start = None;
        let mut i = 0;
        while i < input.len() {
            match self.state {
                State::Token => {
                    let end = self.token_end(input, i, start.is_some());
                    if end == input.len() {
                        // The token goes on in the next chunk: hold it back.
                        if let Some(start) = start {
                            self.output.extend_from_slice(&input[flushed..start]);
                            self.carry.clear();
                            self.carry_len = 0;
                            self.carry_digits = true;
                        }
                        self.carry_part(&input[i..end]);
                        flushed = end;
                        i = end;
                        continue;
                    }
                    self.state = State::Movetext;
                    match start.take() {
                        Some(start) => {
                            let token = &input[start..end];
                            if token.len() > SHOWN || classify(token) != Class::Pass {
                                self.output.extend_from_slice(&input[flushed..start]);
                                let digits = token.iter().all(u8::is_ascii_digit);
                                self.write_token(token, token.len(), digits);
                                flushed = end;
                            }
                        }
                        None => {
                            self.carry_part(&input[..end]);
                            self.end_carried_token();
                            flushed = end;
                        }
                    }
                    i = end;
                }
                State::Movetext => {
                    let byte = input[i];
                    match byte {
                        b' ' | b'\t' | b'\r' | b'(' | b')' | b'.' | b'*' => {}
                        b'\n' => self.state = State::Newline,
                        b'{' => self.state = State::Comment,
                        b';' => self.state = State::Line,
                        b'}' => {
                            self.output.extend_from_slice(&input[flushed..i]);
                            self.output.extend_from_slice(&[b'{', MARKER, b'}']);
                            flushed = i + 1;
                        }
                        _ => {
                            // `$`, `!`, `?` or any other byte starts a token.
                            start = Some(i);
                            self.after_glyph = false;
                            self.state = State::Token;
                            continue;
                        }
                    }
                    i += 1;
                }
                State::Comment => match memchr::memchr2(b'}', MARKER, &input[i..]) {
                    Some(at) if input[i + at] == b'}' => {
                        self.state = State::Movetext;
                        i += at + 1;
                    }
                    Some(at) => {
                        self.output.extend_from_slice(&input[flushed..i + at]);
                        self.output.push(b' ');
                        i += at + 1;
                        flushed = i;
                    }
                    None => i = input.len(),
                },
                State::Tag => {
                    i = memchr::memchr3(b'"', b'\n', b']', &input[i..])
                        .map_or(input.len(), |at| i + at);
                    if i < input.len() && self.step(input[i]) {
                        i += 1;
                    }
                }
                State::TagValue => {
                    i = memchr::memchr3(b'\\', b'"', b'\n', &input[i..])
                        .map_or(input.len(), |at| i + at);
                    if i < input.len() && self.step(input[i]) {
                        i += 1;
                    }
                }
                State::Line | State::SpaceEscape => {
                    i = memchr::memchr(b'\n', &input[i..]).map_or(input.len(), |at| i + at);
                    if i < input.len() && self.step(input[i]) {
                        i += 1;
                    }
                }
                _ => {
                    if self.step(input[i]) {
                        i += 1;
                    }
                }
            }
        }
        self.output.extend_from_slice(&input[flushed..]);
    }

    /// Where the token that goes on at `input[from]` (`fresh`: that starts there) ends, or
    /// `input.len()`: at one of
    /// `pgn-reader`'s token ends, except that the glyphs `!` and `?` continue a token, and nothing
    /// but glyphs follows a glyph.
    fn token_end(&mut self, input: &[u8], from: usize, fresh: bool) -> usize {
        let mut glyph = self.after_glyph;
        for (at, &byte) in input.iter().enumerate().skip(from) {
            match byte {
                b'!' | b'?' => glyph = true,
                b'$' if at > from || !fresh => return at,
                _ if glyph || ENDS_TOKEN[usize::from(byte)] => return at,
                _ => {}
            }
        }
        self.after_glyph = glyph;
        input.len()
    }

    /// Adds a part of a token that spans chunks to the carry.
    fn carry_part(&mut self, part: &[u8]) {
        let room = (SHOWN + 1).saturating_sub(self.carry.len());
        self.carry.extend_from_slice(&part[..part.len().min(room)]);
        self.carry_len += part.len();
        self.carry_digits &= part.iter().all(u8::is_ascii_digit);
    }

    /// Writes the finished token held in the carry.
    fn end_carried_token(&mut self) {
        self.state = State::Movetext;
        let carry = std::mem::take(&mut self.carry);
        self.write_token(&carry, self.carry_len, self.carry_digits);
        self.carry = carry;
    }

    /// Writes a finished token (`token` holds at least its first `SHOWN + 1` bytes), rewritten as
    /// the module documentation says.
    fn write_token(&mut self, token: &[u8], len: usize, digits: bool) {
        if len > SHOWN {
            if digits {
                // A long move number: its value does not matter.
                self.output.push(b'1');
            } else {
                self.output.extend_from_slice(&[b'{', MARKER]);
                self.output.extend_from_slice(&token[..SHOWN]);
                self.output.extend_from_slice(b"...}");
            }
            return;
        }
        match classify(token) {
            Class::Pass => self.output.extend_from_slice(token),
            Class::Rewrite(san) => self.output.extend_from_slice(san.as_bytes()),
            Class::Unreadable => {
                self.output.extend_from_slice(&[b'{', MARKER]);
                self.output.extend_from_slice(token);
                self.output.push(b'}');
            }
        }
    }

    /// One byte of the structure outside tokens and comments: the next state. Returns whether
    /// the byte was used; otherwise it is looked at again in the new state.
    fn step(&mut self, byte: u8) -> bool {
        self.state = match (self.state, byte) {
            (State::Space { .. }, b'\n') => State::Space { new_line: true },
            (State::Space { new_line }, b' ' | b'\t' | b'\r') => State::Space { new_line },
            (State::Space { new_line: true }, b'%') => State::SpaceEscape,
            (State::Space { .. }, b'[') => State::Tag,
            (State::Space { .. }, _) => {
                self.state = State::Movetext;
                return false;
            }
            (State::SpaceEscape, b'\n') => State::Space { new_line: true },
            (State::SpaceEscape, _) => State::SpaceEscape,
            (State::Tag, b'"') => State::TagValue,
            (State::Tag, b'\n' | b']') => State::Ket,
            (State::Tag, _) => State::Tag,
            (State::TagValue, b'\\') => State::TagValueEscape,
            (State::TagValue, b'"') => State::Ket,
            (State::TagValue, b'\n') => {
                self.state = State::Ket;
                return false;
            }
            (State::TagValue | State::TagValueEscape, _) => State::TagValue,
            (State::Ket, b' ' | b'\t' | b'\r') => State::Ket,
            (State::Ket, b']') => State::Space { new_line: false },
            (State::Ket, b'\n') => State::Space { new_line: true },
            (State::Ket, _) => {
                self.state = State::Space { new_line: false };
                return false;
            }
            (State::Line, b'\n') => {
                self.state = State::Movetext;
                return false;
            }
            (State::Line, _) => State::Line,
            (State::Newline, b'%') => State::Line,
            (State::Newline, b'[' | b'\n') => {
                // The game's movetext ends; the next game starts here.
                self.state = State::Space { new_line: true };
                return false;
            }
            (State::Newline, b'\r') => State::NewlineCr,
            (State::NewlineCr, b'\n') => {
                self.state = State::Space { new_line: true };
                return false;
            }
            (State::Newline | State::NewlineCr, _) => {
                self.state = State::Movetext;
                return false;
            }
            (State::Movetext | State::Token | State::Comment, _) => {
                unreachable!("handled by rewrite")
            }
        };
        true
    }
}

/// `pgn-reader`'s token ends, but for `$` (which ends a token and starts a NAG) and the glyphs.
const ENDS_TOKEN: [bool; 256] = {
    let mut ends = [false; 256];
    let mut i = 0;
    while i < 256 {
        ends[i] = matches!(
            i as u8,
            b' ' | b'\t' | b'\n' | b'\r' | b'{' | b'}' | b'(' | b')' | b';' | b'.' | b'*'
        );
        i += 1;
    }
    ends
};

impl<R: Read> Read for MarkUnreadable<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        while self.given == self.output.len() && !self.at_end {
            self.fill()?;
        }
        let pending = &self.output[self.given..];
        let n = pending.len().min(buf.len());
        buf[..n].copy_from_slice(&pending[..n]);
        self.given += n;
        Ok(n)
    }
}

/// What becomes of a movetext token.
#[derive(Debug, PartialEq, Eq)]
enum Class {
    /// The reader reads it as intended.
    Pass,
    /// A move in the notation, written so that the reader reads it as the same move.
    Rewrite(String),
    /// Not a move in the notation, nor a move number, result, NAG or glyph.
    Unreadable,
}

fn classify(token: &[u8]) -> Class {
    let body_len = token
        .iter()
        .rposition(|&b| !matches!(b, b'!' | b'?'))
        .map_or(0, |last| last + 1);
    let (body, glyphs) = token.split_at(body_len);
    if body.is_empty() {
        return if glyphs.len() <= 2 {
            Class::Pass
        } else {
            Class::Unreadable
        };
    }
    let plain = glyphs.is_empty();
    let nag = |digits: &[u8]| !digits.is_empty() && digits.iter().all(u8::is_ascii_digit);
    match body {
        _ if plain && body.iter().all(u8::is_ascii_digit) => return Class::Pass,
        [b'$', digits @ ..] if plain && nag(digits) => return Class::Pass,
        _ if plain && is_result(body) => return Class::Pass,
        _ => {}
    }
    let Ok(token) = MoveToken::from_ascii(token) else {
        return Class::Unreadable;
    };
    // `pgn-reader` reads every move of the notation as the same move (checked by the test
    // `every_accepted_move_is_read_as_itself`), but for a promotion without `=`: it stops at `e8`.
    let promotes = matches!(
        token,
        MoveToken::Normal {
            promotion: Some(_),
            ..
        }
    );
    if !promotes || body.contains(&b'=') {
        return Class::Pass;
    }
    let mut san = token.to_string();
    if let Some(&suffix @ (b'+' | b'#')) = body.last() {
        san.push(char::from(suffix));
    }
    san.push_str(std::str::from_utf8(glyphs).unwrap_or_default());
    Class::Rewrite(san)
}

/// A game result as `pgn-reader` reads it: `1-0`, `0-1`, `1/2-1/2`, `½-½`, with a hyphen, an en
/// dash or an em dash.
fn is_result(body: &[u8]) -> bool {
    const DASHES: [&str; 3] = ["-", "–", "—"];
    const RESULTS: [(&str, &str); 4] = [("1", "0"), ("0", "1"), ("1/2", "1/2"), ("½", "½")];
    RESULTS.iter().any(|(white, black)| {
        body.strip_prefix(white.as_bytes()).and_then(|rest| {
            DASHES
                .iter()
                .find_map(|dash| rest.strip_prefix(dash.as_bytes()))
        }) == Some(black.as_bytes())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::san::SanPlus;

    /// Hands out its bytes a few at a time.
    struct Trickle<'a>(&'a [u8], usize);

    impl Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let n = self.1.min(buf.len()).min(self.0.len());
            buf[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }

    fn rewritten(bytes: &[u8], step: usize) -> Vec<u8> {
        let mut out = Vec::new();
        MarkUnreadable::new(Trickle(bytes, step))
            .read_to_end(&mut out)
            .unwrap();
        out
    }

    proptest::proptest! {
        #[test]
        fn the_rewrite_does_not_depend_on_how_the_input_arrives(
            bytes in proptest::collection::vec(
                proptest::sample::select(&b"\0\xef\xbb\xbf e4Zz38=Q+!?$1-0/{}();.*%[]\"\\\r\n"[..]),
                0..600,
            ),
            step in 1..5usize,
        ) {
            proptest::prop_assert_eq!(rewritten(&bytes, step), rewritten(&bytes, usize::MAX));
        }
    }

    fn rewrite(pgn: &str) -> String {
        let mut out = String::new();
        MarkUnreadable::new(pgn.as_bytes())
            .read_to_string(&mut out)
            .unwrap();
        out.replace('\0', "@")
    }

    #[test]
    fn unreadable_tokens_become_marked_comments() {
        assert_eq!(rewrite("1. e4 e5 2. Zz3 Nf3 *"), "1. e4 e5 2. {@Zz3} Nf3 *");
        assert_eq!(
            rewrite("1. e4++ e9 N Ng1-f3 a8N Pe4 -- } e4!!! !!! $x $12 !? 1/2 12.e4 0-0+ 1-0"),
            "1. {@e4++} {@e9} {@N} {@Ng1-f3} a8=N {@Pe4} {@--} {@} {@e4!!!} {@!!!} {@$x} \
             $12 !? {@1/2} 12.e4 0-0+ 1-0"
        );
    }

    #[test]
    fn promotions_without_equals_are_written_in_san() {
        assert_eq!(rewrite("e8Q e8=Q dxe8N+!"), "e8=Q e8=Q dxe8=N+!");
    }

    #[test]
    fn tags_comments_and_escapes_are_left_alone() {
        let pgn = "\u{feff}% escape Zz3\n[Event \"{ Zz3 \\\" }\"]\n[Site \"x\"] \n\n\
                   1. e4 {Zz3\0} e5 ; Zz3\n%Zz3\n2. Nf3 (2. Zz3) *\n\n[Event \"Zz3\"]\n\n1. d4 *";
        assert_eq!(
            rewrite(pgn),
            "% escape Zz3\n[Event \"{ Zz3 \\\" }\"]\n[Site \"x\"] \n\n\
             1. e4 {Zz3 } e5 ; Zz3\n%Zz3\n2. Nf3 (2. {@Zz3}) *\n\n[Event \"Zz3\"]\n\n1. d4 *"
        );
    }

    #[test]
    fn long_tokens_are_shortened() {
        let long = "x".repeat(100);
        let digits = "9".repeat(100);
        assert_eq!(
            rewrite(&format!("{long} {digits}.")),
            format!("{{@{}...}} 1.", &long[..SHOWN])
        );
    }

    #[test]
    fn every_accepted_move_is_read_as_itself() {
        let forms = [
            "e4", "exd5", "ed5", "e8=Q", "e8Q", "exd8N", "Nbd2", "R1e2", "Qh4e1", "Qh4xe1+", "O-O",
            "O-O-O#", "Kxe2", "Bc4!?",
        ];
        for form in forms {
            let token = MoveToken::from_ascii(form.as_bytes()).unwrap();
            let written = match classify(form.as_bytes()) {
                Class::Pass => form.to_owned(),
                Class::Rewrite(san) => san,
                Class::Unreadable => panic!("{form}"),
            };
            let body = written.trim_end_matches(['!', '?']);
            let san = SanPlus::from_ascii(body.as_bytes()).unwrap();
            assert_eq!(MoveToken::from_san(&san.san), Some(token), "{form}");
        }
    }
}
