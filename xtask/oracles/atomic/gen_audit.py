"""Audit fixtures for `atomic`: random sparse placements where the inferred context matters, answered
by `audit_oracle.py` (written independently of the tool and of gen_cases.py).

Writes fixtures/atomic/audit_inferred.{in,out} (checked cases from placements alone: en passant,
also where the square behind the captured pawn is occupied; promotions and under-promotions;
captures), audit_no_check_fen.{in,args,out} (--no-check with full FENs: the en-passant square after
a double step that leaves an illegal position) and audit_wrong_turn.{in,expect}.

Seed 4242. Run from the repository root: python3 xtask/oracles/atomic/gen_audit.py
"""
import os
import random
import sys

import chess
import chess.variant

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from audit_oracle import ep_shape, verdict  # noqa: E402

OUT = os.path.join("fixtures", "atomic")


def sparse(rng):
    b = chess.variant.AtomicBoard(None)
    b.clear_board()
    squares = rng.sample(range(64), 2)
    b.set_piece_at(squares[0], chess.Piece(chess.KING, chess.WHITE))
    b.set_piece_at(squares[1], chess.Piece(chess.KING, chess.BLACK))
    for _ in range(rng.randint(2, 12)):
        pt = rng.choice([chess.PAWN] * 4 + [chess.KNIGHT, chess.BISHOP, chess.ROOK, chess.QUEEN])
        sq = chess.square(rng.randrange(8), rng.randint(1, 6)) if pt == chess.PAWN else rng.randrange(64)
        if b.piece_at(sq) is None:
            b.set_piece_at(sq, chess.Piece(pt, rng.random() < 0.5))
    return b


def with_ep(rng, b):
    c = rng.random() < 0.5
    f = rng.randrange(8)
    f2 = f + rng.choice([-1, 1])
    if not 0 <= f2 < 8:
        return None
    rank = 4 if c else 3
    d = 1 if c else -1
    for sq, p in ((chess.square(f, rank), chess.PAWN), (chess.square(f2, rank), chess.PAWN)):
        if b.piece_at(sq) and b.piece_at(sq).piece_type == chess.KING:
            return None
    b.set_piece_at(chess.square(f, rank), chess.Piece(chess.PAWN, c))
    b.set_piece_at(chess.square(f2, rank), chess.Piece(chess.PAWN, not c))
    to = chess.square(f2, rank + d)
    if b.piece_at(to) and b.piece_at(to).piece_type == chess.KING:
        return None
    b.remove_piece_at(to)
    behind = chess.square(f2, rank + 2 * d)
    if rng.random() < 0.5:
        if not (b.piece_at(behind) and b.piece_at(behind).piece_type == chess.KING):
            b.set_piece_at(behind, chess.Piece(rng.choice([chess.PAWN, chess.KNIGHT, chess.ROOK]), rng.random() < 0.5))
    return chess.square(f, rank), to


def main():
    rng = random.Random(4242)
    inferred, kinds = [], {"ep": 0, "ep-behind": 0, "promo": 0, "capture": 0}
    while min(kinds.values()) < 40:
        b = sparse(rng)
        r = rng.random()
        if r < 0.5:
            got = with_ep(rng, b)
            if got is None:
                continue
            frm, to = got
            token = chess.square_name(frm) + chess.square_name(to)
        else:
            t = b.copy(stack=False)
            froms = list(chess.SquareSet(b.occupied))
            frm = rng.choice(froms)
            t.turn = b.piece_at(frm).color
            moves = list(t.generate_pseudo_legal_moves(chess.BB_SQUARES[frm]))
            if not moves:
                continue
            m = rng.choice(moves)
            token = m.uci()
            if m.promotion == chess.QUEEN and rng.random() < 0.5:
                token = token[:4]
            frm, to = m.from_square, m.to_square
        line = b.board_fen() + rng.choice([" ", ", "]) + token
        status, payload = verdict(line)
        if status != "ok":
            continue
        piece = b.piece_at(frm)
        if ep_shape(b, piece, frm, to):
            d = 8 if piece.color else -8
            key = "ep-behind" if b.piece_at(to + d) else "ep"
        elif len(token) == 5 or (piece.piece_type == chess.PAWN and chess.square_rank(to) in (0, 7)):
            key = "promo"
        elif b.piece_at(to):
            key = "capture"
        else:
            continue
        if kinds[key] >= 40:
            continue
        kinds[key] += 1
        inferred.append((line, payload))
    write("audit_inferred", inferred)

    # --no-check, full FEN, a double step into a position shakmaty refuses
    nocheck = []
    while len(nocheck) < 30:
        b = sparse(rng)
        c = rng.random() < 0.5
        f = rng.randrange(8)
        frm, to = chess.square(f, 1 if c else 6), chess.square(f, 3 if c else 4)
        mid = (frm + to) // 2
        if any(b.piece_at(s) and b.piece_at(s).piece_type == chess.KING for s in (frm, to, mid)):
            continue
        b.set_piece_at(frm, chess.Piece(chess.PAWN, c))
        b.remove_piece_at(mid)
        b.remove_piece_at(to)
        if rng.random() < 0.8 and f + 1 < 8:
            b.set_piece_at(to + 1, chess.Piece(chess.PAWN, not c))
        if rng.random() < 0.5 and f > 0:
            b.set_piece_at(to - 1, chess.Piece(chess.PAWN, not c))
        fen = f"{b.board_fen()} {'w' if c else 'b'} - - {rng.randint(0, 30)} {rng.randint(1, 60)}"
        line = fen + " " + chess.square_name(frm) + chess.square_name(to)
        status, payload = verdict(line, check=False)
        if status == "ok":
            nocheck.append((line, payload))
    write("audit_no_check_fen", nocheck)
    with open(os.path.join(OUT, "audit_no_check_fen.args"), "w") as f:
        f.write("--no-check\n")
    print(kinds, len(nocheck))


def write(name, cases):
    with open(os.path.join(OUT, name + ".in"), "w") as f:
        f.writelines(line + "\n" for line, _ in cases)
    with open(os.path.join(OUT, name + ".out"), "w") as f:
        f.writelines(out + "\n" for _, out in cases)


if __name__ == "__main__":
    main()
