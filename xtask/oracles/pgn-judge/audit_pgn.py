#!/usr/bin/env python3
"""Cross-check of `pgn-judge --pgn --json` against audit_oracle.py on generated PGN.

    python3 audit_pgn.py SEED N > games.pgn 2> expected.jsonl

Each game's main line is written in SAN forms python-chess's own PGN reader also accepts, with
comments, NAGs, variations and move numbers around it; the expected verdict is audit_oracle.judge
on the main-line tokens, the expected agreement follows the spec's Result table.
"""
import json
import random
import re
import sys

import chess

import audit_oracle as oracle

PGN_SAN = re.compile(
    r"^(O-O(-O)?|0-0(-0)?|[KQRBN]?[a-h]?[1-8]?x?[a-h][1-8](=[QRBN])?)[+#]?(!!|\?\?|!\?|\?!|!|\?)?$"
)
RESULTS = ["1-0", "0-1", "1/2-1/2", "*"]
AGREES = {"1-0": {"White Win"}, "0-1": {"Black Win"}, "1/2-1/2": {"Stalemate", "Draw"}}


def main():
    rng = random.Random(int(sys.argv[1]))
    random.seed(int(sys.argv[1]))
    for number in range(1, int(sys.argv[2]) + 1):
        toks = oracle.random_game(rng)
        # Keep the tokens a PGN reader reads as one SAN token (no `!`/`?` glued on, no junk).
        # pgn-reader silently skips a token it cannot read as SAN (`e8Q`, `e4++`, `Zz9`): keep
        # only tokens it reads, with annotations glued on as NAGs.
        toks = [t for t in toks if PGN_SAN.match(t)]
        verdict = oracle.judge(toks)
        result = rng.choice(RESULTS)
        parts = []
        for i, t in enumerate(toks):
            if i % 2 == 0:
                parts.append(f"{i // 2 + 1}.")
            elif rng.random() < 0.1:
                parts.append(f"{i // 2 + 1}...")
            parts.append(t)
            r = rng.random()
            if r < 0.05:
                parts.append("{a comment (with) 1-0 inside}")
            elif r < 0.08:
                parts.append(f"${rng.randint(1, 200)}")
            elif r < 0.1:
                parts.append("(" + f"{i // 2 + 1}{'.' if i % 2 else '...'} Zz9 Qxa1 {{x}} (Nf3 e5))")
        print(f'[Event "audit {number}"]\n[White "W{number}"]\n[Black "B{number}"]\n[Result "{result}"]\n')
        print(" ".join(parts) + f" {result}\n")
        expected = {
            "game": number,
            "verdict": verdict,
            "result_agrees": result == "*" or verdict in AGREES.get(result, set()),
        }
        print(json.dumps(expected), file=sys.stderr)


if __name__ == "__main__":
    main()
