# Lesson 004's loop with an idempotent consumer whose two writes (the effect
# and the processed id) are placed three ways; the crash falls between them
# when they are separate, after the commit when they share a transaction:
#   python3 dedup_record.py N P_CRASH SEED
# prints one line per placement: deliveries effects discarded lost
import random, sys
from collections import deque

def correr(ubicacion, n, p_caida, semilla):
    random.seed(semilla)
    cola = deque(range(n))
    entregas, efectos, descartados = 0, 0, 0
    registrados, con_efecto = set(), set()
    while cola:
        msg = cola.popleft()
        entregas += 1
        se_cae = random.random() < p_caida
        if msg in registrados:
            descartados += 1
        elif ubicacion == "misma transacción":
            efectos += 1; con_efecto.add(msg); registrados.add(msg)
        elif ubicacion == "efecto, luego registro":
            efectos += 1; con_efecto.add(msg)
            if not se_cae:
                registrados.add(msg)
        else:  # registro, luego efecto
            registrados.add(msg)
            if not se_cae:
                efectos += 1; con_efecto.add(msg)
        if se_cae:
            cola.append(msg)
    return entregas, efectos, descartados, n - len(con_efecto)

n, p, seed = int(sys.argv[1]), float(sys.argv[2]), int(sys.argv[3])
for ubicacion in ("misma transacción", "efecto, luego registro", "registro, luego efecto"):
    print(*correr(ubicacion, n, p, seed))
