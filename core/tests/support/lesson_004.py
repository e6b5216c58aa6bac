# Lesson 004's ack-timing loop, as the lesson prints it (seeded with
# random.seed, one random() per delivery), wrapped for the tests and the bench:
#   python3 lesson_004.py N P_CRASH SEED [REPEAT]
# prints one line per mode: deliveries effects discarded lost best_seconds
import random, sys, time
from collections import deque

def correr(modo, deduplicar, n=1000, p_caida=0.05, semilla=7):
    random.seed(semilla)
    cola = deque(range(n))
    entregas, efectos, descartados = 0, 0, 0
    vistos = set()
    while cola:
        msg = cola.popleft()
        entregas += 1
        se_cae = random.random() < p_caida
        if modo == "ack antes":
            if not se_cae:
                efectos += 1
            continue
        if deduplicar and msg in vistos:
            descartados += 1
        else:
            efectos += 1
            vistos.add(msg)
        if se_cae:
            cola.append(msg)
    return entregas, efectos, descartados

n, p, seed = int(sys.argv[1]), float(sys.argv[2]), int(sys.argv[3])
repeat = int(sys.argv[4]) if len(sys.argv) > 4 else 1
for modo, dedup in (("ack antes", False), ("ack después", False), ("ack después", True)):
    best = None
    for _ in range(repeat):
        start = time.perf_counter()
        e, f, d = correr(modo, dedup, n, p, seed)
        elapsed = time.perf_counter() - start
        best = elapsed if best is None or elapsed < best else best
    print(e, f, d, max(0, n - f), best)
