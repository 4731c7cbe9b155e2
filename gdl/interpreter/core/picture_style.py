"""How a game is drawn, derived from its compiled rules (never from its name): the board's
kind, each piece's glyph and letter, each player's colour and the goal edges of a
connection game. The terminal picture, the notebook SVG and the web page all read it.

Board kinds:
    squares        a square grid of cells (chess, draughts, tic-tac-toe)
    intersections  lines with stones on their crossings: a full square board of at least
                   9 x 9 on which one kind of piece is only ever placed (go, gomoku: the
                   stone games played on a go board; smaller placement games such as
                   tic-tac-toe, Connect Four and Othello are played in cells)
    hex            hexagons, a connection game's goal edges in the player's colour
    links          points joined by lines (nine men's morris)
    pits           cells that hold counts (mancala): ovals with their counts

Glyph sets (`glyphs`): "chess" when every kind of piece the players own is named a chess
piece (♔♕♖♗♘♙ / ♚♛♜♝♞♟), "shogi" when every one is named a shogi piece (kanji), "stones"
for a one-kind placement game, else "discs" lettered by kind.
"""

from __future__ import annotations

from typing import Any

import attrs

from gdl.interpreter.core import ir

CHESS = {"king": "♚", "queen": "♛", "rook": "♜", "bishop": "♝", "knight": "♞", "pawn": "♟"}
CHESS_OUTLINE = {"king": "♔", "queen": "♕", "rook": "♖", "bishop": "♗", "knight": "♘",
                 "pawn": "♙"}
SHOGI = {"king": "玉", "rook": "飛", "bishop": "角", "gold": "金", "silver": "銀",
         "knight": "桂", "lance": "香", "pawn": "歩", "dragon": "龍", "horse": "馬",
         "tokin": "と", "narigin": "全", "narikei": "圭", "narikyo": "杏"}
# The usual abbreviation of a piece named so (a knight is N: the king has K).
ABBREVIATIONS = {"king": "K", "queen": "Q", "rook": "R", "bishop": "B", "knight": "N",
                 "pawn": "P", "man": "M", "gold": "G", "silver": "S", "lance": "L",
                 "dragon": "D", "horse": "H", "tokin": "T", "amazon": "A", "arrow": "X"}
# Players named after a colour are drawn in it; others take the palette in turn.
NAMED_COLOURS = {"white": "#f4f4f4", "black": "#1d1d1d", "red": "#c0392b", "blue": "#2e86c1",
                 "green": "#27ae60", "yellow": "#f1c40f", "purple": "#8e44ad",
                 "orange": "#e67e22"}
PALETTE = ("#1d1d1d", "#f4f4f4", "#c0392b", "#2e86c1", "#27ae60", "#8e44ad", "#d68910",
           "#17a589")
LIGHT_COLOURS = {"#f4f4f4", "#f1c40f"}   # drawn with dark letters and a dark outline
STONE_SIDE = 9   # the smallest go board: placement games this big are played on points


@attrs.frozen
class Style:
    board: str                                  # one of the board kinds above
    glyphs: str                                 # chess, shogi, stones or discs
    letters: dict[tuple[int, int], str]         # (owner, kind) -> the terminal's letter
    symbols: dict[tuple[int, int], str]         # (owner, kind) -> the drawn glyph
    colours: tuple[dict[str, str], ...]         # per player: fill and ink (letters on it)
    goals: tuple[tuple[int, tuple[int, ...]], ...] = ()   # (player, cells of one goal edge)


def colours(players: tuple[str, ...]) -> tuple[dict[str, str], ...]:
    """Each player's fill and ink: a player named White is white, Black black; X and O,
    South and North take the palette (dark first)."""
    out = []
    for i, name in enumerate(players):
        fill = NAMED_COLOURS.get(name.lower(), PALETTE[i % len(PALETTE)])
        out.append({"fill": fill, "ink": "#222" if fill in LIGHT_COLOURS else "#f4f4f4",
                    "line": "#222" if fill in LIGHT_COLOURS else "#000"})
    return tuple(out)


def _owned(game: ir.GameIR) -> list[int]:
    return [k for k in range(len(game.pieces)) if k not in game.neutral]


def kind_letters(game: ir.GameIR) -> list[str]:
    """One distinct upper-case letter per kind: its usual abbreviation (knight N), else the
    first letter of its name not taken, else the first free letter of the alphabet."""
    taken: list[str] = []
    for name in game.pieces:
        if name.endswith("~"):   # a promoted twin: its kind's letter and ~ (Q~)
            taken.append(taken[game.pieces.index(name[:-1])] + "~")
            continue
        usual = ABBREVIATIONS.get(name.lower())
        options = ([usual] if usual else []) + [c.upper() for c in name if c.isalpha()]
        options += [chr(c) for c in range(ord("A"), ord("Z") + 1)]
        taken.append(next((c for c in options if c not in taken), "?"))
    return taken


def letters(game: ir.GameIR) -> dict[tuple[int, int], str]:
    """(owner, kind) -> one character for the terminal. One kind of the players' own shows
    each player's initial (digits beyond two players, or when initials repeat); several
    kinds show their letters, upper case for the first player and lower for the second;
    the first kind keeps the owner's initial when no other kind's letter is that letter
    (draughts: B and W men, K and k kings; chess: a pawn is P, since B is the bishop)."""
    players, owned = len(game.players), _owned(game)
    initials = [p[0].upper() for p in game.players]
    if players > 2 or len(set(initials)) < players:
        initials = [str(p + 1) for p in range(players)]
    kinds = kind_letters(game)
    out: dict[tuple[int, int], str] = {}
    for p in range(players):
        for k in owned:
            letter = kinds[k] if p == 0 or players == 1 else kinds[k].lower()
            out[(p, k)] = letter if players <= 2 else f"{p + 1}"
    if owned:
        first = owned[0]
        others = {kinds[k] for k in owned if k != first}
        if len(owned) == 1 or not others & {i.upper() for i in initials}:
            for p in range(players):
                out[(p, first)] = initials[p]
    for j, kind in enumerate(game.neutral):   # neutral pieces: * # + %
        out[(players, kind)] = "*#+%"[j % 4]
    return out


def glyph_set(game: ir.GameIR) -> str:
    names = [game.pieces[k].lower().removesuffix("~") for k in _owned(game)]   # Q~: a Q
    if names and all(n in CHESS for n in names):
        return "chess"
    if names and all(n in SHOGI for n in names) and len(names) > 1:
        return "shogi"
    if len(names) == 1 and _placements_only(game) and all(
            p.lower() in NAMED_COLOURS for p in game.players):
        return "stones"
    return "discs"


def _placements_only(game: ir.GameIR) -> bool:
    return all(isinstance(r, (ir.PlaceRule, ir.PassRule)) for r in game.rules) and \
        any(isinstance(r, ir.PlaceRule) for r in game.rules)


def symbols(game: ir.GameIR, kind_set: str) -> dict[tuple[int, int], str]:
    """(owner, kind) -> the glyph drawn in SVG (its colour says whose it is). Discs: the first
    kind plain (or the owner's initial when players are not named after colours: X, O),
    the others lettered by kind (a draughts king K)."""
    out = {}
    kinds, owned = kind_letters(game), _owned(game)
    coloured = len(game.players) == 1 or all(p.lower() in NAMED_COLOURS for p in game.players)
    for p, player in enumerate(game.players):
        for k in owned:
            name = game.pieces[k].lower().removesuffix("~")
            if kind_set in ("chess", "shogi"):
                out[(p, k)] = (CHESS if kind_set == "chess" else SHOGI)[name]
            elif k == owned[0]:
                out[(p, k)] = "" if coloured else player[0].upper()
            else:
                out[(p, k)] = kinds[k]
    return out


def board_kind(game: ir.GameIR, geometry: Any, counted: bool) -> str:
    if counted:
        return "pits"
    if geometry.shape == "hex":
        return "hex"
    if geometry.shape == "points":
        return "links"
    full = len(geometry.cells) == geometry.width * geometry.height
    if full and min(geometry.width, geometry.height) >= STONE_SIDE and \
            len(_owned(game)) == 1 and _placements_only(game):
        return "intersections"
    return "squares"


def goal_edges(game: ir.GameIR) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """(player, cells) for each edge a player must connect to win: the constant cell sets
    of a winning end rule that tests connection (`connects(Black, row 1, row size)`)."""
    out = []
    for end in game.ends:
        if end.outcome != "wins" or not isinstance(end.who, int) or not _has(end.condition,
                                                                             ir.Reach):
            continue
        for mask in _constants(end.condition):
            cells = tuple(i for i in range(mask.bit_length()) if mask >> i & 1)
            if cells:
                out.append((end.who, cells))
    return tuple(out)


def _children(node: Any) -> list[Any]:
    if not attrs.has(type(node)):
        return list(node) if isinstance(node, tuple) else []
    return [getattr(node, a.name) for a in attrs.fields(type(node))]


def _has(node: Any, cls: type) -> bool:
    return isinstance(node, cls) or any(_has(c, cls) for c in _children(node))


def _constants(node: Any) -> list[int]:
    if isinstance(node, ir.Const) and node.type == ir.CELLS and isinstance(node.value, int):
        return [node.value]
    return [m for c in _children(node) for m in _constants(c)]


def style(game: ir.GameIR, geometry: Any) -> Style:
    """The drawing style of a compiled board game."""
    counted = any(v.type == ir.COUNTS for v in game.variables)
    kind_set = glyph_set(game)
    return Style(board_kind(game, geometry, counted), kind_set, letters(game),
                 symbols(game, kind_set), colours(game.players), goal_edges(game))
