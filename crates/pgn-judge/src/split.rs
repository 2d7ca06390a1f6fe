//! Splitting a PGN text into chunks of whole games, as it streams in: the unit of work handed to
//! the judging threads.
//!
//! The game ends come from [`lexer::scan_game`], the lexer's own rule, so a game is the same
//! whatever the chunk size or the number of threads. Memory is bounded: a chunk holds about
//! [`CHUNK_BYTES`], more only for a game that does not fit, and no game is held past
//! [`MAX_GAME_BYTES`]: a longer one is reported ([`Item::TooLong`]) and skipped up to the next
//! line that is a tag pair, after its own tags. Text holding control bytes that no text has (NUL and
//! most others below the space) is binary data, not PGN: such games are not numbered, each run
//! of them becomes one [`Item::Binary`], and reading resumes with a game that starts with a tag
//! line. Text holding only comments is no game. A lone CR (the line end of old Mac files) is
//! made a line feed as the text is read, so that the lexer sees line feeds and CRLFs only.

use std::{
    io::{self, Read},
    ops::Range,
};

use memchr::{memchr, memmem, memrchr};

use crate::{
    lexer::{self, Scan},
    source,
    tags::TagSection,
};

/// The text a chunk aims at, in bytes.
pub const CHUNK_BYTES: usize = 1 << 19;

/// The longest game read, in bytes.
pub const MAX_GAME_BYTES: usize = 4 << 20;

/// Whole games of the text, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chunk {
    /// The text.
    pub text: Vec<u8>,
    /// Its games and what stands between them.
    pub items: Vec<Item>,
}

/// One thing found in the text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Item {
    /// A game: its number (from 1) and its bytes in the chunk's text.
    Game {
        /// The game's number.
        number: u64,
        /// Where it is in the chunk's text.
        range: Range<usize>,
        /// Its tag section, read while looking for its end (offsets in the game's text);
        /// `None` for a game with an unterminated tag, which the judge reads whole.
        tags: Option<TagSection>,
    },
    /// A game longer than [`MAX_GAME_BYTES`], skipped.
    TooLong {
        /// The game's number.
        number: u64,
    },
    /// A run of binary data where games should be: the offsets in the whole text.
    Binary {
        /// Its first byte.
        start: u64,
        /// After its last byte.
        end: u64,
    },
}

/// Splits the texts of an input into chunks, numbering the games across all of them.
#[derive(Debug)]
pub struct Splitter {
    chunk_bytes: usize,
    /// Games numbered so far.
    number: u64,
    /// Where the next text starts in the whole input.
    offset: u64,
    /// A run of binary data not yet reported (it may go on).
    binary: Option<(u64, u64)>,
}

impl Default for Splitter {
    fn default() -> Self {
        Splitter::new(CHUNK_BYTES)
    }
}

impl Splitter {
    /// A splitter making chunks of about `chunk_bytes`.
    pub fn new(chunk_bytes: usize) -> Splitter {
        Splitter {
            chunk_bytes: chunk_bytes.max(64),
            number: 0,
            offset: 0,
            binary: None,
        }
    }

    /// How many games were numbered so far.
    pub fn games(&self) -> u64 {
        self.number
    }

    /// Splits one text (a whole input, or one member of an archive: no game spans two texts),
    /// handing each chunk to `emit`, which returns `false` to stop. Memory is bounded whatever
    /// the text.
    ///
    /// # Errors
    ///
    /// A read failure of `reader`: the chunks of the games complete before it have been emitted,
    /// the unfinished game is dropped.
    pub fn split(
        &mut self,
        reader: &mut dyn Read,
        emit: &mut dyn FnMut(Chunk) -> bool,
    ) -> io::Result<()> {
        let mut part = Part {
            buf: Vec::with_capacity(self.chunk_bytes),
            base: self.offset,
            pos: 0,
            eof: false,
            controls: false,
            items: Vec::new(),
        };
        loop {
            let filled = part.fill(reader);
            // A failure found once the whole text was read: every game of it is judged.
            part.eof |= filled.as_ref().is_err_and(source::read_to_the_end);
            self.take_games(&mut part);
            if part.eof {
                part.pos = part.buf.len();
                self.offset = part.base + part.buf.len() as u64;
                part.emit(self, emit);
                return filled;
            }
            if let Err(err) = filled {
                // The games complete before the failure are judged; the unfinished one is not.
                self.offset = part.base + part.buf.len() as u64;
                part.emit(self, emit);
                return Err(err);
            }
            if part.pos > 0 {
                if !part.emit(self, emit) {
                    return Ok(());
                }
            } else if part.buf.len() < MAX_GAME_BYTES {
                let more = part.buf.len().max(self.chunk_bytes);
                part.buf
                    .reserve_exact(more.min(MAX_GAME_BYTES - part.buf.len()));
            } else if lexer::game_start(&part.buf).is_none() {
                // No game: white space and a `%` line as long as a game may be.
                if let Err(err) = self.skip_escape_line(&mut part, reader) {
                    let _ = part.emit(self, emit);
                    return Err(err);
                }
            } else if let Err(err) = self.skip_long_game(&mut part, reader) {
                let _ = part.emit(self, emit);
                return Err(err);
            }
        }
    }

    /// The end of the input: the binary data it ends with, if any, as a last chunk.
    pub fn finish(&mut self, emit: &mut dyn FnMut(Chunk) -> bool) {
        if let Some((start, end)) = self.binary.take() {
            emit(Chunk {
                text: Vec::new(),
                items: vec![Item::Binary { start, end }],
            });
        }
    }

    /// Takes the complete games of `part.buf[part.pos..]` (all of them at the end of the text).
    fn take_games(&mut self, part: &mut Part) {
        loop {
            let rest = &part.buf[part.pos..];
            let Some(start) = lexer::game_start(rest) else {
                // White space and `%` lines only: dropped up to the last line start, so that
                // blank lines between games never pile up.
                if let Some(nl) = memrchr(b'\n', rest) {
                    part.pos += nl + 1;
                }
                return;
            };
            let start = part.pos + start;
            let (scan, tags) = lexer::scan_game_and_tags(&part.buf[start..]);
            let end = match scan {
                Scan::Ends(end) => start + end,
                Scan::Open if part.eof => part.buf.len(),
                Scan::Open => return,
            };
            self.add(part, start..end, tags);
            part.pos = end;
        }
    }

    /// Adds a game, or binary data, to the part's items.
    fn add(&mut self, part: &mut Part, range: Range<usize>, tags: Option<TagSection>) {
        let (start, end) = (part.base + range.start as u64, part.base + range.end as u64);
        let text = &part.buf[range.clone()];
        // After binary data, reading resumes with a game that starts with a tag line.
        if (part.controls && is_binary(text))
            || (self.binary.is_some() && !starts_with_tag_line(text))
        {
            let run = self.binary.get_or_insert((start, end));
            run.1 = end;
            return;
        }
        // A note before, between or after games is no game.
        if lexer::is_comment_only(text) {
            return;
        }
        self.close_binary(&mut part.items);
        self.number += 1;
        part.items.push(Item::Game {
            number: self.number,
            range,
            tags,
        });
    }

    fn close_binary(&mut self, items: &mut Vec<Item>) {
        if let Some((start, end)) = self.binary.take() {
            items.push(Item::Binary { start, end });
        }
    }

    /// A `%` line that fills the buffer from `part.pos` (0) before any game: dropped up to its
    /// line break, which stays to end it.
    fn skip_escape_line(&self, part: &mut Part, reader: &mut dyn Read) -> io::Result<()> {
        loop {
            let drop = match memchr(b'\n', &part.buf) {
                Some(nl) => nl,
                // A CR at the end may be the line's end (it waits for the byte after it).
                None => part.buf.len() - usize::from(part.buf.last() == Some(&b'\r')),
            };
            part.buf.drain(..drop);
            part.base += drop as u64;
            part.buf.shrink_to(self.chunk_bytes);
            if !part.buf.is_empty() || part.eof {
                return Ok(());
            }
            part.fill(reader)?;
        }
    }

    /// A game that fills [`MAX_GAME_BYTES`] from `part.pos`: skipped (with everything up to the
    /// next line that is a tag pair), reported as too long or as binary data.
    fn skip_long_game(&mut self, part: &mut Part, reader: &mut dyn Read) -> io::Result<()> {
        let start = part.base;
        let mut binary = false;
        // Past the game's own tags, and its first byte, so that the search moves on.
        let game = lexer::game_start(&part.buf).unwrap_or(0);
        let movetext = game + lexer::movetext_start(&part.buf[game..]);
        let mut from = movetext.max(1);
        // Cut inside a tag (a value longer than a game), or in the `;` comments and white space
        // of the tag section: the tags after that line are its own too.
        let mut in_tags = part.buf.get(from) == Some(&b'[')
            || (movetext == part.buf.len() && part.buf.get(game) == Some(&b'['));
        let resume = loop {
            binary |= is_binary(&part.buf);
            let keep = if in_tags {
                match tags_end(&part.buf[from..], part.eof) {
                    Ok(end) => {
                        in_tags = false;
                        from += end;
                        continue;
                    }
                    Err(keep) => from + keep,
                }
            } else {
                match find_resync(&part.buf[from..], part.eof) {
                    Ok(at) => break Some(from + at),
                    Err(keep) => from + keep,
                }
            };
            if part.eof {
                break None;
            }
            // Keep the line that may be a tag pair, unless it is too long for one (and the rest
            // of a tag section, unless it is as long: then the next tag pair line ends the game).
            let drop = keep.max(part.buf.len().saturating_sub(MAX_RESYNC_LINE));
            in_tags &= drop == keep;
            part.buf.drain(..drop);
            part.base += drop as u64;
            part.buf.shrink_to(self.chunk_bytes);
            part.buf.reserve(self.chunk_bytes);
            from = 0;
            part.fill(reader)?;
        };
        let end = resume.unwrap_or(part.buf.len());
        if binary {
            let run = self.binary.get_or_insert((start, part.base + end as u64));
            run.1 = part.base + end as u64;
        } else {
            self.close_binary(&mut part.items);
            self.number += 1;
            part.items.push(Item::TooLong {
                number: self.number,
            });
        }
        // The skipped bytes are not part of any chunk's text.
        part.buf.drain(..end);
        part.buf.shrink_to(self.chunk_bytes.max(part.buf.len()));
        part.base += end as u64;
        part.pos = 0;
        Ok(())
    }
}

/// Whether text holds a control byte that no text file does: 0x00–0x08, 0x0E–0x1F but for
/// 0x1A (the end-of-file mark of old DOS files) and 0x1B (escape). Written without early exits,
/// 256 bytes at a time, so that the compiler checks many bytes per instruction.
fn is_binary(text: &[u8]) -> bool {
    text.chunks(256).any(|chunk| {
        chunk.iter().fold(false, |found, &b| {
            found | (b < 0x09) | ((0x0e..0x20).contains(&b) & (b != 0x1a) & (b != 0x1b))
        })
    })
}

/// Whether text holds a byte below the space but tab and line feed: a CR, or a control byte
/// that makes its game binary data ([`is_binary`]). Text files seldom hold one, and then
/// neither the CRs nor each game need a look of their own. Written as [`is_binary`] is.
fn has_controls(text: &[u8]) -> bool {
    text.chunks(256).any(|chunk| {
        chunk.iter().fold(false, |found, &b| {
            found | ((b < 0x20) & (b != b'\t') & (b != b'\n'))
        })
    })
}

/// Whether a game's first line is a tag pair, `[Name "value"]`.
fn starts_with_tag_line(text: &[u8]) -> bool {
    let line = text.split(|&b| b == b'\n').next().unwrap_or_default();
    let line = line.strip_suffix(b"\r").unwrap_or(line).trim_ascii_end();
    line.starts_with(b"[") && line.ends_with(b"\"]") && line.len() > 3
}

/// The longest line after a skipped game that may still be taken for a tag pair, in bytes.
const MAX_RESYNC_LINE: usize = 1 << 16;

/// Where a skipped game is taken to end: the line break before the next line that is a tag pair
/// (`[Name "value"]`), where the lexer would end it unless a comment hides the line (the comments
/// of a game too long to read are not followed; a wrapped `{[%clk 0:01:00]}` is no tag pair).
/// Else `Err` with where the text is to be kept from, at the end of the text (`eof`: the text
/// is whole): a line that starts with `[` and is not finished, or a last line break.
fn find_resync(text: &[u8], eof: bool) -> Result<usize, usize> {
    let mut from = 0;
    while let Some(found) = memmem::find(&text[from..], b"\n[") {
        let nl = from + found;
        let line = &text[nl + 1..];
        match memchr(b'\n', line) {
            Some(len) if starts_with_tag_line(&line[..len]) => return Ok(nl),
            Some(len) => from = nl + 1 + len,
            None if eof && starts_with_tag_line(line) => return Ok(nl),
            None => return Err(nl),
        }
    }
    Err(text.len() - usize::from(text.last() == Some(&b'\n')))
}

/// Where the tag section of a game cut inside it ends (`text` holds the rest of the line it was
/// cut in, a tag's or a `;` comment's, then what follows it): where the lexer would start its
/// movetext, had the line been read whole. Else `Err` with where the text is to be kept from:
/// that line's break, or nothing while the line goes on.
fn tags_end(text: &[u8], eof: bool) -> Result<usize, usize> {
    let Some(nl) = memchr(b'\n', text) else {
        return Err(text.len());
    };
    let end = nl + lexer::tags_after_line(&text[nl..]);
    // Whole once a complete line follows (the text after a tag may be a tag not finished yet).
    if eof || memchr(b'\n', &text[end..]).is_some() {
        Ok(end)
    } else {
        Err(nl)
    }
}

/// Turns each lone CR of `buf[from..]` into a line feed: old Mac files end their lines with a
/// CR alone, which python-chess (Python's universal line ends) reads as a line end; a CRLF stays
/// as it is. A CR that ends `buf` waits for the byte after it (the next fill, which starts
/// after it: no game ends on a CR) or for the end of the text.
fn lone_crs_to_line_feeds(buf: &mut [u8], from: usize, eof: bool) {
    let mut at = from.saturating_sub(1);
    while let Some(found) = memchr(b'\r', &buf[at..]) {
        at += found;
        match buf.get(at + 1) {
            Some(b'\n') => at += 2,
            Some(_) => {
                buf[at] = b'\n';
                at += 1;
            }
            None => {
                if eof {
                    buf[at] = b'\n';
                }
                return;
            }
        }
    }
}

/// The text being split: the buffer, where its unsplit part starts, and the items found.
struct Part {
    buf: Vec<u8>,
    /// The offset of `buf[0]` in the whole input.
    base: u64,
    /// Where the text not yet taken into games starts.
    pos: usize,
    eof: bool,
    /// Whether `buf` may hold a byte that [`has_controls`] finds; when not, it holds no CR to
    /// make a line feed and no game of binary data. Bytes are only added by `fill`, which sets
    /// it, and only removed elsewhere, which leaves it true (emit looks at what it keeps).
    controls: bool,
    items: Vec<Item>,
}

impl Part {
    /// Reads until the buffer is full or the text ends, lone CRs made line feeds.
    fn fill(&mut self, reader: &mut dyn Read) -> io::Result<()> {
        let from = self.buf.len();
        let filled = self.read_more(reader);
        // One pass over the new text, rather than a search for CRs and a look at each game.
        self.controls |= has_controls(&self.buf[from..]);
        if self.controls {
            lone_crs_to_line_feeds(&mut self.buf, from, self.eof);
        }
        filled
    }

    fn read_more(&mut self, reader: &mut dyn Read) -> io::Result<()> {
        while !self.eof && self.buf.len() < self.buf.capacity() {
            let len = self.buf.len();
            let room = self.buf.capacity() - len;
            self.buf.resize(len + room, 0);
            let read = loop {
                match reader.read(&mut self.buf[len..]) {
                    Err(err) if err.kind() == io::ErrorKind::Interrupted => {}
                    other => break other,
                }
            };
            let n = *read.as_ref().unwrap_or(&0);
            self.buf.truncate(len + n);
            if read? == 0 {
                self.eof = true;
            }
        }
        Ok(())
    }

    /// Hands `buf[..pos]` and its items over as a chunk and keeps the rest; `false` when the
    /// receiver wants no more.
    fn emit(&mut self, splitter: &mut Splitter, emit: &mut dyn FnMut(Chunk) -> bool) -> bool {
        let rest = self.buf.len() - self.pos;
        let mut next = Vec::with_capacity(splitter.chunk_bytes.max(rest));
        next.extend_from_slice(&self.buf[self.pos..]);
        let mut text = std::mem::replace(&mut self.buf, next);
        self.controls &= has_controls(&self.buf);
        text.truncate(self.pos);
        self.base += self.pos as u64;
        self.pos = 0;
        // The next chunk has about as many games: its list is made that long at once, not
        // grown (and copied) twice as long again and again.
        let games = self.items.len();
        let items = std::mem::replace(&mut self.items, Vec::with_capacity(games));
        if items.is_empty() {
            return true;
        }
        emit(Chunk { text, items })
    }
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

    /// The games (as text) and other items of a text, split with the given chunk and read sizes.
    fn split(text: &[u8], chunk: usize, step: usize) -> Vec<String> {
        let mut splitter = Splitter::new(chunk);
        let mut found = Vec::new();
        let mut emit = |chunk: Chunk| {
            for item in chunk.items {
                found.push(match item {
                    Item::Game { number, range, .. } => {
                        format!("{number}:{}", String::from_utf8_lossy(&chunk.text[range]))
                    }
                    other => format!("{other:?}"),
                });
            }
            true
        };
        splitter.split(&mut Trickle(text, step), &mut emit).unwrap();
        splitter.finish(&mut emit);
        found
    }

    #[test]
    fn games_are_the_same_whatever_the_chunk_and_read_sizes() {
        let text =
            b"\xef\xbb\xbf[A \"1\"]\n\n1. e4 {\n\n} e5\n\n[B \"2\"]\n1. d4 *\n\n\n% x\n1. c4";
        let expected = split(text, 1 << 20, 1 << 20);
        assert_eq!(
            expected,
            [
                "1:[A \"1\"]\n\n1. e4 {\n\n} e5\n",
                "2:[B \"2\"]\n1. d4 *\n",
                "3:1. c4"
            ]
        );
        for chunk in [64, 100] {
            for step in [1, 3, 7] {
                assert_eq!(split(text, chunk, step), expected, "{chunk} {step}");
            }
        }
    }

    #[test]
    fn a_lone_cr_is_a_line_end_wherever_the_reads_end() {
        let text = b"1. e4\r\r1. d4\r\n\r\n1. c4\r\r\n\r[A \"1\"]\r1. Nf3\r";
        for step in [1, 2, 3, 7, 100] {
            assert_eq!(
                split(text, 64, step),
                [
                    "1:1. e4\n",
                    "2:1. d4\r\n",
                    "3:1. c4\n",
                    "4:[A \"1\"]\n1. Nf3\n"
                ],
                "{step}"
            );
        }
    }

    #[test]
    fn comments_alone_are_not_numbered() {
        let text = b"{note}\n\n[A \"1\"]\n1. e4\n\n; x\n\n{y} {z}\n\n{w} 1-0\n\n{v";
        assert_eq!(
            split(text, 64, 3),
            ["1:[A \"1\"]\n1. e4\n", "2:{w} 1-0\n", "3:{v"]
        );
    }

    #[test]
    fn binary_data_is_one_item_per_run() {
        let text = b"1. e4\n\n\x00\x01\n\n\x02\x00\n\n[A \"1\"]\n1. d4\n\n\x00";
        assert_eq!(
            split(text, 64, 5),
            [
                "1:1. e4\n",
                "Binary { start: 7, end: 14 }",
                "2:[A \"1\"]\n1. d4\n",
                "Binary { start: 30, end: 31 }"
            ]
        );
    }

    #[test]
    fn binary_data_is_found_after_clean_text_and_in_the_text_a_chunk_keeps() {
        // Control bytes come after reads and chunks of clean text, and sit in the unfinished
        // game a chunk hands on to the next: each is found whatever the read and chunk sizes.
        let clean = |text: &mut Vec<u8>| {
            for n in 0..6 {
                text.extend_from_slice(format!("[A \"{n}\"]\n1. e4 e5\n\n").as_bytes());
            }
        };
        let mut text = Vec::new();
        clean(&mut text);
        text.extend_from_slice(b"[B \"1\"]\n1. d4 d5 2. c4 \x01 e6 3. Nc3 Nf6\n\n");
        clean(&mut text);
        text.extend_from_slice(b"[D \"1\"]\n1. Nf3\r1... Nf6\n\n");
        clean(&mut text);
        text.extend_from_slice(b"[E \"1\"]\n1. g3\x02\n");
        let expected = split(&text, 1 << 20, 1 << 20);
        assert_eq!(expected.len(), 21, "{expected:?}");
        assert!(expected[6].starts_with("Binary"), "{expected:?}");
        assert_eq!(expected[13], "13:[D \"1\"]\n1. Nf3\n1... Nf6\n");
        assert!(expected[20].starts_with("Binary"), "{expected:?}");
        for chunk in 64..200 {
            for step in [1, 7, 1000] {
                assert_eq!(split(&text, chunk, step), expected, "{chunk} {step}");
            }
        }
    }

    #[test]
    fn a_game_too_long_is_skipped_to_the_next_tag_pair_line() {
        let mut text = b"1. e4\n\n{".to_vec();
        text.extend(std::iter::repeat_n(b'x', MAX_GAME_BYTES + 10));
        text.extend_from_slice(b"\n\n[White \"A\"]\n1. d4\n");
        assert_eq!(
            split(&text, 1 << 16, 1 << 16),
            [
                "1:1. e4\n",
                "TooLong { number: 2 }",
                "3:[White \"A\"]\n1. d4\n"
            ]
        );
        // Without a blank line before it; lines that start with `[` but are no tag pairs, and
        // a tag pair line cut by the reads, are no place to resume.
        let mut text = b"{".to_vec();
        text.extend(std::iter::repeat_n(b'x', MAX_GAME_BYTES + 10));
        text.extend_from_slice(b"\n[%clk 0:01:00]}\n[\n[A \"");
        text.extend(std::iter::repeat_n(b'y', 1000));
        text.extend_from_slice(b"\"]\n1. d4\n");
        let games = split(&text, 100, 1 << 16);
        assert_eq!(games.len(), 2);
        assert_eq!(games[0], "TooLong { number: 1 }");
        assert!(games[1].starts_with("2:[A \"yyy") && games[1].ends_with("\"]\n1. d4\n"));
        // All zeros: one run of binary data.
        let zeros = vec![0; MAX_GAME_BYTES * 2];
        assert_eq!(
            split(&zeros, 1 << 16, 1 << 16),
            [format!("Binary {{ start: 0, end: {} }}", zeros.len())]
        );
    }
}
