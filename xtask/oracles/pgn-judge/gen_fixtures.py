#!/usr/bin/env python3
"""Independent oracle for the pgn-judge fixtures, built on python-chess.

It applies the rules of shared/specs/pgn-judge.md with its own token grammar (a regular
expression) and its own matching over python-chess's `board.legal_moves`, with no code shared with
the Rust crate, and writes the fixtures' inputs and expected outputs:

    fixtures/pgn-judge/oracle_<verdict>.in/.out   >= 12 generated games per verdict
    fixtures/pgn-judge/crafted.in/.out            hand-made cases (pins, castling through check,
                                                  two pawns on one square, moves after mate ...),
                                                  each also checked against the verdict its
                                                  author expected
    fixtures/pgn-judge/crafted_first_error.*      the same with --first-error
    fixtures/pgn-judge/crafted_json.*             the same with --json
    fixtures/pgn-judge/input_*.in/.out/.expect    the judge format's input errors
    fixtures/pgn-judge/pgn_oracle*.in/.out/.args  PGN files (tags, comments, variations, NAGs,
                                                  FEN tags) judged by the same rules

Run from the repository root:  python3 xtask/oracles/pgn-judge/gen_fixtures.py
The seed is fixed, so the output is the same on every run (python-chess 1.11.2).
"""

import json
import os
import random
import re
import sys

import chess

SEED = 20261123
GAMES_PER_VERDICT = 12
OUT_DIR = os.path.join(sys.argv[1] if len(sys.argv) > 1 else ".", "fixtures", "pgn-judge")

VERDICTS = [
    "White Win",
    "Black Win",
    "Stalemate",
    "Draw",
    "Dead Moves",
    "Puzzle Move",
    "Illegal Move",
]

# ---------------------------------------------------------------------------------------------
# The rules, written from the spec.

TOKEN = re.compile(
    r"""^(?:
        (?P<castle>O-O-O|O-O|0-0-0|0-0)
      | (?P<piece>[KQRBN])(?P<pfile>[a-h])?(?P<prank>[1-8])?(?P<pcap>x)?(?P<pto>[a-h][1-8])
      | (?P<file>[a-h])?(?P<cap>x)?(?P<to>[a-h][1-8])(?:=?(?P<promo>[QRBN]))?
    )(?:[+\#])?(?:!!|\?\?|!\?|\?!|!|\?)?$""",
    re.X,
)

ROLES = {"K": chess.KING, "Q": chess.QUEEN, "R": chess.ROOK, "B": chess.BISHOP, "N": chess.KNIGHT}


def parse_token(text):
    """A dict describing the move, or None when the token is outside the notation."""
    m = TOKEN.match(text)
    if not m:
        return None
    if m.group("castle"):
        return {"castle": "king" if m.group("castle") in ("O-O", "0-0") else "queen"}
    if m.group("piece"):
        return {
            "castle": None,
            "role": ROLES[m.group("piece")],
            "file": "abcdefgh".index(m.group("pfile")) if m.group("pfile") else None,
            "rank": int(m.group("prank")) - 1 if m.group("prank") else None,
            "capture": bool(m.group("pcap")),
            "to": chess.parse_square(m.group("pto")),
            "promo": None,
        }
    to = chess.parse_square(m.group("to"))
    file = "abcdefgh".index(m.group("file")) if m.group("file") else None
    capture = bool(m.group("cap"))
    if file is None and capture:
        return None  # `xd5`
    if file is not None and abs(file - chess.square_file(to)) != 1:
        return None  # `ee4`, `ae4`
    return {
        "castle": None,
        "role": chess.PAWN,
        "file": file,
        "rank": None,
        "capture": capture,
        "to": to,
        "promo": ROLES[m.group("promo")] if m.group("promo") else None,
    }


def matching_moves(board, tok):
    found = []
    for move in board.legal_moves:
        if tok["castle"]:
            if board.is_castling(move) and (
                board.is_kingside_castling(move) == (tok["castle"] == "king")
            ):
                found.append(move)
            continue
        if board.is_castling(move):
            continue  # `Kg1` is never castling
        if board.piece_type_at(move.from_square) != tok["role"]:
            continue
        if move.to_square != tok["to"]:
            continue
        if tok["file"] is not None and chess.square_file(move.from_square) != tok["file"]:
            continue
        if tok["rank"] is not None and chess.square_rank(move.from_square) != tok["rank"]:
            continue
        if tok["capture"] and not board.is_capture(move):
            continue
        promo = tok["promo"]
        if promo is None and tok["role"] == chess.PAWN and chess.square_rank(move.to_square) in (0, 7):
            promo = chess.QUEEN
        if move.promotion != promo:
            continue
        found.append(move)
    return found


def judge(tokens, board=None):
    """(verdict, fault ply or None, fault token or None)."""
    board = board.copy() if board else chess.Board()
    for ply, text in enumerate(tokens, start=1):
        if not any(board.legal_moves):
            return "Dead Moves", ply, text
        tok = parse_token(text)
        if tok is None:
            return "Illegal Move", ply, text
        found = matching_moves(board, tok)
        if not found:
            return "Illegal Move", ply, text
        if len(found) > 1:
            return "Puzzle Move", ply, text
        board.push(found[0])
    if any(board.legal_moves):
        return "Draw", None, None
    if board.is_check():
        return ("Black Win" if board.turn == chess.WHITE else "White Win"), None, None
    return "Stalemate", None, None


# ---------------------------------------------------------------------------------------------
# Game generators.

rng = random.Random(SEED)


def styled(board, move):
    """The SAN of a legal move, in one of the spellings the notation allows."""
    san = board.san(move)
    if san.startswith("O-O") and rng.random() < 0.4:
        san = san.replace("O", "0")
    if "x" in san and rng.random() < 0.3:
        san = san.replace("x", "", 1)  # `Qf7`, `ed5`
    if "=" in san:
        r = rng.random()
        if r < 0.3 and "=Q" in san:
            san = san.replace("=Q", "")
        elif r < 0.6:
            san = san.replace("=", "")
    if san[-1] in "+#" and rng.random() < 0.4:
        san = san[:-1]
    if rng.random() < 0.05:
        san += rng.choice(["!", "?", "!!", "??", "!?", "?!"])
    return san


def mating_moves(board):
    found = []
    for move in board.legal_moves:
        board.push(move)
        if board.is_checkmate():
            found.append(move)
        board.pop()
    return found


def random_game(goal, max_plies):
    """Random play towards a goal: 'mate', 'stalemate' or None. Returns (tokens, board)."""
    board = chess.Board()
    tokens = []
    while len(tokens) < max_plies and any(board.legal_moves):
        moves = list(board.legal_moves)
        move = None
        if goal == "mate":
            mates = mating_moves(board)
            if mates:
                move = rng.choice(mates)
        elif goal == "stalemate":
            quiet = []
            for m in moves:
                board.push(m)
                if board.is_stalemate():
                    move = m
                if not board.is_checkmate():
                    quiet.append(m)
                board.pop()
                if move:
                    break
            moves = quiet or moves
            captures = [m for m in moves if board.is_capture(m)]
            if move is None and captures and rng.random() < 0.7:
                move = rng.choice(captures)
        if move is None:
            move = rng.choice(moves)
        tokens.append(styled(board, move))
        board.push(move)
    return tokens, board


def ambiguous_token(board):
    """A token two legal moves fit, if the position has one: same role, destination, promotion."""
    groups = {}
    for move in board.legal_moves:
        if board.is_castling(move):
            continue
        role = board.piece_type_at(move.from_square)
        promo = move.promotion
        if role == chess.PAWN and promo not in (None, chess.QUEEN):
            continue
        groups.setdefault((role, move.to_square), []).append(move)
    for (role, to), moves in sorted(groups.items()):
        if len(moves) > 1:
            letter = "" if role == chess.PAWN else chess.piece_symbol(role).upper()
            return letter + chess.square_name(to)
    return None


JUNK = ["e2e4", "Pe4", "ee4", "xd5", "Kx", "e9", "i4", "0-0-0-0", "e8=K", "Nf3=Q", "O-0", "--", "E4"]


def corrupt(board):
    """A token that is very likely illegal here."""
    kind = rng.randrange(6)
    moves = list(board.legal_moves)
    if kind == 0:
        return rng.choice(JUNK)
    if kind == 1:  # an `x` on a move that captures nothing
        quiet = [m for m in moves if not board.is_capture(m) and not board.is_castling(m)
                 and board.piece_type_at(m.from_square) != chess.PAWN]
        if quiet:
            san = board.san(rng.choice(quiet)).rstrip("+#")
            return san[0] + "x" + san[1:] if len(san) == 3 else san[:-2] + "x" + san[-2:]
    if kind == 2:  # the opponent's move
        other = board.copy()
        other.push(chess.Move.null())
        theirs = list(other.legal_moves)
        if theirs:
            return other.san(rng.choice(theirs))
    if kind == 3:  # a king's two-square step written as a king move
        return rng.choice(["Kg1", "Kc1"]) if board.turn == chess.WHITE else rng.choice(["Kg8", "Kc8"])
    if kind == 4:  # castling
        return rng.choice(["O-O", "O-O-O", "0-0", "0-0-0"])
    role = rng.choice("KQRBN")
    return role + chess.square_name(rng.randrange(64))


def candidate_games():
    """An endless stream of games of every kind; the oracle decides which verdict each gets."""
    while True:
        kind = rng.randrange(6)
        if kind == 0:
            tokens, _ = random_game("mate", rng.randrange(20, 300))
        elif kind == 1:
            tokens, _ = random_game("stalemate", 400)
        elif kind == 2:
            tokens, _ = random_game(None, rng.randrange(1, 120))
        elif kind == 3:  # moves after the end
            tokens, board = random_game(rng.choice(["mate", "stalemate"]), 400)
            if not any(board.legal_moves):
                tokens += rng.choice([["e4"], ["Kd1", "a6"], [rng.choice(JUNK)], ["O-O"]])
        elif kind == 4:  # an ambiguous move
            tokens, board = random_game(None, rng.randrange(4, 120))
            token = ambiguous_token(board)
            if token:
                tokens.append(token)
                tokens += random_game(None, rng.randrange(0, 3))[0]
        else:  # an illegal move
            tokens, board = random_game(None, rng.randrange(0, 100))
            if any(board.legal_moves):
                tokens.append(corrupt(board))
                tokens += random_game(None, rng.randrange(0, 3))[0]
        if tokens:
            yield tokens


# ---------------------------------------------------------------------------------------------
# Crafted cases: (what it shows, moves, the verdict its author expects).

CASTLE_READY = "e4 e5 Nf3 Nc6 Bc4 Bc5"
LOYD_STALEMATE = "e3 a5 Qh5 Ra6 Qxa5 h5 h4 Rah6 Qxc7 f6 Qxd7+ Kf7 Qxb7 Qd3 Qxb8 Qh7 Qxc8 Kg6 Qe6"
PROMOTION_RACE = "h4 g5 hxg5 h6 gxh6 Nf6 h7 Ng8"

CRAFTED = [
    ("the seed", "e4 e5 Bc4 h6 Qh5 a5 Qf7", "White Win"),
    ("fool's mate", "f3 e5 g4 Qh4#", "Black Win"),
    ("a move after mate", "f3 e5 g4 Qh4 a3", "Dead Moves"),
    ("a token outside the notation after mate", "f3 e5 g4 Qh4 Pe4", "Dead Moves"),
    ("Loyd's ten-move stalemate", LOYD_STALEMATE, "Stalemate"),
    ("a move after stalemate", LOYD_STALEMATE + " Kh5", "Dead Moves"),
    ("an illegal token after stalemate", LOYD_STALEMATE + " xyz", "Dead Moves"),
    ("Nc3 is pinned by Bb4: Ne2 is the g1 knight, no puzzle", "d4 e6 e3 Bb4+ Nc3 Nf6 Ne2", "Draw"),
    ("the pinned knight named", "d4 e6 e3 Bb4+ Nc3 Nf6 Nce2", "Illegal Move"),
    ("both knights free: Ne2 is a puzzle", "d4 e6 e3 Nf6 Nc3 Bd6 Ne2", "Puzzle Move"),
    ("both knights free, disambiguated", "d4 e6 e3 Nf6 Nc3 Bd6 Nge2", "Draw"),
    ("two pawns can capture on d5", "e4 d5 c4 Nf6 d5", "Puzzle Move"),
    ("the capture named", "e4 d5 c4 Nf6 exd5", "Draw"),
    ("the capture without x", "e4 d5 c4 Nf6 cd5", "Draw"),
    ("a bare destination is the only capture", "e4 d5 d5", "Draw"),
    ("a bare destination is the only push", "e4 d5 e5", "Draw"),
    ("castling through check (f1 attacked by Ba6)", "g3 b6 Bh3 Ba6 Nf3 e6 e4 Nc6 O-O", "Illegal Move"),
    ("the same castling without the bishop", "g3 b6 Bh3 Bb7 Nf3 e6 e4 Nc6 O-O", "Draw"),
    ("castling out of check", "e4 e5 Nf3 Nc6 Bc4 Bc5 d3 Bb4+ 0-0", "Illegal Move"),
    ("castling into check (g1 attacked by Bc5)", "e4 e5 f4 Bc5 Nf3 Nc6 Bc4 d6 O-O", "Illegal Move"),
    ("castling", CASTLE_READY + " 0-0", "Draw"),
    ("castling written O-O", CASTLE_READY + " O-O", "Draw"),
    ("Kg1 is not castling", CASTLE_READY + " Kg1", "Illegal Move"),
    ("Kh1 is not castling", CASTLE_READY + " Kh1", "Illegal Move"),
    ("queen side castling with pieces in the way", CASTLE_READY + " 0-0-0", "Illegal Move"),
    ("x to an empty square", "e4 e5 Qxh5", "Illegal Move"),
    ("the same move without x", "e4 e5 Qh5", "Draw"),
    ("a capture written without x", "e4 e5 Qh5 Nc6 Qf7", "Draw"),
    ("the opponent's piece", "e4 Nf6 Nf6", "Illegal Move"),
    ("a black pawn move for white", "e4 e5 e6", "Illegal Move"),
    ("a king into check", "e4 f5 Qh5+ Kf7", "Illegal Move"),
    ("a block instead", "e4 f5 Qh5+ g6", "Draw"),
    ("a pinned knight moves", "e4 e5 Nf3 Nc6 Bb5 d6 a3 Nd4", "Illegal Move"),
    ("long algebraic is outside the notation", "e2e4", "Illegal Move"),
    ("Pe4 is outside the notation", "Pe4", "Illegal Move"),
    ("ee4 is outside the notation", "ee4", "Illegal Move"),
    ("suffixes are ignored", "e4!? e5?! Bc4!! h6?? Qh5+? a5! Qf7#", "White Win"),
    ("a check suffix on a quiet move is ignored", "e4+ e5#", "Draw"),
    ("promotion to a queen by default", PROMOTION_RACE + " hxg8 Rh7 Qxf8", "Draw"),
    ("promotion to a queen written", PROMOTION_RACE + " hxg8=Q Rh7 Qxf8", "Draw"),
    ("promotion written without =", PROMOTION_RACE + " hxg8Q Rh7 Qxf8", "Draw"),
    ("a knight cannot take like a queen", PROMOTION_RACE + " hxg8=N Rh7 Qxf8", "Illegal Move"),
    ("underpromotion", PROMOTION_RACE + " hxg8=N Rh7 Nf6", "Draw"),
    ("promotion to a king", PROMOTION_RACE + " hxg8=K", "Illegal Move"),
    ("a push onto an occupied square", PROMOTION_RACE + " h8", "Illegal Move"),
    ("promotion written on the fourth rank", "e4=Q", "Illegal Move"),
    ("en passant", "e4 Nf6 e5 d5 exd6", "Draw"),
    ("en passant as a bare destination", "e4 Nf6 e5 d5 d6", "Draw"),
    ("en passant too late", "e4 Nf6 e5 d5 a3 a6 exd6", "Illegal Move"),
    ("a puzzle before an illegal move decides", "e4 d5 c4 Nf6 d5 Ke3", "Puzzle Move"),
    ("an illegal move before a puzzle decides", "e4 d5 Ke3 Nf6 d5", "Illegal Move"),
    ("rooks disambiguated by file", "a4 a5 h4 h5 Ra3 Ra6 Rhh3 Rah6", "Draw"),
    ("rooks on one rank, no file named", "a4 a5 h4 h5 Ra3 Ra6 Rh3", "Puzzle Move"),
    ("rooks on one file need a rank", "a4 a5 h4 h5 Rh3 Ra6 Rha3 Rb6 R1a2", "Draw"),
    ("rooks on one file, no rank named", "a4 a5 h4 h5 Rh3 Ra6 Rha3 Rb6 Ra2", "Puzzle Move"),
    ("both file and rank", "a4 a5 h4 h5 Rh3 Ra6 Rha3 Rb6 Ra1a2", "Draw"),
]


# ---------------------------------------------------------------------------------------------
# Writing the fixtures.


def write(name, text):
    with open(os.path.join(OUT_DIR, name), "w", newline="\n") as f:
        f.write(text)


def judge_format(games):
    return "".join(f"{len(g)}\n" + "".join(t + "\n" for t in g) for g in games) + "0\n"


def verdict_lines(games, first_error=False):
    lines = []
    for g in games:
        verdict, ply, token = judge(g)
        if first_error and ply is not None:
            lines.append(f"{verdict} at ply {ply}: {token}")
        else:
            lines.append(verdict)
    return "".join(line + "\n" for line in lines)


def json_lines(games):
    out = []
    for number, g in enumerate(games, start=1):
        verdict, ply, token = judge(g)
        fault = None if ply is None else {"ply": ply, "move": token}
        out.append(json.dumps({"game": number, "verdict": verdict, "fault": fault},
                              separators=(",", ":"), ensure_ascii=False))
    return "".join(line + "\n" for line in out)


def generated_fixtures():
    buckets = {v: [] for v in VERDICTS}
    for tokens in candidate_games():
        verdict = judge(tokens)[0]
        if len(buckets[verdict]) < GAMES_PER_VERDICT:
            buckets[verdict].append(tokens)
        if all(len(b) >= GAMES_PER_VERDICT for b in buckets.values()):
            break
    for verdict, games in buckets.items():
        slug = verdict.lower().replace(" ", "_")
        write(f"oracle_{slug}.in", judge_format(games))
        write(f"oracle_{slug}.out", verdict_lines(games))
    return buckets


def crafted_fixtures():
    games = []
    for what, moves, expected in CRAFTED:
        tokens = moves.split()
        got = judge(tokens)[0]
        if got != expected:
            sys.exit(f"crafted case {what!r}: the oracle says {got}, its author expected {expected}")
        games.append(tokens)
    for name, args, output in [
        ("crafted", None, verdict_lines(games)),
        ("crafted_first_error", "--first-error", verdict_lines(games, first_error=True)),
        ("crafted_json", "--json", json_lines(games)),
    ]:
        write(f"{name}.in", judge_format(games))
        write(f"{name}.out", output)
        if args:
            write(f"{name}.args", args + "\n")
    # Which crafted case is which line, for reviewers.
    write("crafted.md", "# The crafted games, in order\n\n" + "".join(
        f"{i}. {what}: `{moves}` → {expected}\n"
        for i, (what, moves, expected) in enumerate(CRAFTED, start=1)))


def input_fixtures():
    """The judge format's edges: the verdicts of complete games, then the error."""
    cases = [
        # (name, input, complete games, stderr line or None)
        ("input_several_moves_per_line", "7 e4 e5 Bc4 h6\nQh5 a5 Qf7\n4\r\nf3 e5\r\n g4 Qh4 \r\n0\r\n",
         [["e4", "e5", "Bc4", "h6", "Qh5", "a5", "Qf7"], ["f3", "e5", "g4", "Qh4"]], None),
        ("input_without_final_zero", "2\ne4\ne5\n1\nd4\n", [["e4", "e5"], ["d4"]], None),
        ("input_text_after_zero", "1\ne4\n0\n1\nKe3\n", [["e4"]], None),
        ("input_empty", "", [], None),
        ("input_bad_count", "1\ne4\n2\ne4\ne5\nx\ne4\n0\n", [["e4"], ["e4", "e5"]],
         'line 6: move count "x" is not a positive integer'),
        ("input_negative_count", "1\nd4\n-1\ne4\n0\n", [["d4"]],
         'line 3: move count "-1" is not a positive integer'),
        ("input_cut_short", "1\ne4\n5\ne4\ne5\nQh5\n", [["e4"]],
         "line 3: game 2 is cut short: the input ends after 3 of its 5 moves"),
        ("input_zero_as_a_move", "3\ne4\ne5\n0\n", [["e4", "e5", "0"]], None),
    ]
    for name, text, games, error in cases:
        write(f"{name}.in", text)
        write(f"{name}.out", verdict_lines(games))
        if error:
            write(f"{name}.expect", f"exit=2\nstderr=error: {error}\n")


# ---------------------------------------------------------------------------------------------
# PGN: the same games with tags, move numbers, comments, variations and NAGs.

NAMES = ["Anderssen", "Kieseritzky", "Morphy", "Duke Karl", "Steinitz", "Lasker", "Réti",
         "Capablanca", "Tal", "Polgar, Judit", "Carlsen", "Hou Yifan"]
ANNOTATIONS = ["{a comment}", "$1", "$14", "!", "?!", "(1. a3 a6 (1... h6) 2. h3)",
               "{ multi-line\ncomment }", "; to the end of the line\n"]


def san_game(goal, max_plies, start=None):
    """A random game in canonical SAN, optionally from a start position."""
    board = start.copy() if start else chess.Board()
    sans = []
    while len(sans) < max_plies and any(board.legal_moves):
        mates = mating_moves(board) if goal == "mate" else []
        move = rng.choice(mates or list(board.legal_moves))
        sans.append(board.san(move))
        board.push(move)
    return sans, board


def faulty(board):
    """A canonical-SAN move that is illegal or ambiguous here (or None)."""
    ambiguous = ambiguous_token(board)
    if ambiguous and rng.random() < 0.4:
        return ambiguous
    for _ in range(20):
        token = corrupt(board)
        tok = parse_token(token)
        if tok and token not in ("0-0", "0-0-0") and token.isascii():
            return token
    return None


def pgn_games():
    """(tags, moves, start board or None) for a mix of clean, faulty and FEN games."""
    games = []
    for i in range(40):
        kind = i % 5
        start = None
        if kind == 0:
            moves, board = san_game("mate", 300)
        elif kind == 1:
            moves, board = san_game(None, rng.randrange(0, 60))
        elif kind == 2 and i % 10 == 2:  # play on until a move two pieces can make
            moves, board = san_game(None, rng.randrange(2, 20))
            while any(board.legal_moves) and not ambiguous_token(board):
                more, board = san_game(None, 1, board)
                moves += more
            if any(board.legal_moves):
                moves += [ambiguous_token(board)] + san_game(None, 4, board)[0][:2]
        elif kind == 2:
            moves, board = san_game(None, rng.randrange(2, 60))
            bad = faulty(board) if any(board.legal_moves) else None
            if bad:
                moves += [bad] + san_game(None, 4, board)[0][:2]
        elif kind == 3:
            moves, board = san_game("mate", 300)
            if not any(board.legal_moves):
                moves.append("Kd1" if board.turn == chess.WHITE else "Kd8")
        else:
            prefix, start = san_game(None, rng.randrange(4, 40))
            start = chess.Board(start.fen())
            moves, board = san_game(rng.choice(["mate", None]), rng.randrange(1, 80), start)
        verdict = judge(moves, start)[0]
        honest = {"White Win": "1-0", "Black Win": "0-1", "Stalemate": "1/2-1/2",
                  "Draw": "1/2-1/2"}.get(verdict, "*")
        result = rng.choice([honest, honest, honest, "*", "1-0", "0-1", "1/2-1/2", None])
        tags = [("Event", "Oracle test"), ("Site", "?"), ("Round", str(i + 1))]
        if rng.random() < 0.9:
            tags.append(("White", rng.choice(NAMES)))
        if rng.random() < 0.9:
            tags.append(("Black", rng.choice(NAMES)))
        if result:
            tags.append(("Result", result))
        if start:
            tags += [("SetUp", "1"), ("FEN", start.fen())]
        games.append((tags, moves, start, result))
    return games


def movetext(moves, start, result):
    board = start or chess.Board()
    number, black = board.fullmove_number, board.turn == chess.BLACK
    parts = []
    for ply, san in enumerate(moves):
        if not black:
            parts.append(f"{number}.")
        elif ply == 0:
            parts.append(f"{number}...")
        parts.append(san)
        if rng.random() < 0.08:
            parts.append(rng.choice(ANNOTATIONS))
        if black:
            number += 1
        black = not black
    parts.append(result or "*")
    text, line = "", ""
    for part in parts:
        if line and len(line) + 1 + len(part) > 79:
            text += line + "\n"
            line = ""
        line = f"{line} {part}" if line else part
        if part.endswith("\n"):
            text += line
            line = ""
    return text + line + "\n"


def pgn_fixtures():
    games = pgn_games()
    pgn = ""
    for tags, moves, start, result in games:
        pgn += "".join(f'[{k} "{v}"]\n' for k, v in tags) + "\n" + movetext(moves, start, result) + "\n"
    plain, first_error, json_out = [], [], []
    for number, (tags, moves, start, result) in enumerate(games, start=1):
        tag = dict(tags)
        white, black = tag.get("White", "?"), tag.get("Black", "?")
        verdict, ply, token = judge(moves, start)
        if result is None:
            agrees, agree_text = None, "no Result tag"
        else:
            agrees = result == "*" or {
                "1-0": verdict == "White Win",
                "0-1": verdict == "Black Win",
                "1/2-1/2": verdict in ("Stalemate", "Draw"),
            }[result]
            agree_text = f"Result {result} {'agrees' if agrees else 'disagrees'}"
        head = f"{number}. {white} - {black}: {verdict}"
        plain.append(f"{head}; {agree_text}")
        fault = "" if ply is None else f" at ply {ply}: {token}"
        first_error.append(f"{head}{fault}; {agree_text}")
        json_out.append(json.dumps({
            "game": number, "white": white, "black": black, "verdict": verdict,
            "fault": None if ply is None else {"ply": ply, "move": token},
            "result": result, "result_agrees": agrees, "error": None,
        }, separators=(",", ":"), ensure_ascii=False))
    for name, args, lines in [
        ("pgn_oracle", "--pgn", plain),
        ("pgn_oracle_first_error", "--pgn\n--first-error", first_error),
        ("pgn_oracle_json", "--pgn\n--json", json_out),
    ]:
        write(f"{name}.in", pgn)
        write(f"{name}.args", args + "\n")
        write(f"{name}.out", "".join(line + "\n" for line in lines))


def main():
    os.makedirs(OUT_DIR, exist_ok=True)
    crafted_fixtures()
    input_fixtures()
    buckets = generated_fixtures()
    pgn_fixtures()
    print("games per verdict:", {v: len(g) for v, g in buckets.items()})


if __name__ == "__main__":
    main()
