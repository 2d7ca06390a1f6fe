//! The English names of the colours, as messages (`White`) and JSON fields (`"white"`) spell
//! them: one home for every tool over shakmaty.

use shakmaty::Color;

/// `White` or `Black`, as a message names the side.
///
/// # Examples
///
/// ```
/// use chess_core::names::color_name;
/// use shakmaty::Color;
///
/// assert_eq!(format!("{} to move", color_name(Color::Black)), "Black to move");
/// ```
pub const fn color_name(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// `white` or `black`, as JSON writes the side.
pub const fn color_key(color: Color) -> &'static str {
    match color {
        Color::White => "white",
        Color::Black => "black",
    }
}
