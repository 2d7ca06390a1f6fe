#!/usr/bin/env python3
"""Expected answers of `kbn-tb serve`'s lichess-shaped API (`/standard`, `/standard/mainline`),
from the Gaviota and Syzygy KBNK tables read by python-chess, independently of kbn-tb.

    python3 xtask/oracles/kbn-tb/gen_standard.py [ORACLES_DIR] > fixtures/kbn-tb/serve/standard.jsonl

Writes one JSON object per line: {"fen", "standard": {...}, "mainline": {...}}, the answers
`crates/kbn-tb/tests/serve_api.rs` expects, field for field ("mainline" for the fixed positions
and every fourth random one: a long line takes python-chess a minute to value). Positions: random legal KBNK
placements from random.Random(SEED) in several groups (either side to move, Black in check,
Black able to take a piece, a dark-squared bishop, White able to stalemate, White mating in one
or two), plus fixed checkmates and stalemates.

The fields, as the lichess tablebase API defines them (github.com/lichess-org/lila-tablebase,
README and src/response.rs, read 2026-11):

- every field describes a position from its side to move's point of view; a move's fields
  describe the position after it (so White's winning moves have category "loss");
- category: "win", "draw" or "loss" (KBNK needs none of the 50-move categories: every mate is
  shorter than 50 moves; the halfmove clock is ignored, as the spec has no 50-move rule);
- dtz: Syzygy's DTZ (python-chess `probe_dtz`), 0 for a draw; precise_dtz: the same. KBNvK stores
  Black's losses in full moves, which shakmaty-syzygy (and so lichess) flags as possibly rounded
  and lichess then gives precise_dtz null; in KBNK a losing Black position's DTZ is always odd
  (mated in 2n plies: -(2n - 1)), which is what the stored moves give, so the value is exact
  (kbn-tb's whole-table check confirms |DTZ| = DTM - 1 everywhere). kbn-tb derives DTZ from its
  exact DTM and gives it as precise_dtz: the field's meaning ("guaranteed not rounded") holds;
- dtm: Gaviota's DTM (python-chess `probe_dtm`): plies to mate, positive when the side to move
  mates, negative when it is mated, 0 for a draw, null when the side to move is checkmated
  (lichess keeps 0 for draws);
- checkmate, stalemate, insufficient_material: python-chess's rules; zeroing and conversion:
  the move is a capture; dtc, dtw null and variant_win, variant_loss false (other tables and
  variants).

Where python-chess cannot probe Syzygy because a position or a move needs the KBvK or KNvK
tables (not shipped; a lone minor piece cannot mate), the value is derived by Syzygy's own rule:
a position where Black can take a piece is a draw (DTZ 0), and a White-to-move position's DTZ
is the best over its moves of 1 for a mate and 1 - DTZ(after) otherwise (the one-ply search a
Syzygy prober does for the side its DTZ table does not store).

Move order: lichess's (MoveInfo::sort_key in src/response.rs): the category left to the
opponent (loss, then draw, then win), checkmates first, then stalemates, then insufficient
material, then the DTM "tightened" (the opponent's losses by increasing |dtm|, then draws, then
its wins by decreasing dtm), then zeroing moves first unless the opponent wins, then DTZ
decreasing, then the captured piece (bishop before knight). lichess leaves the rest unordered;
kbn-tb and this script put ties in UCI order.

Mainline: from the position, the first move of that order at every turn until the mate (White
mates fastest, Black resists longest), each step with the DTZ after it; "winner" is "w" when
the line ends in mate (a checkmated root has an empty line and winner "w"), null for a draw
(empty line). lichess builds its main line from DTZ; the script checks that each of these DTM
moves is also DTZ-optimal by Syzygy.
"""
import json
import random
import sys

import chess
import chess.gaviota
import chess.syzygy

# The placement helpers of the audit script beside this one.
from audit import legal, place

SEED = 20261124
PER_GROUP = 12

ROLE_ORDER = {chess.KNIGHT: 2, chess.BISHOP: 3}


class Oracle:
    def __init__(self, root):
        self.gaviota = chess.gaviota.open_tablebase(f"{root}/gaviota")
        self.syzygy = chess.syzygy.open_tablebase(f"{root}/syzygy")

    def minor_missing(self, board):
        return len(board.piece_map()) < 4

    def dtm(self, board):
        """lichess's dtm: null when checkmated, 0 for a draw."""
        if board.is_checkmate():
            return None
        if self.minor_missing(board) or board.is_stalemate():
            return 0
        return self.gaviota.probe_dtm(board)

    def dtz(self, board):
        if board.is_checkmate():
            return self.syzygy.probe_dtz(board)  # -1
        if self.minor_missing(board) or board.is_stalemate():
            return 0
        if board.turn == chess.BLACK and any(board.is_capture(m) for m in board.legal_moves):
            return 0  # Black takes a piece: a draw
        try:
            return self.syzygy.probe_dtz(board)
        except chess.syzygy.MissingTableError:
            pass
        # White to move, a move hangs a piece (its Black reply needs KBvK/KNvK): one ply of
        # search over Syzygy's DTZ of the Black-to-move positions, as a Syzygy prober does.
        assert board.turn == chess.WHITE, board.fen()
        best = None
        for move in board.legal_moves:
            board.push(move)
            mate = board.is_checkmate()
            after = self.dtz(board)
            board.pop()
            if after < 0:
                candidate = 1 if mate else 1 - after
                best = candidate if best is None else min(best, candidate)
        return 0 if best is None else best

    def info(self, board):
        """The fields lichess gives a position (without moves)."""
        dtz = self.dtz(board)
        dtm = self.dtm(board)
        if board.is_checkmate():
            category = "loss"
        elif dtz == 0:
            category = "draw"
        else:
            category = "win" if dtz > 0 else "loss"
        if dtm is not None and dtm != 0:
            assert (dtm > 0) == (dtz > 0), (board.fen(), dtm, dtz)
        return {
            "dtz": dtz,
            "precise_dtz": dtz,
            "dtc": None,
            "dtm": dtm,
            "dtw": None,
            "checkmate": board.is_checkmate(),
            "stalemate": board.is_stalemate(),
            "variant_win": False,
            "variant_loss": False,
            "insufficient_material": board.is_insufficient_material(),
            "category": category,
        }

    def moves(self, board):
        rows = []
        for move in board.legal_moves:
            captured = board.piece_type_at(move.to_square) if board.is_capture(move) else None
            zeroing = board.is_zeroing(move)
            row = {
                "uci": move.uci(),
                "san": board.san(move),
                "zeroing": zeroing,
                "conversion": board.is_capture(move),
            }
            board.push(move)
            row.update(self.info(board))
            board.pop()
            rows.append((sort_key(row, captured), row))
        rows.sort(key=lambda r: r[0])
        return [row for _, row in rows]

    def standard(self, board):
        answer = self.info(board)
        answer["moves"] = self.moves(board)
        if answer["moves"]:
            # lichess: the root's category is the opposite of its best move's.
            flip = {"win": "loss", "loss": "win", "draw": "draw"}
            assert answer["category"] == flip[answer["moves"][0]["category"]], board.fen()
        return answer

    def mainline(self, board):
        board = board.copy()
        root = self.info(board)
        line = []
        if root["dtz"] != 0:
            while not board.is_game_over():
                moves = self.moves(board)
                best = moves[0]
                # The DTM-best move is also DTZ-best (what lichess's main line follows): White
                # leaves the loss nearest its zeroing (the mate), Black the farthest.
                if board.turn == chess.WHITE:
                    best_dtz = max(m["dtz"] for m in moves if m["category"] == "loss")
                else:
                    best_dtz = max(m["dtz"] for m in moves)
                assert best["dtz"] == best_dtz, (board.fen(), best, best_dtz)
                line.append({"uci": best["uci"], "san": best["san"], "dtz": best["dtz"],
                             "precise_dtz": best["dtz"]})
                board.push_uci(best["uci"])
        winner = None
        if board.is_checkmate():
            winner = "w"
        return {"dtz": root["dtz"], "precise_dtz": root["dtz"], "mainline": line,
                "winner": winner}


def tightened(dtm):
    """lichess's tightening_metric_sort_key: negatives by increasing |m|, then None/0, then
    positives decreasing."""
    negative = dtm is not None and dtm < 0
    positive = dtm is not None and dtm > 0
    # (Reverse(Some(m) if m < 0)): Some(-1) sorts before Some(-2), and both before None.
    first = (0, -dtm) if negative else (1, 0)
    second = (1, -dtm) if positive else (0, 0)
    return (first, second)


def sort_key(row, captured):
    category = {"loss": 0, "draw": 1, "win": 2}[row["category"]]
    positive = row["category"] == "win"
    return (
        category,
        not row["checkmate"],
        (not row["stalemate"], not row["insufficient_material"]),
        tightened(row["dtm"]),
        (row["zeroing"] ^ (not positive), -row["dtz"]),
        -(ROLE_ORDER.get(captured, 0)),
        row["uci"],
    )


def positions(rng):
    """Random legal positions in groups, plus fixed mates and stalemates."""
    groups = {name: [] for name in ("white", "black", "black_in_check", "black_can_take",
                                     "dark_bishop", "white_can_stalemate")}
    while min(len(g) for g in groups.values()) < PER_GROUP:
        wk, b, n, bk = rng.sample(range(64), 4)
        board = place(wk, b, n, bk, rng.random() < 0.5)
        if not legal(board):
            continue
        fen = board.fen()
        add = lambda name: len(groups[name]) < PER_GROUP and groups[name].append(fen)
        add("white" if board.turn else "black")
        if chess.BB_SQUARES[b] & chess.BB_DARK_SQUARES:
            add("dark_bishop")
        if not board.turn:
            if board.is_check():
                add("black_in_check")
            if any(board.is_capture(m) for m in board.legal_moves):
                add("black_can_take")
        else:
            stalemates = False
            for move in board.legal_moves:
                board.push(move)
                stalemates |= board.is_stalemate()
                board.pop()
            if stalemates:
                add("white_can_stalemate")
    # Short mates are rare at random: main() walks these along the best line to near the mate.
    groups["short_mate"] = []
    oracle_rng = random.Random(SEED + 1)
    while len(groups["short_mate"]) < PER_GROUP:
        wk, b, n, bk = oracle_rng.sample(range(64), 4)
        board = place(wk, b, n, bk, chess.WHITE)
        if legal(board):
            groups["short_mate"].append(board.fen())
    fixed = [
        "k7/1B1N4/1K6/8/8/8/8/8 b - - 0 1",  # checkmate
        "k5B1/3N4/1K6/8/8/8/8/8 b - - 0 1",  # stalemate
        "8/8/8/8/8/8/2K5/k1N1B3 w - - 0 1",  # mate in 1
        "8/8/7N/8/8/8/8/K1k1B3 w - - 0 1",  # mate in 33
        "8/8/7N/8/8/8/8/K1k1B3 b - - 0 1",  # mate in 33, Black to move
    ]
    return fixed + [fen for group in groups.values() for fen in group]


def near_mate(oracle, fen, rng):
    """For the short-mate group: play the best line from `fen` to within 2 moves of the mate."""
    board = chess.Board(fen)
    if oracle.info(board)["category"] != "win":
        return fen
    stop = rng.choice([1, 3])  # White to move, mating in 1 or 2 moves
    while not (board.turn == chess.WHITE and oracle.dtm(board) <= stop):
        # Any optimal move (Gaviota alone): the walk only needs to get near the mate.
        def after(move):
            board.push(move)
            dtm = oracle.dtm(board)  # the opponent's: a mate (None), a loss (< 0), a win
            board.pop()
            if dtm is None:
                return 1000
            return 1000 + dtm if dtm < 0 else (dtm - 1000 if dtm > 0 else 0)
        board.push(max(board.legal_moves, key=after))
    return board.fen()


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else "../shared/oracles"
    oracle = Oracle(root)
    rng = random.Random(SEED)
    fens = positions(rng)
    print(f"{len(fens)} positions", file=sys.stderr, flush=True)
    # The short-mate group (the last PER_GROUP): move each to near its mate.
    near = random.Random(SEED + 2)
    fens = fens[:-PER_GROUP] + [near_mate(oracle, fen, near) for fen in fens[-PER_GROUP:]]
    for i, fen in enumerate(fens):
        board = chess.Board(fen)
        record = {"fen": fen, "standard": oracle.standard(board)}
        if i < 5 or i % 4 == 0:
            record["mainline"] = oracle.mainline(board)
        print(json.dumps(record, separators=(",", ":")), flush=True)
        print(f"{i + 1}/{len(fens)} {fen}", file=sys.stderr, flush=True)


if __name__ == "__main__":
    main()
