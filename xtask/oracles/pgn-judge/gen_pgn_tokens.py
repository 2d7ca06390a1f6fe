#!/usr/bin/env python3
"""Writes fixtures/pgn-judge/pgn_unreadable_tokens.{in,out,args} (`--pgn --first-error`).

PGN games whose main line holds tokens that are not moves in the notation (`Zz3`, `e9`, `e4++`,
`N`, `Ng1-f3`, `Pe4`, a stray `}`, ...), next to such tokens where they do not count (comments,
`;` lines, `%` lines, variations, tag values holding braces) and to unusual but valid moves
(`e8Q`, `a8N`). python-chess's PGN reader skips unknown text silently, so this oracle has its own
movetext tokenizer, written from the PGN standard (section 7: tokens are delimited by white space
and the self-delimiting characters; a symbol is a maximal run of the other characters; the glyphs
`!` and `?` written right after a move belong to it) and the spec (a main-line token that is not a
move in the notation is an Illegal Move; move numbers, NAGs, results, comments and variations are
skipped). Main-line tokens are judged with audit_oracle.parse / audit_oracle.matches. Every game
carries the line its author expected by hand; the script stops on any disagreement. Run from the
repository root:

    python3 xtask/oracles/pgn-judge/gen_pgn_tokens.py
"""
import os
import re
import sys

import chess

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import audit_oracle as oracle  # noqa: E402

OUT = "fixtures/pgn-judge/pgn_unreadable_tokens"
DELIMS = set(" \t\r\n{}();.*$")
RESULT = re.compile(r"^(1-0|0-1|1/2-1/2|\*)$")

# (tags, movetext, expected line by hand)
GAMES = [
    ({"White": "A", "Black": "B", "Result": "*"}, "1. e4 e5 2. Zz3 Nf3 *",
     "Illegal Move at ply 3: Zz3; Result * agrees"),
    ({"White": "A", "Black": "B", "Result": "*"}, "1. e4 e9 2. Nf3 *",
     "Illegal Move at ply 2: e9; Result * agrees"),
    ({"White": "A", "Black": "B", "Result": "*"}, "1. e4++ e5 *",
     "Illegal Move at ply 1: e4++; Result * agrees"),
    ({"White": "A", "Black": "B", "Result": "*"}, "1. e4 N 2. Nf3 *",
     "Illegal Move at ply 2: N; Result * agrees"),
    ({"White": "A", "Black": "B", "Result": "*"}, "1. Ng1-f3 d5 *",
     "Illegal Move at ply 1: Ng1-f3; Result * agrees"),
    ({"White": "A", "Black": "B", "Result": "*"}, "1. Pe4 e5 *",
     "Illegal Move at ply 1: Pe4; Result * agrees"),
    ({"White": "A", "Black": "B", "Result": "*"}, "1. e4 e5 } 2. Nf3 *",
     "Illegal Move at ply 3: }; Result * agrees"),
    ({"White": "A", "Black": "B", "Result": "*"}, "1. e4 $x e5 *",
     "Illegal Move at ply 2: $x; Result * agrees"),
    ({"White": "A", "Black": "B", "Result": "*"}, "1. e4!!! e5 *",
     "Illegal Move at ply 1: e4!!!; Result * agrees"),
    ({"White": "A", "Black": "B", "Result": "*"}, "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0-0+# *",
     "Illegal Move at ply 7: 0-0+#; Result * agrees"),
    ({"White": "A", "Black": "B", "Result": "*"}, "1. e4 e5 2. -- Nf3 *",
     "Illegal Move at ply 3: --; Result * agrees"),
    # Where odd tokens do not count.
    ({"White": "{C}", "Black": "D } Zz3", "Result": "1/2-1/2", "Annotator": "{ e4++ ;"},
     "1. e4 {Zz3 e9} e5 ; Zz3 N\n%Zz3 e4++\n2. Nf3 (2. Zz3 e9 (2. N)) 2... Nc6 $14 !? 1/2-1/2",
     "Draw; Result 1/2-1/2 agrees"),
    # Promotions without `=` are moves of the notation.
    ({"White": "E", "Black": "F", "FEN": "8/P6k/8/8/8/8/6K1/8 w - - 0 1", "Result": "*"},
     "1. a8N Kg6 *", "Draw; Result * agrees"),
    ({"White": "E", "Black": "F", "FEN": "7k/P7/7K/8/8/8/8/8 w - - 0 1", "Result": "1-0"},
     "1. a8Q# 1-0", "White Win; Result 1-0 agrees"),
    # After the end a token that is not a move is a dead move.
    ({"White": "G", "Black": "H", "Result": "0-1"}, "1. f3 e5 2. g4 Qh4# 3. Zz3 0-1",
     "Dead Moves at ply 5: Zz3; Result 0-1 disagrees"),
    # Without tags.
    ({}, "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# Zz3 1-0",
     "Dead Moves at ply 8: Zz3; no Result tag"),
    ({}, "Zz3 *", "Illegal Move at ply 1: Zz3; no Result tag"),
]


def tokens(movetext):
    """The main-line tokens that should be moves, in order."""
    out, i, depth, n = [], 0, 0, len(movetext)
    at_line_start = True
    while i < n:
        c = movetext[i]
        if c == "%" and at_line_start:
            i = movetext.find("\n", i)
            i = n if i < 0 else i
            continue
        at_line_start = c == "\n"
        if c in " \t\r\n.*":
            i += 1
        elif c == "{":
            i = movetext.index("}", i) + 1
        elif c == ";":
            j = movetext.find("\n", i)
            i = n if j < 0 else j
        elif c == "(":
            depth, i = depth + 1, i + 1
        elif c == ")":
            depth, i = depth - 1, i + 1
        else:
            j = i + 1
            if c != "}":
                while j < n and movetext[j] not in DELIMS and movetext[j] not in "!?":
                    j += 1
                while j < n and movetext[j] in "!?":
                    j += 1
            tok, i = movetext[i:j], j
            if depth > 0:
                continue
            if tok.isdigit() or RESULT.match(tok) or re.match(r"^\$\d+$", tok):
                continue
            if re.match(r"^[!?]{1,2}$", tok):
                continue
            out.append(tok)
    return out


def judge(fen, toks):
    """(verdict, fault ply, fault token)."""
    board = chess.Board(fen) if fen else chess.Board()
    for ply, t in enumerate(toks, 1):
        if board.is_checkmate() or board.is_stalemate():
            return "Dead Moves", ply, t
        tok = oracle.parse(t)
        cands = oracle.matches(board, tok) if tok else []
        if len(cands) != 1:
            return ("Puzzle Move" if len(cands) > 1 else "Illegal Move"), ply, t
        board.push(cands[0])
    if board.is_checkmate():
        return ("Black Win" if board.turn == chess.WHITE else "White Win"), None, None
    return ("Stalemate" if board.is_stalemate() else "Draw"), None, None


def agreement(result, verdict):
    if result is None:
        return "no Result tag"
    ok = result == "*" or verdict in {"1-0": {"White Win"}, "0-1": {"Black Win"},
                                      "1/2-1/2": {"Stalemate", "Draw"}}.get(result, set())
    return f"Result {result} {'agrees' if ok else 'disagrees'}"


def main():
    pgn, lines = [], []
    for number, (tags, movetext, expected) in enumerate(GAMES, 1):
        verdict, ply, tok = judge(tags.get("FEN"), tokens(movetext))
        judged = verdict if ply is None else f"{verdict} at ply {ply}: {tok}"
        got = f"{judged}; {agreement(tags.get('Result'), verdict)}"
        if got != expected:
            sys.exit(f"game {number}: oracle says {got!r}, the author expected {expected!r}")
        lines.append(f"{number}. {tags.get('White', '?')} - {tags.get('Black', '?')}: {got}")
        head = "".join(f'[{k} "{v}"]\n' for k, v in tags.items())
        pgn.append(f"{head}\n{movetext}\n" if head else f"{movetext}\n")
    with open(OUT + ".in", "w") as f:
        f.write("\n".join(pgn))
    with open(OUT + ".out", "w") as f:
        f.write("\n".join(lines) + "\n")
    with open(OUT + ".args", "w") as f:
        f.write("--pgn\n--first-error\n")


if __name__ == "__main__":
    main()
