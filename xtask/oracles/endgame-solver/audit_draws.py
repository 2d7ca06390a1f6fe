#!/usr/bin/env python3
"""Consistency across N of the endgame solver's answers at deep horizons (N = 20, 32, 49).

An audit, not a fixture generator: the solver is checked against itself through relations that
follow from the spec alone, one process per query under a time limit (a query over the limit is
left out and counted, never taken as an answer).

For a root R and N (P = the side to move) and each legal move m, the child C = R after m is
asked as a fresh start at N - 1 ("draws" = its verdict is `1/2-1/2` or Black's mate `0-1`, or C
is a stalemate or dead at once, or Black mates at once):

* Black to move, R answers `1/2-1/2 L`: m not in L => C does not draw (a child's draw without
  history is a draw with it: history only adds draws); m in L and C does not draw can only be a
  repetition through R (reported as "listed-child-not-draw", to examine by hand).
* Black to move, R answers neither `1/2-1/2` nor `0-1`: no child draws.
* White to move, R answers `1/2-1/2 pairs`: every White move appears; for each, the replies
  listed include every move C's own answer lists (C answers `1/2-1/2` or `0-1`, else "C does not
  draw" is a repetition through R: reported to examine); C's `0-1` can only be a reply list of
  Black's mates, which can not be: R would then be case 2.
* White to move, R answers neither `1/2-1/2` nor a Black mate: not every child draws.
* Mates: R answers `1-0 L` (White to move) => exactly the moves of L have a child `1-0` (the
  mate cases ignore history); likewise `0-1`.
* Monotone in N: Black's draw at N => `1/2-1/2` or `0-1` at N + 1 with the list a superset;
  a mate at N => the same mate at N + 1 with the list a superset.

Usage (the tables must exist; nothing heavy runs in parallel):

    ENDGAME_SOLVER_TABLES=target/endgame-solver.tables \\
        python3 xtask/oracles/endgame-solver/audit_draws.py --budget 2400 --out audit.json

Prints counts per N and per answer kind, and every discrepancy; exit 1 if any.
"""

import argparse
import json
import os
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))


def binary(name):
    target = os.environ.get("CARGO_TARGET_DIR", os.path.join(ROOT, "target"))
    return os.path.join(target, "release", name)


class Solver:
    """The binary under a time limit, with a cache of answers."""

    def __init__(self, limit, plain=False):
        self.limit = limit
        self.plain = plain
        self.cache = {}
        self.timeouts = 0
        self.queries = 0

    def answer(self, pieces, side, n):
        key = (pieces, side, n)
        if key not in self.cache:
            self.queries += 1
            cmd = ["nice", "-n", "19", "timeout", str(self.limit), binary("endgame-solver")]
            if self.plain:
                cmd.append("--plain")
            run = subprocess.run(cmd, input=f"{pieces}\n{side}\n{n}\n", capture_output=True, text=True)
            if run.returncode != 0:
                self.timeouts += 1
                self.cache[key] = None
            else:
                self.cache[key] = run.stdout.strip()
        return self.cache[key]


def parse(answer):
    """(verdict, entries): entries a list of (first, reply or None)."""
    for verdict in ("H 1-0", "H 0-1", "1/2-1/2", "1-0", "0-1", "0-0"):
        if answer == verdict or answer.startswith(verdict + " "):
            rest = answer[len(verdict):].strip()
            entries = []
            for e in rest.split(", ") if rest else []:
                first, _, reply = e.partition(" ")
                entries.append((first, reply or None))
            return verdict, entries
    raise ValueError(f"unparsable answer {answer!r}")


def children(pieces, side):
    run = subprocess.run([binary("examples/audit"), "children"], input=f"{pieces}\n{side}\n0\n",
                         capture_output=True, text=True, check=True)
    out = []
    for line in run.stdout.splitlines():
        san, cp, cs, end = line.split("|")
        out.append((san, cp, cs, end))
    return out


def draws(verdict):
    return verdict in ("1/2-1/2", "0-1")


class Audit:
    def __init__(self, solver):
        self.s = solver
        self.counts = {}
        self.problems = []
        self.notes = []

    def count(self, key):
        self.counts[key] = self.counts.get(key, 0) + 1

    def problem(self, kind, text):
        self.problems.append((kind, text))
        print(f"DISCREPANCY {kind}: {text}", flush=True)

    def child_verdict(self, pieces, side, n, san, cp, cs, end):
        """The child's (verdict, entries) at n, or None on a timeout."""
        if end == "mate":
            return ("1-0" if cs == "C" else "0-1"), []
        if end in ("stalemate", "dead"):
            return "1/2-1/2", []
        a = self.s.answer(cp, cs, n)
        return None if a is None else parse(a)

    def check(self, pieces, side, n):
        a = self.s.answer(pieces, side, n)
        if a is None:
            self.count((n, "timeout"))
            return
        verdict, entries = parse(a)
        self.count((n, side, verdict))
        if not entries and verdict in ("1-0", "0-1", "1/2-1/2"):
            return  # the start position has ended (mate, stalemate, dead): no list
        kids = children(pieces, side)
        if not kids:
            return
        tag = f"{pieces} {side} N={n} -> {a[:300]}"
        listed = {}
        for first, reply in entries:
            listed.setdefault(first, []).append(reply)
        child = {}
        for san, cp, cs, end in kids:
            child[san] = self.child_verdict(pieces, side, n - 1, san, cp, cs, end)
        unknown = sum(1 for v in child.values() if v is None)
        if unknown:
            self.count((n, "child-timeout"))
        # Mates.
        mover_mate = "1-0" if side == "B" else "0-1"
        other_mate = "0-1" if side == "B" else "1-0"
        if verdict == mover_mate:
            for san, v in child.items():
                if v is None:
                    continue
                if (v[0] == mover_mate) != (san in listed):
                    self.problem("mate-list", f"{tag}: {san} -> {v}")
            return
        if verdict == other_mate:
            for san, v in child.items():
                if v is None:
                    continue
                if v[0] != other_mate:
                    self.problem("mate-escape", f"{tag}: {san} -> {v}")
                elif v[1] and sorted(r for r in listed.get(san, []) if r) != sorted(e[0] for e in v[1]):
                    self.problem("mate-pairs", f"{tag}: {san} -> {v}")
            return
        # Black's draw.
        if side == "C":
            for san, v in child.items():
                if v is None:
                    continue
                if verdict == "1/2-1/2" and v[0] == "1-0" and san in listed:
                    self.problem("draw-list-into-mate", f"{tag}: {san} -> {v}")
                if verdict == "1/2-1/2":
                    if draws(v[0]) and san not in listed:
                        self.problem("draw-child-not-listed", f"{tag}: {san} -> {v}")
                    if not draws(v[0]) and san in listed:
                        self.notes.append(f"listed-child-not-draw: {tag}: {san} -> {v}")
                        print(f"NOTE listed-child-not-draw: {tag}: {san} -> {v}", flush=True)
                elif draws(v[0]):
                    self.problem("draw-missed", f"{tag}: {san} -> {v}")
        else:
            if verdict == "1/2-1/2":
                for san, v in child.items():
                    if san not in listed:
                        self.problem("draw-white-move-missing", f"{tag}: {san}")
                        continue
                    if v is None:
                        continue
                    replies = [r for r in listed[san] if r]
                    if draws(v[0]):
                        want = [e[0] for e in v[1]]
                        missing = [r for r in want if r not in replies]
                        extra = [r for r in replies if r not in want]
                        if missing:
                            self.problem("draw-reply-not-listed", f"{tag}: {san} -> {v}: missing {missing}")
                        # A child's `0-1` lists only its mates; the root's case 3 lists every reply
                        # that forces a draw or a mate, so extras are expected there.
                        if extra and v[0] == "1/2-1/2":
                            self.notes.append(f"reply-listed-not-in-child: {tag}: {san} -> {v}: {extra}")
                            print(f"NOTE reply-listed-not-in-child: {tag}: {san} -> {v}: {extra}", flush=True)
                    else:
                        self.notes.append(f"listed-child-not-draw: {tag}: {san} -> {v}")
                        print(f"NOTE listed-child-not-draw: {tag}: {san} -> {v}", flush=True)
            else:
                known = [v for v in child.values() if v is not None]
                if len(known) == len(child) and all(draws(v[0]) for v in known):
                    self.problem("draw-missed", f"{tag}: every child draws")

    def monotone(self, pieces, side, n):
        a, b = self.s.answer(pieces, side, n), self.s.answer(pieces, side, n + 1)
        if a is None or b is None:
            return
        (va, ea), (vb, eb) = parse(a), parse(b)
        self.count((n, "monotone-pairs"))
        tag = f"{pieces} {side} N={n}: {a[:200]} / N={n+1}: {b[:200]}"
        if va in ("1-0", "0-1"):
            if vb != va or not set(ea) <= set(eb):
                self.problem("mate-monotone", tag)
        elif va == "1/2-1/2":
            if vb == "0-1":
                return
            if vb != "1/2-1/2" or not set(ea) <= set(eb):
                self.problem("draw-monotone", tag)


def positions(seed, count, material):
    run = subprocess.run([binary("examples/audit"), "random", str(seed), str(count), material],
                         capture_output=True, text=True, check=True)
    return [tuple(l.split("|")) for l in run.stdout.splitlines()]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--budget", type=float, default=1800, help="seconds in all (stops starting new roots)")
    ap.add_argument("--limit", type=float, default=20, help="seconds per query")
    ap.add_argument("--ns", default="20,32,49")
    ap.add_argument("--seed", type=int, default=20261126)
    ap.add_argument("--per-material", type=int, default=12)
    ap.add_argument("--materials", default="rooks,task,promoted")
    ap.add_argument("--side", choices=["B", "C"], help="only roots with this side to move")
    ap.add_argument("--no-bench", action="store_true", help="leave out the 30 benchmark positions")
    ap.add_argument("--out", help="write counts, problems and notes as JSON")
    args = ap.parse_args()
    start = time.time()
    solver = Solver(args.limit)
    audit = Audit(solver)
    roots = []
    bench = os.path.join(ROOT, "xtask", "benches", "endgame-solver-random30.txt")
    if not args.no_bench:
        with open(bench) as f:
            roots += [tuple(l.strip().split("|")) for l in f if l.strip() and not l.startswith("#")]
    for i, material in enumerate(args.materials.split(",")):
        roots += positions(args.seed + i, args.per_material, material)
    if args.side:
        roots = [r for r in roots if r[1] == args.side]
    ns = [int(x) for x in args.ns.split(",")]
    done = 0
    for pieces, side in roots:
        for n in ns:
            if time.time() - start > args.budget:
                break
            audit.check(pieces, side, n)
            audit.monotone(pieces, side, n)
        done += 1
        if time.time() - start > args.budget:
            break
    elapsed = time.time() - start
    print(f"roots {done} of {len(roots)}, queries {solver.queries}, timeouts {solver.timeouts}, {elapsed:.0f} s")
    for key in sorted(audit.counts, key=str):
        print(key, audit.counts[key])
    print(f"discrepancies {len(audit.problems)}, notes {len(audit.notes)}")
    if args.out:
        with open(args.out, "w") as f:
            json.dump({"counts": {str(k): v for k, v in audit.counts.items()},
                       "problems": audit.problems, "notes": audit.notes,
                       "roots": done, "queries": solver.queries, "timeouts": solver.timeouts,
                       "seconds": elapsed}, f, indent=1)
    sys.exit(1 if audit.problems else 0)


if __name__ == "__main__":
    main()
