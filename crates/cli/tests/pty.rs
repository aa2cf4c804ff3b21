//! Sealed orders at one terminal, through a pseudo terminal (Linux): the private screen,
//! what the main screen shows, confirmation, colours and `NO_COLOR`, and Ctrl-C during
//! private entry putting the terminal back.
//!
//! The program runs under `setsid --ctty` (util-linux) so that the pseudo terminal is its
//! controlling terminal, as a shell would arrange: Ctrl-C typed there is a SIGINT. Every
//! wait has a deadline, and the child is killed if a test fails, so the tests stop by
//! themselves.
#![cfg(target_os = "linux")]

use rustix::pty::{grantpt, openpt, ptsname, unlockpt, OpenptFlags};
use rustix::termios::{tcgetattr, LocalModes};
use std::fs::File;
use std::io::{Read, Write};
use std::os::fd::OwnedFd;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::{Duration, Instant};

const ENTER_PRIVATE: &str = "\x1b[?1049h";
const LEAVE_PRIVATE: &str = "\x1b[?1049l";
const WAIT: Duration = Duration::from_secs(20);

/// A program running on a pseudo terminal, and everything it wrote.
struct Pty {
    child: Child,
    master: File,
    output: Receiver<Vec<u8>>,
    transcript: String,
    /// Where the next `expect` starts looking.
    seen: usize,
}

impl Pty {
    fn spawn(args: &[&str], env: &[(&str, &str)]) -> Pty {
        let master: OwnedFd =
            openpt(OpenptFlags::RDWR | OpenptFlags::NOCTTY).expect("a pseudo terminal");
        grantpt(&master).expect("grantpt");
        unlockpt(&master).expect("unlockpt");
        let name = ptsname(&master, Vec::new()).expect("ptsname");
        let slave = std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .open(name.to_str().expect("utf-8 name"))
            .expect("the terminal's slave side");
        let mut command = Command::new("setsid");
        command
            .arg("--ctty")
            .arg(env!("CARGO_BIN_EXE_diplo"))
            .args(args)
            .env("TERM", "xterm")
            .env_remove("NO_COLOR")
            .stdin(Stdio::from(slave.try_clone().expect("dup")))
            .stdout(Stdio::from(slave.try_clone().expect("dup")))
            .stderr(Stdio::from(slave));
        for (key, value) in env {
            command.env(key, value);
        }
        let child = command
            .spawn()
            .expect("setsid (util-linux) runs the program");
        let master = File::from(master);
        let mut reader = master.try_clone().expect("dup");
        let (tx, output) = channel();
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            // Ends when the program has gone (EIO on Linux) or the test has.
            while let Ok(n) = reader.read(&mut buf) {
                if n == 0 || tx.send(buf[..n].to_vec()).is_err() {
                    break;
                }
            }
        });
        Pty {
            child,
            master,
            output,
            transcript: String::new(),
            seen: 0,
        }
    }

    /// Waits until the program has written `needle` (after what was expected before).
    fn expect(&mut self, needle: &str) {
        let deadline = Instant::now() + WAIT;
        loop {
            if let Some(at) = self.transcript[self.seen..].find(needle) {
                self.seen += at + needle.len();
                return;
            }
            let left = deadline.saturating_duration_since(Instant::now());
            match self.output.recv_timeout(left) {
                Ok(bytes) => self.transcript.push_str(&String::from_utf8_lossy(&bytes)),
                Err(_) => panic!(
                    "waited for {needle:?}; the program wrote:\n{}",
                    self.transcript
                ),
            }
        }
    }

    /// Types `text` (a terminal's Enter is `\r`).
    fn send(&mut self, text: &str) {
        self.master.write_all(text.as_bytes()).expect("typed");
        self.master.flush().expect("typed");
    }

    /// Waits for the program to end; its exit status (128 + n for a signal it reported).
    fn wait(&mut self) -> i32 {
        let deadline = Instant::now() + WAIT;
        loop {
            if let Some(status) = self.child.try_wait().expect("wait") {
                // Whatever is still in the pipe.
                while let Ok(bytes) = self.output.recv_timeout(Duration::from_millis(200)) {
                    self.transcript.push_str(&String::from_utf8_lossy(&bytes));
                }
                return status.code().unwrap_or(-1);
            }
            assert!(
                Instant::now() < deadline,
                "the program did not end:\n{}",
                self.transcript
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// The terminal's local modes now (the master side reads the slave's settings).
    fn local_modes(&self) -> LocalModes {
        tcgetattr(&self.master).expect("tcgetattr").local_modes
    }

    /// What the main screen was sent: the transcript without the private screens.
    fn main_screen(&self) -> String {
        let mut out = String::new();
        let mut rest = self.transcript.as_str();
        while let Some(start) = rest.find(ENTER_PRIVATE) {
            out.push_str(&rest[..start]);
            rest = match rest[start..].find(LEAVE_PRIVATE) {
                Some(end) => &rest[start + end + LEAVE_PRIVATE.len()..],
                None => "",
            };
        }
        out.push_str(rest);
        out
    }
}

impl Drop for Pty {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// One side's private entry: the hand-over, a refused order, an accepted one, the review.
fn enter(pty: &mut Pty, side: &str, bad: &str, good: &str) {
    pty.expect("press Enter when ready.");
    pty.send("\r");
    pty.expect(ENTER_PRIVATE);
    pty.expect(&format!("{side}'s private screen"));
    // The board is shown to the player before the entry.
    pty.expect("a  b  c  d  e  f  g  h");
    pty.expect(&format!("{} 1> ", side.to_lowercase()));
    pty.send(&format!("{bad}\r"));
    pty.expect(&format!("refused `{bad}`"));
    pty.send(&format!("{good}\r"));
    pty.expect(&format!("ok 1. {good}"));
    pty.send("\r");
    pty.expect("Send these orders? [Y/n]");
    pty.send("\r");
    pty.expect(LEAVE_PRIVATE);
    pty.expect(&format!("{side} has sealed its orders."));
}

#[test]
fn sealed_orders_stay_on_the_private_screens() {
    let mut pty = Pty::spawn(&["play", "--game", "diplomacy-chess"], &[]);
    enter(&mut pty, "White", "e5", "e4");
    enter(&mut pty, "Black", "e4", "e5");
    pty.expect("white e4: executed");
    pty.expect("black e5: executed");
    // At the next hand-over, end of input (Ctrl-D) leaves.
    pty.expect("press Enter when ready.");
    pty.send("\x04");
    assert_eq!(pty.wait(), 0, "{}", pty.transcript);
    // The main screen never saw an order before the resolution, not even a refused one;
    // each private screen was wiped before it was left.
    let main = pty.main_screen();
    let turn = main.find("== Turn 1 ==").expect("the turn");
    let before = &main[turn..main.find("what happened").expect("the resolution")];
    for order in ["e4", "e5", "refused"] {
        assert!(
            !before.contains(order),
            "{order} on the main screen:\n{main}"
        );
    }
    assert_eq!(
        pty.transcript.matches(ENTER_PRIVATE).count(),
        pty.transcript
            .matches(&format!("\x1b[H\x1b[2J{LEAVE_PRIVATE}"))
            .count(),
    );
    // On a terminal the pieces are coloured.
    assert!(pty.transcript.contains("\x1b[1;97m"), "{}", pty.transcript);
}

#[test]
fn ctrl_c_during_private_entry_puts_the_terminal_back() {
    let mut pty = Pty::spawn(&["play", "--game", "diplochess"], &[("NO_COLOR", "1")]);
    let before = pty.local_modes();
    assert!(before.contains(LocalModes::ICANON), "{before:?}");
    pty.expect("press Enter when ready.");
    pty.send("\r");
    pty.expect("white 1> ");
    // Echo is on while a person types on the private screen.
    assert!(pty.local_modes().contains(LocalModes::ECHO));
    pty.send("P e2 - e4");
    pty.send("\x03");
    assert_eq!(pty.wait(), 130, "{}", pty.transcript);
    let tail = &pty.transcript[pty.transcript.rfind(ENTER_PRIVATE).expect("private")..];
    assert!(tail.contains(LEAVE_PRIVATE), "{tail:?}");
    let after = pty.local_modes();
    assert!(after.contains(LocalModes::ECHO), "{after:?}");
    assert!(after.contains(LocalModes::ICANON), "{after:?}");
    // NO_COLOR: no colour.
    assert!(!pty.transcript.contains("\x1b[1;97m"), "{}", pty.transcript);
    // What was typed stayed on the private screen.
    assert!(
        !pty.main_screen().contains("P e2 - e4"),
        "{}",
        pty.main_screen()
    );
}

#[test]
fn long_perft_runs_show_progress_on_a_terminal() {
    let mut pty = Pty::spawn(&["perft", "5"], &[]);
    pty.expect("perft 5: root move 1/12");
    pty.expect("nodes: 664765");
    assert_eq!(pty.wait(), 0, "{}", pty.transcript);
    // The progress line is wiped before the answer.
    let answer = pty.transcript.find("nodes:").expect("answer");
    assert!(
        pty.transcript[..answer].ends_with("\r\x1b[K"),
        "{:?}",
        pty.transcript
    );
}
