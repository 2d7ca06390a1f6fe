#!/usr/bin/env python3
"""Third independent audit oracle for pgn-judge's `--pgn --first-error` output (python-chess 1.11).

Written from shared/specs/pgn-judge.md and the README's pgn-judge section after the rewrite (own
lexer, own move matching, archives, threads), without reading the earlier oracles or the crate's
matcher: its own regular expressions for the notation, its own matching over
`board.legal_moves`, the spec's order of events, and the README's line format. It writes PGN
whose structure python-chess reads the same way (checked: `check_structure`), so the verdicts
depend on the move rules alone. Usage, from the repository root:

    python3 xtask/oracles/pgn-judge/audit3_oracle.py fixtures        # the audit3_* fixtures
    python3 xtask/oracles/pgn-judge/audit3_oracle.py random SEED N OUT   # OUT.pgn, OUT.out
    python3 xtask/oracles/pgn-judge/audit3_oracle.py probe SEED N OUT    # OUT.pgn, OUT.out
    python3 xtask/oracles/pgn-judge/audit3_oracle.py chess960 SEED N OUT # OUT.pgn, OUT.out
    pgn-judge --pgn --first-error OUT.pgn | diff - OUT.out

`random`: N random games (often from random positions in a `FEN` tag, with castling rights,
promotions, en passant and mates preferred), every move written in a form the notation reads as
exactly that move (needless disambiguation, `x` left out, `e8Q`, `0-0`, suffixes), about half of
them with one near miss (a pinned piece's move, an ambiguous token, `Kg1` for castling, a king
promotion, ...), dressed in comments, variations, NAGs, `;` and `%` lines, escaped tag values,
glued move numbers, CRLF and a byte-order mark. `probe`: N random positions, one game per token
near every pseudo-legal move of the position (every disambiguation, with and without `x`, every
promotion letter with and without `=`, castling both ways and as a king move). `chess960`: N
random Chess960 games (`Variant` and `FEN` tags, X-FEN or Shredder castling fields) that castle
whenever they can.
"""
import io
import logging
import os
import random
import re
import sys

import chess
import chess.pgn

ROLE = {"K": chess.KING, "Q": chess.QUEEN, "R": chess.ROOK, "B": chess.BISHOP, "N": chess.KNIGHT}
LETTER = {v: k for k, v in ROLE.items()}
SUFFIX = re.compile(r"^(.*?)([+#])?(!!|\?\?|!\?|\?!|!|\?)?$", re.S)
PIECE = re.compile(r"^([KQRBN])([a-h])?([1-8])?(x)?([a-h][1-8])$")
PAWN = re.compile(r"^(?:([a-h])(x)?)?([a-h][1-8])(?:=?([QRBN]))?$")


# ------------------------------------------------------------------------------ the spec

def parse(token):
    """('castle', side) or ('move', role, file, rank, x, to, promotion); None outside the notation."""
    body = SUFFIX.match(token).group(1)
    if body in ("O-O", "0-0"):
        return ("castle", chess.KING)
    if body in ("O-O-O", "0-0-0"):
        return ("castle", chess.QUEEN)
    m = PIECE.match(body)
    if m:
        return ("move", ROLE[m[1]], m[2], m[3], bool(m[4]), chess.parse_square(m[5]), None)
    m = PAWN.match(body)
    if m:
        origin, x, to, promotion = m[1], bool(m[2]), m[3], m[4]
        if origin is None and x:
            return None
        if origin is not None and abs(ord(origin) - ord(to[0])) != 1:
            return None
        promotion = ROLE[promotion] if promotion else None
        return ("move", chess.PAWN, origin, None, x, chess.parse_square(to), promotion)
    return None


def candidates(board, p):
    """The legal moves a parsed token matches."""
    found = []
    for m in board.legal_moves:
        if p[0] == "castle":
            if board.is_castling(m) and (p[1] == chess.KING) == board.is_kingside_castling(m):
                found.append(m)
            continue
        _, role, file, rank, x, to, promotion = p
        if board.is_castling(m) or board.piece_type_at(m.from_square) != role:
            continue
        if m.to_square != to:
            continue
        if file and chess.square_file(m.from_square) != "abcdefgh".index(file):
            continue
        if rank and chess.square_rank(m.from_square) != int(rank) - 1:
            continue
        if x and not board.is_capture(m):
            continue
        if role == chess.PAWN and promotion is None and chess.square_rank(to) in (0, 7):
            promotion = chess.QUEEN
        if m.promotion != promotion:
            continue
        found.append(m)
    return found


def judge(board, tokens):
    """(verdict, ply of the deciding move or None)."""
    board = board.copy(stack=False)
    for ply, token in enumerate(tokens, 1):
        if not any(True for _ in board.legal_moves):
            return "Dead Moves", ply
        p = parse(token)
        found = candidates(board, p) if p else []
        if not found:
            return "Illegal Move", ply
        if len(found) > 1:
            return "Puzzle Move", ply
        board.push(found[0])
    if board.is_checkmate():
        return ("Black Win" if board.turn == chess.WHITE else "White Win"), None
    if board.is_stalemate():
        return "Stalemate", None
    return "Draw", None


def shown(token):
    """The deciding move as the README shows it: SAN when the notation reads it, else as written."""
    p = parse(token)
    if p is None:
        return token if len(token) <= 60 else token[:60] + "..."
    if p[0] == "castle":
        text = "O-O" if p[1] == chess.KING else "O-O-O"
    else:
        _, role, file, rank, x, to, promotion = p
        text = (LETTER.get(role, "") + (file or "") + (rank or "") + ("x" if x else "")
                + chess.square_name(to) + ("=" + LETTER[promotion] if promotion else ""))
    bare = token.rstrip("!?")
    if bare.endswith(("+", "#")):
        text += bare[-1]
    return text


def line(number, white, black, result, tokens, board):
    verdict, ply = judge(board, tokens)
    text = "%d. %s - %s: %s" % (number, white, black, verdict)
    if ply is not None:
        text += " at ply %d: %s" % (ply, shown(tokens[ply - 1]))
    if result is None:
        return text + "; no Result tag"
    agrees = {"*": True, "1-0": verdict == "White Win", "0-1": verdict == "Black Win",
              "1/2-1/2": verdict in ("Stalemate", "Draw")}[result]
    return text + "; Result %s %s" % (result, "agrees" if agrees else "disagrees")


# ------------------------------------------------------------------------------ positions and games

def random_position(rng):
    """A FEN python-chess and shakmaty both accept (at most one checker), with a legal move."""
    while True:
        b = chess.Board(None)
        squares = list(range(64))
        rng.shuffle(squares)
        for color in (chess.WHITE, chess.BLACK):
            b.set_piece_at(squares.pop(), chess.Piece(chess.KING, color))
        kinds = [chess.PAWN] * 4 + [chess.QUEEN, chess.ROOK, chess.ROOK, chess.BISHOP, chess.KNIGHT]
        for _ in range(rng.randint(2, 12)):
            s = squares.pop()
            kind = rng.choice(kinds)
            if not (kind == chess.PAWN and chess.square_rank(s) in (0, 7)):
                b.set_piece_at(s, chess.Piece(kind, rng.random() < 0.5))
        if rng.random() < 0.4:
            for color, rank in ((chess.WHITE, 0), (chess.BLACK, 7)):
                if rng.random() < 0.7 and b.king(color) is not None:
                    b.remove_piece_at(b.king(color))
                    for file, kind in ((4, chess.KING), (0, chess.ROOK), (7, chess.ROOK)):
                        b.set_piece_at(chess.square(file, rank), chess.Piece(kind, color))
            if b.king(chess.WHITE) is None or b.king(chess.BLACK) is None:
                continue
            b.set_castling_fen("KQkq")
            b.castling_rights = b.clean_castling_rights()
        b.turn = rng.random() < 0.5
        if b.is_valid() and len(b.checkers()) <= 1 and any(True for _ in b.legal_moves):
            return b.fen()


def pick_move(rng, board):
    """A legal move: mates and stalemates, promotions, en passant and castling preferred."""
    moves = list(board.legal_moves)
    if rng.random() < 0.5:
        for m in moves:
            board.push(m)
            over = board.is_checkmate() or board.is_stalemate()
            board.pop()
            if over:
                return m
    special = [m for m in moves if m.promotion or board.is_en_passant(m) or board.is_castling(m)]
    if special and rng.random() < 0.7:
        return rng.choice(special)
    captures = [m for m in moves if board.is_capture(m)]
    if captures and rng.random() < 0.3:
        return rng.choice(captures)
    pawns = [m for m in moves if board.piece_type_at(m.from_square) == chess.PAWN]
    if pawns and rng.random() < 0.35:
        return rng.choice(pawns)
    return rng.choice(moves)


def written(board, m, rng):
    """A token the notation reads as exactly the legal move m."""
    san = board.san(m).rstrip("+#")
    forms = [san]
    to = chess.square_name(m.to_square)
    origin = chess.square_name(m.from_square)
    role = board.piece_type_at(m.from_square)
    if board.is_castling(m):
        forms.append(san.replace("O", "0"))
    elif role == chess.PAWN:
        promotion = ""
        if m.promotion:
            promotion = rng.choice(["=", ""]) + LETTER[m.promotion]
            if m.promotion == chess.QUEEN and rng.random() < 0.3:
                promotion = ""
        if board.is_capture(m):
            forms.append(origin[0] + rng.choice(["x", ""]) + to + promotion)
        else:
            forms.append(to + promotion)
    else:
        letter = LETTER[role]
        forms += [letter + origin + ("x" if board.is_capture(m) else "") + to,
                  letter + origin[0] + to, letter + origin[1] + to]
    token = rng.choice(forms)
    p = parse(token)
    if p is None or candidates(board, p) != [m]:
        token = san
    if rng.random() < 0.3 and board.gives_check(m):
        board.push(m)
        token += "#" if board.is_checkmate() else "+"
        board.pop()
    if rng.random() < 0.1:
        token += rng.choice(["!", "?", "!!", "??", "!?", "?!"])
    return token


def tokens_near(board):
    """Tokens near every pseudo-legal move: right, wrong, ambiguous, outside the notation."""
    tokens = set()
    for m in list(board.pseudo_legal_moves):
        role = board.piece_type_at(m.from_square)
        origin, to = chess.square_name(m.from_square), chess.square_name(m.to_square)
        if board.is_castling(m):
            tokens |= {"O-O", "O-O-O", "0-0", "0-0-0", "K" + to, "Kx" + to}
            continue
        promotions = ["", "=Q", "Q", "=R", "N", "=B", "=K", "=P"] if m.promotion else [""]
        for p in promotions:
            if role == chess.PAWN:
                tokens |= {to + p, "x" + to + p}
                if origin[0] != to[0]:
                    tokens |= {origin[0] + "x" + to + p, origin[0] + to + p}
            else:
                letter = LETTER[role]
                for d in ("", origin[0], origin[1], origin):
                    tokens |= {letter + d + to, letter + d + "x" + to}
    return sorted(tokens)


def random_game(rng):
    """(fen or None, tokens)."""
    fen = random_position(rng) if rng.random() < 0.4 else None
    board = chess.Board(fen) if fen else chess.Board()
    plies = rng.choice([rng.randint(0, 12), rng.randint(10, 120), rng.randint(100, 300)])
    miss_at = rng.randint(0, plies) if rng.random() < 0.45 else -1
    tokens = []
    for ply in range(plies):
        if board.is_checkmate() or board.is_stalemate():
            if rng.random() < 0.3:
                tokens.append(rng.choice(["e4", "Nf3", "Zz3", "O-O"]))
            break
        if ply == miss_at:
            near = tokens_near(board) + ["Kg1", "Kc8", "Nbd2", "R1e2", "exd6", "e2e4", "Pe4"]
            ambiguous = [t for t in near if parse(t) and len(candidates(board, parse(t))) > 1]
            tokens.append(rng.choice(ambiguous if ambiguous and rng.random() < 0.5 else near))
            if rng.random() < 0.5:
                break
        m = pick_move(rng, board)
        if ply != miss_at:
            tokens.append(written(board, m, rng))
        board.push(m)
    return fen, tokens


# ------------------------------------------------------------------------------ PGN text

NAMES = ["W%d", 'Q \\"q\\" %d', "back\\\\slash %d", "x]y %d", "{c} %d", "semi;colon %d"]


def decoded(value):
    return re.sub(r'\\([\\"])', r"\1", value)


def pgn_game(rng, number, fen, tokens, result, dressed):
    """The PGN text of a game and what python-chess must read of it: (text, white, black)."""
    white = rng.choice(NAMES) % number if dressed else "W%d" % number
    black = "B%d" % number
    tags = ['[Event "R%d"]' % number, '[White "%s"]' % white, '[Black "%s"]' % black]
    if result:
        tags.append('[Result "%s"]' % result)
    if fen:
        tags += ['[SetUp "1"]', '[FEN "%s"]' % fen]
    rng.shuffle(tags)
    if dressed and rng.random() < 0.2:
        tags.insert(rng.randint(0, len(tags)), "% an escaped line [x]")
    board = chess.Board(fen) if fen else chess.Board()
    number_ = board.fullmove_number
    black_first = board.turn == chess.BLACK
    glue = dressed and rng.random() < 0.3
    words = []
    for i, token in enumerate(tokens):
        white_moves = (i % 2 == 0) != black_first
        if white_moves or i == 0:
            mark = ("%d." if white_moves else "%d...") % number_
            if glue:
                token = mark + token
            else:
                words.append(mark)
        if not white_moves:
            number_ += 1
        words.append(token)
        r = rng.random() if dressed else 1
        if r < 0.05:
            words.append('{a comment (with) [brackets] ; 1-0\n\n[Event "no"]}')
        elif r < 0.08:
            words.append("(%s e4 {x} (Nf3 Zz9) Qxx9)" % ("1." if rng.random() < .5 else ""))
        elif r < 0.10:
            words.append("$%d" % rng.randint(0, 255))
        elif r < 0.12:
            words.append(";" + rng.choice([" rest {", " ( e4", " Zz3"]) + "\n")
        elif r < 0.13:
            words.append("\n%escaped Zz3 {\n")
        elif r < 0.15:
            words.append(rng.choice(["!", "?", "!!", "!?"]))
    words.append(result or "*")
    lines, current = [], ""
    for w in words:
        if w.endswith("\n"):
            if w.startswith("\n"):
                lines += [current, w.strip("\n")]
            else:
                lines.append((current + " " + w.rstrip("\n")) if current else w.rstrip("\n"))
            current = ""
        elif len(current) + len(w) + 1 > 79:
            lines.append(current)
            current = w
        else:
            current = (current + " " + w) if current else w
    lines.append(current)
    text = "\n".join(tags) + "\n\n" + "\n".join(l for l in lines if l) + "\n\n"
    if dressed and rng.random() < 0.1:
        text = "\n%between games\n" + text
    return text, white, black


def check_structure(text, games):
    """python-chess reads the text as these games, with these White tags (escapes kept)."""
    handle = io.StringIO(text.lstrip("\ufeff"), newline=None)
    for white in games:
        game = chess.pgn.read_game(handle)
        assert game is not None and game.headers["White"] == white, (white, game and game.headers)
    assert chess.pgn.read_game(handle) is None


def random_file(seed, n):
    """(PGN text, expected output) of n random games."""
    rng = random.Random(seed)
    texts, out, whites = [], [], []
    dressed = True
    for number in range(1, n + 1):
        fen, tokens = random_game(rng)
        result = rng.choice(["1-0", "0-1", "1/2-1/2", "*", None])
        text, white, black = pgn_game(rng, number, fen, tokens, result, dressed)
        texts.append(text)
        whites.append(white)
        board = chess.Board(fen) if fen else chess.Board()
        out.append(line(number, decoded(white), black, result, tokens, board))
    text = "".join(texts)
    if rng.random() < 0.5:
        text = text.replace("\n", "\r\n")
    if rng.random() < 0.5:
        text = "\ufeff" + text
    check_structure(text, whites)
    return text, "\n".join(out) + "\n"


def chess960_file(seed, n):
    """(PGN text, expected output) of n random Chess960 games (`Variant` and `FEN` tags), castling
    whenever it can, with a near miss now and then (castling either way, a king's two-square move)."""
    rng = random.Random(seed)
    texts, out = [], []
    for number in range(1, n + 1):
        board = chess.Board.from_chess960_pos(rng.randrange(960))
        fen = board.fen(shredder=rng.random() < 0.5)
        start = board.copy()
        tokens = []
        for _ in range(rng.randint(1, 80)):
            moves = list(board.legal_moves)
            if not moves:
                break
            castlings = [m for m in moves if board.is_castling(m)]
            m = rng.choice(castlings if castlings and rng.random() < 0.8 else moves)
            if rng.random() < 0.02:
                tokens.append(rng.choice(["O-O", "O-O-O", "Kg1", "Kc1", "Kg8", "Kc8", "Kf1", "Kd8"]))
            else:
                tokens.append(written(board, m, rng))
            board.push(m)
        texts.append('[Variant "Chess960"]\n[White "W%d"]\n[Black "B%d"]\n[FEN "%s"]\n\n%s *\n\n'
                     % (number, number, fen, " ".join(tokens)))
        out.append(line(number, "W%d" % number, "B%d" % number, None, tokens, start))
    return "".join(texts), "\n".join(out) + "\n"


def probe_file(seed, n):
    """(PGN text, expected output): one game per token near every move of n random positions."""
    rng = random.Random(seed)
    texts, out = [], []
    number = 0
    for _ in range(n):
        board = chess.Board(random_position(rng) if rng.random() < 0.7 else None)
        for _ in range(rng.randint(0, 6)):
            if not any(True for _ in board.legal_moves):
                break
            board.push(pick_move(rng, board))
        # An en passant square is written after every double push, possible capture or not.
        fen = board.fen(en_passant="fen" if rng.random() < 0.3 else "legal")
        board = chess.Board(fen)
        prefix = "%d... " % board.fullmove_number if board.turn == chess.BLACK else ""
        for token in tokens_near(board):
            number += 1
            texts.append('[White "P%d"]\n[Black "%s"]\n[FEN "%s"]\n\n%s%s *\n\n'
                         % (number, token, fen, prefix, token))
            out.append(line(number, "P%d" % number, token, None, [token], board))
    return "".join(texts), "\n".join(out) + "\n"


# ------------------------------------------------------------------------------ hand-made cases

CRAFTED = [
    # (FEN, moves, the verdict its author expects by hand, what it shows)
    ("8/8/8/K2pP2q/8/8/8/7k w - d6 0 1", "exd6", "Illegal Move", "en passant would expose the king on the rank"),
    ("8/8/8/K2pP2q/8/8/8/7k w - d6 0 1", "d6", "Illegal Move", "the only pawn move to d6 is that en passant"),
    ("8/8/8/K2pP3/8/8/8/7k w - d6 0 1", "ed6", "Draw", "en passant without x"),
    ("8/8/8/2KpP3/8/8/8/7k w - d6 0 1", "exd6", "Draw", "en passant takes the checking pawn"),
    ("8/8/8/2PpP3/8/8/8/K6k w - d6 0 1", "d6", "Puzzle Move", "two en passant captures"),
    ("8/8/8/2PpP3/8/8/8/K6k w - d6 0 1", "cd6", "Draw", "one of them named"),
    ("8/8/8/3pP3/8/8/8/K6k w - d6 0 1", "Kb1 Kg1 exd6", "Illegal Move", "en passant only right after the double push"),
    ("4k3/8/8/8/1b6/8/3N4/4K1N1 w - - 0 1", "Nf3", "Draw", "one knight pinned: no puzzle"),
    ("4k3/8/8/8/8/8/3N4/4K1N1 w - - 0 1", "Nf3", "Puzzle Move", "two knights"),
    ("4k3/8/8/8/8/8/3N4/4K1N1 w - - 0 1", "Ngf3", "Draw", "disambiguated"),
    ("4k3/8/8/8/8/8/3N4/4K1N1 w - - 0 1", "Nbf3", "Illegal Move", "no knight on the b-file"),
    ("4k3/8/8/8/8/8/3N4/4K1N1 w - - 0 1", "Ndxf3", "Illegal Move", "x to an empty square"),
    ("4k3/4r3/8/8/4R3/8/8/4K3 w - - 0 1", "Re6", "Draw", "a pinned rook along the pin"),
    ("4k3/4r3/8/8/4R3/8/8/4K3 w - - 0 1", "Rd4", "Illegal Move", "a pinned rook off the pin"),
    ("4k3/4p3/8/1q6/8/8/4R3/4K3 b - - 0 1", "Qb4 Rf2", "Illegal Move", "in check, the rook must block"),
    ("4k3/4p3/8/1q6/8/8/4R3/4K3 b - - 0 1", "Qb4 Rd2", "Draw", "the rook blocks on d2"),
    ("4r1k1/8/4p3/3P4/4N3/8/8/4K3 b - - 0 1", "exd5 Nc3", "Illegal Move", "a capture uncovers a pin"),
    ("4r1k1/8/4p3/3P4/4N3/8/8/4K3 b - - 0 1", "exd5 Kd2", "Draw", "the king steps aside"),
    ("3rk3/8/8/8/8/8/3R4/3K4 w - - 0 1", "Re2+ Kf7 Rxe8", "Illegal Move", "x but the square is empty"),
    ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "O-O O-O-O", "Draw", "both castle"),
    ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "Kg1", "Illegal Move", "a king move of two squares is not castling"),
    ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "Rxa8+ Kd7 O-O-O", "Illegal Move", "the a-rook is gone"),
    ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "Rxa8+ Ke7 O-O", "Draw", "the h-rook is not"),
    ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "Rxh8+ Kd7 Rh7+ Ke8 O-O", "Illegal Move", "the h-rook moved"),
    ("r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1", "0-0", "Illegal Move", "castling through check"),
    ("r3k2r/8/8/8/8/8/3r4/R3K2R w KQkq - 0 1", "O-O-O", "Illegal Move", "castling through d1"),
    ("r3k2r/8/8/8/8/8/1r6/R3K2R w KQkq - 0 1", "O-O-O", "Draw", "b1 attacked does not matter"),
    ("r3k2r/8/8/8/8/8/4r3/R3K2R w KQkq - 0 1", "O-O", "Illegal Move", "castling out of check"),
    ("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b8", "Draw", "a queen by default"),
    ("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b8 Kd7 Qb7+", "Draw", "and it is a queen"),
    ("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b8=K", "Illegal Move", "no king promotion"),
    ("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b8N Kf7 Nc6", "Draw", "a knight without ="),
    ("r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "a8", "Draw", "a capture-promotion from a bare square"),
    ("rn2k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b8", "Illegal Move", "the push is blocked"),
    ("r1r1k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "c8", "Draw", "one capture-promotion"),
    ("r1rq3k/1P1P4/8/8/8/8/8/4K3 w - - 0 1", "c8", "Puzzle Move", "two capture-promotions on c8"),
    ("4k3/8/8/8/8/8/4p3/4K2r w - - 0 1", "Kf2", "Draw", "the king steps off the rank"),
    ("4k3/8/8/8/8/8/8/4K2r w - - 0 1", "Kf1", "Illegal Move", "into the rook's line"),
    ("4k3/8/8/8/8/8/8/4K2r w - - 0 1", "Kd1", "Illegal Move", "the rook sees through the king"),
    ("4k3/4r3/8/8/8/8/4p3/4K3 w - - 0 1", "Kxe2", "Illegal Move", "a defended pawn"),
    ("7k/5Q2/6K1/8/8/8/8/8 w - - 0 1", "Qg7#", "White Win", "mate"),
    ("7k/5Q2/6K1/8/8/8/8/8 w - - 0 1", "Qg7 Kh7", "Dead Moves", "a move after mate"),
    ("7k/5Q2/6K1/8/8/8/8/8 w - - 0 1", "Qg7 Zz3", "Dead Moves", "a token outside the notation after mate"),
    ("k7/8/8/1Q6/8/8/8/7K w - - 0 1", "Qb6", "Stalemate", "stalemate"),
    ("k7/1Q6/1K6/8/8/8/8/8 b - - 0 1", "", "White Win", "mate in the FEN, no move"),
]


def crafted_file():
    texts, out = [], []
    for number, (fen, moves, expected, why) in enumerate(CRAFTED, 1):
        board = chess.Board(fen)
        tokens = moves.split()
        verdict, _ = judge(board, tokens)
        assert verdict == expected, (fen, moves, verdict, expected)
        prefix = "%d... " % board.fullmove_number if board.turn == chess.BLACK and tokens else ""
        texts.append('[White "C%d"]\n[Black "%s"]\n[FEN "%s"]\n\n{%s} %s%s *\n\n'
                     % (number, why, fen, why, prefix, moves))
        out.append(line(number, "C%d" % number, why, None, tokens, board))
    return "".join(texts), "\n".join(out) + "\n"


def write(path, text):
    with open(path, "w", encoding="utf-8", newline="") as f:
        f.write(text)


def main():
    # python-chess logs every move it cannot read; the near misses are meant.
    logging.disable(logging.ERROR)
    command = sys.argv[1] if len(sys.argv) > 1 else ""
    if command == "fixtures":
        root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..")
        base = os.path.join(root, "fixtures", "pgn-judge")
        for name, (text, out) in (("audit3_random", random_file(20261125, 120)),
                                  ("audit3_probe", probe_file(20261126, 12)),
                                  ("audit3_chess960", chess960_file(20261127, 60)),
                                  ("audit3_crafted", crafted_file())):
            write(os.path.join(base, name + ".in"), text)
            write(os.path.join(base, name + ".out"), out)
            write(os.path.join(base, name + ".args"), "--pgn\n--first-error\n")
            print(name, out.count("\n"), "games")
    elif command in ("random", "probe", "chess960"):
        seed, n, prefix = int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
        make = {"random": random_file, "probe": probe_file, "chess960": chess960_file}[command]
        text, out = make(seed, n)
        write(prefix + ".pgn", text)
        write(prefix + ".out", out)
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
