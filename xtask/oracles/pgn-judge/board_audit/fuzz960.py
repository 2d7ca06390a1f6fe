#!/usr/bin/env python3
"""Castling stress: Chess960 (and standard) back ranks with random removals and random enemy
pieces; tokens O-O, O-O-O and king moves, one ply, then the final verdict."""
import sys, random, json
import chess
argv = sys.argv[:]
sys.argv = ['x', '0', '0', 'x']
exec(open(__file__.rsplit('/', 1)[0] + '/fuzz.py').read().replace('\nmain()\n', '\n'))
seed, n, out = int(argv[1]), int(argv[2]), argv[3]
rng = random.Random(seed)
pgn = open(out + '.pgn', 'w'); exp = open(out + '.exp', 'w')
g = 0
legal_castles = 0
while g < n:
    b = chess.Board.from_chess960_pos(rng.randrange(960))
    b.chess960 = True
    for sq in list(chess.SQUARES):
        p = b.piece_at(sq)
        if p and p.piece_type not in (chess.KING, chess.ROOK) and rng.random() < 0.85:
            b.remove_piece_at(sq)
        elif p and p.piece_type == chess.ROOK and rng.random() < 0.15:
            b.remove_piece_at(sq)
    for _ in range(rng.randrange(0, 4)):
        sq = rng.randrange(16, 48)
        if not b.piece_at(sq):
            b.set_piece_at(sq, chess.Piece(rng.choice([2, 3, 4, 5]), rng.choice([True, False])))
    b.turn = rng.choice([True, False])
    b.castling_rights = b.clean_castling_rights()
    if rng.random() < 0.3:
        # drop some rights
        for sq in chess.SquareSet(b.castling_rights):
            if rng.random() < 0.4:
                b.castling_rights &= ~chess.BB_SQUARES[sq]
    if not b.is_valid() or b.status() & chess.STATUS_IMPOSSIBLE_CHECK:
        continue
    toks = ['O-O', 'O-O-O', '0-0', '0-0-0']
    ks = b.king(b.turn)
    for d in (-3, -2, -1, 1, 2, 3):
        f = chess.square_file(ks) + d
        if 0 <= f < 8:
            toks.append('K' + chess.square_name(chess.square(f, chess.square_rank(ks))))
    for m in b.legal_moves:
        if b.is_castling(m) or rng.random() < 0.1:
            toks.append(b.san(m))
            legal_castles += b.is_castling(m)
    fen = b.fen(shredder=rng.random() < 0.5)
    for t in toks:
        g += 1
        v, p = judge(b, [t])
        pgn.write('[White "g%d"]\n[Variant "Chess960"]\n[FEN "%s"]\n\n%s *\n\n' % (g, fen, t))
        exp.write(json.dumps({'game': g, 'verdict': v, 'ply': p, 'toks': [t], 'fen': fen, 'c960': True}) + '\n')
print('legal castlings', legal_castles, file=sys.stderr)
