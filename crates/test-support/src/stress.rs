//! Streaming a large hostile input through a tool's binary and measuring its peak memory: the
//! check behind every tool's `tests/stress.rs` ("memory is bounded by the record, not by the
//! file").
//!
//! The input is written through a pipe as it is made, never stored; the child's peak resident
//! memory is its `VmHWM` in `/proc/<pid>/status`, read after every mebibyte written (a
//! high-water mark, so the last reading is the peak up to then) and once more after the last
//! byte, while the child still runs. On a system without `/proc` the peak is `None`.

use std::{
    io::{Read, Write},
    process::{Command, Stdio},
    thread,
};

use crate::Rng;

/// The most resident memory a tool may reach on any input (issue 16): 64 MiB, in KiB.
pub const MAX_RSS_KIB: u64 = 64 << 10;

/// What a stressed run did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stressed {
    /// The exit code; `None` when a signal ended the process.
    pub exit: Option<i32>,
    /// The highest resident memory seen, in KiB.
    pub peak_rss_kib: Option<u64>,
    /// How many bytes the tool read before it stopped reading (all of them, unless it ended
    /// early).
    pub bytes_read: u64,
    /// How many bytes it wrote to stdout.
    pub stdout_bytes: u64,
    /// How many lines it wrote to stderr.
    pub stderr_lines: u64,
    /// The first lines of stderr (at most 20), to show in a failure.
    pub stderr_head: Vec<String>,
}

impl Stressed {
    /// Checks the promise "memory is bounded by the record, not by the input": the tool read
    /// all `total` bytes, exited with `exit`, and (on Linux) its peak resident memory stayed
    /// under [`MAX_RSS_KIB`].
    ///
    /// # Panics
    ///
    /// When it did not, showing the first lines of stderr.
    pub fn assert_bounded(&self, total: u64, exit: i32) {
        assert_eq!(
            self.exit,
            Some(exit),
            "stderr began with {:#?}",
            self.stderr_head
        );
        assert_eq!(self.bytes_read, total, "the tool stopped reading");
        if cfg!(target_os = "linux") {
            let peak = self.peak_rss_kib.expect("/proc is there on Linux");
            assert!(
                peak < MAX_RSS_KIB,
                "peak RSS {peak} KiB, more than {MAX_RSS_KIB} KiB"
            );
        }
    }
}

/// A filler of random bytes from `seed`, for [`stream`].
pub fn random_bytes(seed: u64) -> impl FnMut(&mut [u8]) {
    let mut rng = Rng::new(seed);
    move |chunk: &mut [u8]| {
        for word in chunk.chunks_mut(8) {
            let bytes = rng.next_u64().to_le_bytes();
            word.copy_from_slice(&bytes[..word.len()]);
        }
    }
}

/// A filler of random bytes from `seed` with no line break: one endless line, for [`stream`].
pub fn random_line(seed: u64) -> impl FnMut(&mut [u8]) {
    let mut random = random_bytes(seed);
    move |chunk: &mut [u8]| {
        random(chunk);
        for byte in chunk.iter_mut().filter(|b| **b == b'\n') {
            *byte = b' ';
        }
    }
}

/// A filler that writes `head` first, then what `rest` makes: a good record followed by junk,
/// for [`stream`].
pub fn after(head: &[u8], mut rest: impl FnMut(&mut [u8])) -> impl FnMut(&mut [u8]) {
    let mut head = head.to_vec();
    move |chunk: &mut [u8]| {
        let n = head.len().min(chunk.len());
        chunk[..n].copy_from_slice(&head[..n]);
        head.drain(..n);
        rest(&mut chunk[n..]);
    }
}

/// Runs `binary` with `args`, streaming `total` bytes made by `fill` (one 64 KiB chunk at a
/// time) to its stdin.
///
/// # Panics
///
/// When the binary cannot be started.
pub fn stream(
    binary: &str,
    args: &[&str],
    total: u64,
    mut fill: impl FnMut(&mut [u8]),
) -> Stressed {
    let mut child = Command::new(binary)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {binary}: {e}"));
    let pid = child.id();
    let mut stdout = child.stdout.take().expect("stdout is piped");
    let stderr = child.stderr.take().expect("stderr is piped");
    let out = thread::spawn(move || {
        let mut count = 0u64;
        let mut buf = vec![0; 1 << 16];
        while let Ok(n @ 1..) = stdout.read(&mut buf) {
            count += n as u64;
        }
        count
    });
    let err = thread::spawn(move || {
        let mut head = Vec::new();
        let mut lines = 0u64;
        let mut reader = std::io::BufReader::new(stderr);
        let mut line = Vec::new();
        while let Ok(1..) = std::io::BufRead::read_until(&mut reader, b'\n', &mut line) {
            lines += 1;
            if head.len() < 20 {
                head.push(String::from_utf8_lossy(&line).trim_end().to_owned());
            }
            line.clear();
        }
        (lines, head)
    });

    let mut stdin = child.stdin.take().expect("stdin is piped");
    let mut chunk = vec![0u8; 1 << 16];
    let mut written = 0u64;
    let mut peak = None;
    while written < total {
        let len = chunk.len().min((total - written) as usize);
        fill(&mut chunk[..len]);
        if stdin.write_all(&chunk[..len]).is_err() {
            break; // the tool stopped reading
        }
        written += len as u64;
        if written % (1 << 20) < len as u64 {
            peak = peak.max(vm_hwm_kib(pid));
        }
    }
    let _ = stdin.flush();
    peak = peak.max(vm_hwm_kib(pid));
    drop(stdin);
    let status = child
        .wait()
        .unwrap_or_else(|e| panic!("{binary} did not finish: {e}"));
    let (stderr_lines, stderr_head) = err.join().unwrap_or_default();
    Stressed {
        exit: status.code(),
        peak_rss_kib: peak,
        bytes_read: written,
        stdout_bytes: out.join().unwrap_or_default(),
        stderr_lines,
        stderr_head,
    }
}

/// The peak resident set size of a running process, in KiB (`VmHWM` in `/proc/<pid>/status`);
/// `None` without `/proc` or once the process has ended.
pub fn vm_hwm_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_bytes_reproduce() {
        let (mut a, mut b) = ([0u8; 13], [0u8; 13]);
        random_bytes(3)(&mut a);
        random_bytes(3)(&mut b);
        assert_eq!(a, b);
        assert_ne!(a, [0; 13]);
        let mut line = [b'\n'; 4096];
        random_line(3)(&mut line);
        assert!(!line.contains(&b'\n'));
    }

    #[test]
    fn the_head_comes_first_across_chunks() {
        let mut fill = after(b"abcde", |chunk: &mut [u8]| chunk.fill(b'.'));
        let (mut a, mut b) = ([0u8; 3], [0u8; 4]);
        fill(&mut a);
        fill(&mut b);
        assert_eq!((&a, &b), (b"abc", b"de.."));
    }

    #[test]
    #[cfg(target_os = "linux")]
    fn cat_streams_in_constant_memory() {
        let run = stream("cat", &[], 8 << 20, random_bytes(1));
        assert_eq!(run.exit, Some(0));
        assert_eq!(run.stdout_bytes, 8 << 20);
        assert_eq!(run.bytes_read, 8 << 20);
        let peak = run.peak_rss_kib.expect("/proc is there on Linux");
        assert!(peak < 16 << 10, "cat used {peak} KiB");
    }
}
