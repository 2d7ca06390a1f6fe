#!/usr/bin/env python3
"""The `leftover_*` fixtures of pgn-judge: reading defects left by the third audit, each a hand-made
PGN file whose games python-chess 1.11 (`chess.pgn.read_game` in a loop, the file opened as text
with Python's universal line ends) reads as the file's author meant them.

Each game python-chess reads is judged on its main line by the third audit's oracle
(`audit3_oracle.line`, the spec's rules), one `--pgn --first-error` line per game. One choice of
the README is applied on top: a "game" with no tag, no move and no result (python-chess yields
an empty game for a lone `{comment}` or `;` line) is not a game, and is not numbered. The script
also stops unless the games are the ones its author counted by hand. From the repository root:

    python3 xtask/oracles/pgn-judge/leftovers_oracle.py
"""
import logging
import os

import chess
import chess.pgn

from audit3_oracle import line

HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURES = os.path.join(HERE, "..", "..", "..", "fixtures", "pgn-judge")

EP_FEN = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1"
BLACK_EP_FEN = "4k3/8/8/8/3Pp3/8/8/4K3 b - d3 0 1"

# name: (text, the number of games the author counts)
CASES = {
    # A line of spaces and tabs is a blank line: it ends a game.
    "leftover_1_blank_lines_of_spaces": (
        "1. e4 e5 1-0\n   \n1. d4 d5 0-1\n\t\n1. f3 e5 2. g4 Qh4# 0-1\n \t \r\n"
        "[White \"A\"]\n  \n1. c4 *\n  \n\n1. Nf3 *\n",
        5,
    ),
    # Old Mac files: a lone CR ends a line (CRLF stays one line end).
    "leftover_2_cr_line_ends": (
        "[Event \"a\"]\r[Result \"*\"]\r\r1. e4 e5 *\r\r[Event \"b\"]\r\r1. d4 *\r"
        "\r% an escape line\r[White \"C\"]\r[Black \"D\"]\r\r1. f3 e5 ; a comment\r"
        "2. g4 {a comment\rover two lines} Qh4# 0-1\r\r1. e4\r\n\r\n1. c4 c5\r",
        5,
    ),
    # A `;` comment after a tag: the tag section goes on (python-chess drops the tag line, whose
    # Event tag the output does not show).
    "leftover_3_comment_after_a_tag": (
        "[Event \"x\"] ; note\n\n1. e4 *\n\n[Event \"y\"] ; note\n[White \"A\"]\n[Black \"B\"]\n"
        "\n1. f3 e5 2. g4 Qh4# 0-1\n",
        2,
    ),
    # Comments alone before, between and after games are no games.
    "leftover_4_lone_comments": (
        "{lone comment}\n\n[Event \"a\"]\n\n1. e4 *\n\n; a comment line\n\n{two}\n{comments}\n\n"
        "[White \"A\"]\n\n1. d4 d5 *\n\n{a last word}\n",
        2,
    ),
    # `e.p.` after an en passant capture (FIDE's mark) is not a move.
    "leftover_5_en_passant_mark": (
        "[FEN \"%s\"]\n[SetUp \"1\"]\n\n1. exd6 e.p. Kd7 2. Ke2 *\n\n"
        "[FEN \"%s\"]\n[SetUp \"1\"]\n\n1... exd3 e.p. 2. Kd2 Kd7 *\n\n"
        "[FEN \"%s\"]\n[SetUp \"1\"]\n\n1. exd6 e.p. 1-0\n" % (EP_FEN, BLACK_EP_FEN, EP_FEN),
        3,
    ),
}


class Recorder(chess.pgn.GameBuilder):
    """python-chess's game builder, remembering which tags and whether a result were written."""

    def begin_game(self):
        self.written_tags = {}
        self.saw_result = False
        return super().begin_game()

    def visit_header(self, name, value):
        self.written_tags[name] = value
        return super().visit_header(name, value)

    def visit_result(self, result):
        self.saw_result = True
        return super().visit_result(result)

    def result(self):
        return (super().result(), self.written_tags, self.saw_result)


def expected(path):
    """The `--pgn --first-error` lines of the games python-chess reads in the file."""
    lines = []
    with open(path, encoding="utf-8") as handle:
        while True:
            read = chess.pgn.read_game(handle, Visitor=Recorder)
            if read is None:
                return lines
            game, tags, saw_result = read
            moves = list(game.mainline_moves())
            if not tags and not moves and not saw_result:
                continue
            board = game.board()
            tokens = []
            for move in moves:
                tokens.append(board.san(move))
                board.push(move)
            lines.append(line(len(lines) + 1, tags.get("White", "?"), tags.get("Black", "?"),
                              tags.get("Result"), tokens, game.board()))


def main():
    logging.disable(logging.ERROR)
    for name, (text, games) in CASES.items():
        base = os.path.join(FIXTURES, name)
        with open(base + ".in", "w", encoding="utf-8", newline="") as f:
            f.write(text)
        with open(base + ".args", "w", encoding="utf-8") as f:
            f.write("--pgn\n--first-error\n")
        out = expected(base + ".in")
        assert len(out) == games, (name, out)
        with open(base + ".out", "w", encoding="utf-8") as f:
            f.write("".join(l + "\n" for l in out))


if __name__ == "__main__":
    main()
