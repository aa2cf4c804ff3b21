//! Helpers shared by the command line's end-to-end tests.

// Each test binary compiles this module and uses only some of it.
#![allow(dead_code)]

use assert_cmd::Command;

pub fn diplo() -> Command {
    Command::cargo_bin("diplo").expect("the diplo binary is built")
}

/// Writes a file under the test scratch directory and returns its path.
pub fn write_temp(name: &str, text: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(&path, text).expect("scratch file written");
    path.to_str().expect("utf-8 path").to_string()
}

/// Runs `diplo args` with `stdin`, expects `code`, and returns (stdout, stderr).
pub fn run_stdin(args: &[&str], stdin: &str, code: i32) -> (String, String) {
    let output = diplo()
        .args(args)
        .write_stdin(stdin)
        .output()
        .expect("diplo runs");
    let stdout = String::from_utf8(output.stdout).expect("utf-8 stdout");
    let stderr = String::from_utf8(output.stderr).expect("utf-8 stderr");
    assert_eq!(
        output.status.code(),
        Some(code),
        "diplo {args:?} < {stdin:?}\nstdout:\n{stdout}\nstderr:\n{stderr}"
    );
    (stdout, stderr)
}

/// Runs `diplo args`, expects `code`, and returns (stdout, stderr).
pub fn run(args: &[&str], code: i32) -> (String, String) {
    run_stdin(args, "", code)
}

/// Expects a failure with exit status `code` and exactly one `error:` line on stderr
/// containing `needle`; nothing on stdout.
pub fn fails(args: &[&str], code: i32, needle: &str) {
    let (stdout, stderr) = run(args, code);
    assert_eq!(stdout, "", "diplo {args:?} printed on stdout");
    assert!(
        stderr.starts_with("error: ") && stderr.ends_with('\n') && stderr.lines().count() == 1,
        "diplo {args:?}: stderr is not one `error:` line: {stderr:?}"
    );
    assert!(
        stderr.contains(needle),
        "diplo {args:?}: stderr {stderr:?} lacks {needle:?}"
    );
}
