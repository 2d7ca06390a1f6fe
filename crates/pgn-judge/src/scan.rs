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

use shakmaty::san::SanPlus;

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
    /// The current token's first bytes (up to `SHOWN + 1`).
    token: Vec<u8>,
    /// The current token's length.
    token_len: usize,
    /// Whether the current token has only digits so far.
    token_digits: bool,
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
            token: Vec::with_capacity(SHOWN + 1),
            token_len: 0,
            token_digits: true,
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
        let mut input = std::mem::take(&mut self.input);
        let mut bytes = &input[..read];
        if self.at_start {
            self.at_start = false;
            bytes = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
        }
        if read == 0 {
            self.at_end = true;
            if self.state == State::Token {
                self.end_token();
            }
        }
        self.rewrite(bytes);
        // Keep the buffer's full length for the next read.
        input.resize(CHUNK, 0);
        self.input = input;
        Ok(())
    }

    fn rewrite(&mut self, mut bytes: &[u8]) {
        while let Some((&byte, rest)) = bytes.split_first() {
            match self.state {
                State::Comment => {
                    // The bulk of a comment in one go.
                    let end = bytes
                        .iter()
                        .position(|&b| b == b'}' || b == MARKER)
                        .unwrap_or(bytes.len());
                    self.output.extend_from_slice(&bytes[..end]);
                    match bytes.get(end) {
                        Some(b'}') => {
                            self.output.push(b'}');
                            self.state = State::Movetext;
                        }
                        Some(_) => self.output.push(b' '),
                        None => {}
                    }
                    bytes = bytes.get(end + 1..).unwrap_or_default();
                    continue;
                }
                State::Token if !ends_token(byte, &self.token) => {
                    if self.token.len() <= SHOWN {
                        self.token.push(byte);
                    }
                    self.token_len += 1;
                    self.token_digits &= byte.is_ascii_digit();
                    bytes = rest;
                    continue;
                }
                State::Token => {
                    self.end_token();
                    continue; // the delimiter, again, between tokens
                }
                _ => {}
            }
            if self.step(byte) {
                bytes = rest;
            }
        }
    }

    /// One byte outside tokens and comments. Returns whether the byte was used; otherwise it is
    /// looked at again in the new state.
    fn step(&mut self, byte: u8) -> bool {
        let out = &mut self.output;
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
            (State::Movetext, b'\n') => State::Newline,
            (State::Movetext, b'{') => State::Comment,
            (State::Movetext, b';') => State::Line,
            (State::Movetext, b'}') => {
                out.extend_from_slice(&[b'{', MARKER, b'}']);
                return true;
            }
            (State::Movetext, b' ' | b'\t' | b'\r' | b'(' | b')' | b'.' | b'*') => State::Movetext,
            (State::Movetext, _) => {
                // `$`, `!`, `?` or any other byte starts a token.
                self.token.clear();
                self.token.push(byte);
                self.token_len = 1;
                self.token_digits = byte.is_ascii_digit();
                self.state = State::Token;
                return true;
            }
            (State::Token | State::Comment, _) => unreachable!("handled by rewrite"),
        };
        out.push(byte);
        true
    }

    /// Writes the finished token, rewritten as the module documentation says.
    fn end_token(&mut self) {
        self.state = State::Movetext;
        let token = &self.token[..];
        if self.token_len > SHOWN {
            if self.token_digits {
                // A long move number: its value does not matter.
                self.output.extend_from_slice(b"1");
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
}

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

/// Whether `byte` ends the token `token` (not empty): `pgn-reader`'s token ends, except that the
/// glyphs `!` and `?` continue a token, and nothing but glyphs follows a glyph.
fn ends_token(byte: u8, token: &[u8]) -> bool {
    let after_glyph = matches!(token.last(), Some(b'!' | b'?'));
    match byte {
        b'!' | b'?' => false,
        b'$' => true,
        _ if after_glyph => true,
        _ => matches!(
            byte,
            b' ' | b'\t' | b'\n' | b'\r' | b'{' | b'}' | b'(' | b')' | b';' | b'.' | b'*'
        ),
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
    // `pgn-reader` reads zeros castling itself; everything else through SAN.
    if body[0] == b'0'
        || SanPlus::from_ascii(body).is_ok_and(|san| MoveToken::from_san(&san.san) == Some(token))
    {
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
