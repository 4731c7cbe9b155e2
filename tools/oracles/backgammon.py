"""OpenSpiel's backgammon (a chance game, issue 31) read as gdl's backgammon: the points
(X's checkers counted up, O's down, on points -6..29 as the file keeps them), the bars, the
checkers borne off and outside their home, the dice, a double's second move, the draw due.
Each action is a move in both (a double's two moves are two actions in OpenSpiel too)."""

SPIEL = "backgammon"
SPLIT = "action"
KEY = ("pts", "bar", "off", "outside", "sg", "lo", "hi", "dbl", "chance")
DEPTH = 4
POSITION_DEPTH = 2


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
    return (f"pts={','.join(map(str, pts))} bar={bar_x},{bar_o} off={off_x},{off_o} "
            f"outside={outside[0]},{outside[1]} sg={sign} lo={min(die0, die1)} hi={max(die0, die1)} "
            f"dbl={extra} chance={due}")
