"""Independent audit oracle for one atomic move, written from specs/atomic.md and python-chess 1.11.2's AtomicBoard

verdict(line, check=True) -> (status, payload)
  status "ok"    payload = resulting placement / full FEN
  status "warn"  payload = resulting placement / full FEN (position refused by shakmaty's rules)
  status "err"   payload = category: parse, nopiece, null, ownpiece, notpromo, wrongturn, noking,
                 kingcap, explode, check, unreachable
"""
import re
import chess
import chess.variant

SEP = re.compile(r"[,\s]+")
SQ = re.compile(r"^([a-h][1-8])([a-h][1-8])([qrbnQRBN]?)$")
ROLE = {"q": chess.QUEEN, "r": chess.ROOK, "b": chess.BISHOP, "n": chess.KNIGHT}


def parse_placement(field):
    ranks = field.split("/")
    if len(ranks) != 8:
        return None
    for r in ranks:
        n = 0
        for c in r:
            if c in "12345678":
                n += int(c)
            elif c in "pnbrqkPNBRQK":
                n += 1
            else:
                return None
        if n != 8:
            return None
    b = chess.variant.AtomicBoard(None)
    b.set_board_fen(field)
    return b


def parse_line(line):
    fields = [f for f in SEP.split(line.strip()) if f]
    if len(fields) < 2:
        return None
    mv = fields[-1]
    pos = fields[:-1]
    m = SQ.match(mv)
    if not m:
        return None
    frm, to = chess.parse_square(m.group(1)), chess.parse_square(m.group(2))
    promo = ROLE[m.group(3).lower()] if m.group(3) else None
    if len(pos) == 1:
        b = parse_placement(pos[0])
        if b is None:
            return None
        return b, None, frm, to, promo
    if len(pos) != 6:
        return None
    b = parse_placement(pos[0])
    if b is None:
        return None
    try:
        full = chess.variant.AtomicBoard(" ".join(pos))
    except ValueError:
        return None
    return b, full, frm, to, promo


def ep_shape(board, piece, frm, to):
    if piece.piece_type != chess.PAWN:
        return False
    fifth = 4 if piece.color == chess.WHITE else 3
    if chess.square_rank(frm) != fifth:
        return False
    if not (chess.BB_PAWN_ATTACKS[piece.color][frm] & chess.BB_SQUARES[to]):
        return False
    if board.piece_at(to) is not None:
        return False
    beside = chess.square(chess.square_file(to), chess.square_rank(frm))
    return board.piece_at(beside) == chess.Piece(chess.PAWN, not piece.color)


def classify(board, frm, to, piece, given_ep):
    """'capture', 'ep', 'castle', 'quiet'. given_ep: 'infer' or square/None from a FEN."""
    target = board.piece_at(to)
    if target is not None:
        return "capture"
    if ep_shape(board, piece, frm, to) and (given_ep == "infer" or given_ep == to):
        return "ep"
    home = 0 if piece.color == chess.WHITE else 7
    if (piece.piece_type == chess.KING and frm == chess.square(4, home)
            and chess.square_rank(to) == home and chess.square_file(to) in (2, 6)):
        corner = chess.square(0 if chess.square_file(to) == 2 else 7, home)
        if board.piece_at(corner) == chess.Piece(chess.ROOK, piece.color):
            return "castle"
    return "quiet"


def simulate(board, frm, to, piece, kind, promo):
    """The rules by hand (spec 'Rules'); returns a new board."""
    b = board.copy(stack=False)
    b.remove_piece_at(frm)
    if kind in ("capture", "ep"):
        if kind == "ep":
            b.remove_piece_at(chess.square(chess.square_file(to), chess.square_rank(frm)))
        b.remove_piece_at(to)
        for sq in chess.SquareSet(chess.BB_KING_ATTACKS[to]):
            p = b.piece_at(sq)
            if p is not None and p.piece_type != chess.PAWN:
                b.remove_piece_at(sq)
        return b
    if kind == "castle":
        home = chess.square_rank(frm)
        if chess.square_file(to) == 6:
            b.remove_piece_at(chess.square(7, home))
            b.set_piece_at(chess.square(5, home), chess.Piece(chess.ROOK, piece.color))
        else:
            b.remove_piece_at(chess.square(0, home))
            b.set_piece_at(chess.square(3, home), chess.Piece(chess.ROOK, piece.color))
        b.set_piece_at(to, piece)
        return b
    b.set_piece_at(to, chess.Piece(promo, piece.color) if promo else piece)
    return b


def refused(board, turn):
    """What shakmaty's Atomic::from_setup still refuses after the spec's relaxations."""
    kings = {c: board.pieces_mask(chess.KING, c) for c in (chess.WHITE, chess.BLACK)}
    if not kings[not turn]:
        return "missing king"
    if any(chess.popcount(k) > 1 for k in kings.values()):
        return "too many kings"
    if board.pawns & chess.BB_BACKRANKS:
        return "pawn on backrank"
    their = chess.msb(kings[not turn])
    if kings[turn] and not (chess.BB_KING_ATTACKS[their] & kings[turn]):
        if board.attackers_mask(turn, their):
            return "opposite check"
    return None


def valid_ep(board, turn, ep):
    if ep is None:
        return None
    if chess.square_rank(ep) != (5 if turn == chess.WHITE else 2):
        return None
    d = -8 if turn == chess.WHITE else 8
    if board.piece_at(ep + d) != chess.Piece(chess.PAWN, not turn):
        return None
    if board.piece_at(ep) is not None or board.piece_at(ep - d) is not None:
        return None
    return ep


def verdict(line, check=True):
    parsed = parse_line(line)
    if parsed is None:
        return "err", "parse"
    board, full, frm, to, promo = parsed
    piece = board.piece_at(frm)
    if piece is None:
        return "err", "nopiece"
    if frm == to:
        return "err", "null"
    target = board.piece_at(to)
    if target is not None and target.color == piece.color:
        return "err", "ownpiece"
    last = 7 if piece.color == chess.WHITE else 0
    promotes = piece.piece_type == chess.PAWN and chess.square_rank(to) == last
    if promo and not promotes:
        return "err", "notpromo"
    if promotes and not promo:
        promo = chess.QUEEN
    kind = classify(board, frm, to, piece, "infer" if full is None else full.ep_square)
    after = simulate(board, frm, to, piece, kind, promo)

    status = "ok"
    pc = chess.variant.AtomicBoard(None)
    pc.set_board_fen(board.board_fen())
    if full is None:
        pc.turn = piece.color
        pc.castling_rights = 0
        pc.ep_square = to if kind == "ep" else None
    else:
        pc.turn = full.turn
        pc.castling_rights = full.castling_rights
        pc.ep_square = full.ep_square
        pc.halfmove_clock = full.halfmove_clock
        pc.fullmove_number = full.fullmove_number
    move = chess.Move(frm, to, promo)
    if check:
        if full is not None and piece.color != full.turn:
            return "err", "wrongturn"
        why = refused(board, pc.turn)
        if why is not None:
            status = "warn"
        else:
            pc.castling_rights = pc.clean_castling_rights()
            if full is not None:  # a FEN's square must be valid (shakmaty drops it otherwise)
                pc.ep_square = valid_ep(board, pc.turn, pc.ep_square)
            # inferred: the move's shape is the square, as in the seed (python-chess plays it)
            if not pc.kings & pc.occupied_co[pc.turn]:
                return "err", "noking"
            if not pc.is_legal(move):
                return "err", reason(pc, move, piece, target)
            # legal: python-chess plays it; must agree with the hand simulation
            pc2 = pc.copy(stack=False)
            pc2.push(move)
            if pc2.board_fen() != after.board_fen():
                return "oracle-bug", (pc2.board_fen(), after.board_fen())
            if full is not None:
                return status, fen_with_legal_ep(pc2)
            return status, pc2.board_fen()
    if full is None:
        return status, after.board_fen()
    return status, next_fen(full, piece, frm, to, kind, after)


def reason(pc, move, piece, target):
    if not pc.is_pseudo_legal(move):
        return "unreachable"
    if piece.piece_type == chess.KING and target is not None:
        return "kingcap"
    b = pc.copy(stack=False)
    b.push(move)
    if not b.kings & b.occupied_co[piece.color]:
        return "explode"
    return "check"


def next_fen(full, piece, frm, to, kind, after):
    """Full FEN after an unchecked move (no python-chess legality): by hand."""
    b = chess.variant.AtomicBoard(None)
    b.set_board_fen(after.board_fen())
    b.turn = not piece.color
    rights = full.castling_rights
    if piece.piece_type == chess.KING:
        rights &= ~(chess.BB_RANK_1 if piece.color == chess.WHITE else chess.BB_RANK_8)
    rights &= ~chess.BB_SQUARES[frm] & ~chess.BB_SQUARES[to]
    if kind in ("capture", "ep"):
        gone = chess.BB_KING_ATTACKS[to] & ~after.occupied
        rights &= ~gone
    b.castling_rights = rights
    b.castling_rights = b.clean_castling_rights()
    zero = piece.piece_type == chess.PAWN or kind in ("capture", "ep")
    b.halfmove_clock = 0 if zero else full.halfmove_clock + 1
    b.fullmove_number = full.fullmove_number + (1 if piece.color == chess.BLACK else 0)
    b.ep_square = None
    if piece.piece_type == chess.PAWN and abs(to - frm) == 16:
        b.ep_square = (to + frm) // 2
    return fen_with_legal_ep(b)


def fen_with_legal_ep(b):
    """FEN with the en-passant square only when an en-passant capture is legal by the atomic rules
    (python-chess's own fen() tests ep with is_into_check, which misses captures that explode the
    enemy king)."""
    ep = b.ep_square
    legal = ep is not None and any(b.is_legal(m) for m in b.generate_pseudo_legal_ep())
    return b.fen(en_passant="fen") if legal else _no_ep(b)


def _no_ep(b):
    c = b.copy(stack=False)
    c.ep_square = None
    return c.fen()


def tool_category(msg):
    table = [
        ("no piece on", "nopiece"),
        ("must move to another square", "null"),
        ("cannot move onto", "ownpiece"),
        ("names a promotion", "notpromo"),
        ("but the FEN says", "wrongturn"),
        ("has no king, so the game is over", "noking"),
        ("a king cannot capture", "kingcap"),
        ("would explode your own king", "explode"),
        ("in check from", "check"),
        ("cannot reach", "unreachable"),
        ("pawns capture diagonally", "unreachable"),
        ("nothing to capture", "unreachable"),
        ("is impossible", "unreachable"),
        ("castl", "unreachable"),
    ]
    for needle, cat in table:
        if needle in msg:
            return cat
    return "parse"
