#!/usr/bin/env python3
"""Writes the compressed-archive fixtures fixtures/pgn-judge/archive_*.{in,args,out,expect}.

Each archive holds PGN files whose expected output the python-chess oracle already wrote
(pgn_oracle.in/.out, pgn_oracle_first_error.out, pgn_unreadable_tokens.in/.out), so the expected
output of an archive is that output, renumbered where two files follow each other:

- archive_zst: a zstd skippable frame (as lichess's files and pzstd start) and pgn_oracle.in in
  two zstd frames, cut in the middle of a game;
- archive_gz / archive_bz2: pgn_oracle.in as two gzip members / two bzip2 streams;
- archive_zip: round1.pgn (pgn_oracle.in, deflated), notes.txt (not PGN, skipped) and
  round2.PGN (pgn_unreadable_tokens.in, stored), judged with --first-error;
- archive_zst_truncated / archive_gz_truncated: pgn_oracle.in compressed and cut in half: the
  expected output is the oracle's lines of the games complete in what can be decompressed (a
  game ends at a line break followed by a blank line or a `[`), then an error naming the
  compressed input's length, exit 2 (read from stdin);
- archive_xz: the first bytes of an xz file: refused by name, exit 2 (read from stdin).

Needs the zstd and xz command-line tools (Debian packages zstd and xz-utils). Run from the
repository root:

    python3 xtask/oracles/pgn-judge/gen_archive_fixtures.py
"""
import bz2
import gzip
import io
import re
import struct
import subprocess
import zipfile
import zlib

DIR = "fixtures/pgn-judge/"


def read(name, mode="rb"):
    with open(DIR + name, mode) as f:
        return f.read()


def write(name, data):
    with open(DIR + name, "wb" if isinstance(data, bytes) else "w") as f:
        f.write(data)


def zstd(data):
    return subprocess.run(["zstd", "-q", "-c", "-19"], input=data, capture_output=True, check=True).stdout


def renumber(lines, offset):
    return [re.sub(r"^(\d+)\.", lambda m: f"{int(m.group(1)) + offset}.", line) for line in lines]


def complete_games(full, readable):
    """How many games of `full` (each starting with a tag, apart by a blank line) end within its
    prefix `readable`: a game ends at the line break before the blank line, which must be there
    too."""
    ends = [m.start() + 1 for m in re.finditer(rb"\n\n(?=\[)", full)] + [len(full.rstrip(b"\n")) + 1]
    return sum(1 for end in ends if end < len(readable))


oracle = read("pgn_oracle.in")
oracle_out = read("pgn_oracle.out", "r")
first_error_out = read("pgn_oracle_first_error.out", "r")
tokens = read("pgn_unreadable_tokens.in")
tokens_out = read("pgn_unreadable_tokens.out", "r")
games = len(oracle_out.splitlines())
half = len(oracle) // 2

skippable = struct.pack("<II", 0x184D2A50, 4) + struct.pack("<I", 12345)
write("archive_zst.in", skippable + zstd(oracle[:half]) + zstd(oracle[half:]))
write("archive_gz.in", gzip.compress(oracle[:half], mtime=0) + gzip.compress(oracle[half:], mtime=0))
write("archive_bz2.in", bz2.compress(oracle[:half]) + bz2.compress(oracle[half:]))
for name in ["archive_zst", "archive_gz", "archive_bz2"]:
    write(name + ".args", "--pgn\n")
    write(name + ".out", oracle_out)

buffer = io.BytesIO()
with zipfile.ZipFile(buffer, "w") as archive:
    for name, data, method in [
        ("round1.pgn", oracle, zipfile.ZIP_DEFLATED),
        ("notes.txt", b"Not PGN: skipped.\n", zipfile.ZIP_DEFLATED),
        ("round2.PGN", tokens, zipfile.ZIP_STORED),
    ]:
        info = zipfile.ZipInfo(name, date_time=(2026, 11, 23, 0, 0, 0))
        info.compress_type = method
        archive.writestr(info, data)
write("archive_zip.in", buffer.getvalue())
write("archive_zip.args", "--pgn\n--first-error\n")
write("archive_zip.out", "".join(line + "\n" for line in first_error_out.splitlines() + renumber(tokens_out.splitlines(), games)))

# zstd decodes whole blocks only: frames of 2,000 bytes of text, so that half the archive holds
# some whole frames.
pieces = [oracle[i : i + 2000] for i in range(0, len(oracle), 2000)]
frames = [zstd(piece) for piece in pieces]
zstd_whole = b"".join(frames)
for name, packed in [("archive_zst_truncated", zstd_whole), ("archive_gz_truncated", gzip.compress(oracle, mtime=0))]:
    cut = packed[: len(packed) // 2]
    if name.startswith("archive_zst"):
        readable, size = b"", 0
        for piece, frame in zip(pieces, frames):
            size += len(frame)
            if size > len(cut):
                break
            readable += piece
        kind = "zstd"
    else:
        decoder = zlib.decompressobj(wbits=31)
        readable = decoder.decompress(cut)
        kind = "gzip"
    complete = complete_games(oracle, readable)
    write(name + ".in", cut)
    write(name + ".args", "--pgn\n{stdin}\n")
    write(name + ".out", "".join(line + "\n" for line in oracle_out.splitlines()[:complete]))
    write(
        name + ".expect",
        f"exit=2\nstderr=error: standard input: the {kind} data ends early at byte {len(cut)}"
        f" ({'incomplete frame' if kind == 'zstd' else 'incomplete deflate stream'});"
        " the games after it are not read\n",
    )

xz = subprocess.run(["xz", "-c"], input=oracle, capture_output=True, check=True).stdout
write("archive_xz.in", xz[:64])
write("archive_xz.args", "--pgn\n{stdin}\n")
write("archive_xz.out", "")
write("archive_xz.expect", "exit=2\nstderr=error: standard input is an xz archive, not PGN text (pgn-judge reads plain, .zst, .gz, .bz2 and .zip)\n")
