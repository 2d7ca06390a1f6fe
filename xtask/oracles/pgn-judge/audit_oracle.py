#!/usr/bin/env python3
"""Independent audit oracle for pgn-judge's judge format (python-chess 1.11.2).

Written from shared/specs/pgn-judge.md alone, without reading gen_fixtures.py, to catch
misreadings shared by the crate and its first oracle. Usage:

    python3 audit_oracle.py judge < input        # verdict lines; exit 2 on bad input
    python3 audit_oracle.py gen SEED N > input    # N random/crafted games for cross-checking
"""
import random
import re
import sys

import chess

SUFFIX = re.compile(r"^(.*?)([+#])?(!!|\?\?|!\?|\?!|!|\?)?$", re.S)
PIECE = re.compile(r"^([KQRBN])([a-h])?([1-8])?(x)?([a-h][1-8])$")
PAWN_CAPTURE = re.compile(r"^([a-h])(x)?([a-h][1-8])(=?([QRBN]))?$")
PAWN_PUSH = re.compile(r"^([a-h][1-8])(=?([QRBN]))?$")
ROLES = {"K": chess.KING, "Q": chess.QUEEN, "R": chess.ROOK, "B": chess.BISHOP, "N": chess.KNIGHT}


def parse(token):
    """A dict describing the token, or None when it is outside the notation."""
    body = SUFFIX.match(token).group(1)
    if body in ("0-0", "O-O"):
        return {"castle": "K"}
    if body in ("0-0-0", "O-O-O"):
        return {"castle": "Q"}
    m = PIECE.match(body)
    if m:
        return {
            "role": ROLES[m.group(1)],
            "file": "abcdefgh".index(m.group(2)) if m.group(2) else None,
            "rank": int(m.group(3)) - 1 if m.group(3) else None,
            "x": bool(m.group(4)),
            "to": chess.parse_square(m.group(5)),
            "promo": None,
        }
    m = PAWN_CAPTURE.match(body)
    if m:
        frm = "abcdefgh".index(m.group(1))
        to = chess.parse_square(m.group(3))
        if abs(frm - chess.square_file(to)) != 1:
            return None
        return {
            "role": chess.PAWN,
            "file": frm,
            "rank": None,
            "x": True,  # a pawn leaving its file always captures
            "to": to,
            "promo": ROLES[m.group(5)] if m.group(5) else None,
        }
    m = PAWN_PUSH.match(body)
    if m:
        return {
            "role": chess.PAWN,
            "file": None,
            "rank": None,
            "x": False,
            "to": chess.parse_square(m.group(1)),
            "promo": ROLES[m.group(3)] if m.group(3) else None,
        }
    return None


def matches(board, tok):
    legal = list(board.legal_moves)
    if "castle" in tok:
        side = tok["castle"]
        return [
            m
            for m in legal
            if board.is_castling(m)
            and (board.is_kingside_castling(m) if side == "K" else board.is_queenside_castling(m))
        ]
    out = []
    for m in legal:
        if board.is_castling(m):
            continue
        if board.piece_type_at(m.from_square) != tok["role"] or m.to_square != tok["to"]:
            continue
        if tok["file"] is not None and chess.square_file(m.from_square) != tok["file"]:
            continue
        if tok["rank"] is not None and chess.square_rank(m.from_square) != tok["rank"]:
            continue
        if tok["x"] and not board.is_capture(m):
            continue
        promo = tok["promo"]
        if promo is None and tok["role"] == chess.PAWN and chess.square_rank(m.to_square) in (0, 7):
            promo = chess.QUEEN
        if m.promotion != promo:
            continue
        out.append(m)
    return out


def judge(tokens):
    board = chess.Board()
    for t in tokens:
        if board.is_checkmate() or board.is_stalemate():
            return "Dead Moves"
        tok = parse(t)
        if tok is None:
            return "Illegal Move"
        cands = matches(board, tok)
        if not cands:
            return "Illegal Move"
        if len(cands) > 1:
            return "Puzzle Move"
        board.push(cands[0])
    if board.is_checkmate():
        return "Black Win" if board.turn == chess.WHITE else "White Win"
    if board.is_stalemate():
        return "Stalemate"
    return "Draw"


def judge_input(text):
    """(verdict lines, error or None)."""
    if text.startswith("\ufeff"):  # a byte order mark, as Windows editors write
        text = text[1:]
    toks = text.split()
    i = 0
    out = []
    while i < len(toks):
        c = toks[i]
        if not re.fullmatch(r"[0-9]+", c):
            return out, f"bad count {c!r}"
        n = int(c)
        if n == 0:
            return out, None
        moves = toks[i + 1 : i + 1 + n]
        if len(moves) < n:
            return out, "cut short"
        out.append(judge(moves))
        i += 1 + n
    return out, None


# ---------- generation ----------
NASTY = [
    "e2e4", "Pe4", "ee4", "xd5", "e9", "i4", "E4", "Kx", "K", "e8=K", "e8=", "Ne8=Q", "0-0-0-0",
    "O-0", "o-o", "Kg1", "Kc1", "Kg8", "Kc8", "Kh1", "Ng1-f3", "e4+#", "e4!+", "e4++", "e8=q",
    "bxc3", "Bxc3", "bc3", "B", "b", "x", "0", "00", "Qxf7", "Qf7", "exd6", "ed6", "d6", "Nbd7",
    "Ngf3", "Nf3", "R1e1", "Rae1", "Qh4e1", "a8", "a8=N", "a8N", "axb8", "axb8=R", "h1", "h1=B",
    "O-O+", "0-0#", "O-O-O!?", "e4?!", "e4!!", "Nf3??", "d4!", "e5?", "exd5", "cxd5", "c5", "e5",
]


def variants(board, m):
    """(forms the notation allows for legal move m, near misses)."""
    san = board.san(m)
    good, bad = [san], []
    if board.is_castling(m):
        k = board.is_kingside_castling(m)
        good += ["0-0" if k else "0-0-0", "O-O" if k else "O-O-O"]
        bad.append("K" + chess.square_name(m.to_square))  # Kg1 is never castling
    else:
        piece = board.piece_type_at(m.from_square)
        to = chess.square_name(m.to_square)
        fr = chess.square_name(m.from_square)
        cap = board.is_capture(m)
        if piece == chess.PAWN:
            good += [fr[0] + to, fr[0] + "x" + to, to] if cap else [to]
            bad += [fr[0] + to, fr + to, "P" + to] if not cap else [fr + to, "x" + to]
            if m.promotion:
                pr = chess.piece_symbol(m.promotion).upper()
                stems = [f for f in good[1:]] + [san.split("=")[0]]
                good = [san] + [f + s for f in stems for s in ("=" + pr, pr)]
                if pr == "Q":
                    good += stems
                else:
                    bad += stems
                bad += [f + "=" + pr.lower() for f in stems] + [f + "=K" for f in stems]
        else:
            L = chess.piece_symbol(piece).upper()
            good += [L + to, L + fr[0] + to, L + fr[1] + to, L + fr + to]
            if cap:
                good += [L + "x" + to, L + fr + "x" + to, L + fr[0] + "x" + to]
            else:
                bad += [L + "x" + to]
            bad += [L.lower() + to, L + fr + "-" + to]
    sfx = random.choice(["+", "#", "!", "?", "!!", "??", "!?", "?!", "+!", "#?", "+?!"])
    good = [f + sfx if random.random() < 0.15 else f for f in good]
    bad += [good[0] + "!+", good[0] + "++", good[0] + "+#", good[0] + "!!!"]
    return good, bad


def random_game(rng):
    board = chess.Board()
    toks = []
    length = rng.choice([rng.randint(1, 20), rng.randint(10, 120), rng.randint(60, 300)])
    greedy_mate = rng.random() < 0.7
    capture_bias = rng.random()
    for _ in range(length):
        if board.is_game_over(claim_draw=False) and not board.is_insufficient_material() and not board.is_seventyfive_moves() and not board.is_fivefold_repetition():
            break
        legal = list(board.legal_moves)
        if not legal:
            break
        m = None
        if greedy_mate:
            for mv in legal:
                board.push(mv)
                end = board.is_checkmate() or (board.is_stalemate() and rng.random() < 0.5)
                board.pop()
                if end:
                    m = mv
                    break
        if m is None:
            caps = [mv for mv in legal if board.is_capture(mv)]
            m = rng.choice(caps) if caps and rng.random() < capture_bias else rng.choice(legal)
        r = rng.random()
        good, bad = variants(board, m)
        if r < 0.99:
            toks.append(rng.choice(good) if rng.random() < 0.5 else board.san(m))
        elif r < 0.995:
            toks.append(rng.choice(bad))
        elif r < 0.997:
            toks.append(rng.choice(NASTY))
        else:
            # a move from a different random piece: often illegal or ambiguous
            toks.append(board.san(m).replace("x", ""))
        board.push(m)
    # sometimes moves after the end or junk
    if rng.random() < 0.3:
        for _ in range(rng.randint(1, 3)):
            toks.append(rng.choice(NASTY + ["a3", "e4", "Nf3", "h6"]))
    return toks


def fmt_game(rng, toks):
    sep = lambda: rng.choice(["\n", "\n", " ", "\r\n", "  \t", "\n\n"])
    s = str(len(toks)) + sep()
    for t in toks:
        s += t + sep()
    return s


def main():
    if sys.argv[1] == "judge":
        text = sys.stdin.buffer.read().decode("utf-8")
        out, err = judge_input(text)
        for v in out:
            print(v)
        if err:
            print("error:", err, file=sys.stderr)
            sys.exit(2)
    elif sys.argv[1] == "gen":
        rng = random.Random(int(sys.argv[2]))
        random.seed(int(sys.argv[2]))
        n = int(sys.argv[3])
        parts = [fmt_game(rng, random_game(rng)) for _ in range(n)]
        sys.stdout.write("".join(parts) + "0\n")


if __name__ == "__main__":
    main()
