//! FEN placement fields (`rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR`) and full FENs: read with
//! errors that name the rank and the character at fault, and written.
//!
//! Ranks are named as on the board: the first `/`-separated group is rank 8, the last rank 1.
//!
//! Batch tools read and write millions of placements a second (atomic), so both directions are
//! table-driven and allocate nothing: [`parse_placement`] first runs a branch-free reader that
//! accepts exactly the valid fields, and only when it refuses one does the precise reader run
//! to say why; [`write_placement`] and [`write_fen`] append to a byte buffer.
//!
//! The clocks of a full FEN are whole numbers up to 4294967295 (`u32`); a larger or malformed one
//! is an error, never clamped. A fullmove number of 0, which some programs write, is read as 1
//! (as python-chess and shakmaty read it).

use std::{error::Error, fmt, io::Write as _, num::NonZeroU32};

use shakmaty::{
    Bitboard, Board, ByColor, ByRole, File, Piece, Rank, Role, Setup, Square, fen::Fen,
};
use toolkit_cli::Quoted;

/// Why a placement field could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParsePlacementError {
    /// Nothing to parse.
    Empty,
    /// The field does not have exactly 8 `/`-separated ranks.
    RankCount(usize),
    /// A rank (named 1..=8) does not describe exactly 8 squares.
    SquareCount {
        /// The rank, 1..=8.
        rank: u32,
        /// How many squares it describes.
        squares: u32,
    },
    /// A character that is neither a piece letter nor a digit 1–8.
    UnexpectedChar {
        /// The character.
        ch: char,
        /// The rank, 1..=8.
        rank: u32,
    },
}

impl fmt::Display for ParsePlacementError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ParsePlacementError::Empty => f.write_str("FEN placement is empty"),
            ParsePlacementError::RankCount(1) => f.write_str("FEN has 1 rank, expected 8"),
            ParsePlacementError::RankCount(n) => write!(f, "FEN has {n} ranks, expected 8"),
            ParsePlacementError::SquareCount { rank, squares } => {
                write!(f, "FEN rank {rank} has {squares} squares, expected 8")
            }
            ParsePlacementError::UnexpectedChar { ch, rank } => {
                write!(f, "unexpected character {ch:?} in rank {rank}")
            }
        }
    }
}

impl Error for ParsePlacementError {}

/// Parses a FEN placement field into a board.
///
/// Digits `1`–`8` stand for empty squares (consecutive digits add up); `PNBRQK` are White's pieces,
/// `pnbrqk` Black's. The board is not judged: any number of kings, pawns on the back rank and so on
/// are fine.
///
/// # Errors
///
/// [`ParsePlacementError`] when the field is empty, has other than 8 ranks, a rank other than 8
/// squares, or a character that is not a piece letter or a digit 1–8.
///
/// # Examples
///
/// ```
/// use chess_core::placement::parse_placement;
///
/// let err = parse_placement("rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR").unwrap_err();
/// assert_eq!(err.to_string(), "unexpected character '9' in rank 6");
/// ```
pub fn parse_placement(field: &str) -> Result<Board, ParsePlacementError> {
    match read_fast(field.as_bytes()) {
        Some(board) => Ok(board),
        None => read_precise(field),
    }
}

/// The longest valid placement field: 64 piece letters and 7 slashes.
const MAX_PLACEMENT_BYTES: usize = 64 + 7;

/// Reads a placement field without allocating; `None` for anything [`read_precise`] refuses
/// (the unit tests and `tests/placement_fuzz.rs` check that they agree).
fn read_fast(field: &[u8]) -> Option<Board> {
    if field.len() > MAX_PLACEMENT_BYTES {
        return None;
    }
    // Branch-free over the bytes: `pos` counts squares in reading order (a8 = 0 .. h1 = 63, the
    // square is `pos ^ 56`); each `/` must come exactly after 8 more squares; any other byte
    // that is not a piece letter or a digit 1-8 marks the field bad.
    let mut pieces = [0u64; 13];
    let mut pos = 0u32;
    let mut ranks_end = 8u32;
    let mut bad = false;
    for &byte in field {
        let class = CLASS[usize::from(byte)];
        pieces[usize::from(class.piece)] |= 1 << ((pos ^ 56) & 63);
        pos += u32::from(class.advance);
        bad |= class.invalid | (class.slash & (pos != ranks_end));
        ranks_end += 8 * u32::from(class.slash);
    }
    if bad || pos != 64 || ranks_end != 64 {
        return None;
    }
    let by_role = ByRole::new_with(|role| {
        let i = usize::from(role as u8) - 1;
        Bitboard(pieces[i] | pieces[i + 6])
    });
    let white = pieces[..6].iter().fold(0, |all, bb| all | bb);
    let black = pieces[6..12].iter().fold(0, |all, bb| all | bb);
    Board::try_from_bitboards(
        by_role,
        ByColor {
            white: Bitboard(white),
            black: Bitboard(black),
        },
    )
    .ok()
}

/// What one byte of a placement field does.
#[derive(Clone, Copy)]
struct ByteClass {
    /// Piece index (`PNBRQK` = 0..6, `pnbrqk` = 6..12), or 12 (a scratch slot) for the rest.
    piece: u8,
    /// Squares it covers: 1 for a piece, the digit's value, 0 otherwise.
    advance: u8,
    /// Whether it is `/`.
    slash: bool,
    /// Whether it is none of piece letter, digit 1-8 or `/`.
    invalid: bool,
}

/// [`ByteClass`] of every byte.
static CLASS: [ByteClass; 256] = {
    let mut class = [ByteClass {
        piece: 12,
        advance: 0,
        slash: false,
        invalid: true,
    }; 256];
    let mut digit = 1;
    while digit <= 8 {
        class[(b'0' + digit) as usize] = ByteClass {
            piece: 12,
            advance: digit,
            slash: false,
            invalid: false,
        };
        digit += 1;
    }
    class[b'/' as usize] = ByteClass {
        piece: 12,
        advance: 0,
        slash: true,
        invalid: false,
    };
    let letters = *b"PNBRQKpnbrqk";
    let mut i = 0;
    while i < 12 {
        class[letters[i] as usize] = ByteClass {
            piece: i as u8,
            advance: 1,
            slash: false,
            invalid: false,
        };
        i += 1;
    }
    class
};

/// Reads a placement field character by character, saying exactly what is wrong.
fn read_precise(field: &str) -> Result<Board, ParsePlacementError> {
    if field.is_empty() {
        return Err(ParsePlacementError::Empty);
    }
    let ranks: Vec<&str> = field.split('/').collect();
    if ranks.len() != 8 {
        return Err(ParsePlacementError::RankCount(ranks.len()));
    }
    let mut board = Board::empty();
    for (row, text) in ranks.iter().enumerate() {
        let rank_number = 8 - row as u32;
        let rank = Rank::new(rank_number - 1);
        let mut squares = 0u32;
        for ch in text.chars() {
            if let Some(d) = ch.to_digit(10).filter(|d| (1..=8).contains(d)) {
                squares = squares.saturating_add(d);
            } else if let Some(piece) = Piece::from_char(ch) {
                if squares < 8 {
                    board.set_piece_at(Square::from_coords(File::new(squares), rank), piece);
                }
                squares = squares.saturating_add(1);
            } else {
                return Err(ParsePlacementError::UnexpectedChar {
                    ch,
                    rank: rank_number,
                });
            }
        }
        if squares != 8 {
            return Err(ParsePlacementError::SquareCount {
                rank: rank_number,
                squares,
            });
        }
    }
    Ok(board)
}

/// Appends the placement field of `board` (ranks 8 to 1) to `out`.
///
/// # Examples
///
/// ```
/// use chess_core::placement::write_placement;
/// use shakmaty::Board;
///
/// let mut out = Vec::new();
/// write_placement(&Board::new(), &mut out);
/// assert_eq!(out, b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR");
/// ```
pub fn write_placement(board: &Board, out: &mut Vec<u8>) {
    // The FEN letter of each square (a1 = 0 .. h8 = 63), followed by the digits 1-8, so that a
    // rank template's tokens index into one array.
    let mut cells = [0u8; 72];
    cells[64..].copy_from_slice(b"12345678");
    let white = board.white().0;
    for role in Role::ALL {
        let lower = role.char() as u8;
        for square in board.by_role(role) {
            let is_white = ((white >> u32::from(square)) & 1) as u8;
            cells[usize::from(square)] = lower - 0x20 * is_white;
        }
    }
    // 8 ranks of at most 8 characters, 7 slashes, and slack for the last template's tail.
    let mut text = [0u8; 80];
    let mut len = 0;
    let occupied = board.occupied().0;
    for rank in (0..8usize).rev() {
        let template = &RANK_TEMPLATES[((occupied >> (rank * 8)) & 0xff) as usize];
        for (i, &token) in template.tokens.iter().enumerate() {
            let index = if token < 8 {
                rank * 8 + usize::from(token)
            } else {
                56 + usize::from(token)
            };
            text[len + i] = cells[index];
        }
        len += usize::from(template.len);
        text[len] = b'/';
        len += 1;
    }
    out.extend_from_slice(&text[..len - 1]);
}

/// How to write one rank with a given occupancy (bit `f` = file `f` occupied): `len` tokens,
/// each a file (0..8, its piece's letter) or 8 + (n - 1) for the digit n.
#[derive(Clone, Copy)]
struct RankTemplate {
    len: u8,
    tokens: [u8; 8],
}

/// [`RankTemplate`] of every occupancy.
static RANK_TEMPLATES: [RankTemplate; 256] = {
    let mut templates = [RankTemplate {
        len: 0,
        tokens: [0; 8],
    }; 256];
    let mut occupancy = 0;
    while occupancy < 256 {
        let mut template = RankTemplate {
            len: 0,
            tokens: [0; 8],
        };
        let mut empty = 0u8;
        let mut file = 0u8;
        while file < 8 {
            if occupancy & (1 << file) == 0 {
                empty += 1;
            } else {
                if empty > 0 {
                    template.tokens[template.len as usize] = 8 + empty - 1;
                    template.len += 1;
                    empty = 0;
                }
                template.tokens[template.len as usize] = file;
                template.len += 1;
            }
            file += 1;
        }
        if empty > 0 {
            template.tokens[template.len as usize] = 8 + empty - 1;
            template.len += 1;
        }
        templates[occupancy] = template;
        occupancy += 1;
    }
    templates
};

/// Appends the full FEN of `setup`: placement, side to move, castling rights as `KQkq` (rights
/// on the corner squares; standard chess has no others), en passant square, clocks.
///
/// # Examples
///
/// ```
/// use chess_core::placement::write_fen;
/// use shakmaty::{Chess, Position};
///
/// let mut out = Vec::new();
/// write_fen(&Chess::default().to_setup(shakmaty::EnPassantMode::Legal), &mut out);
/// assert_eq!(out, b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
/// ```
pub fn write_fen(setup: &Setup, out: &mut Vec<u8>) {
    write_placement(&setup.board, out);
    out.push(b' ');
    out.push(if setup.turn.is_white() { b'w' } else { b'b' });
    out.push(b' ');
    let rights = setup.castling_rights;
    let letters = [
        (Square::H1, b'K'),
        (Square::A1, b'Q'),
        (Square::H8, b'k'),
        (Square::A8, b'q'),
    ];
    let mut any = false;
    for (square, letter) in letters {
        if rights.contains(square) {
            out.push(letter);
            any = true;
        }
    }
    if !any {
        out.push(b'-');
    }
    out.push(b' ');
    match setup.ep_square {
        Some(square) => {
            let _ = write!(out, "{square}");
        }
        None => out.push(b'-'),
    }
    let _ = write!(out, " {} {}", setup.halfmoves, setup.fullmoves);
}

/// Why a FEN (or a bare placement) could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseFenError {
    /// The placement field is malformed.
    Placement(ParsePlacementError),
    /// The side to move, castling or en passant field is malformed.
    Fields {
        /// The fields as given, after the placement.
        fields: String,
        /// shakmaty's description of the problem.
        source: shakmaty::fen::ParseFenError,
    },
    /// A clock is not a whole number from 0 to 4294967295.
    Clock {
        /// Which clock.
        clock: Clock,
        /// The field as given.
        text: String,
    },
    /// More than the six fields of a FEN.
    FieldCount(usize),
}

/// The two counters at the end of a FEN.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Clock {
    /// Plies since the last capture or pawn move (the fifth field).
    Halfmove,
    /// The move number (the sixth field).
    Fullmove,
}

impl fmt::Display for Clock {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Clock::Halfmove => "halfmove clock",
            Clock::Fullmove => "fullmove number",
        })
    }
}

impl fmt::Display for ParseFenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseFenError::Placement(err) => err.fmt(f),
            ParseFenError::Fields { fields, source } => {
                let what = source.to_string();
                let what = what.strip_suffix(" in fen").unwrap_or(&what);
                write!(f, "FEN fields {}: {what}", Quoted(fields))
            }
            ParseFenError::Clock { clock, text } => write!(
                f,
                "FEN {clock} {} is not a whole number from 0 to {}",
                Quoted(text),
                u32::MAX
            ),
            ParseFenError::FieldCount(n) => write!(f, "FEN has {n} fields, expected at most 6"),
        }
    }
}

impl Error for ParseFenError {
    fn source(&self) -> Option<&(dyn Error + 'static)> {
        match self {
            ParseFenError::Placement(err) => Some(err),
            ParseFenError::Fields { source, .. } => Some(source),
            ParseFenError::Clock { .. } | ParseFenError::FieldCount(_) => None,
        }
    }
}

impl From<ParsePlacementError> for ParseFenError {
    fn from(err: ParsePlacementError) -> Self {
        ParseFenError::Placement(err)
    }
}

/// A placement field alone, or a full FEN with the fields after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParsedFen {
    /// Only the placement was given; side to move, castling and en passant are unknown.
    Placement(Board),
    /// A full FEN (missing trailing fields take their defaults).
    Full(Setup),
}

impl ParsedFen {
    /// The board, whichever form was given.
    pub fn board(&self) -> &Board {
        match self {
            ParsedFen::Placement(board) => board,
            ParsedFen::Full(setup) => &setup.board,
        }
    }

    /// Consumes the value and returns its board.
    pub fn into_board(self) -> Board {
        match self {
            ParsedFen::Placement(board) => board,
            ParsedFen::Full(setup) => setup.board,
        }
    }
}

/// Parses a placement field, or a full FEN when the text has fields after the placement.
///
/// Leading and trailing whitespace is ignored; fields are separated by whitespace.
///
/// # Errors
///
/// [`ParseFenError::Placement`] for a malformed placement, [`ParseFenError::Fields`] when the
/// side to move, castling or en passant field is malformed, [`ParseFenError::Clock`] for a clock
/// that is not a whole number up to 4294967295, [`ParseFenError::FieldCount`] after six fields.
///
/// # Examples
///
/// ```
/// use chess_core::placement::{ParsedFen, parse_fen};
/// use shakmaty::Color;
///
/// let ParsedFen::Full(setup) = parse_fen("8/8/8/4k3/8/8/8/4K3 b - - 0 1")? else { panic!() };
/// assert_eq!(setup.turn, Color::Black);
/// # Ok::<_, chess_core::placement::ParseFenError>(())
/// ```
pub fn parse_fen(text: &str) -> Result<ParsedFen, ParseFenError> {
    let text = text.trim();
    let (field, rest) = match text.split_once(char::is_whitespace) {
        Some((field, rest)) => (field, rest.trim_start()),
        None => (text, ""),
    };
    let board = parse_placement(field)?;
    if rest.is_empty() {
        return Ok(ParsedFen::Placement(board));
    }
    let fields: Vec<&str> = rest.split_whitespace().collect();
    // shakmaty reads the side to move, castling and en passant; the clocks are read here, since
    // shakmaty clamps them (a huge halfmove clock to 4294967295, a fullmove number 0 to 1).
    let (context, clocks) = fields.split_at(fields.len().min(3));
    let fen = Fen::from_ascii(format!("8/8/8/8/8/8/8/8 {}", context.join(" ")).as_bytes())
        .map_err(|source| ParseFenError::Fields {
            fields: rest.to_owned(),
            source,
        })?;
    let mut setup = fen.into_setup();
    setup.board = board;
    if let Some(text) = clocks.first() {
        setup.halfmoves = parse_clock(Clock::Halfmove, text)?;
    }
    if let Some(text) = clocks.get(1) {
        let number = parse_clock(Clock::Fullmove, text)?;
        setup.fullmoves = NonZeroU32::new(number).unwrap_or(NonZeroU32::MIN);
    }
    if fields.len() > 5 {
        return Err(ParseFenError::FieldCount(fields.len() + 1));
    }
    Ok(ParsedFen::Full(setup))
}

/// A clock field: decimal digits only, at most `u32::MAX`.
fn parse_clock(clock: Clock, text: &str) -> Result<u32, ParseFenError> {
    text.bytes()
        .all(|b| b.is_ascii_digit())
        .then(|| text.parse().ok())
        .flatten()
        .ok_or_else(|| ParseFenError::Clock {
            clock,
            text: text.to_owned(),
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(field: &str) -> String {
        match parse_placement(field) {
            Ok(board) => panic!("{field:?} parsed as {board:?}"),
            Err(e) => e.to_string(),
        }
    }

    #[test]
    fn start_position() {
        assert_eq!(
            parse_placement("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"),
            Ok(Board::new())
        );
    }

    #[test]
    fn every_error_message() {
        assert_eq!(err(""), "FEN placement is empty");
        assert_eq!(
            err("rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR"),
            "FEN has 7 ranks, expected 8"
        );
        assert_eq!(err("8"), "FEN has 1 rank, expected 8");
        assert_eq!(
            err("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/8"),
            "FEN has 9 ranks, expected 8"
        );
        assert_eq!(
            err("rnbqkbnr/pppppppp/8p/8/8/8/PPPPPPPP/RNBQKBNR"),
            "FEN rank 6 has 9 squares, expected 8"
        );
        assert_eq!(
            err("rnbqkbnr/pppppppp/8/8/8/7/PPPPPPPP/RNBQKBNR"),
            "FEN rank 3 has 7 squares, expected 8"
        );
        assert_eq!(
            err("rnbqkbnr/pppppppp/8/8/8/x7/PPPPPPPP/RNBQKBNR"),
            "unexpected character 'x' in rank 3"
        );
        assert_eq!(
            err("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN0"),
            "unexpected character '0' in rank 1"
        );
        assert_eq!(
            err("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq"),
            "unexpected character ' ' in rank 1"
        );
    }

    #[test]
    fn digits_add_up() {
        assert_eq!(
            parse_placement("44/8/8/8/8/8/8/8"),
            parse_placement("8/8/8/8/8/8/8/8")
        );
    }

    #[test]
    fn full_fen_keeps_fields() {
        let parsed =
            parse_fen(" rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1 ").unwrap();
        let ParsedFen::Full(setup) = parsed else {
            panic!("expected a full FEN")
        };
        assert_eq!(setup.ep_square, Some(Square::E3));
        assert_eq!(setup.turn, shakmaty::Color::Black);
        assert_eq!(
            setup.board.piece_at(Square::E4),
            Some(Piece::from_char('P').unwrap())
        );
    }

    #[test]
    fn bad_fields_are_named() {
        assert_eq!(
            parse_fen("8/8/8/8/8/8/8/8 x").unwrap_err().to_string(),
            "FEN fields \"x\": invalid turn part"
        );
    }

    #[test]
    fn clocks_are_read_exactly_or_refused() {
        let setup = |fen: &str| match parse_fen(fen) {
            Ok(ParsedFen::Full(setup)) => (setup.halfmoves, setup.fullmoves.get()),
            other => panic!("{fen}: {other:?}"),
        };
        let err = |fen: &str| parse_fen(fen).unwrap_err().to_string();
        assert_eq!(
            setup("8/8/8/8/8/8/8/8 w - - 4294967295 4294967295"),
            (u32::MAX, u32::MAX)
        );
        assert_eq!(setup("8/8/8/8/8/8/8/8 b - - 7"), (7, 1));
        assert_eq!(setup("8/8/8/8/8/8/8/8 w - - 0 0"), (0, 1));
        assert_eq!(
            err("8/8/8/8/8/8/8/8 w - - 4294967296 1"),
            "FEN halfmove clock \"4294967296\" is not a whole number from 0 to 4294967295"
        );
        assert_eq!(
            err("8/8/8/8/8/8/8/8 w - - 0 99999999999999999999999"),
            "FEN fullmove number \"99999999999999999999999\" is not a whole number from 0 to 4294967295"
        );
        assert_eq!(
            err("8/8/8/8/8/8/8/8 w - - -1 1"),
            "FEN halfmove clock \"-1\" is not a whole number from 0 to 4294967295"
        );
        assert_eq!(
            err("8/8/8/8/8/8/8/8 w - - +3+3 0 1"),
            "FEN halfmove clock \"+3+3\" is not a whole number from 0 to 4294967295"
        );
        assert_eq!(
            err("8/8/8/8/8/8/8/8 w - - 0 1 +3+3"),
            "FEN has 7 fields, expected at most 6"
        );
        let long = "9".repeat(10_000);
        assert_eq!(
            err(&format!("8/8/8/8/8/8/8/8 w - - {long} 1")),
            format!(
                "FEN halfmove clock \"{}...\" is not a whole number from 0 to 4294967295",
                "9".repeat(60)
            )
        );
    }

    #[test]
    fn fast_reader_agrees_with_the_precise_one() {
        for field in [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
            "44/8/8/8/8/8/8/8",
            "11111111/8/8/8/8/8/8/8",
            "8/8/8/8/8/8/8/8/8",
            "8/8/8/8/8/8/8",
            "8/8/8/8/8/8/8/",
            "/8/8/8/8/8/8/8",
            "9/8/8/8/8/8/8/8",
            "p7p/8/8/8/8/8/8/8",
            "7/9/8/8/8/8/8/8",
            "",
            "0/8/8/8/8/8/8/8",
            "8/8/8/8/8/8/8/8 ",
            "8/8/8/8/8/8/8/7\u{e9}",
        ] {
            assert_eq!(
                read_fast(field.as_bytes()),
                read_precise(field).ok(),
                "{field:?}"
            );
        }
        let long = format!("{}8/8/8/8/8/8/8", "1".repeat(10_000));
        assert_eq!(read_fast(long.as_bytes()), None);
        assert!(read_precise(&long).is_err());
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(2000))]

        /// The two readers agree on placement-like text (the fast one must accept exactly the
        /// fields the precise one does, with the same board).
        #[test]
        fn fast_and_precise_readers_agree(text in "[pnbrqkPNBRQK0-9/x ,]{0,80}|([pnbrqkPNBRQK1-8]{1,8}/){7}[pnbrqkPNBRQK1-8]{1,8}") {
            proptest::prop_assert_eq!(read_fast(text.as_bytes()), read_precise(&text).ok());
        }
    }

    #[test]
    fn placement_round_trips() {
        for field in [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
            "3r4/Q1n5/PPp3PP/4p3/4K3/2k1N3/p1p2R2/q7",
            "8/8/8/8/8/8/8/8",
        ] {
            let board = parse_placement(field).unwrap();
            assert_eq!(board.board_fen().to_string(), field);
        }
    }
}
