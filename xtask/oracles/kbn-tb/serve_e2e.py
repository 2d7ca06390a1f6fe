#!/usr/bin/env python3
"""Expected values for the browser test of `kbn-tb serve` (crates/kbn-tb/tests/serve_browser.rs),
from the Gaviota KBNK depth-to-mate table read by python-chess, independently of our generator.

Usage: python3 xtask/oracles/kbn-tb/serve_e2e.py [ORACLES_DIR]   (default ../shared/oracles)

Gaviota's DTM is in plies, signed for the side to move, 0 when checkmated. The tablebase speaks in
White moves: White to move with DTM d > 0 is "mate in (d + 1) / 2"; Black to move with DTM -d is
"mate in d / 2"; 0 with Black checkmated is "mated".

For each FEN the script prints its value, and every move with the value it leads to, best first,
so that the test can pick positions whose best move is unique.
"""
import sys

import chess
import chess.gaviota

FENS = [
    # White to move, mate in 4 with one best move (Ba6): the position the test types in.
    "8/k7/2K5/2N5/8/8/4B3/8 w - - 0 1",
    # The position after Ba6, Black to move.
    "8/k7/B1K5/2N5/8/8/8/8 b - - 1 1",
]


def value(tb, board):
    if board.is_checkmate():
        return "mated"
    if board.is_insufficient_material() or board.is_stalemate():
        return "draw"
    dtm = tb.probe_dtm(board)
    if dtm == 0:
        return "draw"
    if board.turn == chess.WHITE:
        assert dtm > 0, board.fen()
        return f"mate in {(dtm + 1) // 2}"
    assert dtm < 0, board.fen()
    return f"mate in {-dtm // 2}"


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else "../shared/oracles"
    with chess.gaviota.open_tablebase(f"{root}/gaviota") as tb:
        for fen in FENS:
            board = chess.Board(fen)
            print(f"{fen}: {value(tb, board)}")
            for move in board.legal_moves:
                san = board.san(move)
                board.push(move)
                print(f"  {move.uci()} {san}: {value(tb, board)}")
                board.pop()


if __name__ == "__main__":
    main()
