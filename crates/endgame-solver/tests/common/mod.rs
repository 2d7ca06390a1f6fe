//! Test support: the endgame tables, built once per target directory and shared by every test
//! binary (the fixtures run the binary, which finds them through `ENDGAME_SOLVER_TABLES`, set
//! for cargo runs in `.cargo/config.toml`).

#![allow(dead_code)]

use std::{
    path::PathBuf,
    sync::{Mutex, OnceLock},
};

use endgame_solver::tables::{self, Tables};
use small_board::{Color, Piece, Role};

/// The task's pieces, for building materials.
pub const WK: Piece = Role::King.of(Color::White);
pub const WR: Piece = Role::Rook.of(Color::White);
pub const WP: Piece = Role::Pawn.of(Color::White);
pub const BK: Piece = Role::King.of(Color::Black);
pub const BR: Piece = Role::Rook.of(Color::Black);

/// The table file, built on first use (about two minutes) where the tool itself looks for it.
pub fn tables_path() -> PathBuf {
    static PATH: OnceLock<PathBuf> = OnceLock::new();
    static BUILD: Mutex<()> = Mutex::new(());
    PATH.get_or_init(|| {
        let _guard = BUILD.lock().unwrap_or_else(|e| e.into_inner());
        let path = std::env::var_os(tables::ENV_VAR).map_or_else(
            || PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(tables::FILE_NAME),
            PathBuf::from,
        );
        if Tables::open(&path).is_err() {
            if let Some(dir) = path.parent() {
                std::fs::create_dir_all(dir).expect("cannot create the tables' directory");
            }
            tables::build(&path, |_, _| {}).expect("cannot build the tables");
        }
        path
    })
    .clone()
}

/// The tables, opened (each caller gets its own reader).
pub fn tables() -> Tables {
    Tables::open(&tables_path()).expect("the tables just built open")
}
