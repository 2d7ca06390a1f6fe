//! The PGN lexer: where a game ends in a stream ([`scan_game`]), and the tokens of one game
//! ([`Lexer`]) handed to the judge as written.
//!
//! The structure follows `pgn-reader` 0.29 (the field's streaming reader), so that the same file
//! splits into the same games:
//!
//! | where | what | how it ends |
//! |---|---|---|
//! | before a game | white space, `%` lines (a `%` at a line start), byte-order marks at a line start | the first other byte |
//! | tag section | tag pairs `[Name "value"]`, several on a line or one a line, blank lines and `;` comments between them | the first byte after a tag that is not `[` or `;` |
//! | tag value | `"` ... `"`, `\` escaping the next byte | the closing `"`; a line break or the end of the input before it leaves the tag **unterminated** |
//! | movetext | tokens, `{ }` comments (across lines), `;` comments and `%` lines (to the line end), `( )` variations | a line break followed by a blank line (or one of spaces and tabs alone), a `[` or the end of the input |
//!
//! Deliberate differences from `pgn-reader`: a tag value has no length limit (the reader
//! gives up past its 16 KiB buffer); a tag value that runs into a line break is an unterminated
//! tag that breaks its game, which ends with that line (the reader accepts the value up to the
//! line break and reads the next game's tags as its own); byte-order marks at the start of
//! any line are skipped as if absent, not only where a game may start (files joined with `cat`
//! keep theirs at a line start, where the reader takes the mark and the tag after it for
//! movetext); a line of spaces and tabs alone is a blank line that ends a game, as for
//! python-chess (the reader reads on in the same game); and a `;` comment after a tag (on its
//! line or a line of its own) belongs to the tag section, which goes on after it (the reader
//! starts the movetext there, and takes the next `[` line for the next game's).
//!
//! White space is space, tab, line breaks and Ctrl-Z (0x1A, the end-of-file mark of old DOS
//! files, which python-chess skips too; `pgn-reader` takes it for a move). Movetext tokens are
//! delimited by white space and `{ } ( ) ; . *`; a `$` ends a token and
//! starts a NAG; the glyphs `!` and `?` right after a token belong to it, and only glyphs follow
//! a glyph (`e4!!!` is one token, `e4!` too). Move numbers (`12`), NAGs (`$14`), glyphs alone
//! of one or two characters (`!`, `?!`) are dropped; results (`1-0`, `0-1`, `1/2-1/2`, `½-½`
//! with a hyphen, en dash or em dash, and `*`) are [`Token::Result`]; every other main-line
//! token, a stray `}` included, is a [`Token::Move`] for the judge, whatever it holds. Tokens in
//! comments and variations are not tokens of the game.
//!
//! No token holds `{`, `;` or a line break, so where a game ends can be found by looking at
//! those bytes alone: [`scan_game`] does that (fast, for splitting a stream into games) and the
//! [`Lexer`] ends exactly there (a property test checks it). The scanner reads the tag section
//! the way the lexer does; [`scan_game_and_tags`] hands what it read over ([`TagSection`]), so
//! that the judge lexes the movetext alone ([`Lexer::after_tags`]; a property test holds the
//! verdicts equal).

use memchr::{memchr, memchr2, memchr3, memrchr};

use crate::{
    find,
    tags::{JudgedTag, TagSection},
};

const BYTE_ORDER_MARK: &[u8] = b"\xef\xbb\xbf";

/// Ctrl-Z, the end-of-file mark of old DOS files: white space wherever white space may stand
/// (python-chess skips it too), so a file that ends with one loses no game and gains none.
const CTRL_Z: u8 = 0x1a;

/// One token of a game, in the order of the text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Token<'a> {
    /// A tag pair: its name and its value as written between the quotes (see
    /// [`crate::tags::decode_tag_value`]).
    Tag {
        /// The name (`White`).
        name: &'a [u8],
        /// The raw value, escapes not undone.
        value: &'a [u8],
    },
    /// A main-line token that is not a move number, NAG, glyph or result: a move for the judge,
    /// as written, glyphs included (`Nf3`, `e4!?`, `Zz3`, `}`).
    Move(&'a [u8]),
    /// A game result token (`1-0`, `0-1`, `1/2-1/2`, `½-½`, `*`).
    Result,
    /// The game cannot be read on; no token follows.
    Broken(Syntax),
}

/// Why a game cannot be read on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Syntax {
    /// A tag value without its closing quote on its line.
    UnterminatedTag,
    /// A `{` comment without its `}` before the end of the input.
    UnterminatedComment,
}

impl Syntax {
    /// The reason in words: `unterminated tag`, `unterminated comment`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Syntax::UnterminatedTag => "unterminated tag",
            Syntax::UnterminatedComment => "unterminated comment",
        }
    }
}

/// Where the game that starts a text ends, from [`scan_game`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scan {
    /// The game ends before this offset; the next game (or white space) starts there.
    Ends(usize),
    /// The game goes on to the end of the text: with more input it may go on further.
    Open,
}

/// Where the next game starts in `text`, which starts at a line start (the input's start, a
/// game's end, or a line break between games): after white space, `%` lines and byte-order
/// marks at a line start. `None` when `text` holds nothing else; with more input to come, the
/// search may go on from the line start after the last line break of `text` (a `%` line may be
/// unfinished).
pub fn game_start(text: &[u8]) -> Option<usize> {
    let at = skip_white(text, true);
    (at < text.len()).then_some(at)
}

/// Where the game that starts at `text[0]` (a byte that is not white space) ends: the offset
/// after the line break that ends its movetext, or after the line of an unterminated tag.
/// [`Scan::Open`] when the game runs to the end of `text`.
pub fn scan_game(text: &[u8]) -> Scan {
    scan_game_and_tags(text).0
}

/// [`scan_game`], with the game's tag section when the scan read it whole: `None` when the game
/// ends (or the text does) in an unterminated tag.
pub fn scan_game_and_tags(text: &[u8]) -> (Scan, Option<TagSection>) {
    let mut tags = TagSection::default();
    let mut at = 0;
    while text.get(at) == Some(&b'[') {
        match tag_at(text, at) {
            TagScan::Complete { name, value, next } => {
                if let Some((start, end)) = value {
                    tags.any_value = true;
                    if let Some(tag) = JudgedTag::of(&text[name.0..name.1]) {
                        tags.set(tag, start..end);
                    }
                }
                at = next;
            }
            TagScan::Unterminated { line_end: Some(nl) } => return (Scan::Ends(nl + 1), None),
            TagScan::Unterminated { line_end: None } => return (Scan::Open, None),
        }
        at += skip_ket(&text[at..]);
    }
    tags.movetext = at;
    (scan_movetext(text, at), Some(tags))
}

/// Where the game ends, from `text[at]`, the start of its movetext (see [`scan_game`]).
fn scan_movetext(text: &[u8], mut at: usize) -> Scan {
    // The movetext: only `{`, `;` and line breaks matter.
    loop {
        if let Some(nl) = clean_line_end(&text[at..]) {
            at += nl;
            match after_line_break(text, at) {
                AfterBreak::GameEnds => return Scan::Ends(at + 1),
                AfterBreak::Continue(next) => at = next,
                AfterBreak::Unknown => return Scan::Open,
            }
            continue;
        }
        let Some(found) = memchr3(b'{', b';', b'\n', &text[at..]) else {
            return Scan::Open;
        };
        at += found;
        match text[at] {
            b'{' => match find::byte(b'}', &text[at..]) {
                Some(close) => at += close + 1,
                None => return Scan::Open,
            },
            b';' => match memchr(b'\n', &text[at..]) {
                Some(nl) => at += nl,
                None => return Scan::Open,
            },
            _ => match after_line_break(text, at) {
                AfterBreak::GameEnds => return Scan::Ends(at + 1),
                AfterBreak::Continue(next) => at = next,
                AfterBreak::Unknown => return Scan::Open,
            },
        }
    }
}

/// The line break that ends the line of `text` (movetext, outside any comment at `text[0]`) when
/// the line holds no `;` and ends outside any `{ }` comment; `None` when the line needs a
/// byte-by-byte look (or has no line break).
///
/// The splitter's shortcut over whole lines: a lichess game's movetext is one line of some 160
/// comments, which it crosses with three searches instead of two a comment. Comments do not
/// nest, so the line ends outside a comment exactly when it holds no `{` or a `}` follows its
/// last `{`: were that `{` outside a comment, the `}` closes the comment it opens; were it
/// inside one, the `}` closes that one; either way no `{` follows to open another.
fn clean_line_end(text: &[u8]) -> Option<usize> {
    let nl = memchr2(b'\n', b';', text).filter(|&at| text[at] == b'\n')?;
    let line = &text[..nl];
    match memrchr(b'{', line) {
        None => Some(nl),
        Some(open) => memchr(b'}', &line[open..]).map(|_| nl),
    }
}

/// Where the movetext of the game that starts at `game[0]` starts: after its tag section (0 for
/// a game without tags), or at a tag that is not finished.
pub fn movetext_start(game: &[u8]) -> usize {
    let mut at = 0;
    while game.get(at) == Some(&b'[') {
        match tag_at(game, at) {
            TagScan::Complete { next, .. } => at = next + skip_ket(&game[next..]),
            TagScan::Unterminated { .. } => break,
        }
    }
    at
}

/// Where the tag section goes on to after a tag's line ends at `text[0]` (a line break): past
/// the white space, `;` comments and tags after it, to the movetext or a tag that is not
/// finished (for a game whose tag was too long to read, whose later tags are still its own).
pub fn tags_after_line(text: &[u8]) -> usize {
    let at = skip_ket(text);
    at + movetext_start(&text[at..])
}

/// Whether a game (as [`scan_game`] ends it) holds nothing but `{ }` and `;` comments, with the
/// white space and `%` lines around them: no tag, token or result, nor an unterminated comment.
/// Such text (a note before the first game, between games) is no game.
pub fn is_comment_only(game: &[u8]) -> bool {
    let mut at = 0;
    loop {
        at += skip_white(&game[at..], false);
        match game.get(at) {
            None => return true,
            Some(b'{') => match find::byte(b'}', &game[at..]) {
                Some(close) => at += close + 1,
                None => return false,
            },
            Some(b';') => match memchr(b'\n', &game[at..]) {
                Some(nl) => at += nl,
                None => return true,
            },
            Some(_) => return false,
        }
    }
}

/// What follows a movetext line break at `text[nl]`.
enum AfterBreak {
    /// A blank line or a `[` line: the game ends with this line break.
    GameEnds,
    /// The movetext goes on at this offset (a `%` line is skipped up to its own line break).
    Continue(usize),
    /// The text ends too soon to say.
    Unknown,
}

fn after_line_break(text: &[u8], nl: usize) -> AfterBreak {
    let line = nl + 1 + marks(&text[nl + 1..]);
    if text.len() - line < BYTE_ORDER_MARK.len() && BYTE_ORDER_MARK.starts_with(&text[line..]) {
        // Nothing, or what may be the start of a byte-order mark.
        return AfterBreak::Unknown;
    }
    match text[line] {
        b'\n' | b'[' => AfterBreak::GameEnds,
        b'\r' => match text.get(line + 1) {
            None => AfterBreak::Unknown,
            Some(b'\n') => AfterBreak::GameEnds,
            Some(_) => AfterBreak::Continue(line + 1),
        },
        b'%' => match memchr(b'\n', &text[line..]) {
            Some(next) => AfterBreak::Continue(line + next),
            None => AfterBreak::Unknown,
        },
        b' ' | b'\t' => blank_or_not(text, line),
        _ => AfterBreak::Continue(line),
    }
}

/// A line of spaces and tabs alone (python-chess's `line.isspace()`) is a blank line; any other
/// line starting with them goes on with the movetext.
fn blank_or_not(text: &[u8], line: usize) -> AfterBreak {
    let Some(end) = text[line..].iter().position(|&b| b != b' ' && b != b'\t') else {
        return AfterBreak::Unknown;
    };
    match (text[line + end], text.get(line + end + 1)) {
        (b'\n', _) | (b'\r', Some(b'\n')) => AfterBreak::GameEnds,
        (b'\r', None) => AfterBreak::Unknown,
        _ => AfterBreak::Continue(line),
    }
}

/// How many bytes of byte-order marks `text` starts with.
fn marks(text: &[u8]) -> usize {
    let mut at = 0;
    while text[at..].starts_with(BYTE_ORDER_MARK) {
        at += BYTE_ORDER_MARK.len();
    }
    at
}

/// One tag at `text[at] == b'['`.
enum TagScan {
    /// A tag read up to its closing quote (`value` is `None` for `[Name]` without a value, which
    /// is skipped); the text goes on at `next`.
    Complete {
        name: (usize, usize),
        value: Option<(usize, usize)>,
        next: usize,
    },
    /// No closing quote on the tag's line: the line break ending it, if the text has it.
    Unterminated { line_end: Option<usize> },
}

fn tag_at(text: &[u8], at: usize) -> TagScan {
    let open = at + 1;
    let Some(found) = find::any_of3(b'"', b'\n', b']', &text[open..]) else {
        return TagScan::Unterminated { line_end: None };
    };
    let quote = open + found;
    if text[quote] != b'"' {
        // `[Name]`, or a `[` line without a value, whose line break starts the next line:
        // with its byte-order marks skipped, as at every line's start.
        let next = match text[quote] {
            b'\n' => quote + 1 + marks(&text[quote + 1..]),
            _ => quote + 1,
        };
        return TagScan::Complete {
            name: (open, quote),
            value: None,
            next,
        };
    }
    // `pgn-reader` drops one space before the quote.
    let name_end = if quote > open && text[quote - 1] == b' ' {
        quote - 1
    } else {
        quote
    };
    let start = quote + 1;
    let mut i = start;
    loop {
        let Some(found) = find::any_of3(b'\\', b'"', b'\n', &text[i..]) else {
            return TagScan::Unterminated { line_end: None };
        };
        i += found;
        match text[i] {
            b'"' => {
                return TagScan::Complete {
                    name: (open, name_end),
                    value: Some((start, i)),
                    next: i + 1,
                };
            }
            b'\n' => return TagScan::Unterminated { line_end: Some(i) },
            // An escaped byte, unless it is a line break, which the escape cannot hide.
            _ => match text.get(i + 1) {
                Some(b'\n') | None => i += 1,
                Some(_) => i += 2,
            },
        }
    }
}

/// After a tag: spaces, then a `]` or a line break, then white space and `;` comments (the tag
/// section goes on after them); how many bytes.
fn skip_ket(text: &[u8]) -> usize {
    // The common case, a tag line followed by another: nothing to skip but the `]` and the line
    // break (no byte-order mark or `;` comment can start with the `[`).
    if text.starts_with(b"]\n[") {
        return 2;
    }
    let mut at = 0;
    while let Some(&byte) = text.get(at) {
        match byte {
            b' ' | b'\t' | b'\r' | CTRL_Z => at += 1,
            b']' | b'\n' => {
                let new_line = byte == b'\n';
                at += 1;
                at += skip_white(&text[at..], new_line);
                break;
            }
            _ => break,
        }
    }
    if text.get(at) == Some(&b';') {
        return skip_tag_comments(text, at);
    }
    at
}

/// `;` comments from `text[at]`, each with the white space after it; where they end. Rare, so
/// out of the way of the tags.
#[cold]
#[inline(never)]
fn skip_tag_comments(text: &[u8], mut at: usize) -> usize {
    while text.get(at) == Some(&b';') {
        let Some(nl) = memchr(b'\n', &text[at..]) else {
            return text.len();
        };
        at += nl + 1;
        at += skip_white(&text[at..], true);
    }
    at
}

/// White space, and `%` lines and byte-order marks at a line start (`new_line`: `text` starts
/// one); how many bytes.
fn skip_white(text: &[u8], mut new_line: bool) -> usize {
    let mut at = if new_line { marks(text) } else { 0 };
    while let Some(&byte) = text.get(at) {
        match byte {
            b' ' | b'\t' | b'\r' | CTRL_Z => at += 1,
            b'\n' => {
                new_line = true;
                at += 1;
                at += marks(&text[at..]);
            }
            // Up to its line break, which starts a line like any other.
            b'%' if new_line => match memchr(b'\n', &text[at..]) {
                Some(nl) => at += nl,
                None => return text.len(),
            },
            _ => break,
        }
    }
    at
}

/// The tokens of one game, from the game's first byte; see the module documentation.
///
/// # Examples
///
/// ```
/// use pgn_judge::lexer::{Lexer, Token};
///
/// let game = b"[White \"Tal\"]\n\n1. e4 {best} e5 (1... c5) 2. Zz3 $1 1-0\n";
/// let tokens: Vec<Token> = Lexer::new(game).collect();
/// assert_eq!(
///     tokens,
///     [
///         Token::Tag { name: b"White", value: b"Tal" },
///         Token::Move(b"e4"),
///         Token::Move(b"e5"),
///         Token::Move(b"Zz3"),
///         Token::Result,
///     ]
/// );
/// ```
#[derive(Clone, Debug)]
pub struct Lexer<'a> {
    text: &'a [u8],
    at: usize,
    in_tags: bool,
    done: bool,
}

impl<'a> Lexer<'a> {
    /// The tokens of the game that starts at `text[0]` (see [`game_start`]).
    pub fn new(text: &'a [u8]) -> Lexer<'a> {
        Lexer {
            text,
            at: 0,
            in_tags: true,
            done: false,
        }
    }

    /// The movetext tokens of the game that starts at `text[0]`, whose movetext starts at
    /// `movetext` (a [`TagSection`]'s): the tokens of [`Lexer::new`] after its tags.
    pub fn after_tags(text: &'a [u8], movetext: usize) -> Lexer<'a> {
        Lexer {
            text,
            at: movetext,
            in_tags: false,
            done: false,
        }
    }

    /// How far the lexer has read: after the last token, or where the game ended.
    pub fn offset(&self) -> usize {
        self.at
    }

    /// Skips an `e.p.` right after the last token, spaces or tabs between, if there is one: the
    /// FIDE mark of an en passant capture, which the caller allows after one.
    pub fn skip_en_passant_mark(&mut self) {
        let rest = &self.text[self.at..];
        let spaces = rest
            .iter()
            .position(|&b| b != b' ' && b != b'\t')
            .unwrap_or(rest.len());
        if rest[spaces..].starts_with(b"e.p.") {
            self.at += spaces + 4;
        }
    }

    /// The tag at `self.at`: `None` for a tag without a value (`[Event]`), which is skipped.
    fn tag(&mut self) -> Option<Token<'a>> {
        let text = self.text;
        match tag_at(text, self.at) {
            TagScan::Complete { name, value, next } => {
                self.at = next + skip_ket(&text[next..]);
                value.map(|(start, end)| Token::Tag {
                    name: &text[name.0..name.1],
                    value: &text[start..end],
                })
            }
            TagScan::Unterminated { line_end } => {
                self.at = line_end.map_or(text.len(), |nl| nl + 1);
                self.broken(Syntax::UnterminatedTag)
            }
        }
    }

    fn broken(&mut self, syntax: Syntax) -> Option<Token<'a>> {
        self.done = true;
        Some(Token::Broken(syntax))
    }

    /// The next token, `None` when the game ends.
    fn next_token(&mut self) -> Option<Token<'a>> {
        let text = self.text;
        // A loop, not a recursion: a game may hold any number of tags without a value.
        while self.in_tags {
            if text.get(self.at) != Some(&b'[') {
                self.in_tags = false;
            } else if let Some(token) = self.tag() {
                return Some(token);
            }
        }
        // The offset in a local, written back before a call that reads it and on return: the
        // loop's bytes are then looked at without a store and a load of `self.at` each.
        let mut at = self.at;
        while let Some(&byte) = text.get(at) {
            // The common bytes first, with branches a processor predicts well: spaces, and move
            // numbers (`12.`), which are dropped.
            if byte == b' ' {
                at += 1;
                continue;
            }
            if byte.is_ascii_digit() {
                let mut digits = at + 1;
                while text.get(digits).is_some_and(u8::is_ascii_digit) {
                    digits += 1;
                }
                if text
                    .get(digits)
                    .is_none_or(|&b| b == b'$' || ENDS_TOKEN[usize::from(b)])
                {
                    // With the dots and spaces after it: `12.`, `12...`.
                    at = digits;
                    while let Some(b'.' | b' ') = text.get(at) {
                        at += 1;
                    }
                    continue;
                }
            }
            match byte {
                b'\t' | b'\r' | b'.' | b')' | CTRL_Z => at += 1,
                b'\n' => match after_line_break(text, at) {
                    AfterBreak::GameEnds => {
                        at += 1;
                        break;
                    }
                    AfterBreak::Continue(next) => at = next,
                    AfterBreak::Unknown => at = text.len(),
                },
                b'{' => match find::byte(b'}', &text[at..]) {
                    Some(close) => at += close + 1,
                    None => {
                        self.at = text.len();
                        return self.broken(Syntax::UnterminatedComment);
                    }
                },
                b';' => at = memchr(b'\n', &text[at..]).map_or(text.len(), |nl| at + nl),
                b'(' => {
                    self.at = at;
                    if let Some(syntax) = self.skip_variation() {
                        return self.broken(syntax);
                    }
                    at = self.at;
                }
                b'*' => {
                    self.at = at + 1;
                    return Some(Token::Result);
                }
                b'}' => {
                    self.at = at + 1;
                    return Some(Token::Move(b"}"));
                }
                _ => {
                    let start = at;
                    at = token_end(text, start);
                    let token = &text[start..at];
                    match classify(token) {
                        Class::Dropped => {}
                        Class::Result => {
                            self.at = at;
                            return Some(Token::Result);
                        }
                        Class::Move => {
                            self.at = at;
                            return Some(Token::Move(token));
                        }
                    }
                }
            }
        }
        self.at = at;
        None
    }

    /// Skips a variation from its `(`, with the variations, comments and `;` lines inside it.
    /// Returns the syntax error that ends the game inside it, if any; a game may also end inside
    /// it (a blank line), which leaves the lexer at the game's end.
    fn skip_variation(&mut self) -> Option<Syntax> {
        let text = self.text;
        let mut depth = 0usize;
        while let Some(&byte) = text.get(self.at) {
            match byte {
                b'(' => depth += 1,
                b')' => {
                    depth -= 1;
                    if depth == 0 {
                        self.at += 1;
                        return None;
                    }
                }
                b'{' => match find::byte(b'}', &text[self.at..]) {
                    Some(close) => self.at += close,
                    None => {
                        self.at = text.len();
                        return Some(Syntax::UnterminatedComment);
                    }
                },
                b';' => {
                    self.at = memchr(b'\n', &text[self.at..]).map_or(text.len(), |nl| self.at + nl);
                    continue;
                }
                b'\n' => match after_line_break(text, self.at) {
                    // Leave the line break for the main loop, which ends the game on it.
                    AfterBreak::GameEnds => return None,
                    AfterBreak::Continue(next) => {
                        self.at = next;
                        continue;
                    }
                    AfterBreak::Unknown => {
                        self.at = text.len();
                        return None;
                    }
                },
                _ => {}
            }
            self.at += 1;
        }
        None
    }
}

impl<'a> Iterator for Lexer<'a> {
    type Item = Token<'a>;

    fn next(&mut self) -> Option<Token<'a>> {
        if self.done {
            return None;
        }
        let token = self.next_token();
        self.done |= token.is_none();
        token
    }
}

/// Bytes that end a movetext token (`$` and the glyphs aside).
const ENDS_TOKEN: [bool; 256] = {
    let mut ends = [false; 256];
    let mut i = 0;
    while i < 256 {
        ends[i] = matches!(
            i as u8,
            b' ' | b'\t' | b'\n' | b'\r' | CTRL_Z | b'{' | b'}' | b'(' | b')' | b';' | b'.' | b'*'
        );
        i += 1;
    }
    ends
};

/// Bytes that go on a movetext token: all but those that end one, `$` and the glyphs.
const IN_TOKEN: [bool; 256] = {
    let mut inside = [false; 256];
    let mut i = 0;
    while i < 256 {
        inside[i] = !ENDS_TOKEN[i] && !matches!(i as u8, b'$' | b'!' | b'?');
        i += 1;
    }
    inside
};

/// Where the token starting at `text[start]` (a byte that ends no token) ends: after its bytes
/// (a `$` at its start is one), then after its glyphs (only glyphs follow a glyph).
fn token_end(text: &[u8], start: usize) -> usize {
    let mut at = start + usize::from(text[start] == b'$');
    while text
        .get(at)
        .is_some_and(|&byte| IN_TOKEN[usize::from(byte)])
    {
        at += 1;
    }
    while let Some(b'!' | b'?') = text.get(at) {
        at += 1;
    }
    at
}

/// What a movetext token is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Class {
    /// A move number, NAG or glyph.
    Dropped,
    /// A game result.
    Result,
    /// Anything else: for the judge.
    Move,
}

fn classify(token: &[u8]) -> Class {
    // Most tokens are moves: a move's first letter starts no number, NAG, glyph or result.
    if let Some(b'a'..=b'h' | b'K' | b'Q' | b'R' | b'B' | b'N' | b'O') = token.first() {
        return Class::Move;
    }
    let body = strip_glyphs(token);
    if body.len() == token.len() {
        let digits = |bytes: &[u8]| !bytes.is_empty() && bytes.iter().all(u8::is_ascii_digit);
        match token {
            _ if digits(token) => return Class::Dropped,
            [b'$', nag @ ..] if digits(nag) => return Class::Dropped,
            _ if is_result(token) => return Class::Result,
            _ => {}
        }
    } else if body.is_empty() && token.len() <= 2 {
        return Class::Dropped;
    }
    Class::Move
}

/// The token without its trailing glyphs (`!`, `?`).
pub fn strip_glyphs(token: &[u8]) -> &[u8] {
    let end = token
        .iter()
        .rposition(|&b| !matches!(b, b'!' | b'?'))
        .map_or(0, |last| last + 1);
    &token[..end]
}

/// A game result as `pgn-reader` reads it: `1-0`, `0-1`, `1/2-1/2`, `½-½`, with a hyphen, an en
/// dash or an em dash.
fn is_result(token: &[u8]) -> bool {
    const DASHES: [&str; 3] = ["-", "–", "—"];
    const RESULTS: [(&str, &str); 4] = [("1", "0"), ("0", "1"), ("1/2", "1/2"), ("½", "½")];
    RESULTS.iter().any(|(white, black)| {
        token.strip_prefix(white.as_bytes()).and_then(|rest| {
            DASHES
                .iter()
                .find_map(|dash| rest.strip_prefix(dash.as_bytes()))
        }) == Some(black.as_bytes())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tokens(text: &str) -> Vec<String> {
        Lexer::new(text.as_bytes())
            .map(|token| match token {
                Token::Tag { name, value } => format!(
                    "[{}={}]",
                    String::from_utf8_lossy(name),
                    String::from_utf8_lossy(value)
                ),
                Token::Move(text) => String::from_utf8_lossy(text).into_owned(),
                Token::Result => "#result".to_owned(),
                Token::Broken(syntax) => format!("#{}", syntax.as_str()),
            })
            .collect()
    }

    /// The games of a text as the scanner splits it.
    fn games(text: &str) -> Vec<&str> {
        let mut games = Vec::new();
        let mut rest = text;
        while let Some(start) = game_start(rest.as_bytes()) {
            rest = &rest[start..];
            let end = match scan_game(rest.as_bytes()) {
                Scan::Ends(end) => end,
                Scan::Open => rest.len(),
            };
            games.push(&rest[..end]);
            rest = &rest[end..];
        }
        games
    }

    #[test]
    fn movetext_tokens() {
        assert_eq!(
            tokens("1. e4 e5 2. Nf3?! Nc6!! 3.Bb5 $14 a6 ! ?? {x y} ; z\n4. O-O-O# 1-0"),
            [
                "e4", "e5", "Nf3?!", "Nc6!!", "Bb5", "a6", "O-O-O#", "#result"
            ]
        );
        assert_eq!(
            tokens("e4++ e9 N Ng1-f3 a8N Pe4 -- } e4!!! !!! $x $12 !? 1/2 12.e4 0-0+ 1–0 ½-½ *"),
            [
                "e4++", "e9", "N", "Ng1-f3", "a8N", "Pe4", "--", "}", "e4!!!", "!!!", "$x", "1/2",
                "e4", "0-0+", "#result", "#result", "#result"
            ]
        );
        // A `$` ends a token; glyphs are the last thing in one.
        assert_eq!(tokens("e4$1 e5!x $"), ["e4", "e5!", "x", "$"]);
    }

    proptest::proptest! {
        /// The table-driven token end, against the rule written out byte by byte.
        #[test]
        fn the_token_end_follows_the_rule(
            text in proptest::collection::vec(
                proptest::sample::select(b"e4x+#!?$.} \n{(*Q1-".to_vec()), 1..12),
        ) {
            proptest::prop_assume!(!ENDS_TOKEN[usize::from(text[0])]);
            let mut glyph = false;
            let mut end = text.len();
            for (at, &byte) in text.iter().enumerate() {
                match byte {
                    b'!' | b'?' => glyph = true,
                    b'$' if at > 0 => {
                        end = at;
                        break;
                    }
                    _ if glyph || ENDS_TOKEN[usize::from(byte)] => {
                        end = at;
                        break;
                    }
                    _ => {}
                }
            }
            proptest::prop_assert_eq!(token_end(&text, 0), end);
        }
    }

    #[test]
    fn variations_comments_and_escapes_hide_tokens() {
        assert_eq!(
            tokens("1. e4 (1. d4 {Zz3} (1. c4 Zz3) ; Zz3\nZz3) e5 ; Zz3\n%Zz3\n2. Nf3"),
            ["e4", "e5", "Nf3"]
        );
    }

    #[test]
    fn tags_before_the_movetext() {
        assert_eq!(
            tokens("[White \"A \\\"B\\\"\"] [Black \"C\"]\n%x\n\n[Result \"*\"]\n[Event]\n1. e4 *"),
            [
                "[White=A \\\"B\\\"]",
                "[Black=C]",
                "[Result=*]",
                "e4",
                "#result"
            ]
        );
        let game = "[A \"1\"] [B \"2\"]\n\n[C] ; x\n[D \"4\"]\n1. e4";
        assert_eq!(movetext_start(game.as_bytes()), game.find("1.").unwrap());
        assert_eq!(movetext_start(b"1. e4"), 0);
        assert_eq!(movetext_start(b"[A \"1\"]\n[B \"x\n"), 8);
        // A `;` comment after a tag, on its line or on a line of its own, is part of the tag
        // section (issue 14's audit).
        assert_eq!(
            tokens("[Event \"x\"] ; note\n; more\n\n[Result \"*\"];\n1. e4 ;x\n[A \"1\"]"),
            ["[Event=x]", "[Result=*]", "e4"]
        );
        assert_eq!(
            games("[Event \"x\"] ; note\n\n1. e4 *\n\n[A \"1\"]\n;\n[B \"2\"];\n\n1. d4"),
            [
                "[Event \"x\"] ; note\n\n1. e4 *\n",
                "[A \"1\"]\n;\n[B \"2\"];\n\n1. d4"
            ]
        );
        // A tag that is not at the start of a line is movetext.
        assert_eq!(tokens("e4 [White \"A\"]"), ["e4", "[White", "\"A\"]"]);
    }

    #[test]
    fn broken_games() {
        assert_eq!(tokens("[White \"A\n[Black \"B\"]"), ["#unterminated tag"]);
        assert_eq!(tokens("[White \"A"), ["#unterminated tag"]);
        assert_eq!(tokens("[White"), ["#unterminated tag"]);
        assert_eq!(tokens("1. e4 {no end"), ["e4", "#unterminated comment"]);
        assert_eq!(
            tokens("1. e4 (1. d4 {no end"),
            ["e4", "#unterminated comment"]
        );
    }

    #[test]
    fn games_end_at_blank_lines_and_tag_lines() {
        assert_eq!(
            games(
                "\u{feff}% x\n1. e4 *\n\n\n[White \"A\"]\n\n1. d4\n[White \"B\"]\n1. c4\r\n\r\n1. e4 {\n\n} e5\n\n"
            ),
            [
                "1. e4 *\n",
                "[White \"A\"]\n\n1. d4\n",
                "[White \"B\"]\n1. c4\r\n",
                "1. e4 {\n\n} e5\n"
            ]
        );
        // An unterminated tag ends its game with its line.
        assert_eq!(
            games("[White \"A\n\n[White \"A\"]\n[Black \"B\"]\n\n1. e4 *\n"),
            ["[White \"A\n", "[White \"A\"]\n[Black \"B\"]\n\n1. e4 *\n"]
        );
        // Byte-order marks at a line start are not text (files joined with `cat`).
        assert_eq!(
            games("\u{feff}1. e4 *\n\u{feff}\u{feff}[A \"1\"]\n1. d4\n\u{feff}\n\u{feff}1. c4"),
            ["1. e4 *\n", "[A \"1\"]\n1. d4\n", "1. c4"]
        );
        assert_eq!(tokens("1. e4\n\u{feff}e5"), ["e4", "e5"]);
        assert_eq!(games("%x\n\u{feff}%y\n\u{feff}1. e4"), ["1. e4"]);
        // A line of spaces and tabs is a blank line (python-chess's rule; issue 14's audit).
        assert_eq!(
            games("1. e4 1-0\n   \n1. d4\n\t \r\n1. c4\n e5\n  x\n"),
            ["1. e4 1-0\n", "1. d4\n", "1. c4\n e5\n  x\n"]
        );
        assert_eq!(tokens("1. e4\n \t\n1. d4"), ["e4"]);
        // Variations and `;` comments do not hide a game's end; `{ }` comments do.
        assert_eq!(
            games("1. e4 (1. d4\n\n1. c4 ; x\n\n{\n\n}"),
            ["1. e4 (1. d4\n", "1. c4 ; x\n", "{\n\n}"]
        );
    }

    #[test]
    fn comments_alone_are_no_game() {
        for text in ["{x}\n", "{a\n\nb} {c}\n; d\n%e\n;", "; x\n"] {
            assert!(is_comment_only(text.as_bytes()), "{text:?}");
            assert_eq!(tokens(text), Vec::<String>::new());
        }
        for text in [
            "{x} e4",
            "{x",
            "{x} 1.",
            "{x} *",
            "[A \"1\"] {x}",
            "[A] {x}",
            "{x} }",
        ] {
            assert!(!is_comment_only(text.as_bytes()), "{text:?}");
        }
    }

    #[test]
    fn a_long_tag_value_is_a_tag() {
        let value = "x".repeat(16_400);
        let game = format!("[Event \"{value}\"]\n[White \"C\"]\n\n1. e4 *");
        assert_eq!(games(&game).len(), 1);
        assert_eq!(tokens(&game)[1], "[White=C]");
    }

    #[test]
    fn the_lexer_ends_where_the_scanner_ends() {
        for text in [
            "1. e4 *\n\n1. d4",
            "[A \"1\"]\n\n1. e4 (\n\n",
            "1. e4\n%x\n\n",
            "1. e4\r\n\r\nx",
            "[A \"x\n[B \"y\"]",
            "1. e4\n\u{feff}[B \"y\"]",
            "1. e4\n\u{feff}\r\n",
            "1. e4\n \t\r\n1. d4",
            "1. e4 ( d4\n  \n1. d4",
            "[A \"1\"] ; x\n\n1. e4\n\n",
        ] {
            let Scan::Ends(end) = scan_game(text.as_bytes()) else {
                panic!("{text:?}")
            };
            let mut lexer = Lexer::new(text.as_bytes());
            while lexer.next().is_some() {}
            assert_eq!(lexer.offset(), end, "{text:?}");
        }
    }
}
