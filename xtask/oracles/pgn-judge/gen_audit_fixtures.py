#!/usr/bin/env python3
"""Writes fixtures/pgn-judge/audit_*.{in,out} from audit_oracle.py (the independent audit oracle).

Every crafted game carries the verdict its author expected from the spec by hand; the script
stops if the oracle disagrees. Run from the repository root:

    python3 xtask/oracles/pgn-judge/gen_audit_fixtures.py
"""
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import audit_oracle as oracle  # noqa: E402

OUT = "fixtures/pgn-judge"
SEED = 20261124
RANDOM_GAMES = 300
CASTLE_READY = "e4 e5 Nf3 Nc6 Bc4 Bc5"
LOYD = "e3 a5 Qh5 Ra6 Qxa5 h5 h4 Rah6 Qxc7 f6 Qxd7+ Kf7 Qxb7 Qd3 Qxb8 Qh7 Qxc8 Kg6 Qe6"
PROMO = "h4 g5 hxg5 h6 gxh6 Nf6 h7 Ng8"  # white pawn h7, black knight g8, h8 rook
EP = "e4 a6 e5 d5"  # white pawn e5, black just played d7-d5

CRAFTED = [
    # (moves, expected verdict, why)
    ("e4 e5 Bc4 h6 Qh5 a5 Qf7", "White Win", "the seed: Qf7 captures without x"),
    ("e4 e5 Bc4 h6 Qh5 a5 Qxf7#!!", "White Win", "x and suffixes"),
    ("f3 e5 g4 Qh4#", "Black Win", "fool's mate"),
    ("f3 e5 g4 Qh4 a3", "Dead Moves", "a move after mate"),
    ("f3 e5 g4 Qh4 Ke2", "Dead Moves", "an illegal move after mate is still a dead move"),
    ("f3 e5 g4 Qh4 e2e4", "Dead Moves", "a token outside the notation after mate"),
    ("f3 e5 g4 Qh4 0-0", "Dead Moves", "castling token after mate"),
    (LOYD, "Stalemate", "Loyd's ten-move stalemate"),
    (LOYD + " a6", "Dead Moves", "a move after stalemate"),
    (LOYD + " Kh8", "Dead Moves", "an illegal move after stalemate"),
    ("e4 e5 Nf3 Nc6 Bc4 Bc5 0-0", "Draw", "castling king side with zeros"),
    ("e4 e5 Nf3 Nc6 Bc4 Bc5 O-O+?", "Draw", "castling with letters and (wrong) suffixes"),
    (CASTLE_READY + " Kg1", "Illegal Move", "Kg1 is never castling"),
    (CASTLE_READY + " Kh1", "Illegal Move", "Kh1 (king takes own rook) is not castling"),
    (CASTLE_READY + " Kf1", "Draw", "a one-square king move"),
    (CASTLE_READY + " 0-0-0", "Illegal Move", "queen side blocked"),
    ("e4 e5 Nf3 Nc6 Bc4 Bc5 Ke2 Nf6 Ke1 d6 0-0", "Illegal Move", "the king has moved"),
    ("e4 e5 Nf3 Nc6 Bc4 Bc5 Rg1 Nf6 Rh1 d6 0-0", "Illegal Move", "the rook has moved"),
    ("e4 e5 Nf3 d5 Bc4 Bc5 d3 Be6 Nc3 Nf6 Be3 Qe7 Qd2 d4 0-0-0", "Draw", "queen side castling legal"),
    ("e4 e5 Nf3 Nc6 Bc4 Nf6 d3 Bb4+ 0-0", "Illegal Move", "castling out of check"),
    ("e4 e5 Nf3 Nc6 Bc4 Nf6 d3 Bb4+ c3 a6 0-0", "Draw", "castling once the check is blocked"),
    ("e4 b6 Nf3 Ba6 Bc4 e6 Bb3 Nf6 0-0", "Illegal Move", "castling through check (Ba6 eyes f1)"),
    ("e4 b6 Nf3 Ba6 Bc4 e6 Bb3 Nf6 Kf1", "Illegal Move", "the king cannot go to f1 either"),
    ("e4 e5 f4 Bc5 Nf3 d6 Bc4 Nf6 0-0", "Illegal Move", "castling into check (Bc5 eyes g1)"),
    ("e4 e5 f4 Bc5 Nf3 d6 Bc4 Nf6 Kf1", "Draw", "Kf1 is safe there"),
    ("e4 e5 Nf3 Nc6 Bc4 d6 d3 Bg4 Nbd2 Be7 Nd2", "Illegal Move", "Nd2 with d2 occupied by a knight"),
    ("d4 e5 Nd2 Bb4 Nf3 d6 Nd2", "Illegal Move", "Nd2 onto its own knight"),
    ("d4 d5 Nf3 e6 Nbd2 Bb4 c3 Bd6 Nb3 Bb4 Nbd2", "Draw", "Nbd2 with Nf3 also reaching d2"),
    ("d4 d5 Nf3 e6 Nbd2 Bb4 c3 Bd6 Nb3 Bb4 Nd2", "Puzzle Move", "two knights reach d2, none pinned"),
    ("e4 e6 d4 Bb4+ Nc3 a6 Ne2", "Draw", "Nc3 and Ng1 reach e2, Nc3 is pinned: not a puzzle"),
    ("e4 e6 d4 a6 Nc3 h6 Ne2", "Puzzle Move", "Nc3 and Ng1 reach e2, no pin"),
    ("e4 e6 d4 Bb4+ Nc3 a6 Nce2", "Illegal Move", "the pinned knight named"),
    ("e4 e6 d4 Bb4+ Nc3 a6 Nge2", "Draw", "the free knight named"),
    ("d4 e6 Nf3 Bb4+ c3 Bxc3+ Nbd2 Bxd2+ Nfxd2", "Draw", "file disambiguation on a capture"),
    ("e4 d5 c4 Nf6 d5", "Puzzle Move", "two pawns can capture on d5: bare d5"),
    ("e4 d5 c4 Nf6 cd5", "Draw", "cd5 without x"),
    ("e4 d5 c4 Nf6 exd5", "Draw", "exd5"),
    ("e4 d5 c4 Nf6 dxd5", "Illegal Move", "a pawn capturing from its own file"),
    ("e4 d5 c4 Nf6 ed4", "Illegal Move", "ed4: no capture there"),
    ("e4 d5 d5", "Draw", "bare destination: the only capture"),
    ("e4 d5 e5", "Draw", "bare destination: the push"),
    ("e4 e5 e5", "Illegal Move", "e5 occupied, no capture"),
    ("e4 e5 Qh5 Nc6 Qxh7", "Draw", "Qxh7 captures"),
    ("e4 e5 Qxh5", "Illegal Move", "x on a move that captures nothing"),
    ("e4 e5 Qf3 a6 Qf7", "Draw", "Qf7 takes the f7 pawn without x"),
    ("e5", "Illegal Move", "white cannot reach e5"),
    ("e4 e4", "Illegal Move", "black pawn cannot reach e4 (occupied)"),
    ("Nf3 Nf3", "Illegal Move", "moving to the opponent's knight's square? Nf3 for black"),
    ("Pe4", "Illegal Move", "P is not used"),
    ("e2e4", "Illegal Move", "long algebraic"),
    ("ee4", "Illegal Move", "a pawn naming its own file"),
    ("E4", "Illegal Move", "upper-case file"),
    ("nf3", "Illegal Move", "lower-case piece letter"),
    ("Ng1f3", "Draw", "full disambiguation"),
    ("Ngf3", "Draw", "file disambiguation"),
    ("N1f3", "Draw", "rank disambiguation"),
    ("Nhf3", "Illegal Move", "no knight on the h-file"),
    ("N2f3", "Illegal Move", "no knight on rank 2"),
    ("e4 d5 exd5 c6 dxc6 Nf6 cxb7 e5 bxa8", "Draw", "bare promotion by capture becomes a queen"),
    ("e4 d5 exd5 c6 dxc6 Nf6 cxb7 e5 bxa8=N", "Draw", "underpromotion by capture"),
    ("e4 d5 exd5 c6 dxc6 Nf6 cxb7 e5 ba8R", "Draw", "promotion without = and x"),
    ("e4 d5 exd5 c6 dxc6 Nf6 cxb7 e5 bxa8=K", "Illegal Move", "promotion to a king"),
    ("e4 d5 exd5 c6 dxc6 Nf6 cxb7 e5 bxa8=P", "Illegal Move", "promotion to a pawn"),
    ("e4 d5 exd5 c6 dxc6 Nf6 cxb7 e5 a8", "Draw", "bare a8: only b7xa8, a queen"),
    ("e4 d5 exd5 c6 dxc6 Nf6 cxb7 e5 b8", "Illegal Move", "knight on b8 blocks the push"),
    ("e4 d5 exd5 c6 dxc6 Nf6 cxb7 e5 bxc8", "Draw", "capture the bishop, queen"),
    ("e4 d5 exd5 c6 dxc6 Nf6 cxb7 e5 bxc8Q", "Draw", "capture the bishop, Q without ="),
    ("e4 d5 exd5 c6 dxc6 Nf6 cxb7 e5 e4=Q", "Illegal Move", "promotion written on a non-promotion"),
    (PROMO + " hxg8", "Draw", "capture-promote on g8 to a queen by default"),
    (PROMO + " h8", "Illegal Move", "h8 occupied by the rook"),
    (PROMO + " g8", "Draw", "bare g8: the only capture there"),
    (PROMO + " hxg8=N Rxh1", "Draw", ""),
    (EP + " exd6", "Draw", "en passant with x"),
    (EP + " ed6", "Draw", "en passant without x"),
    (EP + " d6", "Draw", "en passant written as a bare destination"),
    ("e4 a6 e5 d5 a3 h6 exd6", "Illegal Move", "en passant is only possible at once"),
    ("e4 e5 Bc4 Nc6 Qh5 Nf6 Qxf7", "White Win", "scholar's mate with x"),
    ("e4 e5 Bc4 Nc6 Qh5 Nf6 Qxf7# Ke7", "Dead Moves", "a move after that mate"),
    ("e4 e5 Bc4 Nc6 Qh5 Nf6 Qxf7+ Qe7", "Dead Moves", "the suffix does not matter"),
    ("e4 e5 Bc4 Nc6 Qh5 Nf6 Qxf7+! Qe7", "Dead Moves", "suffix +!"),
    ("e4 e5 Nf3 Nc6 Nc3 Nf6 Ng5 Ng4 Nh3 Nh6 Ng5", "Draw", "only the h3 knight reaches g5"),
    ("Nf3 Nf6 Nc3 Nc6 Ne5 Ne4 Nd3 Nd6 Nb5 Nb4 Nc3", "Draw", "of the knights on b5 and d3 only b5 reaches c3"),
    ("d4 e5 dxe5 d6 exd6 Bxd6 Nf3 Qe7 Nbd2 Bb4 c3 Bxc3 bxc3", "Draw", "lower-case b pawn takes c3"),
    ("d4 e5 dxe5 d6 exd6 Bxd6 Nf3 Qe7 Nbd2 Bb4 c3 Bxc3 Bxc3", "Illegal Move", "no bishop can take on c3"),
    ("e4 e5 Ke2 Ke7 Ke3 Ke6 Kf3", "Draw", "king walks"),
    ("e4 e5 Ke2 Ke7 Ke3 Ke6 Kf4", "Illegal Move", "king into check (e5 pawn)"),
    ("e3 f6 Qh5+ Ke7", "Illegal Move", "wait: g6 block... Ke7? legal? oracle"),
    ("e4 f5 Qh5+ f6", "Illegal Move", "ignoring check"),
    ("e4 f6 d4 g5 Qh5", "White Win", "mate without a suffix"),
]


def game_text(moves):
    toks = moves.split()
    return f"{len(toks)}\n" + "\n".join(toks) + "\n"


def main():
    rows = []
    for moves, expected, why in CRAFTED:
        got = oracle.judge(moves.split())
        rows.append((moves, got, expected, why))
    bad = [r for r in rows if r[1] != r[2]]
    for moves, got, expected, why in bad:
        print(f"oracle says {got}, author expected {expected}: {moves} ({why})", file=sys.stderr)
    if bad:
        sys.exit(1)
    with open(f"{OUT}/audit_crafted.in", "w") as f:
        f.write("".join(game_text(moves) for moves, *_ in rows) + "0\n")
    with open(f"{OUT}/audit_crafted.out", "w") as f:
        f.write("".join(got + "\n" for _, got, *_ in rows))
    with open(f"{OUT}/audit_crafted.md", "w") as f:
        f.write("# audit_crafted: one game per line, in the order of audit_crafted.in\n\n")
        f.write("| # | moves | verdict | why |\n|---|---|---|---|\n")
        for i, (moves, got, _, why) in enumerate(rows, 1):
            f.write(f"| {i} | `{moves}` | {got} | {why} |\n")
    # Random games written in every form the notation allows, plus near misses.
    rng = random.Random(SEED)
    random.seed(SEED)
    text = "".join(oracle.fmt_game(rng, oracle.random_game(rng)) for _ in range(RANDOM_GAMES)) + "0\n"
    verdicts, err = oracle.judge_input(text)
    assert err is None
    with open(f"{OUT}/audit_random.in", "w", newline="") as f:
        f.write(text)
    with open(f"{OUT}/audit_random.out", "w") as f:
        f.write("".join(v + "\n" for v in verdicts))


if __name__ == "__main__":
    main()
