//! Reading ahead on a thread of its own: a decompressing reader runs beside the judge, so that
//! on two cores a compressed input is read about as fast as a plain one.
//!
//! The thread fills [`BUFFERS`] buffers of [`BUFFER_BYTES`] in turn and hands each over through
//! a bounded channel; the reader hands them back once read, so memory stays at those few buffers
//! whatever the input. A failure of the inner reader comes after every byte read before it, as
//! from the inner reader itself. When the reader is dropped, the thread ends at its next buffer.

use std::{
    io::{self, Read},
    sync::mpsc::{self, Receiver, SyncSender},
    thread,
};

/// The bytes of one buffer.
pub const BUFFER_BYTES: usize = 1 << 18;

/// The buffers in flight, between the thread and the reader (and the one being read).
pub const BUFFERS: usize = 4;

/// A filled buffer: the buffer and how many of its bytes hold data; or the inner reader's
/// failure, the last message.
type Filled = io::Result<(Vec<u8>, usize)>;

/// The reading end: what the thread has read, in order.
pub struct ReadAhead {
    filled: Receiver<Filled>,
    empty: SyncSender<Vec<u8>>,
    buf: Vec<u8>,
    /// The data of `buf` not yet handed out: `buf[pos..len]`.
    pos: usize,
    len: usize,
}

impl ReadAhead {
    /// Starts a thread reading `inner` ahead.
    ///
    /// # Errors
    ///
    /// The system has no thread to give.
    pub fn new(inner: Box<dyn Read + Send>) -> io::Result<ReadAhead> {
        let (filled_tx, filled) = mpsc::sync_channel(BUFFERS);
        let (empty, empty_rx) = mpsc::sync_channel(BUFFERS);
        for _ in 0..BUFFERS {
            // The channel has room for every buffer.
            let _ = empty.send(vec![0; BUFFER_BYTES]);
        }
        // Not joined: the thread ends by itself at the input's end or failure, or when this
        // reader is dropped.
        thread::Builder::new()
            .name("read-ahead".to_owned())
            .spawn(move || fill(inner, &empty_rx, &filled_tx))?;
        Ok(ReadAhead {
            filled,
            empty,
            buf: Vec::new(),
            pos: 0,
            len: 0,
        })
    }
}

impl Read for ReadAhead {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        while self.pos == self.len {
            if !self.buf.is_empty() {
                // The thread may be gone at the end of the input: the buffer is then dropped.
                let _ = self.empty.send(std::mem::take(&mut self.buf));
            }
            match self.filled.recv() {
                Ok(Ok((buf, len))) => {
                    (self.buf, self.pos, self.len) = (buf, 0, len);
                }
                Ok(Err(err)) => return Err(err),
                // The input has ended (or failed, already reported).
                Err(mpsc::RecvError) => return Ok(0),
            }
        }
        let n = out.len().min(self.len - self.pos);
        out[..n].copy_from_slice(&self.buf[self.pos..self.pos + n]);
        self.pos += n;
        Ok(n)
    }
}

/// The thread's work: fills the empty buffers it is given, until the input ends, fails, or
/// the reader is gone.
fn fill(mut inner: Box<dyn Read + Send>, empty: &Receiver<Vec<u8>>, filled: &SyncSender<Filled>) {
    while let Ok(mut buf) = empty.recv() {
        let mut len = 0;
        let mut failure = None;
        while len < buf.len() {
            match inner.read(&mut buf[len..]) {
                Ok(0) => break,
                Ok(n) => len += n,
                Err(err) if err.kind() == io::ErrorKind::Interrupted => {}
                Err(err) => {
                    failure = Some(err);
                    break;
                }
            }
        }
        let end = len < buf.len();
        if len > 0 && filled.send(Ok((buf, len))).is_err() {
            return;
        }
        if let Some(err) = failure {
            let _ = filled.send(Err(err));
            return;
        }
        if end {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Hands out its bytes `step` at a time, then fails if told to.
    struct Pieces {
        text: Vec<u8>,
        at: usize,
        step: usize,
        fails: bool,
    }

    impl Read for Pieces {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let n = self.step.min(buf.len()).min(self.text.len() - self.at);
            if n == 0 && self.fails {
                return Err(io::Error::new(io::ErrorKind::InvalidData, "damaged"));
            }
            buf[..n].copy_from_slice(&self.text[self.at..self.at + n]);
            self.at += n;
            Ok(n)
        }
    }

    /// Everything `ReadAhead` hands out, read `step` bytes at a time, and its failure.
    fn read_all(text: &[u8], step: usize, fails: bool) -> (Vec<u8>, Option<String>) {
        let inner = Pieces {
            text: text.to_vec(),
            at: 0,
            step: 7_919,
            fails,
        };
        let mut ahead = ReadAhead::new(Box::new(inner)).unwrap();
        let (mut out, mut buf) = (Vec::new(), vec![0; step]);
        loop {
            match ahead.read(&mut buf) {
                Ok(0) => return (out, None),
                Ok(n) => out.extend_from_slice(&buf[..n]),
                Err(err) => {
                    // Nothing comes after the failure.
                    assert_eq!(ahead.read(&mut buf).unwrap(), 0);
                    return (out, Some(err.to_string()));
                }
            }
        }
    }

    #[test]
    fn every_byte_comes_in_order_then_the_failure() {
        let text: Vec<u8> = (0..BUFFER_BYTES * (BUFFERS + 3) + 12_345)
            .map(|i| (i % 251) as u8)
            .collect();
        for step in [1_000, 65_536, BUFFER_BYTES + 1] {
            assert_eq!(read_all(&text, step, false), (text.clone(), None));
            assert_eq!(
                read_all(&text, step, true),
                (text.clone(), Some("damaged".to_owned()))
            );
        }
        assert_eq!(read_all(b"", 10, false), (Vec::new(), None));
        assert_eq!(
            read_all(b"", 10, true),
            (Vec::new(), Some("damaged".to_owned()))
        );
    }

    #[test]
    fn a_reader_dropped_early_stops_the_thread() {
        /// An endless input that tells when the thread drops it.
        struct Endless(mpsc::Sender<()>);
        impl Read for Endless {
            fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
                buf.fill(b'x');
                Ok(buf.len())
            }
        }
        impl Drop for Endless {
            fn drop(&mut self) {
                let _ = self.0.send(());
            }
        }
        let (dropped_tx, dropped) = mpsc::channel();
        let mut ahead = ReadAhead::new(Box::new(Endless(dropped_tx))).unwrap();
        let mut buf = [0; 100];
        assert_eq!(ahead.read(&mut buf).unwrap(), 100);
        drop(ahead);
        let waited = dropped.recv_timeout(std::time::Duration::from_secs(60));
        assert!(waited.is_ok(), "the thread still reads");
    }
}
