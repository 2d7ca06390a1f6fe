"""Deep mates of endgame-solver against Fairy-Stockfish's proven mates.

For random legal positions of the task's material (White K, maybe R, maybe one of P/Q/N; Black
K, maybe R) and N in {20, 32, 49}, runs `endgame-solver` (with its tables) and the Debian
`fairy-stockfish` 11.1 binary loaded with xtask/oracles/small-board/chess7-fsf11.ini (newer
option names silently disable promotion in that version), searching each position for a fixed
time. Fairy-Stockfish's `score mate k` is a forced mate it found:

  * k > 0 (the side to move mates in k moves, 2k - 1 plies): when 2k - 1 <= N our answer must
    be case 1 (the side to move mates) and must list the engine's best move;
  * k < 0 (the side to move is mated in -k moves, 2|k| plies): when 2|k| <= N our answer must be
    case 2 (the other side mates).

Conversely every mate we claim within N is counted as confirmed when the engine finds a mate
for the same side within N (it may miss long mates in the time given; those are counted apart).
A mate answer comes at once from the tables; an answer that takes longer than TIMEOUT is not a
mate (the mate goals are decided first), so it is stopped and counted as "no mate claimed".

Usage (from the repository root, after `cargo build --release -p endgame-solver`):
    python3 xtask/oracles/endgame-solver/fsf_mates.py [COUNT] [SEED]
Prints the counts recorded in fixtures/endgame-solver/SOURCE.md; exits 1 on any disagreement.
"""

import os
import random
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
FSF = os.environ.get("FAIRY_STOCKFISH", "/usr/games/fairy-stockfish")
INI = os.path.join(ROOT, "xtask", "oracles", "small-board", "chess7-fsf11.ini")
SOLVER = os.path.join(ROOT, "target", "release", "endgame-solver")
TABLES = os.environ.get("ENDGAME_SOLVER_TABLES", os.path.join(ROOT, "target", "endgame-solver.tables"))
MOVETIME_MS = 1500
# Mates we claim that the engine did not find in MOVETIME_MS get one more search this long.
RETRY_MS = 20000
TIMEOUT = 5.0
FILES = "abcdefg"
CZECH = {"R": "V", "Q": "D", "N": "J", "K": "K"}


def square(f, r):
    return FILES[f] + str(r + 1)


def attacks(piece, f, r, target, occupied):
    """Whether `piece` (upper case letter, colour irrelevant but pawn direction) on (f, r)
    attacks `target` with `occupied` squares blocking."""
    tf, tr = target
    kind = piece.upper()
    if kind == "K":
        return max(abs(tf - f), abs(tr - r)) == 1
    if kind == "N":
        return sorted((abs(tf - f), abs(tr - r))) == [1, 2]
    if kind == "P":
        direction = 1 if piece.isupper() else -1
        return tr - r == direction and abs(tf - f) == 1
    dirs = []
    if kind in "RQ":
        dirs += [(1, 0), (-1, 0), (0, 1), (0, -1)]
    if kind in "BQ":
        dirs += [(1, 1), (1, -1), (-1, 1), (-1, -1)]
    for df, dr in dirs:
        x, y = f + df, r + dr
        while 0 <= x < 7 and 0 <= y < 7:
            if (x, y) == (tf, tr):
                return True
            if (x, y) in occupied:
                break
            x, y = x + df, y + dr
    return False


def random_position(rng):
    while True:
        pieces = ["K", "k"]
        if rng.random() < 0.75:
            pieces.append("R")
        extra = rng.choice(["P", "P", "P", "Q", "N", None])
        if extra:
            pieces.append(extra)
        if rng.random() < 0.75:
            pieces.append("r")
        board = {}
        for p in pieces:
            while True:
                sq = (rng.randrange(7), rng.randrange(7))
                if sq not in board:
                    board[sq] = p
                    break
        if any(p == "P" and sq[1] in (0, 6) for sq, p in board.items()):
            continue
        wk = next(sq for sq, p in board.items() if p == "K")
        bk = next(sq for sq, p in board.items() if p == "k")
        if max(abs(wk[0] - bk[0]), abs(wk[1] - bk[1])) <= 1:
            continue
        turn = rng.choice("wb")
        # The side not to move must not be in check.
        king, attackers = (bk, str.isupper) if turn == "w" else (wk, str.islower)
        occupied = set(board)
        if any(attackers(p) and attacks(p, f, r, king, occupied) for (f, r), p in board.items()):
            continue
        return board, turn


def fen(board, turn):
    rows = []
    for r in range(6, -1, -1):
        row, empty = "", 0
        for f in range(7):
            if (f, r) in board:
                row += (str(empty) if empty else "") + board[(f, r)]
                empty = 0
            else:
                empty += 1
        rows.append(row + (str(empty) if empty else ""))
    return f"{'/'.join(rows)} {turn} - - 0 1"


def czech_input(board, turn, n):
    def find(letter):
        return [sq for sq, p in board.items() if p == letter]

    tokens = ["K" + square(*find("K")[0])]
    for letter in "R":
        tokens += ["V" + square(*sq) for sq in find(letter)]
    for letter in "PQN":
        for sq in find(letter):
            tokens.append(("" if letter == "P" else CZECH[letter]) + square(*sq))
    tokens.append("K" + square(*find("k")[0]))
    tokens += ["V" + square(*sq) for sq in find("r")]
    return f"{' '.join(tokens)}\n{'B' if turn == 'w' else 'C'}\n{n}\n"


def ours(board, turn, n):
    """Our verdict word and list, or None when no mate is claimed (stopped after TIMEOUT)."""
    try:
        out = subprocess.run(
            [SOLVER, "--tables", TABLES],
            input=czech_input(board, turn, n),
            capture_output=True,
            text=True,
            timeout=TIMEOUT,
        )
    except subprocess.TimeoutExpired:
        return None
    if out.returncode != 0:
        raise SystemExit(f"endgame-solver failed: {out.stderr}")
    return out.stdout.strip()


class Engine:
    def __init__(self):
        self.p = subprocess.Popen([FSF], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.send("uci")
        self.send(f"setoption name VariantPath value {INI}")
        self.send("setoption name UCI_Variant value chess7")
        self.send("isready")
        self.wait("readyok")

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def wait(self, prefix):
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise SystemExit("fairy-stockfish ended")
            lines.append(line.strip())
            if line.startswith(prefix):
                return lines

    def mate(self, fen_text, movetime=MOVETIME_MS):
        """(mate in moves or None, best move in UCI)."""
        self.send("ucinewgame")
        self.send(f"position fen {fen_text}")
        self.send(f"go movetime {movetime}")
        lines = self.wait("bestmove")
        mate = None
        for line in lines:
            words = line.split()
            if "score" in words and words[words.index("score") + 1] == "mate":
                mate = int(words[words.index("score") + 2])
        return mate, lines[-1].split()[1]


def uci_to_czech_candidates(answer):
    return [e.strip() for e in answer.split(" ", 1)[1].split(",")] if " " in answer else []


def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 150
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 20261123
    rng = random.Random(seed)
    engine = Engine()
    keys = ["positions", "fsf_mates_within_n", "agree", "we_claim", "confirmed", "confirmed_on_retry", "unconfirmed"]
    stats = {k: 0 for k in keys}
    failures = []
    for _ in range(count):
        board, turn = random_position(rng)
        n = rng.choice([20, 32, 49])
        f = fen(board, turn)
        answer = ours(board, turn, n)
        mate, best = engine.mate(f)
        stats["positions"] += 1
        mover_wins = "1-0" if turn == "w" else "0-1"
        other_wins = "0-1" if turn == "w" else "1-0"
        verdict = answer.split(" ")[0] if answer else None
        if mate is not None and (2 * mate - 1 if mate > 0 else -2 * mate) <= n and mate != 0:
            stats["fsf_mates_within_n"] += 1
            want = mover_wins if mate > 0 else other_wins
            ok = verdict == want
            if ok and mate > 0:
                # The engine's best move keeps the mate: it must be listed (checked by its
                # destination square and, for a promotion, the piece).
                dest = best[2:4]
                promo = {"q": "D", "n": "J"}.get(best[4:5], "")
                ok = any(dest in e and e.rstrip("+#").endswith(dest + promo) for e in uci_to_czech_candidates(answer))
            if ok:
                stats["agree"] += 1
            else:
                failures.append(f"{f} N={n}: engine mate {mate} best {best}, ours {answer!r}")
        if verdict in ("1-0", "0-1") and answer and " " in answer:
            stats["we_claim"] += 1
            side_to_move_mates = verdict == mover_wins
            def same_side(m):
                return m is not None and m != 0 and (m > 0) == side_to_move_mates

            if same_side(mate):
                stats["confirmed"] += 1
            elif same_side(engine.mate(f, RETRY_MS)[0]):
                stats["confirmed_on_retry"] += 1
            else:
                stats["unconfirmed"] += 1
                print("UNCONFIRMED", f, f"N={n}", answer[:60])
    print(stats)
    for line in failures:
        print("DISAGREE", line)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
