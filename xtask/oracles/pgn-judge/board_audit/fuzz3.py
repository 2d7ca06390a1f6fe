#!/usr/bin/env python3
"""Zero-ply games on positions with few or no legal moves: the final mate/stalemate test."""
import sys, random, json, collections
import chess
argv = sys.argv[:]
sys.argv = ['x', '0', '0', 'x']
exec(open(__file__.rsplit('/', 1)[0] + '/fuzz.py').read().replace('\nmain()\n', '\n'))
seed, n, out = int(argv[1]), int(argv[2]), argv[3]
rng = random.Random(seed)
pgn = open(out + '.pgn', 'w'); exp = open(out + '.exp', 'w')
g = 0; c = collections.Counter()
def weak_side(rng):
    b = chess.Board(None)
    us = rng.choice([chess.WHITE, chess.BLACK]); b.turn = us
    ks = rng.randrange(64); b.set_piece_at(ks, chess.Piece(chess.KING, us))
    while True:
        ok = rng.randrange(64)
        if chess.square_distance(ok, ks) > 1: break
    b.set_piece_at(ok, chess.Piece(chess.KING, not us))
    for _ in range(rng.randrange(0, 4)):
        sq = rng.randrange(64)
        if not b.piece_at(sq) and chess.square_rank(sq) not in (0, 7):
            b.set_piece_at(sq, chess.Piece(chess.PAWN, rng.choice([us, not us])))
    if rng.random() < 0.4:
        sq = rng.randrange(64)
        if not b.piece_at(sq):
            b.set_piece_at(sq, chess.Piece(rng.choice([2, 3, 4, 5]), us))
    for _ in range(rng.randrange(1, 4)):
        sq = rng.randrange(64)
        if not b.piece_at(sq):
            b.set_piece_at(sq, chess.Piece(rng.choice([2, 3, 4, 5, 5]), not us))
    if rng.random() < 0.3:
        # an en passant square behind an enemy pawn just pushed
        f = rng.randrange(8)
        r4 = 4 if us == chess.WHITE else 3
        p, mid, orig = chess.square(f, r4), chess.square(f, r4 + (1 if us == chess.WHITE else -1)), chess.square(f, r4 + (2 if us == chess.WHITE else -2))
        if not b.piece_at(p) and not b.piece_at(mid) and not b.piece_at(orig):
            b.set_piece_at(p, chess.Piece(chess.PAWN, not us))
            adj = f + rng.choice([-1, 1])
            if 0 <= adj < 8 and not b.piece_at(chess.square(adj, r4)):
                b.set_piece_at(chess.square(adj, r4), chess.Piece(chess.PAWN, us))
            b.ep_square = mid
    return b if b.is_valid() else None

while g < n:
    CROWD = rng.random() < 0.5
    b = random_position(rng) if rng.random() < 0.5 else weak_side(rng)
    if b is None:
        continue
    if rng.random() < 0.2: b.chess960 = True
    if b.status() & (chess.STATUS_IMPOSSIBLE_CHECK | chess.STATUS_TOO_MANY_WHITE_PIECES | chess.STATUS_TOO_MANY_BLACK_PIECES) or not b.is_valid():
        continue
    L = list(b.legal_moves)
    if L and not (len(L) <= 3 and rng.random() < 0.15):
        continue
    if not L and b.is_check() and rng.random() < 0.7:
        continue
    g += 1
    v, p = judge(b, [])
    c[v] += 1
    fen = b.fen(shredder=b.chess960 and rng.random() < 0.5, en_passant='fen')
    pgn.write('[White "g%d"]\n%s[FEN "%s"]\n\n*\n\n' % (g, '[Variant "Chess960"]\n' if b.chess960 else '', fen))
    exp.write(json.dumps({'game': g, 'verdict': v, 'ply': p, 'toks': [], 'fen': fen, 'c960': b.chess960}) + '\n')
print(c, file=sys.stderr)
