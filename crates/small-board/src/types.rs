//! The small value types of the board: colours, roles, pieces, files, ranks, squares, and the
//! per-colour / per-role containers.
//!
//! Squares are numbered rank by rank from White's side, files a–g left to right:
//!
//! ```text
//! 7 | 42 43 44 45 46 47 48
//! 6 | 35 36 37 38 39 40 41
//! 5 | 28 29 30 31 32 33 34
//! 4 | 21 22 23 24 25 26 27
//! 3 | 14 15 16 17 18 19 20
//! 2 |  7  8  9 10 11 12 13
//! 1 |  0  1  2  3  4  5  6
//!   +---------------------
//!      a  b  c  d  e  f  g
//! ```

use std::{error::Error, fmt, ops, str::FromStr};

/// A side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Color {
    /// White, who moves up the board (towards rank 7).
    #[default]
    White,
    /// Black, who moves down the board (towards rank 1).
    Black,
}

impl Color {
    /// Both colours, White first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// The other side.
    #[must_use]
    pub const fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// `w` or `b`, as in FEN.
    pub const fn char(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }

    /// Parses `w` or `b`.
    pub const fn from_char(c: char) -> Option<Color> {
        match c {
            'w' => Some(Color::White),
            'b' => Some(Color::Black),
            _ => None,
        }
    }

    /// `B` (bílý, White) or `C` (černý, Black), as Czech problem statements name the side to
    /// move.
    pub const fn czech_char(self) -> char {
        match self {
            Color::White => 'B',
            Color::Black => 'C',
        }
    }

    /// Parses `B` or `C`.
    pub const fn from_czech_char(c: char) -> Option<Color> {
        match c {
            'B' => Some(Color::White),
            'C' => Some(Color::Black),
            _ => None,
        }
    }

    /// Selects `white` or `black`.
    pub fn fold<T>(self, white: T, black: T) -> T {
        match self {
            Color::White => white,
            Color::Black => black,
        }
    }
}

impl ops::Not for Color {
    type Output = Color;
    fn not(self) -> Color {
        self.other()
    }
}

/// A kind of piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Role {
    /// Pawn.
    Pawn = 0,
    /// Knight (Czech jezdec, `J`).
    Knight = 1,
    /// Bishop (Czech střelec, `S`).
    Bishop = 2,
    /// Rook (Czech věž, `V`).
    Rook = 3,
    /// Queen (Czech dáma, `D`).
    Queen = 4,
    /// King (Czech král, `K`).
    King = 5,
}

impl Role {
    /// Every role, pawn first.
    pub const ALL: [Role; 6] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
    ];

    /// The English letter in lower case (`p n b r q k`), as in FEN for Black and in UCI promotions.
    pub const fn char(self) -> char {
        match self {
            Role::Pawn => 'p',
            Role::Knight => 'n',
            Role::Bishop => 'b',
            Role::Rook => 'r',
            Role::Queen => 'q',
            Role::King => 'k',
        }
    }

    /// The English letter in upper case (`P N B R Q K`).
    pub const fn upper_char(self) -> char {
        self.char().to_ascii_uppercase()
    }

    /// The Czech letter (`P`, `J`, `S`, `V`, `D`, `K`; SAN writes no letter for a pawn).
    pub const fn czech_char(self) -> char {
        match self {
            Role::Pawn => 'P',
            Role::Knight => 'J',
            Role::Bishop => 'S',
            Role::Rook => 'V',
            Role::Queen => 'D',
            Role::King => 'K',
        }
    }

    /// Parses an English letter in either case.
    pub const fn from_char(c: char) -> Option<Role> {
        match c.to_ascii_lowercase() {
            'p' => Some(Role::Pawn),
            'n' => Some(Role::Knight),
            'b' => Some(Role::Bishop),
            'r' => Some(Role::Rook),
            'q' => Some(Role::Queen),
            'k' => Some(Role::King),
            _ => None,
        }
    }

    /// Parses a Czech letter (upper case: `P J S V D K`).
    pub const fn from_czech_char(c: char) -> Option<Role> {
        match c {
            'P' => Some(Role::Pawn),
            'J' => Some(Role::Knight),
            'S' => Some(Role::Bishop),
            'V' => Some(Role::Rook),
            'D' => Some(Role::Queen),
            'K' => Some(Role::King),
            _ => None,
        }
    }

    /// The role's index `0..6` (pawn 0 … king 5).
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The piece of this role and `color` (shakmaty's `Role::of`).
    pub const fn of(self, color: Color) -> Piece {
        Piece { color, role: self }
    }
}

/// A piece: a role of a colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Piece {
    /// Whose piece.
    pub color: Color,
    /// What piece.
    pub role: Role,
}

impl Piece {
    /// The FEN letter: upper case for White, lower case for Black.
    pub const fn char(self) -> char {
        match self.color {
            Color::White => self.role.upper_char(),
            Color::Black => self.role.char(),
        }
    }

    /// Parses a FEN letter.
    pub const fn from_char(c: char) -> Option<Piece> {
        match Role::from_char(c) {
            Some(role) => Some(Piece {
                color: if c.is_ascii_uppercase() {
                    Color::White
                } else {
                    Color::Black
                },
                role,
            }),
            None => None,
        }
    }
}

macro_rules! coordinate {
    ($(#[$doc:meta])* $name:ident, $first:literal, [$($variant:ident),*]) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        #[repr(u8)]
        pub enum $name {
            $(
                #[allow(missing_docs)]
                $variant,
            )*
        }

        impl $name {
            /// All seven, in board order.
            pub const ALL: [$name; 7] = [$($name::$variant),*];

            /// The index `0..7`.
            pub const fn index(self) -> u32 {
                self as u32
            }

            /// The coordinate with this index, if it is below 7.
            pub const fn new(index: u32) -> Option<$name> {
                if index < 7 {
                    Some(Self::ALL[index as usize])
                } else {
                    None
                }
            }

            /// The character naming it.
            pub const fn char(self) -> char {
                ($first as u32 as u8 + self as u8) as char
            }

            /// Parses the character naming it.
            pub const fn from_char(c: char) -> Option<$name> {
                let first = $first as u32;
                if (c as u32) < first {
                    return None;
                }
                Self::new(c as u32 - first)
            }

            /// The coordinate `delta` steps further, if it is on the board.
            pub const fn offset(self, delta: i32) -> Option<$name> {
                let i = self as i32 + delta;
                if i < 0 { None } else { Self::new(i as u32) }
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "{}", self.char())
            }
        }
    };
}

coordinate!(
    /// A file, `a` to `g`.
    File, 'a', [A, B, C, D, E, F, G]
);
coordinate!(
    /// A rank, `1` to `7` (`First` is White's back rank).
    Rank, '1', [First, Second, Third, Fourth, Fifth, Sixth, Seventh]
);

impl Rank {
    /// The rank as seen from `color`'s side (`relative_to(White)` is the identity).
    #[must_use]
    pub const fn relative_to(self, color: Color) -> Rank {
        match color {
            Color::White => self,
            Color::Black => Rank::ALL[6 - self as usize],
        }
    }
}

/// One of the 49 squares, `a1` = 0, `b1` = 1, …, `g1` = 6, `a2` = 7, …, `g7` = 48.
///
/// # Examples
///
/// ```
/// use small_board::{File, Rank, Square};
///
/// let sq: Square = "c6".parse()?;
/// assert_eq!(sq, Square::C6);
/// assert_eq!(sq.index(), 37);
/// assert_eq!((sq.file(), sq.rank()), (File::C, Rank::Sixth));
/// assert_eq!(sq.to_string(), "c6");
/// assert!("h1".parse::<Square>().is_err());
/// # Ok::<_, small_board::ParseSquareError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(u8);

macro_rules! square_consts {
    ($($name:ident = $i:literal),* $(,)?) => {
        impl Square {
            $(
                #[allow(missing_docs)]
                pub const $name: Square = Square($i);
            )*
        }
    };
}

square_consts!(
    A1 = 0,
    B1 = 1,
    C1 = 2,
    D1 = 3,
    E1 = 4,
    F1 = 5,
    G1 = 6,
    A2 = 7,
    B2 = 8,
    C2 = 9,
    D2 = 10,
    E2 = 11,
    F2 = 12,
    G2 = 13,
    A3 = 14,
    B3 = 15,
    C3 = 16,
    D3 = 17,
    E3 = 18,
    F3 = 19,
    G3 = 20,
    A4 = 21,
    B4 = 22,
    C4 = 23,
    D4 = 24,
    E4 = 25,
    F4 = 26,
    G4 = 27,
    A5 = 28,
    B5 = 29,
    C5 = 30,
    D5 = 31,
    E5 = 32,
    F5 = 33,
    G5 = 34,
    A6 = 35,
    B6 = 36,
    C6 = 37,
    D6 = 38,
    E6 = 39,
    F6 = 40,
    G6 = 41,
    A7 = 42,
    B7 = 43,
    C7 = 44,
    D7 = 45,
    E7 = 46,
    F7 = 47,
    G7 = 48,
);

impl Square {
    /// How many squares the board has.
    pub const COUNT: usize = 49;

    /// The square with this index, if it is below 49.
    pub const fn new(index: u32) -> Option<Square> {
        if index < 49 {
            Some(Square(index as u8))
        } else {
            None
        }
    }

    /// The square on `file` and `rank`.
    pub const fn from_coords(file: File, rank: Rank) -> Square {
        Square(rank as u8 * 7 + file as u8)
    }

    /// The index `0..49`.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The file.
    pub const fn file(self) -> File {
        File::ALL[(self.0 % 7) as usize]
    }

    /// The rank.
    pub const fn rank(self) -> Rank {
        Rank::ALL[(self.0 / 7) as usize]
    }

    /// The square `files` to the right and `ranks` up, if it is on the board.
    pub const fn offset(self, files: i32, ranks: i32) -> Option<Square> {
        match (self.file().offset(files), self.rank().offset(ranks)) {
            (Some(f), Some(r)) => Some(Square::from_coords(f, r)),
            _ => None,
        }
    }

    /// Every square, `a1` first.
    pub fn all() -> impl DoubleEndedIterator<Item = Square> + ExactSizeIterator {
        (0..49u8).map(Square)
    }

    /// Chebyshev distance (king steps) between two squares.
    pub const fn distance(self, other: Square) -> u32 {
        let df = self.file().index().abs_diff(other.file().index());
        let dr = self.rank().index().abs_diff(other.rank().index());
        if df > dr { df } else { dr }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file().char(), self.rank().char())
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// A square name that is not `a1`..`g7`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseSquareError {
    /// The text as given.
    pub input: String,
}

impl ParseSquareError {
    /// Whether the text names a square of a larger board, a file letter and a rank number
    /// (`h3`, `a8`, `c0`, `z99`), rather than being no square name at all (`c`, `3c`, `c05`).
    ///
    /// # Examples
    ///
    /// ```
    /// use small_board::Square;
    ///
    /// assert!("h3".parse::<Square>().unwrap_err().is_off_board());
    /// assert!(!"c05".parse::<Square>().unwrap_err().is_off_board());
    /// ```
    pub fn is_off_board(&self) -> bool {
        let bytes = self.input.as_bytes();
        match bytes {
            [file, rank @ ..] if file.is_ascii_lowercase() && !rank.is_empty() => {
                rank.iter().all(u8::is_ascii_digit) && (rank == b"0" || rank[0] != b'0')
            }
            _ => false,
        }
    }
}

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{:?} is not a square of the 7x7 board (expected a file a-g and a rank 1-7, like c6)",
            self.input
        )
    }
}

impl Error for ParseSquareError {}

impl FromStr for Square {
    type Err = ParseSquareError;

    /// Parses `a1`..`g7` (lower-case file, then rank).
    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        let mut chars = s.chars();
        let parsed = match (chars.next(), chars.next(), chars.next()) {
            (Some(f), Some(r), None) => File::from_char(f)
                .zip(Rank::from_char(r))
                .map(|(f, r)| Square::from_coords(f, r)),
            _ => None,
        };
        parsed.ok_or_else(|| ParseSquareError {
            input: s.to_owned(),
        })
    }
}

/// One value per colour.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ByColor<T> {
    /// White's value.
    pub white: T,
    /// Black's value.
    pub black: T,
}

impl<T> ByColor<T> {
    /// The value for `color`.
    pub const fn get(&self, color: Color) -> &T {
        match color {
            Color::White => &self.white,
            Color::Black => &self.black,
        }
    }

    /// The value for `color`, mutably.
    pub const fn get_mut(&mut self, color: Color) -> &mut T {
        match color {
            Color::White => &mut self.white,
            Color::Black => &mut self.black,
        }
    }
}

/// One value per role, indexed by [`Role`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ByRole<T>(pub [T; 6]);

impl<T> ByRole<T> {
    /// The value for `role`.
    pub const fn get(&self, role: Role) -> &T {
        &self.0[role as usize]
    }

    /// The value for `role`, mutably.
    pub const fn get_mut(&mut self, role: Role) -> &mut T {
        &mut self.0[role as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_numbering() {
        assert_eq!(Square::A1.index(), 0);
        assert_eq!(Square::B1.index(), 1);
        assert_eq!(Square::G7.index(), 48);
        assert_eq!(Square::C6.to_string(), "c6");
        assert_eq!("c6".parse::<Square>(), Ok(Square::C6));
        assert!("h1".parse::<Square>().is_err());
        assert!("a8".parse::<Square>().is_err());
        assert!("a".parse::<Square>().is_err());
        for sq in Square::all() {
            assert_eq!(sq.to_string().parse::<Square>(), Ok(sq));
            assert_eq!(Square::from_coords(sq.file(), sq.rank()), sq);
        }
    }

    #[test]
    fn off_board_names_are_told_from_malformed_ones() {
        for text in ["h1", "a8", "a0", "c0", "z99", "a99999999999999999999999"] {
            let err = text.parse::<Square>().unwrap_err();
            assert!(err.is_off_board(), "{text}");
        }
        for text in ["", "a", "3c", "c05", "c00", "C3", "c3x", "é3", "c-1"] {
            let err = text.parse::<Square>().unwrap_err();
            assert!(!err.is_off_board(), "{text}");
        }
    }

    #[test]
    fn czech_colour_letters() {
        for color in Color::ALL {
            assert_eq!(Color::from_czech_char(color.czech_char()), Some(color));
        }
        assert_eq!(Color::White.czech_char(), 'B');
        assert_eq!(Color::from_czech_char('W'), None);
    }

    #[test]
    fn relative_ranks() {
        assert_eq!(Rank::Seventh.relative_to(Color::Black), Rank::First);
        assert_eq!(Rank::Second.relative_to(Color::Black), Rank::Sixth);
    }
}
