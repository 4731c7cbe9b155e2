import time, gdl
from gdl import catalog
from gdl.solvers.search import pns
for name, o in [("tictactoe", {}), ("hex", {"size": "3"}), ("hex", {"size": "4"}), ("connect4", {"width": "4", "height": "4"}), ("clobber", {"width": "4", "height": "4"}), ("nim", {}), ("dots_and_boxes", {}), ("hex", {"size": "5"})]:
    g = gdl.load(name, **o); g.ready()
    t = time.process_time(); r = pns.solve(g, time_limit=120); tc = time.process_time() - t
    print(name, o, r.value, r.backend, r.nodes, round(tc, 3), r.table_size, g.move_text(g.initial_state(), r.best_move), flush=True)
