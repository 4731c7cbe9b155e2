"""`again`: an effect that gives the mover another turn."""

from __future__ import annotations

from gdl.catalog import compile_text
from gdl.solvers.search.perft import perft

# Nim in which emptying a heap earns another turn.
GREEDY_NIM = '''game "Greedy Nim"
players First Second
option heaps = [1, 2]
state heap = heaps
move take h in 1..size(heap), n in 1..heap[h]: heap[h] -= n, again if heap[h] == 0
end: mover wins if sum(heap) == 0
'''


def test_emptying_a_heap_gives_another_turn():
    game = compile_text(GREEDY_NIM, "greedy.gdl")
    state = game.initial_state()
    state = game.apply(state, game.parse_move(state, "take 1 1"))   # heap 1 emptied
    assert game.current_player(state) == 0 and not game.is_terminal(state)
    state = game.apply(state, game.parse_move(state, "take 2 1"))   # heap 2 left with 1
    assert game.current_player(state) == 1


def test_perft_counts_follow_the_extra_turns():
    game = compile_text(GREEDY_NIM, "greedy.gdl")
    # Moves from (1, 2): take 1 1 -> (0, 2) First again; take 2 1 -> (1, 1);
    # take 2 2 -> (1, 0) First again.
    assert perft(game, game.initial_state(), 1) == 3
    # (0, 2): 2 moves; (1, 1): 2 moves; (1, 0): 1 move (ends the game).
    assert perft(game, game.initial_state(), 2) == 5
    # Every game ends with the player who takes the last object winning.
    def winners(state, seen):
        if game.is_terminal(state):
            seen.add(game.returns(state))
            return
        for m in game.legal_moves(state):
            winners(game.apply(state, m), seen)
    seen = set()
    winners(game.initial_state(), seen)
    assert seen == {(1.0, -1.0), (-1.0, 1.0)}
