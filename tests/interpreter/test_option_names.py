"""An option may take a function's name: `option size = 9`, set by `--set size=5`."""

import pytest

from gdl.errors import RulesSemanticError
from gdl.catalog import compile_text

SIZED = """game "Sized"
players A B
option size = 3
state heap = [1, 2, 3, 4]
board size x size
move: place on empty and size(heap) == 4
end: draw if full or plies >= size * size
"""


def test_an_option_may_share_a_functions_name_and_the_function_still_applies():
    for n in (2, 3, 4):
        game = compile_text(SIZED, options={"size": str(n)})
        start = game.initial_state()
        assert len(game.legal_moves(start)) == n * n   # size(heap) is still the list's length


@pytest.mark.parametrize("statement", ["option full = 3", "state size = 3", "option moves = 1"])
def test_bare_built_in_names_and_other_declarations_stay_reserved(statement):
    text = SIZED.replace("option size = 3", f"option size = 3\n{statement}")
    with pytest.raises(RulesSemanticError, match="is a built-in name"):
        compile_text(text)
