//! The library's `cli::run` in-process: the answer in each format, a bad input as one error
//! with its status, an unusable table file as a failure. Expected answers are the spec's
//! examples (specs/endgame-solver.md: the seed position at N = 1 and N = 5).

mod common;

use endgame_solver::cli::{Format, Method, Options, run};
use toolkit_cli::{Diagnostics, Input, Status};

fn options(method: Method, format: Format) -> Options {
    Options {
        method,
        format,
        explain: false,
        memory: 16 << 20,
        progress: false,
    }
}

/// Runs `input`: stdout, stderr and the status.
fn solve(input: &[u8], options: &Options) -> (String, String, Status) {
    let (mut out, mut diag) = (Vec::new(), Diagnostics::new(Vec::new()));
    run(Input::from_bytes(input), options, &mut out, &mut diag).expect("writing to memory");
    let status = diag.status();
    let err = String::from_utf8(diag.into_inner()).expect("UTF-8 messages");
    (String::from_utf8(out).expect("UTF-8 answers"), err, status)
}

#[test]
fn the_spec_examples_in_each_method_and_format() {
    let plain = options(Method::Plain, Format::Text);
    let got = solve(b"Kd5 Vf3 c6 Kf7 Vf6\nB\n1\n", &plain);
    assert_eq!(
        got,
        ("H 1-0 Vxf6+, c7D+\n".into(), String::new(), Status::Success)
    );
    let tables = Method::Tables(common::tables_path());
    let got = solve(
        b"Kd5 Vf3 c6 Kf7 Vf6\nB\n5\n",
        &options(tables.clone(), Format::Text),
    );
    assert_eq!(got, ("1-0 c7D+\n".into(), String::new(), Status::Success));
    let (out, _, status) = solve(
        b"Kd5 Vf3 c6 Kf7 Vf6\nB\n5\n",
        &options(tables, Format::Json),
    );
    assert!(out.starts_with("{\"answer\":\"1-0 c7D+\","), "{out}");
    assert_eq!(status, Status::Success);
}

/// Issue 16, defect 2 for a one-record tool: a line that is not text is named, nothing is
/// answered, exit 2.
#[test]
fn issue_16_a_bad_byte_is_one_error_naming_its_line() {
    let got = solve(
        b"Kd5 Vf3 c6 Kf7 Vf6\n\xffB\n1\n",
        &options(Method::Plain, Format::Text),
    );
    let expected = "error: line 2: not UTF-8 text (byte 0xFF at column 1)\n";
    assert_eq!(got, (String::new(), expected.into(), Status::Invalid));
}

#[test]
fn a_table_file_that_cannot_be_made_is_a_failure() {
    let method = Method::Tables("/nonexistent/dir/endgame-solver.tables".into());
    let (out, err, status) = solve(
        b"Kd5 Vf3 c6 Kf7 Vf6\nB\n5\n",
        &options(method, Format::Text),
    );
    assert_eq!(out, "");
    assert!(
        err.starts_with("note: building the endgame tables into "),
        "{err}"
    );
    assert!(
        err.lines()
            .nth(1)
            .is_some_and(|l| l.starts_with("error: table file ")),
        "{err}"
    );
    assert_eq!(status, Status::Failure);
}
