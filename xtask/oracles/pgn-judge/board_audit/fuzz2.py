#!/usr/bin/env python3
"""One-ply games: many positions x many tokens (legal SAN, near misses, random tokens)."""
import sys, random, json
import chess
argv = sys.argv[:]
sys.argv = ['x', '0', '0', 'x']
exec(open(__file__.rsplit('/', 1)[0] + '/fuzz.py').read().replace('\nmain()\n', '\n'))
seed, npos, out = int(argv[1]), int(argv[2]), argv[3]
rng = random.Random(seed)
CROWD = seed % 2 == 0
pgn = open(out + '.pgn', 'w'); exp = open(out + '.exp', 'w')
g = 0
def rand_token(b):
    piece = rng.choice(['', '', 'K', 'Q', 'R', 'B', 'N'])
    to = chess.square_name(rng.randrange(64))
    dis = ''
    if piece:
        r = rng.random()
        if r < 0.2: dis = rng.choice('abcdefgh')
        elif r < 0.3: dis = rng.choice('12345678')
        elif r < 0.35: dis = chess.square_name(rng.randrange(64))
        x = 'x' if rng.random() < 0.3 else ''
    else:
        f = ord(to[0]) - 97
        if rng.random() < 0.4:
            nf = f + rng.choice([-1, 1])
            if 0 <= nf < 8:
                dis = chr(97 + nf)
        x = 'x' if dis and rng.random() < 0.6 else ''
    promo = ''
    if not piece and to[1] in '18' or rng.random() < 0.03:
        promo = rng.choice(['', '=Q', '=R', '=B', '=N', 'Q', 'N'])
    return piece + dis + x + to + promo
while g < npos * 30:
    k = rng.random()
    if k < 0.4:
        b = chess.Board() if rng.random() < 0.6 else chess.Board.from_chess960_pos(rng.randrange(960))
        if b.fen() != chess.STARTING_FEN: b.chess960 = True
        for _ in range(rng.randrange(0, 80)):
            L = list(b.legal_moves)
            if not L: break
            b.push(pick(b, rng))
        b = chess.Board(b.fen(en_passant='fen'), chess960=b.chess960)
    elif k < 0.7:
        b = hard_position(rng)
    else:
        b = random_position(rng)
        if rng.random() < 0.1: b.chess960 = True
    if b.status() & (chess.STATUS_IMPOSSIBLE_CHECK | chess.STATUS_TOO_MANY_WHITE_PIECES | chess.STATUS_TOO_MANY_BLACK_PIECES) or not b.is_valid():
        continue
    toks = set()
    for m in b.legal_moves:
        toks.add(b.san(m))
        if rng.random() < 0.5: toks.add(mutate(b, rng))
    for _ in range(15):
        toks.add(rand_token(b))
    for _ in range(5):
        toks.add(mutate(b, rng))
    toks.update(['O-O', 'O-O-O'])
    toks = sorted(toks)
    rng.shuffle(toks)
    fen = b.fen(shredder=b.chess960 and rng.random() < 0.5, en_passant='fen')
    for t in toks[:40]:
        g += 1
        v, p = judge(b, [t])
        pgn.write('[White "g%d"]\n%s[SetUp "1"]\n[FEN "%s"]\n\n%s *\n\n' % (g, '[Variant "Chess960"]\n' if b.chess960 else '', fen, t))
        exp.write(json.dumps({'game': g, 'verdict': v, 'ply': p, 'toks': [t], 'fen': fen, 'c960': b.chess960}) + '\n')
