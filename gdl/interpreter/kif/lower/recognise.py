"""Moves and ends of a KIF board game, recognised: placements on an empty cell or drops
into a column, won by k in a row, drawn on a full board (docs/ggp.md, "The lowered path").

Who moves, in which order, and which mark each role puts down are read from the game's
first moves (the propnet game plays one move per role); what the moves need and what ends
the game are read from the ground program, each legal, and the terminal proposition,
unfolded into conditions on cells (dnf). Anything else raises NotLowered with the reason.
"""

from __future__ import annotations

import attrs

from gdl.interpreter.kif.game import KifGame
from gdl.grammar.sexpr import term_text
from gdl.interpreter.kif.lower.cases import Case, read_cases
from gdl.interpreter.kif.lower.dnf import Disjunct, NotLowered, Unfolder
from gdl.interpreter.kif.lower.shape import LETTERS, Board, Cell, cell_name
from gdl.interpreter.kif.lower.steps import Steps, piece_ends, step_moves



@attrs.frozen
class Lowering:
    """What was recognised: enough to write the game in gdl's language and to map moves
    and states between the two games."""
    kind: str                           # "place", "drop" or "step"
    width: int
    height: int
    k: int                              # the line length that wins
    full_draws: bool                    # a full board ends the game
    turn: tuple[int, ...]               # KIF roles in turn order: gdl's players
    noop: tuple[int, ...]               # per KIF role: its move while another moves
    marks: tuple[str, ...]              # per KIF role: what its moves put on a cell
    moves: dict[tuple[int, str], int]   # (KIF role, gdl move key) -> does index
    cells: dict[Cell, tuple[int, dict[str, int]]]   # gdl cell -> (blank prop, mark -> prop)
    control: tuple[int, ...]            # per KIF role: its turn proposition
    steps: Steps = ()                   # step: (target, per KIF role: directions)
    start: tuple[frozenset[Cell], ...] = ()   # step: per KIF role, where its pieces start
    reach: tuple[frozenset[Cell], ...] = ()   # step: per KIF role, cells that win
    wipeout: bool = False               # step: taking every enemy piece wins
    limit: int = 0                      # the game is over after this many moves (0: never)
    counter: tuple[int, ...] = ()       # the step counter's propositions, by moves played


def all_lines(width: int, height: int, k: int) -> set[frozenset[Cell]]:
    """Every straight run of k cells: rows, columns and both diagonals."""
    out = set()
    for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
        for x in range(width):
            for y in range(height):
                run = [(x + t * dx, y + t * dy) for t in range(k)]
                if all(0 <= a < width and 0 <= b < height for a, b in run):
                    out.add(frozenset(run))
    return out


def _first_moves(game: KifGame, board: Board) -> tuple[list[int], dict[int, int],
                                                        dict[int, tuple[int, tuple]]]:
    """Play one move per role from the start: (turn order, noop per role, per role (its
    first action, (i, j, content) it put down))."""
    roles = range(len(game.players))
    state, order = game.initial_state(), []
    noop: dict[int, int] = {}
    sample: dict[int, tuple[int, tuple]] = {}
    for _ in roles:
        movers = [r for r in roles if board.control[r] >= 0 and state >> board.control[r] & 1]
        if len(movers) != 1 or game.is_terminal(state):
            raise NotLowered("the turn fluent does not name one role at each of the first moves")
        mover = movers[0]
        each = game.joint_moves(state)
        for r in roles:
            if r != mover and (len(each[r]) != 1 or noop.setdefault(r, each[r][0]) != each[r][0]):
                raise NotLowered(f"{game.players[r]} has not one fixed move while "
                                 f"{game.players[mover]} moves")
        after = game.apply(state, tuple(each[r][0] for r in roles))
        added = [board.where[p] for p in board.where if after >> p & 1 and not state >> p & 1]
        removed = [board.where[p] for p in board.where if state >> p & 1 and not after >> p & 1]
        put = [key for key in added if key[2] != board.blank]
        if len(put) != 1 or any(key[2] != board.blank for key in added if key != put[0]):
            raise NotLowered(f"{game.players[mover]}'s first move does not put one mark on "
                             f"one cell")
        travel = board.blank is None and any(
            key[2] == put[0][2] and key[:2] != put[0][:2] for key in removed)
        emptied = [] if board.blank is None else [(put[0][0], put[0][1], board.blank)]
        if sorted(removed) != emptied and not travel:
            raise NotLowered(f"{game.players[mover]}'s first move neither fills an empty cell "
                             f"nor moves one piece")
        ticks = [n for n, p in enumerate(board.counter) if state >> p & 1] + \
            [n for n, p in enumerate(board.counter) if after >> p & 1]
        if board.counter and (len(ticks) != 2 or ticks[1] != ticks[0] + 1):
            raise NotLowered("the step counter does not go up by one a move")
        order.append(mover)
        sample[mover] = (each[mover][0], put[0])
        state = after
    if sorted(order) != list(roles) or not state >> board.control[order[0]] & 1:
        raise NotLowered("the turn does not go round every role in a fixed order")
    return order, noop, sample


def recognise(game: KifGame, board: Board) -> Lowering:
    """The lowering of `game` whose state is `board`.

    Raises:
        NotLowered: the moves or the ends are not of the subset.
    """
    program, roles = game.program, range(len(game.players))
    if len(roles) < 2:
        raise NotLowered("one role: the lowered subset takes turns between roles")
    order, noop, sample = _first_moves(game, board)
    marks = tuple(sample[r][1][2] for r in roles)
    if len(set(marks)) != len(marks):
        raise NotLowered("two roles put down the same mark")
    unfold = Unfolder(program)
    action = program.does[sample[order[0]][0]][1]
    if not isinstance(action, tuple) or len(action) not in (2, 3, 5):
        raise NotLowered(f"the move {term_text(action)} is not a placement (F X Y), a "
                         f"drop (F X) nor a step (F X1 Y1 X2 Y2)")
    kind = {3: "place", 2: "drop", 5: "step"}[len(action)]
    if kind == "step" and len(roles) != 2:
        raise NotLowered("steps are lowered for two roles only")
    if program.terminal < 0:
        raise NotLowered("nothing ends the game")
    found = None
    for layout in _layouts(board, kind, sample[order[0]][1]):
        to_gdl, width, height = layout[0], layout[1], layout[2]
        try:
            if kind == "step":
                moves, steps = step_moves(game, board, unfold, noop, action[0], layout[4],
                                          to_gdl, (width, height), marks)
            else:
                moves = _moves(game, board, unfold, kind, noop, action[0], layout)
        except NotLowered as reason:
            found = found or reason
            continue
        cells = _cells(board, marks, to_gdl, program.init)
        common = (tuple(order), tuple(noop[r] for r in roles), marks, moves, cells,
                  board.control)
        cases, limit = split_limit(board, unfold.dnf(program.terminal))
        if kind == "step":
            reach, wipeout = piece_ends(game, board, cases, unfold, marks, to_gdl)
            start = tuple(frozenset(to_gdl(i, j) for (i, j, v), p in board.cells.items()
                                    if v == m and program.init >> p & 1) for m in marks)
            return Lowering(kind, width, height, 0, False, *common, steps, start, reach,
                            wipeout, limit, board.counter)
        k, full = _ends(board, cases, unfold, marks, kind, layout)
        return Lowering(kind, width, height, k, full, *common, limit=limit,
                        counter=board.counter)
    raise found or NotLowered("the first move does not fit the board")


Layout = tuple   # (to_gdl, width, height, column axis, a placement's coordinates swapped)


def _layouts(board: Board, kind: str, put: tuple) -> list[Layout]:
    """The ways the board may lie on gdl's grid: which axis is a column, which end of a
    column is its bottom (drops land on the bottom: the first one tells which)."""
    sizes = tuple(len(v) for v in board.values)
    out = []
    for axis, swap in ((0, False), (1, False)) if kind == "drop" else ((0, False), (0, True)):
        width, height = sizes[axis], sizes[1 - axis]
        flip = kind == "drop" and put[1 - axis] == height - 1 and height > 1
        if kind == "drop" and put[1 - axis] not in (0, height - 1):
            continue

        def to_gdl(i: int, j: int, axis: int = axis, flip: bool = flip,
                   height: int = height) -> Cell:
            x, y = (i, j) if axis == 0 else (j, i)
            return x, height - 1 - y if flip else y

        out.append((to_gdl, width, height, axis, swap))
    return out


def _cells(board: Board, marks: tuple[str, ...], to_gdl, init: int) -> dict:
    cells: dict[Cell, tuple[int, dict[str, int]]] = {}
    for (i, j, content), prop in board.cells.items():
        blank, by_mark = cells.setdefault(to_gdl(i, j), (-1, {}))
        if content == board.blank:
            cells[to_gdl(i, j)] = (prop, by_mark)
        elif content in marks:
            by_mark[content] = prop
    return cells


def _moves(game: KifGame, board: Board, unfold: Unfolder, kind: str,
           noop: dict[int, int], name: str, layout: Layout) -> dict[tuple[int, str], int]:
    """(KIF role, gdl key: a cell name, or a column letter) -> does index, each move's legal
    condition checked: a placement needs the turn and its cell blank; a drop, the turn
    and cells of its column."""
    program = game.program
    to_gdl, width, height, axis, swap = layout
    index = [{v: n for n, v in enumerate(vs)} for vs in board.values]
    moves: dict[tuple[int, str], int] = {}
    for k, (r, action) in enumerate(program.does):
        if program.legal[k] < 0 or k == noop[r]:
            continue
        if not isinstance(action, tuple) or action[0] != name or \
                len(action) != (3 if kind == "place" else 2):
            raise NotLowered(f"{game.players[r]}'s move {term_text(action)} is not a "
                             f"{kind} like the others")
        turn = board.control[r]
        cases = read_cases(unfold, board, program.legal[k])
        if kind == "place":
            i = index[0].get(action[2 if swap else 1])
            j = index[1].get(action[1 if swap else 2])
            if i is None or j is None:
                raise NotLowered(f"the move {term_text(action)} names no cell")
            if cases != [Case(frozenset((turn,)), frozenset(), frozenset(((i, j),)))]:
                raise NotLowered(f"{term_text(action)} is not legal exactly when its cell is "
                                 f"empty on its role's turn")
            key = cell_name(to_gdl(i, j))
        else:
            column = index[axis].get(action[1])
            if column is None:
                raise NotLowered(f"the move {term_text(action)} names no column")
            if not cases or any(c.turn != {turn} or any(sq[axis] != column for sq in c.squares)
                                for c in cases):
                raise NotLowered(f"{term_text(action)} is not legal on its role's turn "
                                 f"by the cells of its column alone")
            key = LETTERS[column]
        if moves.setdefault((r, key), k) != k:
            raise NotLowered(f"two moves of {game.players[r]} on {key}")
    want = width * height if kind == "place" else width
    for r in range(len(game.players)):
        if sum(role == r for role, _ in moves) != want:
            raise NotLowered(f"{game.players[r]} has not one move per "
                             f"{'cell' if kind == 'place' else 'column'}")
    return moves


def split_limit(board: Board, cases: list[Disjunct]) -> tuple[list[Disjunct], int]:
    """The cases of terminal other than the step counter's, and the number of moves after
    which the counter ends the game (0: it does not)."""
    ticks = {p: n for n, p in enumerate(board.counter)}
    limits = [ticks[next(iter(pos))] for pos, neg in cases
              if len(pos) == 1 and not neg and next(iter(pos)) in ticks]
    if limits and min(limits) == 0:
        raise NotLowered("the step counter ends the game before it starts")
    return [(pos, neg) for pos, neg in cases if not (len(pos) == 1 and not neg and
                                                   next(iter(pos)) in ticks)], min(limits or [0])


def _ends(board: Board, cases: list[Disjunct], unfold: Unfolder, marks: tuple[str, ...],
          kind: str, layout: Layout) -> tuple[int, bool]:
    """(k, full board ends it): the terminal proposition as every line of k marks of one
    role, and, maybe, no blank cell left (a drop game: none on its top row)."""
    to_gdl, width, height = layout[:3]
    lines: dict[str, set[frozenset[Cell]]] = {m: set() for m in marks}
    sizes, full = set(), False
    for pos, neg in cases:
        if not neg:
            keys = [key for key in map(board.where.get, pos) if key is not None]
            contents = {key[2] for key in keys}
            if len(keys) != len(pos) or len(contents) != 1 or keys[0][2] not in lines:
                raise NotLowered("a case of terminal is not a set of cells of one role's mark")
            lines[keys[0][2]].add(frozenset(to_gdl(i, j) for i, j, _ in keys))
            sizes.add(len(keys))
        elif not pos and len(neg) == 1:
            inner = read_cases(unfold, board, next(iter(neg)))
            if inner is None or any(not c.empty or c.turn for c in inner):
                raise NotLowered("terminal negates something other than an empty cell")
            covered = {to_gdl(i, j) for c in inner for i, j in c.empty}
            top = {(x, height - 1) for x in range(width)}
            if len(covered) != width * height and not (kind == "drop" and covered == top):
                raise NotLowered("terminal asks for some empty cells, not a full board")
            full = True
        else:
            raise NotLowered("a case of terminal is neither a line nor a full board")
    if len(sizes) != 1:
        raise NotLowered(f"the lines that end the game have lengths {sorted(sizes)}")
    k = sizes.pop()
    want = all_lines(width, height, k)
    for mark, found in lines.items():
        if found != want:
            raise NotLowered(f"the lines of {mark} are {len(found)} sets of {k} cells, not "
                             f"the {len(want)} straight runs of {k}")
    return k, full
