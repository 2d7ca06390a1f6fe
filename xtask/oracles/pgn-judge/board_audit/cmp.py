import json, sys
exp = [json.loads(l) for l in open(sys.argv[1])]
got = [json.loads(l) for l in open(sys.argv[2])]
bad = 0
rej = 0
byg = {g['game']: g for g in got}
for e in exp:
    g = byg.get(e['game'])
    if g is not None and g.get('error') and ('impossible check' in g['error'] or 'too much material' in g['error']):
        rej += 1; continue
    if g is None or g.get('error'):
        print('BROKEN/MISSING', e['game'], g and g.get('error'), e['fen']); bad += 1; continue
    gp = g['fault']['ply'] if g['fault'] else None
    if g['verdict'] != e['verdict'] or gp != e['ply']:
        bad += 1
        if bad < 30:
            print('DIFF game', e['game'], 'exp', e['verdict'], e['ply'], 'got', g['verdict'], gp, e['fen'], e['c960'], ' '.join(e['toks']))
print('games', len(exp), 'got', len(got), 'rejected-by-shakmaty', rej, 'mismatches', bad)
