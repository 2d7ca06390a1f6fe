#!/usr/bin/env python3
"""Independent oracle for `endgame-solver`: answers from Fairy-Stockfish's move generation.

Writes `fixtures/endgame-solver/oracle-NNN.in` / `.out` (and the spec's table as `spec-*.in`/`.out`).
Legal moves, checkmate/stalemate detection and SAN come from Fairy-Stockfish (`pyffish`) loaded with
the spec's 7x7 variant; this script only applies moves to its own board dictionary (checked against
`pyffish.get_fen` for every listed move) and implements the spec's five cases directly: one plain
AND/OR recursion per goal, memoised on (position, remaining plies). Memoising without the path is
exact here because every case has N <= 4: a third occurrence of a position needs at least 8 plies.

Usage: python3 xtask/oracles/endgame-solver/gen_fixtures.py [OUT_DIR] [--hand-only]
(seed fixed below; the full run takes about an hour, pyffish answers each query in ~1.5 ms)
"""

import os
import random
import sys

import pyffish as sf

SEED = 20261123
VARIANT = "chess7"
INI = """[chess7:chess]
maxRank = 7
maxFile = g
promotionRegionWhite = *7
promotionRegionBlack = *1
promotionPieceTypes = qn
doubleStepRegionWhite = *2
doubleStepRegionBlack = *6
castling = false
"""
FILES = "abcdefg"
CZECH = {"K": "K", "Q": "D", "R": "V", "B": "S", "N": "J"}
# Czech input letters -> FEN letters for White's pieces.
INPUT_LETTER = {"K": "K", "V": "R", "D": "Q", "J": "N"}

sf.load_variant_config(INI)


# ---------------------------------------------------------------- positions
# A position is (frozenset of (square, fen letter), side) with squares like "c6".

def fen(pos):
    board, side = pos
    by_sq = dict(board)
    ranks = []
    for rank in range(7, 0, -1):
        row, empty = "", 0
        for f in FILES:
            piece = by_sq.get(f"{f}{rank}")
            if piece is None:
                empty += 1
            else:
                row += (str(empty) if empty else "") + piece
                empty = 0
        ranks.append(row + (str(empty) if empty else ""))
    return "/".join(ranks) + f" {side} - - 0 1"


_moves = {}


def legal_moves(pos):
    key = fen(pos)
    if key not in _moves:
        _moves[key] = sf.legal_moves(VARIANT, key, [])
    return _moves[key]


def play(pos, uci):
    board, side = pos
    by_sq = dict(board)
    src, dst, promo = uci[:2], uci[2:4], uci[4:]
    piece = by_sq.pop(src)
    if promo:
        piece = promo.upper() if side == "w" else promo
    by_sq[dst] = piece
    return frozenset(by_sq.items()), ("b" if side == "w" else "w")


def pieces(pos):
    return sorted(p for _, p in pos[0])


def dead(pos):
    return pieces(pos) in (["K", "k"], ["K", "N", "k"], ["K", "k", "n"])


def superiority(pos):
    """'w', 'b' or None: who holds the spec's material superiority."""
    ps = pieces(pos)
    heavy_w = sum(p in "QR" for p in ps)
    heavy_b = sum(p in "qr" for p in ps)
    if heavy_w >= heavy_b + 1:
        return "w"
    if ps == ["K", "k", "r"]:
        return "b"
    return None


def outcome(pos):
    """None while the game goes on, else 'w'/'b' (the mating side) or 'draw'."""
    if not legal_moves(pos):
        result = sf.game_result(VARIANT, fen(pos), [])
        if result == 0:
            return "draw"  # stalemate
        assert result == -sf.VALUE_MATE, result
        return "b" if pos[1] == "w" else "w"
    if dead(pos):
        return "draw"
    return None


# ---------------------------------------------------------------- the three games
# goal = ("mate", X) | ("draw", "b") | ("horizon", X): does the goal's player force it within d plies?

_memo = {}


def success(goal, pos, d):
    kind, player = goal
    end = outcome(pos)
    if end is not None:
        if kind == "draw":
            return end in ("draw", "b")
        return end == player
    if d == 0:
        return kind == "horizon" and superiority(pos) == player
    key = (goal, pos, d)
    if key not in _memo:
        children = (success(goal, play(pos, m), d - 1) for m in legal_moves(pos))
        _memo[key] = any(children) if pos[1] == player else all(children)
    return _memo[key]


# ---------------------------------------------------------------- the answer

def czech_san(pos, uci):
    san = sf.get_san(VARIANT, fen(pos), uci, False, sf.NOTATION_SAN)
    san = san.replace("=", "")
    return "".join(CZECH.get(c, c) for c in san)


def checked_play(pos, uci):
    child = play(pos, uci)
    expected = sf.get_fen(VARIANT, fen(pos), [uci]).split()[:2]
    assert fen(child).split()[:2] == expected, (fen(pos), uci, expected)
    return child


def answer(pos, n):
    assert n <= 7, "memoising without the path needs N < 8"
    p = pos[1]
    q = "b" if p == "w" else "w"
    result = {"w": "1-0", "b": "0-1"}
    end = outcome(pos)
    if end is not None:
        return "1/2-1/2" if end == "draw" else result[end]
    cases = [
        (("mate", p), result[p]),
        (("mate", q), result[q]),
        (("draw", "b"), "1/2-1/2"),
        (("horizon", p), "H " + result[p]),
        (("horizon", q), "H " + result[q]),
    ]
    for goal, verdict in cases:
        if not success(goal, pos, n):
            continue
        if n == 0:
            return verdict
        entries = []
        for m in legal_moves(pos):
            child = checked_play(pos, m)
            first = czech_san(pos, m)
            if goal[1] == p:
                if success(goal, child, n - 1):
                    entries.append((first, ""))
            elif outcome(child) is not None or n == 1:
                assert success(goal, child, n - 1)
                entries.append((first, ""))
            else:
                for r in legal_moves(child):
                    if success(goal, checked_play(child, r), n - 2):
                        entries.append((first, czech_san(child, r)))
        entries.sort(key=lambda e: (e[0].encode(), e[1].encode()))
        text = ", ".join(f"{a} {b}" if b else a for a, b in entries)
        return verdict + (" " + text if text else "")
    return "0-0"


# ---------------------------------------------------------------- input lines

def parse_input(text):
    """The tool's three-line input -> (position, N), for the spec's table."""
    line1, side, n = text.split("\n")[:3]
    board, kings = [], 0
    for token in line1.split():
        letter, sq = (token[0], token[1:]) if token[0].isupper() else ("", token)
        if letter == "K":
            kings += 1
        white = kings == 1
        if letter == "":
            board.append((sq, "P"))
        elif white:
            board.append((sq, INPUT_LETTER[letter]))
        else:
            board.append((sq, INPUT_LETTER[letter].lower()))
    return (frozenset(board), "w" if side.strip() == "B" else "b"), int(n)


def input_text(pos, n):
    board, side = pos
    order = ["K", "Q", "R", "N", "P", "k", "r"]
    tokens = []
    for letter in order:
        for sq, piece in sorted(board):
            if piece == letter:
                czech = {"K": "K", "Q": "D", "R": "V", "N": "J", "P": "", "k": "K", "r": "V"}
                tokens.append(czech[letter] + sq)
    return " ".join(tokens) + "\n" + ("B" if side == "w" else "C") + "\n" + str(n) + "\n"


SPEC_TABLE = [
    ("seed", "Kd5 Vf3 c6 Kf7 Vf6", "B", 5, "1-0 c7D+"),
    ("spec-seed-n1", "Kd5 Vf3 c6 Kf7 Vf6", "B", 1, "H 1-0 Vxf6+, c7D+"),
    ("spec-seed-n2", "Kd5 Vf3 c6 Kf7 Vf6", "B", 2, "H 1-0 c7D+"),
    ("spec-krk-n1", "Kb1 Ve1 Kc4", "C", 1, "H 1-0 Kb3, Kb4, Kb5, Kc3, Kc5, Kd3, Kd4, Kd5"),
    ("spec-krk-n0", "Kb1 Ve1 Kc4", "C", 0, "H 1-0"),
]

# Hand-picked inputs for the final-position cases (outputs still come from `answer`).
HAND = [
    ("oracle-final-stalemate", "Ka1 Kc3 Vb2", "B", 3),
    ("oracle-final-white-mated", "Ka1 Kc2 Va7", "B", 2),
    ("oracle-final-black-mated", "Kc5 Va1 Ka5", "C", 4),
    ("oracle-final-black-mated-n0", "Kc5 Va1 Ka5", "C", 0),
    ("oracle-final-kk", "Kb2 Kd5", "B", 2),
    ("oracle-final-knk-n0", "Kb2 Jc3 Ke6", "C", 0),
    ("oracle-knight-promotion-n1", "Ka1 Vb3 c6 Kf6 Vd7", "B", 1),
    ("oracle-knight-promotion-n2", "Ka1 Vb3 c6 Kf6 Vd7", "B", 2),
    ("oracle-queen-n3", "Ka1 Dd4 Kf6 Vf7", "C", 3),
    # Black's draw with White to move, and mates by the side not to move.
    ("oracle-draw-white-moves-1", "Kf1 b5 Kb6", "B", 2),
    ("oracle-draw-white-moves-2", "Ka1 Kg7 Vb2", "B", 1),
    ("oracle-draw-white-moves-3", "Ka1 Kg7 Vb2", "B", 3),
    ("oracle-draw-white-moves-4", "Kd1 d5 Kd6", "B", 2),
    ("oracle-draw-white-moves-5", "Kg1 e5 Ke6", "B", 3),
    ("oracle-mate-by-other-1", "Ka1 Kc2 Vg3", "B", 4),
    ("oracle-mate-by-other-2", "Kg1 Ke2 Vf4", "B", 4),
    ("oracle-mate-by-other-3", "Ka1 Kc3 Vd7", "B", 4),
    ("oracle-horizon-by-other", "Kg4 d2 Ke6 Vd7", "B", 4),
]


# ---------------------------------------------------------------- random positions

def attacked(by_sq, sq, by_white):
    """Is `sq` attacked by the given colour (own attack code, used only to pick legal inputs)."""
    f, r = FILES.index(sq[0]), int(sq[1])
    for s, piece in by_sq.items():
        if piece.isupper() != by_white:
            continue
        pf, pr = FILES.index(s[0]), int(s[1])
        df, dr = f - pf, r - pr
        kind = piece.upper()
        if kind == "K" and max(abs(df), abs(dr)) == 1:
            return True
        if kind == "N" and sorted((abs(df), abs(dr))) == [1, 2]:
            return True
        if kind == "P" and dr == 1 and abs(df) == 1:
            return True
        lines = (kind in "RQ" and (df == 0 or dr == 0)) or (kind in "BQ" and abs(df) == abs(dr))
        if lines and (df, dr) != (0, 0):
            step_f = (df > 0) - (df < 0)
            step_r = (dr > 0) - (dr < 0)
            cf, cr = pf + step_f, pr + step_r
            while (cf, cr) != (f, r):
                if f"{FILES[cf]}{cr}" in by_sq:
                    break
                cf, cr = cf + step_f, cr + step_r
            else:
                return True
    return False


def random_position(rng, material):
    squares = [f"{f}{r}" for f in FILES for r in range(1, 8)]
    while True:
        chosen = rng.sample(squares, len(material))
        by_sq = dict(zip(chosen, material))
        kings = {p: s for s, p in by_sq.items() if p in "Kk"}
        (kf, kr), (bf, br) = [(FILES.index(kings[k][0]), int(kings[k][1])) for k in "Kk"]
        if max(abs(kf - bf), abs(kr - br)) <= 1:
            continue
        if any(p == "P" and s[1] in "17" for s, p in by_sq.items()):
            continue
        side = rng.choice("wb")
        # The side not to move must not be in check.
        if attacked(by_sq, kings["k" if side == "w" else "K"], side == "w"):
            continue
        return frozenset(by_sq.items()), side


MATERIALS = [
    ["K", "R", "P", "k", "r"],
    ["K", "R", "k", "r"],
    ["K", "P", "k", "r"],
    ["K", "R", "P", "k"],
    ["K", "R", "k"],
    ["K", "k", "r"],
    ["K", "P", "k"],
    ["K", "Q", "k", "r"],
    ["K", "Q", "R", "k", "r"],
    ["K", "N", "k", "r"],
]


def category(text, pos):
    verdict = text.split(" ")[0]
    if verdict == "H":
        side = text.split(" ")[1]
        mine = (side == "1-0") == (pos[1] == "w")
        return "H-" + ("P" if mine else "Q")
    if verdict in ("1-0", "0-1"):
        if " " not in text:
            return "final-mate"
        mine = (verdict == "1-0") == (pos[1] == "w")
        return "mate-" + ("P" if mine else "Q")
    if verdict == "1/2-1/2":
        if " " not in text:
            return "final-draw"
        return "draw-" + pos[1]
    return verdict


WANTED = {  # category -> how many fixtures (the rare kinds come from HAND instead)
    "mate-P": 10, "mate-Q": 2, "draw-b": 8, "draw-w": 0, "H-P": 10, "H-Q": 8, "0-0": 8,
    "final-mate": 3, "final-draw": 0,
}


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    out_dir = args[0] if args else "fixtures/endgame-solver"
    os.makedirs(out_dir, exist_ok=True)
    for name, line1, side, n, expected in SPEC_TABLE:
        text = f"{line1}\n{side}\n{n}\n"
        got = answer(*parse_input(text))
        assert got == expected, (name, got, expected)
        write(out_dir, name, text, got)
    for name, line1, side, n in HAND:
        text = f"{line1}\n{side}\n{n}\n"
        got = answer(*parse_input(text))
        write(out_dir, name, text, got)
        print(f"{name} {got}", flush=True)
    if "--hand-only" in sys.argv:
        return
    rng = random.Random(SEED)
    found = {k: 0 for k in WANTED}
    count, tries = 0, 0
    while any(found[k] < WANTED[k] for k in WANTED) and tries < 20000:
        tries += 1
        material = rng.choice(MATERIALS)
        pos = random_position(rng, material)
        n = rng.choice([0, 1, 1, 2, 2, 3, 3, 4] if len(material) <= 4 else [0, 1, 2, 2, 3])
        got = answer(pos, n)
        cat = category(got, pos)
        if found.get(cat, 99) >= WANTED.get(cat, 0):
            continue
        found[cat] += 1
        count += 1
        write(out_dir, f"oracle-{count:03}", input_text(pos, n), got)
        print(f"oracle-{count:03} {cat:10} {fen(pos)} N={n}: {got}", flush=True)
        if len(_memo) > 2_000_000:
            _memo.clear()
    print(f"{count} positions from {tries} tries; categories {found}", flush=True)


def write(out_dir, name, text, out):
    with open(os.path.join(out_dir, name + ".in"), "w") as f:
        f.write(text)
    with open(os.path.join(out_dir, name + ".out"), "w") as f:
        f.write(out + "\n")


if __name__ == "__main__":
    main()
