#!/usr/bin/env python3
"""Random tokens (grammar fuzz and mutated SAN) after random legal openings, judge format.

    python3 audit_tokens.py SEED N > input   # then compare audit_oracle.py judge with pgn-judge
"""
import random, sys, chess
sys.path.insert(0, __import__('os').path.dirname(__import__('os').path.abspath(__file__)))
rng = random.Random(int(sys.argv[1]))
def rtoken(board):
    if rng.random() < 0.3:
        m = rng.choice(list(board.legal_moves)); base = board.san(m).rstrip('+#')
        # mutate a real SAN
        ops = [lambda s: s.replace('x',''), lambda s: s[0].lower()+s[1:], lambda s: s.replace('=',''),
               lambda s: s+'=Q', lambda s: s+'N', lambda s: s.split('=')[0], lambda s: s[-2:],
               lambda s: s[0]+s[-2:], lambda s: s+rng.choice(['+','#','!','?','!!','??','!?','?!','+!','#!?','++','!+'])]
        for _ in range(rng.randint(1,2)): base = rng.choice(ops)(base)
        return base or "e4"
    t = rng.choice(['', '', 'K','Q','R','B','N','P','k','q'])
    if rng.random()<0.4: t += rng.choice('abcdefghij')
    if rng.random()<0.3: t += rng.choice('123456789')
    if rng.random()<0.3: t += 'x'
    t += rng.choice('abcdefgh') + rng.choice('12345678')
    if rng.random()<0.2: t += rng.choice(['=Q','=N','=R','=B','=K','=P','Q','N','=','=q'])
    if rng.random()<0.2: t += rng.choice(['+','#','!','?','!!','??','!?','?!','+!','#?'])
    if rng.random()<0.05: t = rng.choice(['0-0','O-O','0-0-0','O-O-O','0-O','O-O-O-O','00','o-o'])
    return t
out=[]
for g in range(int(sys.argv[2])):
    board = chess.Board(); toks=[]
    for _ in range(rng.randint(0, 80)):
        if board.is_game_over(): break
        m = rng.choice(list(board.legal_moves)); toks.append(board.san(m)); board.push(m)
    if board.is_game_over(): toks.append('a3')
    else:
        for _ in range(rng.randint(1,3)):
            toks.append(rtoken(board))
    out.append(f"{len(toks)}\n" + " ".join(toks) + "\n")
sys.stdout.write("".join(out) + "0\n")
