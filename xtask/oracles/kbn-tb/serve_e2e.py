#!/usr/bin/env python3
"""Expected values for the browser test of `kbn-tb serve` (crates/kbn-tb/tests/serve_browser.rs),
from the Gaviota KBNK depth-to-mate table read by python-chess, independently of our generator.

Usage: python3 xtask/oracles/kbn-tb/serve_e2e.py [ORACLES_DIR]   (default ../shared/oracles)

Gaviota's DTM is in plies, signed for the side to move, 0 when checkmated. The tablebase speaks in
White moves: White to move with DTM d > 0 is "mate in (d + 1) / 2"; Black to move with DTM -d is
"mate in d / 2"; 0 with Black checkmated is "mated".

Prints, for the test's start position:
- its value and every move with the value it leads to, best first (the page lists the moves in
  the lichess API's order: for White the fastest mate first, for Black the longest defence first;
  equal moves in UCI order, as kbn-tb and gen_standard.py order them);
- the best line from it and from the position after its best move, each move the first of that
  order, and the best line's PGN as python-chess exports it (80 columns) with the page's tags;
- for practice: a White move that lengthens the mate, and by how much.
"""
import sys

import chess
import chess.gaviota
import chess.pgn

START = "8/k7/2K5/2N5/8/8/4B3/8 w - - 0 1"


def plies(tb, board):
    """Plies to mate for the side to move (negative: mated), 0 mated, None for a draw."""
    if board.is_checkmate():
        return 0
    if board.is_insufficient_material() or board.is_stalemate():
        return None
    dtm = tb.probe_dtm(board)
    return None if dtm == 0 else dtm


def mate_in(board, dtm):
    if dtm is None:
        return None
    if dtm == 0:
        return 0
    return (dtm + 1) // 2 if board.turn == chess.WHITE else -dtm // 2


def text(n):
    return "draw" if n is None else "mated" if n == 0 else f"mate in {n}"


def ranked(tb, board):
    """Every move with the White moves to mate after it, best first, ties in UCI order."""
    rows = []
    for move in board.legal_moves:
        san = board.san(move)
        board.push(move)
        n = mate_in(board, plies(tb, board))
        board.pop()
        rows.append((move.uci(), san, n))
    rows.sort(key=lambda r: r[0])
    big = 1 << 16
    if board.turn == chess.WHITE:
        rows.sort(key=lambda r: big if r[2] is None else r[2])
    else:
        rows.sort(key=lambda r: -(big if r[2] is None else r[2]))
    return rows


def best_line(tb, board):
    board = board.copy()
    line = []
    while not board.is_game_over():
        uci, san, _ = ranked(tb, board)[0]
        line.append((uci, san))
        board.push_uci(uci)
    return line


def pgn(fen, line):
    game = chess.pgn.Game()
    for name, value in [("Event", "KBNK tablebase: best line"), ("Site", "kbn-tb serve"),
                        ("Date", "????.??.??"), ("Round", "-"), ("White", "?"), ("Black", "?"),
                        ("Result", "1-0")]:
        game.headers[name] = value
    game.setup(chess.Board(fen))
    node = game
    for uci, _ in line:
        node = node.add_variation(chess.Move.from_uci(uci))
    return game.accept(chess.pgn.StringExporter(columns=80, headers=True, variations=False,
                                                comments=False))


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else "../shared/oracles"
    with chess.gaviota.open_tablebase(f"{root}/gaviota") as tb:
        board = chess.Board(START)
        print(f"{START}: {text(mate_in(board, plies(tb, board)))}")
        rows = ranked(tb, board)
        for uci, san, n in rows:
            print(f"  {uci} {san}: {text(n)}")
        line = best_line(tb, board)
        print("best line:", " ".join(san for _, san in line))
        print("  uci:", " ".join(uci for uci, _ in line))
        after = board.copy()
        after.push_uci(line[0][0])
        print(f"after {line[0][1]}: {after.fen()}: {text(mate_in(after, plies(tb, after)))}")
        for uci, san, n in ranked(tb, after):
            print(f"  {uci} {san}: {text(n)}")
        print("PGN:")
        print(pgn(START, line))
        best = rows[0][2]
        slower = next(r for r in rows if r[2] is not None and r[2] > best)
        print(f"a slower move: {slower[1]} ({slower[0]}), mate in {slower[2]} instead of {best}: "
              f"lengthens by {slower[2] - best}")
        after_slower = board.copy()
        after_slower.push_uci(slower[0])
        reply = ranked(tb, after_slower)[0]
        print(f"  the reply to it: {reply[1]} ({reply[0]})")


if __name__ == "__main__":
    main()
