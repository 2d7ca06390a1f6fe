#!/usr/bin/env python3
"""Independent oracle for the `elo` fixtures beyond the spec's own examples.

Applies the formulas of specs/elo.md directly, in exact decimal arithmetic (60 significant digits,
so the rounding to the nearest integer, halves away from zero, cannot be disturbed by binary
floating point), and draws the diagram by expanding the FEN placement by hand. It never runs our
binary. It first checks itself against the spec's three examples, then writes:

    fixtures/elo/oracle_*.in / .out (/ .args)

Run from the repository root:  python3 xtask/oracles/elo/gen_fixtures.py
Deterministic: random cases come from random.Random(SEED).
"""

import random
from decimal import ROUND_FLOOR, ROUND_HALF_UP, Decimal, getcontext
from pathlib import Path

getcontext().prec = 60
SEED = 20261123
OUT = Path("fixtures/elo")

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"
UNICODE = dict(zip("KQRBNPkqrbnp", "♔♕♖♗♘♙♚♛♜♝♞♟"))


def expected(own, opponent):
    """E = 1 / (1 + 10^((R_opponent - R_own) / 400))."""
    return 1 / (1 + Decimal(10) ** (Decimal(opponent - own) / 400))


def k_factor(rating, games):
    if rating >= 2400:
        return 10
    return 40 if games < 30 else 20


def new_rating(rating, games, opponent, score):
    """R' = R + K (S - E), rounded to the nearest integer, halves away from zero."""
    exact = rating + k_factor(rating, games) * (score - expected(rating, opponent))
    return int(exact.quantize(Decimal(1), rounding=ROUND_HALF_UP))


def min_distance_to_half():
    """How close K (S - E) ever comes to a half-integer, over every rating difference."""
    best = Decimal(1)
    for d in range(-4000, 4001):
        e = expected(0, d)
        for k in (10, 20, 40):
            for s in (Decimal(1), Decimal("0.5"), Decimal(0)):
                x = k * (s - e)
                frac = x - x.to_integral_value(rounding=ROUND_FLOOR)
                best = min(best, abs(frac - Decimal("0.5")))
    return best


def diagram(placement, unicode=False):
    frame = "# a b c d e f g h #"
    lines = [frame]
    ranks = placement.split()[0].split("/")
    assert len(ranks) == 8
    for i, rank in enumerate(ranks):
        cells = []
        for ch in rank:
            if ch.isdigit():
                cells += ["·" if unicode else "0"] * int(ch)
            else:
                cells.append(UNICODE[ch] if unicode else ch)
        assert len(cells) == 8
        n = str(8 - i)
        lines.append(" ".join([n] + cells + [n]))
    lines.append(frame)
    return lines


SCORES = {"1-0": Decimal(1), "1/2-1/2": Decimal("0.5"), "0-1": Decimal(0)}


def answer(record, unicode=False, result=None):
    placement, wname, (rw, gw), bname, (rb, gb) = record
    lines = diagram(placement, unicode)
    results = [result] if result else ["1-0", "1/2-1/2", "0-1"]
    w = [new_rating(rw, gw, rb, SCORES[r]) for r in results]
    b = [new_rating(rb, gb, rw, 1 - SCORES[r]) for r in results]
    lines.append(f"W: {wname}({rw}) " + " ".join(map(str, w)))
    lines.append(f"B: {bname}({rb}) " + " ".join(map(str, b)))
    return "\n".join(lines) + "\n"


def record_text(record):
    placement, wname, (rw, gw), bname, (rb, gb) = record
    return f"{placement}\n{wname}\n{rw} {gw}\n{bname}\n{rb} {gb}\n"


def write_case(name, records, args=None, **kw):
    (OUT / f"{name}.in").write_text("\n".join(record_text(r) for r in records))
    (OUT / f"{name}.out").write_text("\n".join(answer(r, **kw) for r in records))
    if args:
        (OUT / f"{name}.args").write_text("\n".join(args) + "\n")


def check_spec_examples():
    table = [
        ((START, "Name1 Surname1", (1600, 60), "Name2 Surname2", (1200, 24)),
         "W: Name1 Surname1(1600) 1602 1592 1582", "B: Name2 Surname2(1200) 1196 1216 1236"),
        (("3r4/Q1n5/PPp3PP/4p3/4K3/2k1N3/p1p2R2/q7", "Garry Kasparov", (2800, 1855),
          "Bot DeepBlue", (2600, 2037)),
         "W: Garry Kasparov(2800) 2802 2797 2792", "B: Bot DeepBlue(2600) 2598 2603 2608"),
        ((START, "Magnus Carlson", (2851, 1469), "Hikaru Nakamura", (2792, 1401)),
         "W: Magnus Carlson(2851) 2855 2850 2845", "B: Hikaru Nakamura(2792) 2788 2793 2798"),
    ]
    for record, w, b in table:
        assert answer(record).splitlines()[10:] == [w, b], record


def random_placement(rng):
    ranks = []
    for _ in range(8):
        out, empty = "", 0
        for _ in range(8):
            if rng.random() < 0.7:
                empty += 1
                continue
            if empty:
                out += str(empty)
                empty = 0
            out += rng.choice("KQRBNPkqrbnp")
        ranks.append(out + (str(empty) if empty else ""))
    return "/".join(ranks)


def main():
    check_spec_examples()
    print("closest approach of K(S - E) to a half-integer:", min_distance_to_half())

    def rec(rw, gw, rb, gb, placement=START, wname="White Player", bname="Black Player"):
        return (placement, wname, (rw, gw), bname, (rb, gb))

    # K factor boundaries: R 2399/2400, G 0/29/30, both colours.
    write_case("oracle_k_boundaries", [
        rec(2399, 29, 2400, 0),
        rec(2399, 30, 2400, 10000),
        rec(2400, 0, 2399, 29),
        rec(2400, 29, 2399, 30),
        rec(1000, 0, 1000, 30),
        rec(2399, 0, 2399, 10000),
    ])
    # Equal ratings, differences beyond 400, the extremes (predictions outside 1000..5000).
    write_case("oracle_far_apart", [
        rec(1500, 100, 1500, 100),
        rec(1000, 0, 1000, 0),
        rec(5000, 10000, 5000, 10000),
        rec(1000, 0, 5000, 0),
        rec(5000, 0, 1000, 0),
        rec(1200, 5, 1700, 5),
        rec(2000, 40, 1599, 40),
        rec(1000, 29, 1001, 29),
    ])
    # Names: one word, many words, punctuation and non-ASCII text.
    write_case("oracle_names", [
        rec(1600, 60, 1200, 24, wname="Anand", bname="Ян Непомнящий"),
        rec(2100, 12, 2050, 300, wname="José Raúl Capablanca y Graupera", bname="O'Kelly de Galway"),
    ])
    # A random batch from the seed above: random placements and games; every other record has
    # ratings within 400 points of each other (where most games are played), the rest anywhere.
    rng = random.Random(SEED)

    def games():
        return rng.choice([rng.randint(0, 40), rng.randint(0, 10000)])

    batch = []
    for i in range(60):
        rw = rng.randint(1000, 5000)
        rb = rng.randint(max(1000, rw - 400), min(5000, rw + 400)) if i % 2 else rng.randint(1000, 5000)
        batch.append(rec(rw, games(), rb, games(), placement=random_placement(rng),
                         wname=f"White {i}", bname=f"Black {i}"))
    write_case("oracle_random_batch", batch)
    # Flags: --unicode and --result.
    kasparov = rec(2800, 1855, 2600, 2037, placement="3r4/Q1n5/PPp3PP/4p3/4K3/2k1N3/p1p2R2/q7",
                   wname="Garry Kasparov", bname="Bot DeepBlue")
    write_case("oracle_unicode", [kasparov], args=["--unicode"], unicode=True)
    for name, result in [("oracle_result_white_wins", "1-0"), ("oracle_result_draw", "1/2-1/2"),
                         ("oracle_result_black_wins", "0-1")]:
        write_case(name, [kasparov, rec(1600, 60, 1200, 24)], args=["--result", result], result=result)


if __name__ == "__main__":
    main()
