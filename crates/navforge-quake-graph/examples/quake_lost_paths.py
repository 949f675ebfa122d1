#!/usr/bin/env python3
"""Why a generated Quake graph loses the game's paths (a development aid for the generator).

Draws the same pairs as shared/tools/graph_compare.py (50 sources, 20 targets each, seed
20261123); for every pair the game's graph connects and ours does not, walks the game's
shortest path and stops at the first game link u->v whose ends (snapped to our nearest nodes)
our graph does not connect. Prints those links, most pairs first, with the game's link type,
both nodes' flags (1 teleporter, 2 pusher, 16 underwater, 64 check floor, 128 check solid), how
far our nearest node is, and the brush entities near each end.

Usage: quake_lost_paths.py NAVFORGE MAP.bsp GAME.nav OURS.nav [--top 15]"""
import heapq, json, math, os, random, re, struct, subprocess, sys, tempfile
from collections import Counter

KINDS = {0: 'walk', 1: 'longjump', 2: 'teleport', 3: 'ledge', 4: 'pusher', 5: 'barrier',
         6: 'elevator', 7: 'train', 8: 'manual', 9: 'unknown'}

def load(nf, path):
    with tempfile.TemporaryDirectory() as d:
        out = os.path.join(d, 'x.json')
        subprocess.run([nf, 'convert', path, out], check=True, capture_output=True, timeout=120)
        doc = json.load(open(out))['document']
    vs = [tuple(n['origin']) for n in doc['nodes']]
    flags = [n['flags'] for n in doc['nodes']]
    adj = {}
    for i, n in enumerate(doc['nodes']):
        for l in doc['links'][n['first_link']:n['first_link'] + n['link_count']]:
            adj.setdefault(i, []).append((l['target'], l['kind']))
    return vs, flags, adj

def brush_entities(bsp):
    b = open(bsp, 'rb').read()
    off, ln = struct.unpack_from('<ii', b, 4)
    moff, mln = struct.unpack_from('<ii', b, 4 + 14 * 8)
    models = [struct.unpack_from('<6f', b, moff + i * 64) for i in range(mln // 64)]
    out = []
    for blk in re.findall(r'\{([^}]*)\}', b[off:off + ln].decode('latin1')):
        e = dict(re.findall(r'"([^"]*)"\s*"([^"]*)"', blk))
        m = e.get('model', '')
        c = e.get('classname', '')
        if m.startswith('*') and int(m[1:]) < len(models) and c.startswith(('func_', 'trigger_')):
            mm = models[int(m[1:])]
            out.append((c, mm[:3], mm[3:]))
    return out

def dijkstra(vs, adj, s):
    dist, prev, pq = {s: 0.0}, {}, [(0.0, s)]
    while pq:
        d, u = heapq.heappop(pq)
        if d > dist[u]:
            continue
        for v, _ in adj.get(u, ()):
            nd = d + math.dist(vs[u], vs[v])
            if nd < dist.get(v, math.inf):
                dist[v], prev[v] = nd, u
                heapq.heappush(pq, (nd, v))
    return dist, prev

a = sys.argv[1:]
top = int(a[a.index('--top') + 1]) if '--top' in a else 15
nf, bsp, ref, gen = a[:4]
RV, RF, RA = load(nf, ref)
GV, GF, GA = load(nf, gen)
ents = brush_entities(bsp)
near = lambda p: sorted({c for c, lo, hi in ents if all(lo[i] - 48 <= p[i] <= hi[i] + 48 for i in range(3))})
snap = [min(range(len(GV)), key=lambda i: math.dist(GV[i], p)) for p in RV]
reach = {}
def ours(s):
    if s not in reach:
        reach[s] = set(dijkstra(GV, GA, s)[0])
    return reach[s]
rng = random.Random(20261123)
found = tried = 0
lost = Counter()
for s in rng.sample(range(len(RV)), min(len(RV), 50)):
    rd, prev = dijkstra(RV, RA, s)
    targets = [t for t in rd if t != s]
    if not targets:
        continue
    for t in rng.sample(targets, min(len(targets), 20)):
        tried += 1
        if snap[t] in ours(snap[s]):
            found += 1
            continue
        path = [t]
        while path[-1] != s:
            path.append(prev[path[-1]])
        path.reverse()
        for u, v in zip(path, path[1:]):
            if snap[v] not in ours(snap[u]):
                lost[(u, v)] += 1
                break
print(f'paths found {found}/{tried}; {len(lost)} game links cut in ours')
for (u, v), n in lost.most_common(top):
    k = [k for t, k in RA[u] if t == v][0]
    r = lambda x: tuple(round(c) for c in x)
    print(f'{n:5d} {KINDS[k]:8s} {u}->{v} {r(RV[u])} -> {r(RV[v])} flags {RF[u]}/{RF[v]} '
          f'ours {math.dist(RV[u], GV[snap[u]]):.0f}/{math.dist(RV[v], GV[snap[v]]):.0f} away '
          f'near {near(RV[u])} | {near(RV[v])}')
