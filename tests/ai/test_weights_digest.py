"""The digest fitted weights name is of what the rules mean: comments, layout and the
notation a game is also read in keep it; options keep it (weights serve every size);
a change to a rule changes it, and the weights are then refused as stale."""

from __future__ import annotations

from pathlib import Path

import pytest

from gdl import catalog
from gdl.ai.fitted import fitted
from gdl.ai.weights_file import WeightsError, find
from gdl.interpreter import compile_rules

GO = Path(catalog.bundled_paths()["go"])


def digest(text: str, **options: str) -> str:
    return compile_rules(text, str(GO), options).rules_hash


def test_what_the_rules_mean_is_digested_not_how_they_are_written():
    text = GO.read_text(encoding="utf-8")
    plain = digest(text)
    assert digest("# a comment\n" + text.replace("\nnotation go", "")) == plain
    assert digest(text, size="13") == plain   # one digest for every size
    assert digest(text.replace("area(White, Black) + 7", "area(White, Black) + 6")) != plain


def test_the_bundled_weights_are_those_of_the_rules_as_they_are():
    for name in ("go", "connect4", "othello", "hex", "breakthrough", "clobber", "amazons"):
        assert fitted(catalog.load(name)) is not None, name


def test_weights_for_other_rules_are_refused_in_one_line():
    text = GO.read_text(encoding="utf-8").replace("area(White, Black) + 7",
                                                  "area(White, Black) + 6")   # komi 6.5
    assert "+ 6" in text
    game = compile_rules(text, str(GO), {})
    path = find(catalog.load("go"))
    with pytest.raises(WeightsError, match="stale weights, fitted to other rules of 'go'"):
        fitted(game, path)


def test_a_field_added_to_the_ir_at_its_default_keeps_every_digest():
    import attrs

    from gdl.interpreter.core.ir import fingerprint

    @attrs.frozen
    class Before:
        a: int
        b: tuple = ()

    @attrs.frozen
    class After:   # a later version of the same node: one more field, its default
        a: int
        b: tuple = ()
        c: int | None = None

    After.__name__ = Before.__name__
    assert fingerprint(Before(1, (2,))) == fingerprint(After(1, (2,)))
    assert fingerprint(After(1, (2,), c=3)) != fingerprint(Before(1, (2,)))
