#!/usr/bin/env python3
"""Perft fixtures for small-board and `endgame-solver perft`, from Fairy-Stockfish.

Oracles:
  * pyffish (PyPI, Fairy-Stockfish as a Python module) loaded with chess7.ini, the variant
    definition of specs/endgame-solver.md verbatim: the legal move list of every position
    (depth 1) and the depth-2 count.
  * the Debian `fairy-stockfish` binary (UCI `go perft N`) loaded with chess7-fsf11.ini, the
    same variant in that older version's option names: the counts at every depth (pyffish is
    ~3 ms a call, too slow for deep trees). The script stops if the two engines disagree on
    any move list or depth-2 count.

Writes fixtures/small-board/perft.txt and fixtures/endgame-solver/perft-*.{in,args,out}.
Run from the repository root:  python3 xtask/oracles/small-board/gen_perft.py
Deterministic: the random playouts use random.Random(SEED).
"""

import os
import random
import subprocess
import sys

import pyffish as sf

SEED = 7
VARIANT = "chess7"
HERE = os.path.dirname(os.path.abspath(__file__))
FSF = os.environ.get("FAIRY_STOCKFISH", "/usr/games/fairy-stockfish")
MAX_NODES = 3_000_000  # deepest depth whose count stays below this
MAX_DEPTH = 6

FILES = "abcdefg"


def fen_of(pieces, turn, ep="-"):
    """FEN from a list like "Kd5 Rf3 Pc6 kf7 rf6" (upper case White, lower case Black)."""
    board = {}
    for token in pieces.split():
        letter, square = token[0], token[1:]
        f, r = FILES.index(square[0]), int(square[1]) - 1
        assert (f, r) not in board, token
        board[(f, r)] = letter
    rows = []
    for r in range(6, -1, -1):
        row, empty = "", 0
        for f in range(7):
            if (f, r) in board:
                if empty:
                    row += str(empty)
                    empty = 0
                row += board[(f, r)]
            else:
                empty += 1
        if empty:
            row += str(empty)
        rows.append(row)
    return f"{'/'.join(rows)} {turn} - {ep} 0 1"


# (id, pieces, side to move, en passant square)
HAND_MADE = [
    # The task's material: K, R, P for White; K, R for Black.
    ("seed-white", "Kd5 Rf3 Pc6 kf7 rf6", "w", "-"),
    ("seed-black", "Kd5 Rf3 Pc6 kf7 rf6", "b", "-"),
    ("spec-kbn-rook", "Kb1 Re1 kc4", "b", "-"),
    ("task-double-step", "Ka1 Rg1 Pb2 kd6 rc5", "w", "-"),
    ("task-black-rook", "Kc3 Pd2 ke5 re7", "b", "-"),
    ("task-promotion-capture", "Kb2 Pd6 kf5 re7", "w", "-"),
    ("task-rook-vs-rook", "Ka2 Rd1 Pe4 kg6 rb7", "w", "-"),
    ("task-pawn-blocked", "Kg2 Rc1 Pc5 kc6 ra6", "b", "-"),
    # Side to move in check.
    ("check-rank", "Ke2 Pc3 kg5 rg2", "w", "-"),
    ("check-file-black", "Kb4 Rd1 kd7 ra6", "b", "-"),
    ("check-knight", "Ka1 Nc5 kd7 rf2", "b", "-"),
    ("check-queen-black", "Kd3 Qc7 Nb5 kf7 rf6", "b", "-"),
    ("check-block-or-capture", "Kg1 Rb3 Nd2 Pf2 ka7 qa1", "w", "-"),
    # Double checks: only king moves.
    ("double-check-rook-bishop", "Kd1 Qg3 Pg2 kd7 rd5 bb3", "w", "-"),
    ("double-check-knight-rook", "Ka4 Rd7 Ne6 kd5 pb6", "b", "-"),
    # Pins.
    ("pin-rook-on-file", "Kd1 Rd3 Pb2 kf6 rd6", "w", "-"),
    ("pin-pawn-diagonal", "Kb1 Pc2 kf6 qe4", "w", "-"),
    ("pin-knight", "Kd1 Nd4 ka7 rd7", "w", "-"),
    ("pin-queen-diagonal", "Ka1 Qc3 kg7 be5", "w", "-"),
    # En passant.
    ("ep-white", "Ka1 Pe4 kg7 pd4", "w", "d5"),
    ("ep-exposes-king", "Ka4 Pe4 kg7 pd4 rg4", "w", "d5"),
    ("ep-answers-check", "Kc3 Pe4 kg7 pd4", "w", "d5"),
    ("ep-black-two-capturers", "Kg1 Pb4 ka7 pa4 pc4", "b", "b3"),
    ("ep-pinned-along-diagonal", "Ka1 Pd4 Bc2 kg6 pe4", "b", "d3"),
    ("ep-exposes-diagonal", "Ka1 Pd4 Bb1 kg6 pe4 pc5", "b", "d3"),
    # Promotions, both colours.
    ("promotion-black-capture", "Kg4 Ra1 Nc1 ke6 pb2", "b", "-"),
    ("promotion-both", "Kg1 Pb6 Pf6 ka1 pc2 re7", "w", "-"),
    ("double-step-blocked", "Ka1 Pc2 Pe2 kg7 nc4 be3", "w", "-"),
    ("black-double-step-blocked", "Ka1 Nf4 kg7 pd6 pf6", "b", "-"),
    # Final positions.
    ("stalemate", "Ka1 kc2 qb3", "w", "-"),
    ("checkmate", "Ka1 kc3 qb2", "w", "-"),
    ("dead-kk", "Kb2 kf6", "w", "-"),
    ("dead-kn", "Kb2 Nd4 kf6", "b", "-"),
    # Full armies on 7x7 (pawns on ranks 2 and 6).
    ("mini-start", "Ra1 Nb1 Bc1 Qd1 Ke1 Bf1 Ng1 Pa2 Pb2 Pc2 Pd2 Pe2 Pf2 Pg2 "
     "pa6 pb6 pc6 pd6 pe6 pf6 pg6 ra7 nb7 bc7 qd7 ke7 bf7 ng7", "w", "-"),
]

MINI_START = HAND_MADE[-1]
PLAYOUTS = 10  # random games from the mini start, each cut at a random ply


def uci_fen(fen):
    return fen


def fsf_session(jobs):
    """Runs `go perft d` for each (fen, depth) in one UCI session; returns the divide outputs."""
    ini = os.path.join(HERE, "chess7-fsf11.ini")
    script = ["uci", f"setoption name VariantPath value {ini}", f"setoption name UCI_Variant value {VARIANT}"]
    for fen, depth in jobs:
        script += [f"position fen {fen}", f"go perft {depth}"]
    script.append("quit")
    out = subprocess.run([FSF], input="\n".join(script) + "\n", capture_output=True, text=True, check=True).stdout
    results, current = [], []
    for line in out.splitlines():
        if line.startswith("Nodes searched:"):
            results.append((current, int(line.split(":")[1])))
            current = []
        elif ": " in line and not line.startswith(("info", "option", "id ")):
            move, count = line.split(": ")
            current.append((move, int(count)))
    assert len(results) == len(jobs), (len(results), len(jobs))
    return results


def main():
    root = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
    sf.load_variant_config(open(os.path.join(HERE, "chess7.ini")).read())
    rng = random.Random(SEED)

    cases = [(name, fen_of(pieces, turn, ep)) for name, pieces, turn, ep in HAND_MADE]
    start = cases[-1][1]
    for i in range(PLAYOUTS):
        fen = start
        for _ in range(rng.randrange(4, 30)):
            moves = sf.legal_moves(VARIANT, fen, [])
            if not moves:
                break
            fen = sf.get_fen(VARIANT, fen, [rng.choice(sorted(moves))])
        cases.append((f"playout-{i + 1}", fen))

    # Depth-1 move lists and depth-2 counts from pyffish (the spec's variant definition).
    listed = {}
    for name, fen in cases:
        moves = sorted(sf.legal_moves(VARIANT, fen, []))
        d2 = sum(len(sf.legal_moves(VARIANT, sf.get_fen(VARIANT, fen, [m]), [])) for m in moves)
        listed[name] = (moves, d2)

    # Counts by depth from the UCI binary, deepening while the tree stays small.
    depth_of = {name: 1 for name, _ in cases}
    counts = {name: {} for name, _ in cases}
    pending = [name for name, _ in cases]
    fens = dict(cases)
    while pending:
        results = fsf_session([(fens[n], depth_of[n]) for n in pending])
        still = []
        for name, (divide, total) in zip(pending, results):
            d = depth_of[name]
            counts[name][d] = total
            if d == 1:
                moves, d2 = listed[name]
                theirs = sorted(m for m, _ in divide)
                if theirs != moves:
                    sys.exit(f"{name}: engines disagree on moves: pyffish {moves} vs binary {theirs}")
            if d == 2 and total != listed[name][1]:
                sys.exit(f"{name}: engines disagree on perft 2: {listed[name][1]} vs {total}")
            if total and total * max(1, total // max(1, counts[name].get(d - 1, 1))) < MAX_NODES and d < MAX_DEPTH:
                depth_of[name] = d + 1
                still.append(name)
        pending = still

    lines = [
        "# Source: Fairy-Stockfish with the 7x7 variant of specs/endgame-solver.md; generated by",
        "# xtask/oracles/small-board/gen_perft.py (seed 7): `moves` (legal moves, UCI, sorted) from",
        "# pyffish, `perft D N` from the Debian fairy-stockfish binary (`go perft D`), the two checked",
        "# against each other. See fixtures/small-board/SOURCE.md.",
    ]
    for name, fen in cases:
        lines += ["", f"id {name}", f"epd {fen}", "moves " + " ".join(listed[name][0])]
        lines += [f"perft {d} {n}" for d, n in sorted(counts[name].items())]
    with open(os.path.join(root, "fixtures", "small-board", "perft.txt"), "w") as f:
        f.write("\n".join(lines) + "\n")

    # CLI fixtures: `endgame-solver perft FEN DEPTH [--divide]`.
    cli = [
        ("perft-seed-d3", "seed-white", 3, False),
        ("perft-seed-divide-d3", "seed-white", 3, True),
        ("perft-ep-exposes-king-divide-d2", "ep-exposes-king", 2, True),
        ("perft-promotion-black-d4", "promotion-black-capture", 4, False),
        ("perft-double-check-divide-d1", "double-check-rook-bishop", 1, True),
        ("perft-mini-start-d4", "mini-start", 4, False),
    ]
    results = fsf_session([(fens[n], d) for _, n, d, _ in cli])
    out_dir = os.path.join(root, "fixtures", "endgame-solver")
    for (case, name, depth, divide), (rows, total) in zip(cli, results):
        args = ["perft", fens[name], str(depth)] + (["--divide"] if divide else []) + ["{no-in}"]
        if divide:
            body = "".join(f"{m}: {n}\n" for m, n in sorted(rows)) + f"\nNodes searched: {total}\n"
        else:
            body = f"{total}\n"
        for ext, text in (("in", ""), ("args", "\n".join(args) + "\n"), ("out", body)):
            with open(os.path.join(out_dir, f"{case}.{ext}"), "w") as f:
                f.write(text)
    print(f"{len(cases)} positions, {sum(len(c) for c in counts.values())} counts, {len(cli)} CLI cases")


if __name__ == "__main__":
    main()
