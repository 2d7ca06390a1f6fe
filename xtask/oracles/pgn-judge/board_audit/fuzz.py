#!/usr/bin/env python3
"""Differential fuzzer for pgn-judge: random games (python-chess), random mutations, expected
verdicts from python-chess per the spec; writes a PGN file and the expected JSON verdicts."""
import random, re, sys, json
import chess

TOK = re.compile(r'^([KQRBN])?([a-h])?([1-8])?(x)?([a-h][1-8])(=?[QRBNK])?[+#!?]*$')
CASTLE = re.compile(r'^(O-O-O|0-0-0|O-O|0-0)[+#!?]*$')
ROLE = {'K': chess.KING, 'Q': chess.QUEEN, 'R': chess.ROOK, 'B': chess.BISHOP, 'N': chess.KNIGHT}


def matches(board, tok):
    """Legal moves matching the token per the spec, or None if outside the notation."""
    m = CASTLE.match(tok)
    if m:
        long = m.group(1) in ('O-O-O', '0-0-0')
        return [mv for mv in board.legal_moves if board.is_castling(mv)
                and (board.is_queenside_castling(mv) if long else board.is_kingside_castling(mv))]
    m = TOK.match(tok)
    if not m:
        return None
    piece, f, r, x, dest, promo = m.groups()
    to = chess.parse_square(dest)
    role = ROLE[piece] if piece else chess.PAWN
    if role == chess.PAWN:
        if r is not None:
            return None  # not generated
        if f is not None:
            if abs(ord(f) - ord(dest[0])) != 1:
                return None
        elif x:
            return None
    prom = None
    if promo:
        p = promo[-1]
        if p == 'K' or role != chess.PAWN:
            return None if p == 'K' else []
        prom = ROLE[p]
    last = chess.square_rank(to) == (7 if board.turn == chess.WHITE else 0)
    if role == chess.PAWN and last and prom is None:
        prom = chess.QUEEN
    out = []
    for mv in board.legal_moves:
        if board.is_castling(mv):
            continue
        if board.piece_type_at(mv.from_square) != role or mv.to_square != to:
            continue
        if f and chess.square_file(mv.from_square) != ord(f) - 97:
            continue
        if r and chess.square_rank(mv.from_square) != int(r) - 1:
            continue
        if x and not board.is_capture(mv):
            continue
        if mv.promotion != prom:
            continue
        out.append(mv)
    return out


def judge(board, toks):
    board = board.copy()
    for i, t in enumerate(toks):
        ply = i + 1
        if not any(board.legal_moves):
            return 'Dead Moves', ply
        ms = matches(board, t)
        if not ms:
            return 'Illegal Move', ply
        if len(ms) > 1:
            return 'Puzzle Move', ply
        board.push(ms[0])
    if board.is_checkmate():
        return ('Black Win' if board.turn == chess.WHITE else 'White Win'), None
    if board.is_stalemate():
        return 'Stalemate', None
    return 'Draw', None


def mutate(board, rng):
    """A token for the position: a legal SAN, or a near miss."""
    legal = list(board.legal_moves)
    if not legal:
        return rng.choice(['e4', 'Kd2', 'O-O', 'Qh5'])
    mv = rng.choice(legal)
    san = board.san(mv)
    k = rng.randrange(12)
    if k >= 8 and rng.random() < 0.3:
        # a move with a same-role sibling: drop disambiguation
        k = 0
    if k == 0:  # strip disambiguation
        san = re.sub(r'^([KQRBN])[a-h]?[1-8]?', r'\1', san)
    elif k == 1:  # random destination
        san = re.sub(r'[a-h][1-8](?=(=|\+|#|$))', lambda m_: chess.square_name(rng.randrange(64)), san, count=1)
    elif k == 2:  # toggle x
        if 'x' in san:
            san = san.replace('x', '', 1) if san[0] in 'KQRBN' else re.sub(r'^[a-h]x', '', san)
        else:
            san = re.sub(r'^([KQRBN][a-h]?[1-8]?)', r'\1x', san)
    elif k == 3:  # other piece letter
        if san[0] in 'KQRBN':
            san = rng.choice('KQRBN') + san[1:]
    elif k == 4:  # promotion variants
        if '=' in san:
            san = re.sub(r'=[QRBN]', rng.choice(['', '=Q', '=R', '=B', '=N', 'N', 'R']), san)
    elif k == 5:
        san = rng.choice(['O-O', 'O-O-O', '0-0', '0-0-0'])
    elif k == 6:  # king two squares
        ks = board.king(board.turn)
        if ks is not None:
            t = ks + rng.choice([2, -2])
            if 0 <= t < 64:
                san = 'K' + chess.square_name(t)
    elif k == 7:  # pawn capture as bare destination or without x
        san = re.sub(r'^([a-h])x', rng.choice(['', r'\1']), san)
    # else legal SAN
    if rng.random() < 0.1:
        san = san.rstrip('+#') + rng.choice(['', '+', '#', '!', '?!'])
    return san


def pick(board, rng):
    legal = list(board.legal_moves)
    special = [m for m in legal if board.is_castling(m) or board.is_en_passant(m) or m.promotion]
    if special and rng.random() < 0.6:
        return rng.choice(special)
    caps = [m for m in legal if board.is_capture(m)]
    if caps and rng.random() < 0.3:
        return rng.choice(caps)
    return rng.choice(legal)


CROWD = False


def random_position(rng):
    """A random valid position with few pieces, maybe with castling rights and ep."""
    while True:
        b = chess.Board(None)
        b.turn = rng.choice([chess.WHITE, chess.BLACK])
        wk = rng.choice([chess.E1, rng.randrange(64)])
        bk = rng.choice([chess.E8, rng.randrange(64)])
        if wk == bk:
            continue
        b.set_piece_at(wk, chess.Piece(chess.KING, chess.WHITE))
        b.set_piece_at(bk, chess.Piece(chess.KING, chess.BLACK))
        n = rng.randrange(1, 9) if not CROWD else rng.randrange(6, 16)
        for _ in range(n):
            sq = rng.randrange(64)
            if b.piece_at(sq):
                continue
            pt = rng.choice([1, 1, 1, 2, 3, 4, 4, 5] if not CROWD else [2, 2, 4, 4, 5, 5, 3, 1])
            color = rng.choice([chess.WHITE, chess.BLACK])
            if pt == 1 and chess.square_rank(sq) in (0, 7):
                continue
            b.set_piece_at(sq, chess.Piece(pt, color))
        # castling rooks
        for sq, c in [(chess.A1, 1), (chess.H1, 1), (chess.A8, 0), (chess.H8, 0)]:
            if rng.random() < 0.4 and not b.piece_at(sq):
                b.set_piece_at(sq, chess.Piece(chess.ROOK, bool(c)))
        b.castling_rights = b.clean_castling_rights() if False else chess.BB_EMPTY
        cr = 0
        for sq in [chess.A1, chess.H1, chess.A8, chess.H8]:
            if rng.random() < 0.7:
                cr |= chess.BB_SQUARES[sq]
        b.castling_rights = cr
        b.castling_rights = b.clean_castling_rights()
        # ep: try to fake a double push
        if rng.random() < 0.3:
            for _ in range(5):
                f = rng.randrange(8)
                if b.turn == chess.WHITE:
                    pawn, mid, orig = chess.square(f, 4), chess.square(f, 5), chess.square(f, 6)
                    col = chess.BLACK
                else:
                    pawn, mid, orig = chess.square(f, 3), chess.square(f, 2), chess.square(f, 1)
                    col = chess.WHITE
                if not b.piece_at(mid) and not b.piece_at(orig) and (not b.piece_at(pawn) or b.piece_type_at(pawn) != chess.KING):
                    b.set_piece_at(pawn, chess.Piece(chess.PAWN, col))
                    # put a capturing pawn next to it sometimes
                    if rng.random() < 0.8:
                        adj = f + rng.choice([-1, 1])
                        if 0 <= adj < 8:
                            s = chess.square(adj, chess.square_rank(pawn))
                            if not b.piece_at(s):
                                b.set_piece_at(s, chess.Piece(chess.PAWN, not col))
                    b.ep_square = mid
                    break
        if b.is_valid():
            return b


def hard_position(rng):
    """Random positions with few legal moves, none, or only special ones."""
    while True:
        b = random_position(rng)
        if b.status() & chess.STATUS_IMPOSSIBLE_CHECK:
            continue
        if rng.random() < 0.15:
            # Chess960 castling rights for odd rook/king files
            b.chess960 = True
        legal = list(b.legal_moves)
        if not legal:
            return b
        if all(b.is_castling(m) or b.is_en_passant(m) or m.promotion for m in legal):
            return b
        if len(legal) <= 2 and rng.random() < 0.5:
            return b
        if any(b.is_en_passant(m) for m in legal) and rng.random() < 0.3:
            return b
        if b.is_check() and rng.random() < 0.1:
            return b


def game_from(start, rng, plies, mutate_p):
    b = start.copy()
    toks = []
    for _ in range(plies):
        if not any(b.legal_moves):
            if rng.random() < 0.3:
                toks.append(mutate(b, rng))
            break
        if rng.random() < mutate_p:
            toks.append(mutate(b, rng))
            ms = matches(b, toks[-1])
            if ms and len(ms) == 1:
                b.push(ms[0])
                continue
            break
        mv = pick(b, rng)
        toks.append(b.san(mv))
        b.push(mv)
    return toks


def main():
    seed, count, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    rng = random.Random(seed)
    global CROWD
    CROWD = len(sys.argv) > 6
    pgn = open(out + '.pgn', 'w')
    exp = open(out + '.exp', 'w')
    for g in range(1, count + 1):
        kind = rng.random() if len(sys.argv) < 5 else float(sys.argv[4]) + rng.random() * float(sys.argv[5])
        tags = []
        if kind < 0.35:
            start = chess.Board()
            plies = rng.randrange(1, 200)
        elif kind < 0.55:
            start = chess.Board.from_chess960_pos(rng.randrange(960))
            start.chess960 = True
            # sometimes clear pieces between to castle early
            if rng.random() < 0.7:
                for sq in list(chess.SQUARES):
                    p = start.piece_at(sq)
                    if p and p.piece_type in (chess.KNIGHT, chess.BISHOP, chess.QUEEN) and rng.random() < 0.8:
                        start.remove_piece_at(sq)
            tags.append(('Variant', 'Chess960'))
            tags.append(('FEN', start.fen(shredder=rng.random() < 0.5)))
            plies = rng.randrange(1, 120)
        elif kind < 0.75:
            start = hard_position(rng)
            plies = rng.randrange(0, 3)
            if start.chess960:
                tags.append(('Variant', 'Chess960'))
            tags.append(('FEN', start.fen(shredder=start.chess960 and rng.random() < 0.5, en_passant='fen')))
        else:
            start = random_position(rng)
            plies = rng.randrange(0, 12)
            if rng.random() < 0.1:
                start.chess960 = True
                tags.append(('Variant', 'Chess960'))
            tags.append(('FEN', start.fen(shredder=start.chess960 and rng.random() < 0.5, en_passant='fen')))
        toks = game_from(start, rng, plies, rng.choice([0.0, 0.02, 0.1]))
        if tags and tags[-1][0] == 'FEN':
            tags.append(('SetUp', '1'))
        # if python-chess is unhappy about the FEN roundtrip skip
        verdict, ply = judge(start, toks)
        pgn.write('[White "g%d"]\n[Black "b"]\n' % g)
        for k, v in tags:
            pgn.write('[%s "%s"]\n' % (k, v))
        pgn.write('\n')
        words = []
        for i, t in enumerate(toks):
            words.append(t)
        pgn.write(' '.join(words) + ' *\n\n')
        exp.write(json.dumps({'game': g, 'verdict': verdict, 'ply': ply, 'toks': toks, 'fen': start.fen(), 'c960': start.chess960}) + '\n')


main()
