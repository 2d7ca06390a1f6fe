#!/usr/bin/env python3
"""The endgame solver's whole answer against its plain minimax (`--plain`: no tables, no bounds,
repetition found by walking the line) on random positions at small N, where the keep table and
the survival proof are already in use (the draw search tries them with 6 or more plies left).

One process per query under a time limit (a plain query over the limit is skipped and counted).
Materials: KRvKR (the keep table's ending), the task's, and after a promotion.

Usage (the tables must exist; nothing heavy in parallel):

    ENDGAME_SOLVER_TABLES=target/endgame-solver.tables \\
        python3 xtask/oracles/endgame-solver/audit_plain.py --budget 1200 --ns 6,7,8

Prints counts per N and answer kind and every mismatch; exit 1 if any.
"""

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from audit_draws import Solver, parse, positions  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--budget", type=float, default=1200)
    ap.add_argument("--limit", type=float, default=20)
    ap.add_argument("--ns", default="6,7,8")
    ap.add_argument("--seed", type=int, default=777)
    ap.add_argument("--count", type=int, default=60, help="positions per material")
    ap.add_argument("--materials", default="rooks,task,promoted")
    args = ap.parse_args()
    start = time.time()
    fast, plain = Solver(args.limit), Solver(args.limit, plain=True)
    ns = [int(x) for x in args.ns.split(",")]
    roots = []
    pools = [positions(args.seed + i, args.count, m) for i, m in enumerate(args.materials.split(","))]
    for group in zip(*pools):  # interleave the materials
        roots += group
    counts, mismatches, done = {}, [], 0
    for pieces, side in roots:
        if time.time() - start > args.budget:
            break
        done += 1
        for n in ns:
            p = plain.answer(pieces, side, n)
            if p is None:
                counts[(n, "plain-timeout")] = counts.get((n, "plain-timeout"), 0) + 1
                break  # deeper N would time out too
            f = fast.answer(pieces, side, n)
            kind = parse(p)[0]
            key = (n, kind)
            counts[key] = counts.get(key, 0) + 1
            if f != p:
                mismatches.append(f"{pieces} {side} N={n}: fast {f!r} plain {p!r}")
                print("MISMATCH", mismatches[-1], flush=True)
    print(f"roots {done} of {len(roots)}, {time.time() - start:.0f} s")
    for key in sorted(counts, key=str):
        print(key, counts[key])
    print(f"mismatches {len(mismatches)}")
    sys.exit(1 if mismatches else 0)


if __name__ == "__main__":
    main()
