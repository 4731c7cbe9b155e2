"""OpenSpiel's oware read as gdl's: a position is the counts part of gdl's position text
(`seeds=...`: b1..g1, the store h1, the store a2, b2..g2). OpenSpiel's houses 0-5 are
South's b1..g1 (player 0), its houses 6-11 North's g2..b2 (drawn from the left as 11..6,
so b2..g2), and its two scores gdl's stores h1 and a2.

When OpenSpiel's game ends it moves the seeds left on the board to their sides' scores, which
gdl leaves where they are (its end rules count them); so a finished state is read as the
board its last move left, sown and taken here from the board before it (`last_move`)."""

import functools

SPIEL = "oware"
KEY = "seeds"   # the part of gdl's position text a position is matched by
DEPTH = 6
POSITION_DEPTH = 4
LIVE_GAMES = 100   # replayed in full; the rest of the suite's 200 counted (on C where it builds)
TURN_ACTIONS = 1   # each of OpenSpiel's actions is a whole move


def houses(state) -> tuple[list[int], list[int]]:
    """OpenSpiel's houses 0..11 and its two scores, read from the state's picture."""
    lines = [line for line in str(state).splitlines() if line and line != "[FINISHED]"]
    top, bottom = (list(map(int, lines[i].split())) for i in (2, 3))
    scores = [int(lines[i].split("=")[1].split()[0]) for i in (5, 0)]
    return bottom + top[::-1], scores


def position(state) -> str:
    seeds, scores = last_move(state) if state.is_terminal() else houses(state)
    return "seeds=" + ",".join(map(str, seeds[:6] + scores + seeds[6:][::-1]))


def spiel_moves(text: str) -> list[int]:
    """OpenSpiel's action for gdl's house: the mover's houses 0-5 in sowing order (b1..g1 for
    South, g2..b2 for North)."""
    column = ord(text[0]) - ord("b")
    return [column if text[1] == "1" else 5 - column]


def last_move(state) -> tuple[list[int], list[int]]:
    """The houses and scores right after the last move of a finished `state`, before the
    seeds left are gathered: its sowing and taking, played again on the board before it."""
    before = before_last(tuple(state.history()))
    seeds, scores = houses(before)
    player, house = before.current_player(), before.current_player() * 6 + state.history()[-1]
    n, seeds[house], at = seeds[house], 0, house
    while n:
        at = (at + 1) % 12
        if at != house:   # the house sown from is passed over
            seeds[at], n = seeds[at] + 1, n - 1
    low = at // 6 * 6
    if at // 6 != player and (any(seeds[at + 1:low + 6])
                              or not all(2 <= s <= 3 for s in seeds[low:at + 1])):
        while at >= low and 2 <= seeds[at] <= 3:   # not a grand slam: the 2s and 3s back
            scores[player], seeds[at], at = scores[player] + seeds[at], 0, at - 1
    return seeds, scores


@functools.cache
def before_last(history: tuple[int, ...]):
    import pyspiel
    state = pyspiel.load_game(SPIEL).new_initial_state()
    for action in history[:-1]:
        state.apply_action(action)
    return state
