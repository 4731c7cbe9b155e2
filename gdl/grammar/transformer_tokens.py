"""Lark tokens to syntax-tree pieces: where a token or a rule starts, and a word as an `Ident`.

The transformer modules share these; nothing past `gdl.grammar` sees a lark token.
"""

from __future__ import annotations

from typing import overload

import lark
from lark import Token

from gdl.errors import SourcePos
from gdl.grammar import ast


def position(item: Token | lark.tree.Meta) -> SourcePos:
    # Tokens from the parser (not made by hand) and metas (propagate_positions) are placed.
    assert item.line is not None and item.column is not None
    return SourcePos(item.line, item.column)


@overload
def ident(token: Token) -> ast.Ident: ...
@overload
def ident(token: None) -> None: ...
@overload
def ident(token: Token | None) -> ast.Ident | None: ...
def ident(token: Token | None) -> ast.Ident | None:
    return None if token is None else ast.Ident(str(token), position(token))
