#!/usr/bin/env python3
"""Independent exactness audit of `kbn-tb probe --json` against Gaviota (DTM) and Syzygy (WDL/DTZ).

    python3 xtask/oracles/kbn-tb/audit.py KBN_TB_BINARY [N] [SEED]

Draws N random legal KBNK positions per category (uniform, Black in check to move, Black able to
take a piece, dark-squared bishop) plus every checkmate and stalemate found by an independent
bitboard enumeration, and compares, position by position, the value, every move's value, the
order of the moves (best first, ties in UCI order) and their SAN with python-chess + Gaviota.

Values in White moves (spec): Gaviota's plies p -> N = (p + 1) // 2 with White to move,
N = p // 2 with Black to move; checkmated Black = "mated"; Black taking a piece = draw (KB/KN v K).
Legal (spec): distinct squares, kings not adjacent, side not to move not in check.
"""

import json
import os
import random
import subprocess
import sys

import chess
import chess.gaviota
import chess.syzygy

ORACLES = os.environ.get("CHESS_ORACLES", "/work/shared/oracles")


def place(wk, b, n, bk, white):
    board = chess.Board(None)
    for sq, piece in zip((wk, b, n, bk), "KBNk"):
        board.set_piece_at(sq, chess.Piece.from_symbol(piece))
    board.turn = white
    return board


def legal(board):
    wk, bk = board.king(chess.WHITE), board.king(chess.BLACK)
    if chess.square_distance(wk, bk) <= 1:
        return False
    # the side not to move must not be in check
    return not board.is_attacked_by(board.turn, board.king(not board.turn))


def value(tb, board):
    """None = draw, 0 = mated, N = mate in N (White moves)."""
    if len(board.piece_map()) < 4:
        return None
    if board.is_checkmate():
        return 0
    if board.is_stalemate():
        return None
    dtm = tb.probe_dtm(board)
    if dtm == 0:
        return None
    if board.turn == chess.WHITE:
        assert dtm > 0 and dtm % 2 == 1, (board.fen(), dtm)
        return (dtm + 1) // 2
    assert dtm < 0 and dtm % 2 == 0, (board.fen(), dtm)
    return -dtm // 2


def text(v):
    return "draw" if v is None else "mated" if v == 0 else f"mate in {v}"


def expected(tb, board):
    rows = []
    for move in board.legal_moves:
        san = board.san(move)
        board.push(move)
        rows.append((move.uci(), san, text(value(tb, board)), value(tb, board)))
        board.pop()
    rows.sort(key=lambda r: r[0])
    big = 1 << 16
    if board.turn == chess.WHITE:
        rows.sort(key=lambda r: big if r[3] is None else r[3])
    else:
        rows.sort(key=lambda r: -(big if r[3] is None else r[3]))
    return text(value(tb, board)), [(u, s, t) for u, s, t, _ in rows]


def syzygy_check(sz, board, v):
    """Syzygy's WDL must agree; for a win |DTZ| = plies - 1 (1 for a mate in one ply)."""
    if v is None and (len(board.piece_map()) < 4 or board.is_stalemate()):
        return None
    if v == 0:
        return None
    if any(board.is_capture(m) for m in board.legal_moves):
        # Syzygy would probe KBvK/KNvK, which it does not ship; a capture is a draw by rule
        return None if v is None else "a capture is possible but the value is a mate"
    wdl = sz.probe_wdl(board)
    if v is None:
        return None if wdl == 0 else f"syzygy wdl {wdl} but draw"
    plies = 2 * v - 1 if board.turn == chess.WHITE else 2 * v
    want = 1 if plies == 1 else plies - 1
    dtz = sz.probe_dtz(board)
    if abs(dtz) != want:
        return f"syzygy dtz {dtz} vs plies {plies}"
    return None


def line_text(tb, fen):
    """`kbn-tb line`: the first (best) move at every turn until mate, one move pair per line."""
    board = chess.Board(fen)
    start = value(tb, board)
    if not start:
        return text(start) + "\n"
    first_black = board.turn == chess.BLACK
    sans = []
    while value(tb, board):
        uci, san, _ = expected(tb, board)[1][0]
        sans.append(san)
        board.push_uci(uci)
    out, number = [], 1
    if first_black:
        out.append(f"1... {sans.pop(0)}")
        number = 2
    for i in range(0, len(sans), 2):
        out.append(f"{number}. " + " ".join(sans[i : i + 2]))
        number += 1
    return "\n".join(out) + "\n"


def sample(rng, n):
    cats = {"uniform": [], "black_in_check": [], "black_can_take": [], "dark_bishop": [], "light_bishop_wtm": []}
    while min(len(v) for v in cats.values()) < n:
        wk, b, n_, bk = rng.sample(range(64), 4)
        board = place(wk, b, n_, bk, rng.random() < 0.5)
        if not legal(board):
            continue
        fen = board.fen()
        dark = chess.BB_SQUARES[b] & chess.BB_DARK_SQUARES
        if len(cats["uniform"]) < n:
            cats["uniform"].append(fen)
        if dark and len(cats["dark_bishop"]) < n:
            cats["dark_bishop"].append(fen)
        if not dark and board.turn and len(cats["light_bishop_wtm"]) < n:
            cats["light_bishop_wtm"].append(fen)
        if not board.turn:
            if board.is_check() and len(cats["black_in_check"]) < n:
                cats["black_in_check"].append(fen)
            if any(board.is_capture(m) for m in board.legal_moves) and len(cats["black_can_take"]) < n:
                cats["black_can_take"].append(fen)
    return cats


def enumerate_terminal():
    """Every checkmate and stalemate (Black to move), by bitboards independent of kbn-tb."""
    mates, stalemates = [], []
    katt, natt = chess.BB_KING_ATTACKS, chess.BB_KNIGHT_ATTACKS
    for bk in range(64):
        for b in range(64):
            for n in range(64):
                if len({bk, b, n}) < 3:
                    continue
                for wk in range(64):
                    if wk in (bk, b, n) or chess.square_distance(wk, bk) <= 1:
                        continue
                    # quick reject: most bk squares free of everything
                    occ = chess.BB_SQUARES[wk] | chess.BB_SQUARES[b] | chess.BB_SQUARES[n]
                    att = katt[wk] | natt[n] | chess.BB_DIAG_ATTACKS[b][chess.BB_DIAG_MASKS[b] & occ]
                    esc = katt[bk] & ~att & ~chess.BB_SQUARES[wk]
                    if esc:
                        continue
                    board = place(wk, b, n, bk, chess.BLACK)
                    (mates if att & chess.BB_SQUARES[bk] else stalemates).append(board.fen())
    return mates, stalemates


def main():
    binary = sys.argv[1]
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 1000
    seed = int(sys.argv[3]) if len(sys.argv) > 3 else 20261123
    tb = chess.gaviota.open_tablebase(os.path.join(ORACLES, "gaviota"))
    sz = chess.syzygy.open_tablebase(os.path.join(ORACLES, "syzygy"))
    rng = random.Random(seed)
    cats = sample(rng, n)
    mates, stalemates = enumerate_terminal()
    light = lambda fen: chess.BB_SQUARES[chess.Board(fen).pieces(chess.BISHOP, chess.WHITE).pop()] & chess.BB_LIGHT_SQUARES
    print(f"checkmates {len(mates)} (light bishop {sum(1 for f in mates if light(f))}), stalemates {len(stalemates)}")
    print("White-to-move mates in 1 (all, light bishop):", mate_in_one_count(mates))
    cats["checkmate"] = mates
    cats["stalemate"] = stalemates
    # White to move, mate in 1: every legal wtm predecessor of a mate by a White un-move is found by
    # probing; count them independently through python-chess from the mates.
    fens = [f for v in cats.values() for f in v]
    out = subprocess.run([binary, "probe", "--json", "--file", "-"], input="\n".join(fens) + "\n",
                         capture_output=True, text=True)
    answers = [json.loads(l) for l in out.stdout.splitlines() if l.strip()]
    assert out.returncode == 0, out.stderr[:2000]
    assert len(answers) == len(fens), (len(answers), len(fens))
    bad = 0
    syzygy_done = 0
    checked = {k: 0 for k in cats}
    i = 0
    for cat, group in cats.items():
        for fen in group:
            got = answers[i]
            i += 1
            board = chess.Board(fen)
            want_value, want_moves = expected(tb, board)
            got_moves = [(m["uci"], m["san"], m["value"]) for m in got["moves"]]
            problems = []
            if got["fen"] != fen:
                problems.append(f"fen echo {got['fen']}")
            if got["value"] != want_value:
                problems.append(f"value {got['value']} != {want_value}")
            if got_moves != want_moves:
                problems.append(f"moves {got_moves} != {want_moves}")
            v = None if want_value == "draw" else 0 if want_value == "mated" else int(want_value.split()[-1])
            try:
                s = syzygy_check(sz, board, v)
                syzygy_done += 1
            except chess.syzygy.MissingTableError:
                s = None  # python-chess's DTZ probe looks one ply ahead into KBvK/KNvK
            if s:
                problems.append(s)
            checked[cat] += 1
            if problems:
                bad += 1
                if bad <= 30:
                    print(f"DISAGREE [{cat}] {fen}: " + "; ".join(problems)[:1500])
    lines = cats["uniform"][: max(1, n // 40)]
    out = subprocess.run([binary, "line", "--file", "-"], input="\n".join(lines) + "\n",
                         capture_output=True, text=True)
    got_lines = out.stdout.split("\n\n")
    for fen, got in zip(lines, got_lines):
        want = fen + "\n" + line_text(tb, fen)
        if got.strip("\n") != want.strip("\n"):
            bad += 1
            print(f"LINE DISAGREES {fen}:\n{got}\n--- want ---\n{want}")
    print("lines checked:", len(lines))
    print("checked per category:", checked, "total", sum(checked.values()), "disagreements", bad, "syzygy-checked", syzygy_done)
    return 1 if bad else 0



def mate_in_one_count(mates):
    """White-to-move mates in 1 (the seed's 920 for a light bishop), by un-moving a White piece
    from every checkmate and keeping the legal White-to-move positions (python-chess's rules)."""
    found = set()
    for fen in mates:
        board = chess.Board(fen)
        for sq, piece in board.piece_map().items():
            if piece.color != chess.WHITE:
                continue
            rest = board.copy()
            rest.remove_piece_at(sq)
            if piece.piece_type == chess.KNIGHT:
                froms = chess.BB_KNIGHT_ATTACKS[sq]
            elif piece.piece_type == chess.KING:
                froms = chess.BB_KING_ATTACKS[sq]
            else:
                froms = chess.BB_DIAG_ATTACKS[sq][chess.BB_DIAG_MASKS[sq] & rest.occupied]
            for frm in chess.SquareSet(froms & ~rest.occupied):
                before = rest.copy()
                before.set_piece_at(frm, piece)
                before.turn = chess.WHITE
                if legal(before):
                    found.add(before.board_fen())
    light = [f for f in found if chess.Board(f + " w - - 0 1").pieces(chess.BISHOP, chess.WHITE) & chess.BB_LIGHT_SQUARES]
    return len(found), len(light)


if __name__ == "__main__":
    sys.exit(main())
