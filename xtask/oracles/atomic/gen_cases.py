#!/usr/bin/env python3
"""Oracle fixtures for `atomic`: cases from random atomic games, answered by python-chess.

Plays seeded random games with python-chess's `chess.variant.AtomicBoard` (an implementation
independent of shakmaty), picks positions and legal moves along them, and writes
`fixtures/atomic/oracle_*.in` (one case per line) with the `.out` that python-chess gives
(one answer per line).

Every placement-only case is reproducible from the placement alone under the spec's inference
rules: the mover's colour is the side to move; an en-passant capture is recognised from the
placement (a diagonal pawn move onto an empty square is legal only as en passant); castling
moves, which need castling rights, appear only with full FENs (`oracle_castling`,
`oracle_full_fen`), whose answer is python-chess's full FEN.

Usage (from the workspace root): python3 xtask/oracles/atomic/gen_cases.py
Requires: python-chess (`pip install chess`; written with 1.11.2).
"""

import pathlib
import random

import chess
import chess.variant

SEED = 20260423
OUT = pathlib.Path(__file__).resolve().parents[3] / "fixtures" / "atomic"


def is_king_explosion(board, move):
    if not (board.is_capture(move)):
        return False
    after = board.copy(stack=False)
    after.push(move)
    return after.king(chess.WHITE) is None or after.king(chess.BLACK) is None


def choose(rng, board):
    """A random legal move, biased towards double steps, en passant, promotions and blasts
    that take a king, so that the fixtures cover them."""
    moves = list(board.legal_moves)
    ep = [m for m in moves if board.is_en_passant(m)]
    promo = [m for m in moves if m.promotion]
    doubles = [
        m
        for m in moves
        if board.piece_type_at(m.from_square) == chess.PAWN
        and abs(m.to_square - m.from_square) == 16
    ]
    kings = [m for m in moves if is_king_explosion(board, m)]
    castles = [m for m in moves if board.is_castling(m)]
    if castles and rng.random() < 0.6:
        return rng.choice(castles)
    if ep and rng.random() < 0.9:
        return rng.choice(ep)
    if promo and rng.random() < 0.8:
        return rng.choice(promo)
    if kings and rng.random() < 0.3:
        return rng.choice(kings)
    pawns = [m for m in moves if board.piece_type_at(m.from_square) == chess.PAWN]
    if doubles and rng.random() < 0.35:
        return rng.choice(doubles)
    if pawns and rng.random() < 0.3:
        return rng.choice(pawns)
    return rng.choice(moves)


def token(rng, move):
    """The move as the input gives it: a queen promotion sometimes without its letter, a
    promotion letter sometimes upper case."""
    uci = move.uci()
    if move.promotion == chess.QUEEN and rng.random() < 0.4:
        return uci[:4]
    if move.promotion and rng.random() < 0.2:
        return uci[:4] + uci[4].upper()
    return uci


def line(rng, position, move_text):
    sep = rng.choice([" ", ", ", ",", " , ", "\t"])
    return f"{position}{sep}{move_text}"


def main():
    rng = random.Random(SEED)
    files = {
        "random": [],
        "en_passant": [],
        "promotion": [],
        "king_explosion": [],
        "full_fen": [],
        "castling": [],
    }
    wanted = {"random": 250, "en_passant": 30, "promotion": 25, "king_explosion": 20, "full_fen": 60, "castling": 16}
    games = 0
    while any(len(files[k]) < n for k, n in wanted.items()) and games < 20000:
        games += 1
        board = chess.variant.AtomicBoard()
        while not board.is_game_over():
            move = choose(rng, board)
            before = board.copy(stack=False)
            board.push(move)
            placement, fen = before.board_fen(), before.fen()
            if before.is_castling(move):
                kind = "castling"
            elif before.is_en_passant(move):
                kind = "en_passant"
            elif move.promotion:
                kind = "promotion"
            elif board.king(chess.WHITE) is None or board.king(chess.BLACK) is None:
                kind = "king_explosion"
            elif before.has_legal_en_passant() or board.has_legal_en_passant():
                kind = "full_fen"  # an en-passant square in the FEN given or printed
            elif rng.random() < 0.05:
                kind = "full_fen"
            elif rng.random() < 0.08:
                kind = "random"
            else:
                continue
            if len(files[kind]) >= wanted[kind]:
                continue
            if kind in ("full_fen", "castling"):
                files[kind].append((line(rng, fen, move.uci()), board.fen()))
            else:
                files[kind].append((line(rng, placement, token(rng, move)), board.board_fen()))
    for kind, cases in files.items():
        (OUT / f"oracle_{kind}.in").write_text("".join(c + "\n" for c, _ in cases))
        (OUT / f"oracle_{kind}.out").write_text("".join(r + "\n" for _, r in cases))
        print(f"oracle_{kind}: {len(cases)} cases")
    print(f"{games} games, seed {SEED}")


if __name__ == "__main__":
    main()
