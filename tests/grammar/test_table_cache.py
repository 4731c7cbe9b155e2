"""The parser's LALR tables are cached in the user's cache folder; a broken or unwritable
cache costs time, never a wrong parse or an error."""

from __future__ import annotations

import pytest

from gdl.grammar import parser

RULES = 'game "T"\nplayers A B\nstate n = 0\nmove go k in 1..2: n += k\nend: draw if n >= 3\n'


@pytest.fixture
def fresh(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    parser._parser.cache_clear()
    yield tmp_path
    parser._parser.cache_clear()


def test_the_tables_are_written_once_and_read_back(fresh):
    expected = parser.parse(RULES, "t.gdl")
    (cached,) = (fresh / "gdl").glob("grammar-*.lark")
    assert cached.stat().st_size > 10_000
    parser._parser.cache_clear()
    assert parser.parse(RULES, "t.gdl") == expected


def test_a_broken_cache_file_is_rebuilt(fresh):
    expected = parser.parse(RULES, "t.gdl")
    (cached,) = (fresh / "gdl").glob("grammar-*.lark")
    cached.write_bytes(b"not a cache")
    parser._parser.cache_clear()
    assert parser.parse(RULES, "t.gdl") == expected
    assert cached.read_bytes() != b"not a cache"   # written again


def test_no_cache_when_the_folder_cannot_be_made(fresh):
    (fresh / "gdl").write_text("a file where the folder would be")
    assert parser._table_cache("grammar") is False
    assert parser.parse(RULES, "t.gdl").statements
