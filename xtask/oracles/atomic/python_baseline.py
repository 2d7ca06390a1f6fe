#!/usr/bin/env python3
"""The baseline of `cargo xtask bench atomic`: python-chess's `chess.variant.AtomicBoard` on the
same cases as `atomic`, with the same inferred context (the mover's colour moves, an en-passant
capture is recognised from the board, no castling rights) and the same legality check.

Usage: python_baseline.py CASES LIMIT ANSWERS
Reads the first LIMIT lines of CASES, writes the resulting placements to ANSWERS (one per line,
`error` for an illegal move) and prints `lines cpu_seconds wall_seconds` for the solving loop.
"""

import sys
import time

import chess
import chess.variant


def solve(line):
    placement, token = line.replace(",", " ").split()
    move = chess.Move.from_uci(token.lower())
    board = chess.variant.AtomicBoard(placement + " w - - 0 1")
    piece = board.piece_at(move.from_square)
    if piece is None:
        return "error"
    board.turn = piece.color
    if (
        piece.piece_type == chess.PAWN
        and chess.square_file(move.from_square) != chess.square_file(move.to_square)
        and board.piece_at(move.to_square) is None
    ):
        board.ep_square = move.to_square
    if (
        piece.piece_type == chess.PAWN
        and move.promotion is None
        and chess.square_rank(move.to_square) in (0, 7)
    ):
        move.promotion = chess.QUEEN
    if not board.is_legal(move):
        return "error"
    board.push(move)
    return board.board_fen()


def main():
    path, limit, answers = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    with open(path) as f:
        lines = [line for _, line in zip(range(limit), f)]
    cpu, wall = time.process_time(), time.perf_counter()
    results = [solve(line) for line in lines]
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    with open(answers, "w") as f:
        f.write("".join(r + "\n" for r in results))
    print(len(lines), cpu, wall)


if __name__ == "__main__":
    main()
