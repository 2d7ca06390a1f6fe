"""Audit comparison: random cases (atomic games, sparse placements, full FENs, noise) through the
release binary and audit_oracle.py, with and without --no-check; prints the disagreements.

Usage: cargo build --release -p atomic && python3 xtask/oracles/atomic/audit_compare.py SEED GAMES SPARSE
(the audit ran seeds 1-5 and 11; ATOMIC_BIN overrides the binary)."""
import os
import random
import re
import subprocess
import sys
from collections import Counter

import chess
import chess.variant

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from audit_oracle import verdict, tool_category  # noqa: E402

BIN = os.environ.get("ATOMIC_BIN", os.path.join(os.environ.get("CARGO_TARGET_DIR", "target"), "release", "atomic"))


def uci(frm, to, promo=None):
    s = chess.square_name(frm) + chess.square_name(to)
    if promo:
        s += promo
    return s


def game_cases(rng, n_games):
    out = []
    for _ in range(n_games):
        b = chess.variant.AtomicBoard()
        for ply in range(rng.randint(5, 120)):
            if b.is_variant_end() or b.is_game_over():
                break
            legal = list(b.legal_moves)
            if not legal:
                break
            placement = b.board_fen()
            sep = rng.choice([" ", ", ", ",", "  ,\t"])
            m = rng.choice(legal)
            mm = m.uci()
            if m.promotion == chess.QUEEN and rng.random() < 0.5:
                mm = mm[:4]
            out.append(placement + sep + mm)
            out.append(b.fen() + rng.choice([" ", ", "]) + mm)
            # captures are the interesting ones
            caps = [x for x in legal if b.is_capture(x)]
            if caps:
                c = rng.choice(caps)
                out.append(placement + " " + c.uci())
                out.append(b.fen() + " " + c.uci())
            # the other side's pseudo-legal moves
            o = b.copy(stack=False)
            o.turn = not o.turn
            o.ep_square = None
            ps = list(o.generate_pseudo_legal_moves())
            if ps:
                out.append(placement + " " + rng.choice(ps).uci())
            # pure noise moves from an occupied square
            sqs = list(chess.SquareSet(b.occupied))
            out.append(placement + " " + uci(rng.choice(sqs), rng.randrange(64)))
            b.push(m)
        # also the final position
    return out


def sparse_board(rng):
    b = chess.variant.AtomicBoard(None)
    b.clear_board()
    kings = rng.choices([0, 1, 2], weights=[1, 30, 1], k=2)
    for c, k in zip((chess.WHITE, chess.BLACK), kings):
        for _ in range(k):
            sq = rng.randrange(64)
            b.set_piece_at(sq, chess.Piece(chess.KING, c))
    for _ in range(rng.randint(0, 10)):
        pt = rng.choice([chess.PAWN] * 4 + [chess.KNIGHT, chess.BISHOP, chess.ROOK, chess.QUEEN])
        c = rng.random() < 0.5
        if pt == chess.PAWN:
            sq = chess.square(rng.randrange(8), rng.randint(1, 6) if rng.random() < 0.97 else rng.choice([0, 7]))
        else:
            sq = rng.randrange(64)
        if b.piece_at(sq) is None:
            b.set_piece_at(sq, chess.Piece(pt, c))
    r = rng.random()
    if r < 0.3:  # en passant shape
        c = rng.random() < 0.5
        f = rng.randrange(8)
        rank = 4 if c == chess.WHITE else 3
        f2 = f + rng.choice([-1, 1])
        if 0 <= f2 < 8:
            b.set_piece_at(chess.square(f, rank), chess.Piece(chess.PAWN, c))
            b.set_piece_at(chess.square(f2, rank), chess.Piece(chess.PAWN, not c))
            d = 1 if c == chess.WHITE else -1
            if rng.random() < 0.7:
                b.remove_piece_at(chess.square(f2, rank + d))
            if rng.random() < 0.8:
                b.remove_piece_at(chess.square(f2, rank + 2 * d))
    elif r < 0.5:  # promotion
        c = rng.random() < 0.5
        f = rng.randrange(8)
        b.set_piece_at(chess.square(f, 6 if c else 1), chess.Piece(chess.PAWN, c))
    elif r < 0.65:  # castling
        c = rng.random() < 0.5
        home = 0 if c else 7
        for sq in chess.SquareSet(b.pieces_mask(chess.KING, c)):
            b.remove_piece_at(sq)
        b.set_piece_at(chess.square(4, home), chess.Piece(chess.KING, c))
        for f in rng.sample([0, 7], rng.randint(1, 2)):
            b.set_piece_at(chess.square(f, home), chess.Piece(chess.ROOK, c))
    return b


def sparse_cases(rng, n):
    out = []
    while len(out) < n:
        b = sparse_board(rng)
        pieces = list(chess.SquareSet(b.occupied))
        if not pieces:
            continue
        placement = b.board_fen()
        for _ in range(3):
            frm = rng.choice(pieces)
            p = b.piece_at(frm)
            t = b.copy(stack=False)
            t.turn = p.color
            t.castling_rights = 0
            t.ep_square = None
            targets = [m.to_square for m in t.generate_pseudo_legal_moves(chess.BB_SQUARES[frm])]
            if p.piece_type == chess.PAWN:
                targets += [sq for sq in chess.SquareSet(chess.BB_PAWN_ATTACKS[p.color][frm])]
            if p.piece_type == chess.KING:
                targets += [frm + 2, frm - 2]
            targets = [x for x in targets if 0 <= x < 64]
            to = rng.choice(targets) if targets and rng.random() < 0.85 else rng.randrange(64)
            promo = ""
            if rng.random() < 0.3:
                promo = rng.choice("qrbnQRBN")
            out.append(placement + rng.choice([" ", ", "]) + uci(frm, to) + promo)
            # and a full FEN variant sometimes
            if rng.random() < 0.5:
                fb = b.copy(stack=False)
                fb.turn = p.color if rng.random() < 0.9 else not p.color
                rights = ""
                for c, s in ((chess.WHITE, "KQ"), (chess.BLACK, "kq")):
                    rights += "".join(ch for ch in s if rng.random() < 0.7)
                fen = f"{placement} {'w' if fb.turn else 'b'} {rights or '-'} "
                ep = "-"
                if p.piece_type == chess.PAWN and rng.random() < 0.6:
                    ep = chess.square_name(to)
                fen += f"{ep} {rng.randint(0, 60)} {rng.randint(1, 90)}"
                out.append(fen + " " + uci(frm, to) + promo)
    return out


def run_tool(lines, extra=()):
    data = "\n".join(lines) + "\n"
    p = subprocess.run([BIN, *extra], input=data.encode(), capture_output=True)
    stdout = p.stdout.decode().splitlines()
    stderr = p.stderr.decode().splitlines()
    errs, warns = {}, {}
    for s in stderr:
        m = re.match(r"(error|warning): line (\d+): (.*)", s)
        if not m:
            raise SystemExit(f"unparsed stderr: {s}")
        (errs if m.group(1) == "error" else warns)[int(m.group(2))] = m.group(3)
    res = {}
    it = iter(stdout)
    for i, line in enumerate(lines, 1):
        if not line.strip():
            continue
        if i in errs:
            res[i] = ("err", errs[i])
        else:
            res[i] = ("warn" if i in warns else "ok", next(it), warns.get(i))
    rest = list(it)
    assert not rest, rest[:3]
    return res, p.returncode


def compare(lines, check=True):
    res, rc = run_tool(lines, () if check else ("--no-check",))
    stats = Counter()
    bad = []
    for i, line in enumerate(lines, 1):
        want = verdict(line, check)
        got = res[i]
        stats[want[0] + (":" + want[1] if want[0] == "err" else "")] += 1
        if want[0] == "oracle-bug":
            bad.append((line, "ORACLE-BUG", want[1]))
            continue
        if want[0] == "err":
            if got[0] != "err" or tool_category(got[1]) != want[1]:
                bad.append((line, want, got))
        else:
            if got[0] != want[0] or got[1] != want[1]:
                bad.append((line, want, got))
    return stats, bad, rc


if __name__ == "__main__":
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 1
    ngames = int(sys.argv[2]) if len(sys.argv) > 2 else 50
    nsparse = int(sys.argv[3]) if len(sys.argv) > 3 else 5000
    rng = random.Random(seed)
    lines = game_cases(rng, ngames) + sparse_cases(rng, nsparse)
    for check in (True, False):
        stats, bad, rc = compare(lines, check)
        print(f"check={check} cases={len(lines)} rc={rc} disagreements={len(bad)}")
        print("  ", dict(sorted(stats.items())))
        kinds = Counter()
        for b in bad:
            key = (str(b[1][0]) + ":" + (b[1][1] if b[1][0] == "err" else ""), b[2][0] if isinstance(b[2], tuple) else "?")
            kinds[key] += 1
        print("  ", dict(kinds))
        shown = Counter()
        for b in bad:
            key = (str(b[1][0]) + ":" + (b[1][1] if b[1][0] == "err" else ""), b[2][0] if isinstance(b[2], tuple) else "?")
            if shown[key] < 4:
                shown[key] += 1
                print("   ", b)
