#!/usr/bin/env python3
"""Writes the kbn-tb fixtures whose expected output comes from an independent oracle: the Gaviota
KBNK depth-to-mate table (kbnk.gtb.cp4) read with python-chess (`chess.gaviota`), and python-chess
for the rules (legal moves, SAN, UCI, checkmate, stalemate).

    python3 xtask/oracles/kbn-tb/gen_fixtures.py [ORACLES_DIR]

ORACLES_DIR defaults to $CHESS_ORACLES or ../shared/oracles (relative to the project root). The
random positions come from random.Random(SEED), so the output is reproducible.

Expected output (the spec's probe and line formats, as kbn-tb documents them):
- probe: the value (`mate in N` / `mated` / `draw`, N in White moves: Gaviota's plies p give
  N = (p + 1) // 2 with White to move and N = p // 2 with Black to move), then every legal move
  as `{san:<7} {uci:<6} {value after}`, ordered by UCI, then (stable) best first: for White the
  fastest mate (mated < mate in 1 < ... < draw), for Black the longest resistance (draw first,
  then the longest mate). A capture leaves KB v K or KN v K: a draw by rule (no table probed).
- Each case runs `kbn-tb probe --file CASE.in` (or `line`): the FEN, the answer, a blank line.
- line: the first move of that order at every turn until mate, one move pair per line.
"""

import os
import random
import sys
from pathlib import Path

import chess
import chess.gaviota

SEED = 20261123
ROOT = Path(__file__).resolve().parents[3]
OUT = ROOT / "fixtures" / "kbn-tb"

DRAW = None  # a value: None = draw, 0 = mated, N = mate in N


def value(tb, board):
    """The value of a position, in White moves (None: draw, 0: Black is mated)."""
    if len(board.piece_map()) < 4:
        return DRAW  # a piece was taken: KB v K or KN v K cannot mate
    if board.is_checkmate():
        return 0
    if board.is_stalemate():
        return DRAW
    dtm = tb.probe_dtm(board)
    if dtm == 0:
        return DRAW
    plies = abs(dtm)
    return (plies + 1) // 2 if board.turn == chess.WHITE else plies // 2


def text(v):
    if v is None:
        return "draw"
    if v == 0:
        return "mated"
    return f"mate in {v}"


def white_rank(v):
    return 1 << 16 if v is None else v


def moves(tb, board):
    rows = []
    for move in board.legal_moves:
        san = board.san(move)
        board.push(move)
        rows.append((move.uci(), san, value(tb, board)))
        board.pop()
    rows.sort(key=lambda r: r[0])
    if board.turn == chess.WHITE:
        rows.sort(key=lambda r: white_rank(r[2]))
    else:
        rows.sort(key=lambda r: -white_rank(r[2]))
    return rows


def probe_text(tb, fen):
    board = chess.Board(fen)
    out = [text(value(tb, board))]
    for uci, san, v in moves(tb, board):
        out.append(f"{san:<7} {uci:<6} {text(v)}")
    return "\n".join(out) + "\n"


def line_text(tb, fen):
    board = chess.Board(fen)
    start = value(tb, board)
    if not start:
        return text(start) + "\n"
    sans = []
    first_turn = board.turn
    while value(tb, board):
        uci, san, _ = moves(tb, board)[0]
        sans.append(san)
        board.push_uci(uci)
    out = []
    number = 1
    if first_turn == chess.BLACK:
        out.append(f"1... {sans[0]}")
        sans = sans[1:]
        number = 2
    for i in range(0, len(sans), 2):
        out.append(f"{number}. " + " ".join(sans[i : i + 2]))
        number += 1
    return "\n".join(out) + "\n"


def random_position(rng, turn):
    while True:
        squares = rng.sample(range(64), 4)
        board = chess.Board(None)
        for sq, piece in zip(squares, "KBNk"):
            board.set_piece_at(sq, chess.Piece.from_symbol(piece))
        board.turn = turn
        if board.is_valid():
            return board.fen()


def write(name, command, fen, expected):
    """A case: the FEN in `.in`, `COMMAND --file {in}` in `.args`, and the batch output (the FEN,
    the answer, a blank line) in `.out`."""
    (OUT / f"{name}.in").write_text(fen + "\n")
    (OUT / f"{name}.args").write_text(f"{command}\n--file\n{{in}}\n")
    (OUT / f"{name}.out").write_text(f"{fen}\n{expected}\n")


def main():
    oracles = Path(sys.argv[1] if len(sys.argv) > 1 else os.environ.get("CHESS_ORACLES", ROOT.parent / "shared" / "oracles"))
    tb = chess.gaviota.open_tablebase(str(oracles / "gaviota"))
    rng = random.Random(SEED)
    # `seed_*` cases are what `cargo xtask demo` shows: the seed's longest mate, 33 moves.
    chosen = {
        # The spec's cases: a mate in 1, a stalemate-draw, the longest mate for both sides.
        "probe_mate_in_1": "8/8/8/8/8/8/2K5/k1N1B3 w - - 0 1",
        "probe_stalemate": "8/8/8/8/8/8/2K5/k1N1B3 b - - 0 1",
        "seed_probe_longest": "8/8/7N/8/8/8/8/K1k1B3 w - - 0 1",
        "probe_longest_black": "8/8/7N/8/8/8/8/K1k1B3 b - - 0 1",
        "probe_checkmated": "k7/8/NK6/3B4/8/8/8/8 b - - 0 1",
        "probe_capture_draw": "8/8/8/8/3k4/3N4/8/K6B b - - 0 1",
        "probe_dark_bishop_corner": "7k/8/5K2/8/8/8/8/1B4N1 w - - 0 1",
        # Added by the audit (xtask/oracles/kbn-tb/audit.py): Black to move in double check, a
        # dark-squared bishop with Black to move, White moves that stalemate or hang a piece.
        "probe_black_double_check": "8/8/B7/4N3/2k5/7K/8/8 b - - 0 1",
        "probe_dark_bishop_black": "1B6/8/8/8/8/7k/8/1K3N2 b - - 0 1",
        "probe_stalemating_moves": "3k4/8/3K4/5B2/8/8/8/3N4 w - - 0 1",
    }
    for i, turn in enumerate([chess.WHITE, chess.BLACK] * 4):
        chosen[f"probe_random_{i + 1}"] = random_position(rng, turn)
    for name, fen in chosen.items():
        write(name, "probe", fen, probe_text(tb, fen))
    lines = {
        "line_mate_in_1": "8/8/8/8/8/8/2K5/k1N1B3 w - - 0 1",
        "seed_line_longest": "8/8/7N/8/8/8/8/K1k1B3 w - - 0 1",
        "line_black_to_move": "8/8/8/8/8/1K6/8/k1N4B b - - 0 1",
        "line_draw": "8/8/8/8/3k4/3N4/8/K6B b - - 0 1",
    }
    for name, fen in lines.items():
        write(name, "line", fen, line_text(tb, fen))


if __name__ == "__main__":
    main()
