//! `cargo xtask review`: `cargo insta review`, or how to install it.

use crate::cmd::{self, Result};

pub fn run() -> Result {
    if !cmd::available("cargo-insta", "--version") {
        return Err(
            "cargo-insta is not installed; install it with: cargo install cargo-insta --locked"
                .to_owned(),
        );
    }
    cmd::run("cargo", &["insta", "review", "--workspace"], &[])
}
