"""OpenSpiel's backgammon (a chance game, issue 31) read as gdl's backgammon: the points
(X's checkers counted up, O's down, on points -6..29 as the file keeps them), the bars, the
checkers borne off and outside their home, the dice, a double's second move, the draw due.
Each action is a move in both (a double's two moves are two actions in OpenSpiel too)."""

SPIEL = "backgammon"
SPLIT = "action"
KEY = ("pts", "bar", "off", "outside", "sg", "lo", "hi", "dbl", "chance")
DEPTH = 4
POSITION_DEPTH = 2
LIVE_GAMES = 20     # replayed in full (each move's position, each draw's chance); the rest
LIVE_PLIES = 1000   # of 200 counted (spiel_moves); a game is about 200 plies


def counts(values) -> list[int]:
    """The 24 points' checkers of one player from OpenSpiel's observation tensor."""
    out = []
    for i in range(24):
        one, two, three, more = values[4 * i:4 * i + 4]
        out.append(int(one + 2 * two + 3 * three + (more + 3 if more > 0 else 0)))
    return out


def position(state) -> str:
    values = state.observation_tensor(0)
    x, o = counts(values[:96]), counts(values[96:192])
    bar_x, off_x, _, bar_o, off_o, _, die0, die1 = (int(v) for v in values[192:200])
    pts = [0] * 6 + [a - b for a, b in zip(x, o)] + [0] * 6
    outside = (bar_x + sum(x[:18]), bar_o + sum(o[6:]))
    # the sign of the player moving, or at a draw of the one who moved last (X at the start)
    text = str(state)
    mover = state.current_player() if state.current_player() >= 0 else \
        int(text.split("Previous player: ")[1].split("\n")[0])
    sign = -1 if mover == 1 else 1
    extra = 1 if "Extra turn: 1" in text else 0
    due = 0 if not state.is_chance_node() else 1 if not state.history() else 2
    if state.is_terminal() and not extra:   # gdl's last move made the next roll due
        due = 2
    low, high = min(die0, die1), max(die0, die1)
    return (f"pts={','.join(map(str, pts))} bar={bar_x},{bar_o} off={off_x},{off_o} "
            f"outside={outside[0]},{outside[1]} sg={sign} lo={low} hi={high} "
            f"dbl={extra} chance={due}")


def spiel_moves(text: str) -> list[int]:
    """gdl's move as OpenSpiel's action: a draw `c=k` is outcome k - 1; `two h a b` (and
    `twice`) is a's checker by the high die (h 0) or the low one, then b's by the other, as
    OpenSpiel's b * 26 + a (+ 676 when the low die goes first); `one h a` has 25 for b (no
    second move); `pass` both 25, the low die first."""
    if "=" in text:
        return [int(text.split("=")[1]) - 1]
    name, *numbers = text.split()
    if name == "pass":
        return [25 * 26 + 25 + 676]
    h, a, b = (*map(int, numbers), 25)[:3]
    return [b * 26 + a + 676 * h]


SCORINGS = ("winloss_scoring", "enable_gammons", "full_scoring")   # gdl's scoring 0, 1, 2
RETURNS = "backgammon_returns.json"   # in tests/data/oracle: OpenSpiel's figures per scoring


def replay(game, seed: int) -> tuple[int, tuple[float, ...]]:
    """One seeded random game in gdl alone, as tools/oracle.py's compare_counts plays it (a
    uniform choice among the legal moves and outcomes, which are uniform here): its plies
    and returns."""
    import random
    rng, state, plies = random.Random(seed), game.initial_state(), 0
    while not game.is_terminal(state):
        state = game.apply(state, rng.choice(game.legal_moves(state)))
        plies += 1
    return plies, tuple(game.returns(state))


def record_returns(games: int = 200) -> dict:
    """Each scoring's seeded random games replayed in gdl and OpenSpiel (compare_counts, which
    fails at the first difference): OpenSpiel's plies and returns per seed."""
    import contextlib

    import pyspiel

    from gdl import catalog
    from gdl.errors import GdlError
    from gdl.interpreter.c.backend import with_backend
    from tools import oracle
    data: dict = {"games": games}
    for scoring, name in enumerate(SCORINGS):
        game = catalog.load("backgammon", {"scoring": str(scoring)})
        with contextlib.suppress(GdlError):   # C where a compiler is found: faster
            game = with_backend(game, "native")
        spiel = pyspiel.load_game(SPIEL, {"scoring_type": name})
        rows = []
        for seed in range(games):
            ended = oracle.compare_counts("backgammon", seed, game=game, spiel=spiel)
            rows.append([ended.plies, *ended.returns])
        data[name] = rows
    return data


if __name__ == "__main__":   # python -m tools.oracles.backgammon: the returns' record
    import json
    from pathlib import Path
    path = Path(__file__).resolve().parents[2] / "tests" / "data" / "oracle" / RETURNS
    path.write_text(json.dumps(record_returns()) + "\n")
    print(f"{path}: {len(SCORINGS)} scorings")
