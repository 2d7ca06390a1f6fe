#!/usr/bin/env python3
"""Independent exactness audit of the `elo` binary against the spec (specs/elo.md).

Generates random batches of records (random names, ratings, blank-line layouts, CRLF, tabs, bad
records), computes the expected stdout with exact decimal arithmetic, runs the release binary and
compares stdout byte for byte, the exit code, and the line numbers of the `error: line N:` messages.

It never reads our own code or fixtures, and was written apart from gen_fixtures.py.

Usage, from the repository root:
    python3 xtask/oracles/elo/audit.py BINARY [N_BATCHES] [SEED]   # compare with a release build
    python3 xtask/oracles/elo/audit.py --write-fixtures             # fixtures/elo/audit_*.{in,out}

The fixtures are two fixed batches (seed FIXTURE_SEED): `audit_layout` (good records only, random
blank-line layout with whitespace-only blank lines, mixed CRLF/LF, tabs and runs of spaces inside
names and rating lines, full FENs) and `audit_bad_records` (the same with bad records in between:
stdout holds exactly the good records' answers, and the run exits 2).
"""

import json
import random
import subprocess
import sys
from decimal import ROUND_HALF_UP, Decimal, getcontext

getcontext().prec = 80

FRAME = "# a b c d e f g h #"
PIECES = "PNBRQKpnbrqk"
UNICODE = dict(zip("KQRBNPkqrbnp", "♔♕♖♗♘♙♚♛♜♝♞♟"))


# ---------------------------------------------------------------- arithmetic

def expected_score(r, r_opp):
    """E = 1 / (1 + 10^((R_opp - R)/400)), 80 significant digits."""
    d = r_opp - r
    if d % 400 == 0:
        power = Decimal(10) ** (d // 400)  # exact
    else:
        power = Decimal(10) ** (Decimal(d) / Decimal(400))
    return Decimal(1) / (Decimal(1) + power)


def k_factor(r, g):
    if r >= 2400:
        return 10
    return 40 if g < 30 else 20


MARGIN = Decimal("1e-40")


def round_half_away(x):
    frac = abs(x - x.to_integral_value(rounding="ROUND_FLOOR") - Decimal("0.5"))
    # a value this close to a half would need more digits to decide
    assert frac > MARGIN, f"too close to a half: {x}"
    return int(x.quantize(Decimal(1), rounding=ROUND_HALF_UP))


def predictions(r, g, r_opp, white):
    """Unrounded ratings after 1-0, 1/2-1/2, 0-1 (White's point of view)."""
    e = expected_score(r, r_opp)
    k = k_factor(r, g)
    scores = [Decimal(1), Decimal("0.5"), Decimal(0)]
    if not white:
        scores = scores[::-1]
    return k, e, [Decimal(r) + k * (s - e) for s in scores]


# ---------------------------------------------------------------- rendering

def expand(placement):
    ranks = placement.split("/")
    assert len(ranks) == 8
    rows = []
    for rank in ranks:
        row = []
        for c in rank:
            if c.isdigit():
                row += ["0"] * int(c)
            else:
                row.append(c)
        assert len(row) == 8
        rows.append(row)
    return rows


def diagram(placement, unicode=False):
    lines = [FRAME]
    for i, row in enumerate(expand(placement)):
        n = 8 - i
        if unicode:
            row = ["·" if c == "0" else UNICODE[c] for c in row]
        lines.append(f"{n} " + " ".join(row) + f" {n}")
    lines.append(FRAME)
    return lines


def answer(rec, unicode=False, result=None):
    placement, wn, (rw, gw), bn, (rb, gb) = rec
    _, _, pw = predictions(rw, gw, rb, True)
    _, _, pb = predictions(rb, gb, rw, False)
    w = [round_half_away(x) for x in pw]
    b = [round_half_away(x) for x in pb]
    if result is not None:
        i = ["1-0", "1/2-1/2", "0-1"].index(result)
        w, b = [w[i]], [b[i]]
    lines = diagram(placement, unicode)
    lines.append(f"W: {wn}({rw}) " + " ".join(map(str, w)))
    lines.append(f"B: {bn}({rb}) " + " ".join(map(str, b)))
    return "".join(line + "\n" for line in lines)


# ---------------------------------------------------------------- generation

WORDS = ["Garry", "Kasparov", "Bot", "DeepBlue", "Name1", "Surname1", "Magnus", "(GM)", "O'Neil",
         "von", "Ding-Liren", "สมชาย", "ใจดี", "Ñoño", "2800", "1600", "x", "A.", "(1200)", "#1",
         "::", "W:", "r/n/b", "1-0", "ünïcødé", "Jr.", "🙂", "[bot]", "-", "0", "K"]


def rnd_name(rng):
    n = rng.choice([1, 1, 2, 2, 2, 3, 4, 7])
    words = [rng.choice(WORDS) for _ in range(n)]
    if n == 2 and all(w.isdigit() for w in words):
        words[0] = "Mr"  # two integers would be a rating line, not a name
    seps = [rng.choice([" ", " ", " ", "  ", "\t", " \t "]) for _ in range(n - 1)]
    name = words[0] + "".join(s + w for s, w in zip(seps, words[1:]))
    pad = lambda: rng.choice(["", "", "", " ", "  ", "\t", " \t"])
    return name, pad() + name + pad()


def rnd_rank(rng):
    cells = []
    for _ in range(8):
        cells.append(rng.choice(PIECES) if rng.random() < rng.choice([0.1, 0.3, 0.7]) else None)
    out = ""
    run = 0
    for c in cells:
        if c is None:
            run += 1
        else:
            if run:
                out += str(run)
            run = 0
            out += c
    if run:
        out += str(run)
    return out


def rnd_placement(rng):
    if rng.random() < 0.05:
        return "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"
    return "/".join(rnd_rank(rng) for _ in range(8))


def rnd_rating(rng):
    return rng.choice([
        rng.randint(1000, 5000), rng.randint(1000, 5000), rng.randint(1000, 3000),
        1000, 5000, 2399, 2400, 2401, 1001, 4999, rng.randint(2300, 2500)])


def rnd_games(rng):
    return rng.choice([rng.randint(0, 10000), rng.randint(0, 60), 0, 29, 30, 31, 10000, 9999, 1])


def near(rng, r):
    """An opponent rating that lands on interesting differences sometimes."""
    c = rng.random()
    if c < 0.2:
        cand = r + rng.choice([-1, 1]) * rng.choice([0, 400, 800, 1200, 1600, 2000, 399, 401, 1])
        if 1000 <= cand <= 5000:
            return cand
    return rnd_rating(rng)


def rating_line(rng, r, g):
    sep = rng.choice([" ", " ", " ", "\t", "  ", " \t ", "\t\t", "     "])
    pad = lambda: rng.choice(["", "", "", " ", "\t", "  "])
    return pad() + f"{r}{sep}{g}" + pad()


BAD_RATING_LINES = [
    "999 10", "5001 10", "0 0", "-1500 10", "1500 -1", "1500 10001", "1500", "1500 10 3",
    "15x0 10", "1500 1o", "1500.0 10", "1500 1e2", "", "abc", "1500,10", "1,500 10",
    "99999999999999999999999 1", "1500 99999999999999999999999", "1500 ٣", "1500\u00a0", "1e3 1",
]
BAD_PLACEMENTS = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/8",
    "rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", "rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
    "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR", "rnbqkbnr/pppppppp/0/8/8/8/PPPPPPPP/RNBQKBNR",
    "rnbqkbnx/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", "rnbqkbnr pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
    "8/8/8/8/8/8/8/8/", "/8/8/8/8/8/8/8/8", "8//8/8/8/8/8/8", "Garry Kasparov", "2800 1855",
]


def rnd_record(rng, bad_rate):
    """Returns (lines, rec or None, bad line offsets within the record)."""
    placement = rnd_placement(rng)
    wn, wn_line = rnd_name(rng)
    bn, bn_line = rnd_name(rng)
    rw, gw = rnd_rating(rng), rnd_games(rng)
    rb, gb = near(rng, rw), rnd_games(rng)
    pl_line = placement
    if rng.random() < 0.1:
        pl_line = placement + " " + rng.choice(["w - - 0 1", "b KQkq - 0 1", "w KQkq e3 0 1",
                                                "b - - 99 120"])
    if rng.random() < 0.2:
        pl_line = rng.choice(["", " ", "\t"]) + pl_line + rng.choice(["", " ", "\t "])
    lines = [pl_line, wn_line, rating_line(rng, rw, gw), bn_line, rating_line(rng, rb, gb)]
    bad = []
    if rng.random() < bad_rate:
        for _ in range(rng.choice([1, 1, 1, 2])):
            where = rng.choice([0, 2, 4])
            if where == 0:
                lines[0] = rng.choice(BAD_PLACEMENTS)
            else:
                l = rng.choice(BAD_RATING_LINES)
                if l == "":  # a blank line would change the grouping; use another
                    l = "x y"
                lines[where] = l
            bad.append(where)
    rec = None if bad else (placement, wn, (rw, gw), bn, (rb, gb))
    return lines, rec, sorted(set(bad))


def rnd_batch(rng, bad_rate):
    n = rng.choice([1, 1, 2, 3, 5, 10, 30])
    eol = rng.choice(["\n", "\n", "\r\n", "mixed"])
    blank = lambda: rng.choice(["", "", "", " ", "\t", "  \t "])
    out_lines = []
    recs = []  # (first line number, rec, bad offsets)
    for _ in range(rng.choice([0, 0, 0, 1, 2])):
        out_lines.append(blank())
    for i in range(n):
        if i:
            for _ in range(rng.choice([0, 1, 1, 1, 2, 3])):
                out_lines.append(blank())
        lines, rec, bad = rnd_record(rng, bad_rate)
        recs.append((len(out_lines) + 1, rec, bad))
        out_lines += lines
    for _ in range(rng.choice([0, 0, 0, 1, 2])):
        out_lines.append(blank())
    text = ""
    for j, l in enumerate(out_lines):
        e = eol if eol != "mixed" else rng.choice(["\n", "\r\n"])
        if j == len(out_lines) - 1 and rng.random() < 0.3:
            e = ""
        text += l + e
    return text, recs


def run(binary, text, args=()):
    p = subprocess.run([binary, *args], input=text.encode(), capture_output=True, timeout=30)
    return p.stdout.decode(), p.stderr.decode(), p.returncode


def check_batch(binary, text, recs, args, unicode, result):
    good = [answer(r, unicode, result) for _, r, _ in recs if r is not None]
    want = "\n".join(good)
    want_rc = 0 if all(r is not None for _, r, _ in recs) else 2
    want_err = [first + bad[0] for first, r, bad in recs if r is None]
    out, err, rc = run(binary, text, args)
    problems = []
    if out != want:
        problems.append("stdout differs")
    if rc != want_rc:
        problems.append(f"exit {rc}, expected {want_rc}")
    err_lines = [l for l in err.split("\n") if l]
    got_err = []
    for l in err_lines:
        if not l.startswith("error: line "):
            problems.append(f"stderr line without 'error: line N:': {l!r}")
            continue
        got_err.append(int(l[len("error: line "):].split(":")[0]))
    if got_err != want_err:
        problems.append(f"error lines {got_err}, expected {want_err}: {err_lines}")
    if "panicked" in err:
        problems.append("panic")
    return problems, out, want, err


def check_json(binary, text, recs, result):
    args = ["--json"] + (["--result", result] if result else [])
    out, err, rc = run(binary, text, args)
    objs = [json.loads(l) for l in out.split("\n") if l]
    goods = [(first, r) for first, r, _ in recs if r is not None]
    problems = []
    if len(objs) != len(goods):
        return [f"{len(objs)} JSON objects for {len(goods)} good records"]
    for obj, (first, rec) in zip(objs, goods):
        placement, wn, (rw, gw), bn, (rb, gb) = rec
        board = ["".join(row) for row in expand(placement)]
        if obj.get("board") != board:
            problems.append(f"board {obj.get('board')} != {board}")
        for side, name, r, g, ro, white in (("white", wn, rw, gw, rb, True),
                                              ("black", bn, rb, gb, rw, False)):
            o = obj[side]
            k, e, p = predictions(r, g, ro, white)
            rounded = [round_half_away(x) for x in p]
            exp = {"name": name, "rating": r, "games": g, "k": k,
                   "if_white_wins": rounded[0], "if_draw": rounded[1], "if_white_loses": rounded[2]}
            for key, v in exp.items():
                if o.get(key) != v:
                    problems.append(f"{side}.{key} = {o.get(key)!r}, expected {v!r}")
            if abs(Decimal(repr(o["expected"])) - e) > Decimal("1e-15"):
                problems.append(f"{side}.expected = {o['expected']}, expected {e}")
            un = o.get("unrounded")
            vals = [un[k2] for k2 in ("if_white_wins", "if_draw", "if_white_loses")] if isinstance(un, dict) else un
            for got, x in zip(vals, p):
                if abs(Decimal(repr(got)) - x) > Decimal("1e-9"):
                    problems.append(f"{side}.unrounded {got} != {x}")
            if result:
                i = ["1-0", "1/2-1/2", "0-1"].index(result)
                if o.get("after_result") != rounded[i]:
                    problems.append(f"{side}.after_result {o.get('after_result')} != {rounded[i]}")
    return problems


def margin_check():
    """Smallest distance of K*(S-E) from a half-integer over every difference and K."""
    worst = Decimal(1)
    for d in range(-4000, 4001):
        e = expected_score(0, d)
        for k in (10, 20, 40):
            for s in (Decimal(1), Decimal("0.5"), Decimal(0)):
                x = k * (s - e)
                f = x - x.to_integral_value(rounding="ROUND_FLOOR")
                worst = min(worst, abs(f - Decimal("0.5")))
    return worst


FIXTURE_SEED = 20261124


def write_fixtures():
    from pathlib import Path
    out = Path("fixtures/elo")
    rng = random.Random(FIXTURE_SEED)
    for name, bad_rate in (("audit_layout", 0), ("audit_bad_records", 0.3)):
        while True:
            text, recs = rnd_batch(rng, bad_rate)
            n_bad = sum(r is None for _, r, _ in recs)
            if len(recs) >= 10 and (n_bad > 0) == (bad_rate > 0) and "\r\n" in text:
                break
        (out / f"{name}.in").write_bytes(text.encode())
        want = "\n".join(answer(r) for _, r, _ in recs if r is not None)
        (out / f"{name}.out").write_bytes(want.encode())
        if n_bad:
            (out / f"{name}.expect").write_text("exit=2\n")
        print(f"{name}: {len(recs)} records, {n_bad} bad")


def main():
    if sys.argv[1:] == ["--write-fixtures"]:
        write_fixtures()
        return
    binary = sys.argv[1]
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 1000
    seed = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    rng = random.Random(seed)

    # The spec's three examples through the oracle itself.
    start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"
    for rec, w, b in [
        ((start, "Name1 Surname1", (1600, 60), "Name2 Surname2", (1200, 24)),
         "W: Name1 Surname1(1600) 1602 1592 1582", "B: Name2 Surname2(1200) 1196 1216 1236"),
        (("3r4/Q1n5/PPp3PP/4p3/4K3/2k1N3/p1p2R2/q7", "Garry Kasparov", (2800, 1855),
          "Bot DeepBlue", (2600, 2037)),
         "W: Garry Kasparov(2800) 2802 2797 2792", "B: Bot DeepBlue(2600) 2598 2603 2608"),
        ((start, "Magnus Carlson", (2851, 1469), "Hikaru Nakamura", (2792, 1401)),
         "W: Magnus Carlson(2851) 2855 2850 2845", "B: Hikaru Nakamura(2792) 2788 2793 2798"),
    ]:
        lines = answer(rec).split("\n")
        assert lines[10] == w and lines[11] == b, (lines[10:12], w, b)
    print("oracle reproduces the spec's three examples")
    print("smallest distance of K(S-E) from a half:", f"{margin_check():.3e}")

    stats = {"batches": 0, "records": 0, "bad_records": 0, "json_batches": 0, "failures": 0}
    for i in range(n):
        bad_rate = rng.choice([0, 0, 0.1, 0.3])
        text, recs = rnd_batch(rng, bad_rate)
        mode = rng.random()
        unicode = mode < 0.15
        result = rng.choice(["1-0", "1/2-1/2", "0-1"]) if 0.15 <= mode < 0.3 else None
        args = (["--unicode"] if unicode else []) + (["--result", result] if result else [])
        problems, out, want, err = check_batch(binary, text, recs, args, unicode, result)
        stats["batches"] += 1
        stats["records"] += len(recs)
        stats["bad_records"] += sum(r is None for _, r, _ in recs)
        if i % 5 == 0:
            jr = rng.choice([None, None, "1-0", "1/2-1/2", "0-1"])
            problems += check_json(binary, text, recs, jr)
            stats["json_batches"] += 1
        if problems:
            stats["failures"] += 1
            if stats["failures"] <= 10:
                print(f"--- batch {i} args {args}: {problems}")
                print(repr(text)[:2000])
                if out != want:
                    import difflib
                    print("".join(list(difflib.unified_diff(want.splitlines(True), out.splitlines(True), "want", "got"))[:40]))
    print(stats)
    sys.exit(1 if stats["failures"] else 0)


if __name__ == "__main__":
    main()
