"""The GGP match messages a player answers, read into values.

    (info)                                         -> Info
    (start MATCHID ROLE (RULES...) STARTCLOCK PLAYCLOCK)  -> Start
    (play MATCHID MOVES)   MOVES: nil, or the last joint move, one term per role -> Play
    (stop MATCHID MOVES)                           -> Stop
    (abort MATCHID)                                -> Abort

>>> parse_message("(play m7 ((mark 1 1) noop))")
Play(match='m7', moves=('(mark 1 1)', 'noop'))
>>> parse_message("(play m7 nil)").moves is None
True
"""

from __future__ import annotations

import attrs

from gdl.grammar.sexpr import MessageError, Node, position, read, term_text

MAX_CLOCK = 86_400   # seconds: a clock longer than a day is refused as a mistake


@attrs.frozen
class Info:
    pass


@attrs.frozen
class Start:
    match: str
    role: str
    rules: str = attrs.field(repr=False)   # the rules' text as sent (for the KIF reader)
    start_clock: float
    play_clock: float


@attrs.frozen
class Play:
    match: str
    moves: tuple[str, ...] | None   # None: `nil`, the first move of the match


@attrs.frozen
class Stop:
    match: str
    moves: tuple[str, ...] | None


@attrs.frozen
class Abort:
    match: str


Message = Info | Start | Play | Stop | Abort
ARITY = {"info": 1, "start": 6, "play": 3, "stop": 3, "abort": 2}


def _fail(node: Node, message: str) -> MessageError:
    return MessageError(message, position(node.source, node.start), node.source)


def _atom(node: Node, what: str) -> str:
    if not isinstance(node.term, str):
        raise _fail(node, f"{what} must be an atom, got {term_text(node.term)[:60]}")
    return node.term


def _clock(node: Node, what: str) -> float:
    text = _atom(node, what)
    try:
        value = float(text)
    except ValueError:
        raise _fail(node, f"{what} must be a number of seconds, got {text!r}") from None
    if not 0 < value <= MAX_CLOCK:
        raise _fail(node, f"{what} must be between 0 and {MAX_CLOCK} seconds, got {text}")
    return value


def _moves(node: Node) -> tuple[str, ...] | None:
    if node.term == "nil":
        return None
    if isinstance(node.term, str):
        raise _fail(node, f"the moves must be nil or a list of moves, got {node.term!r}")
    return tuple(term_text(t) for t in node.term)


def parse_message(text: str) -> Message:
    """The message `text` holds.

    Raises:
        MessageError: unreadable text, an unknown message or a wrong shape (with where).
    """
    node = read(text)
    if isinstance(node.term, str) and node.term == "info":
        return Info()
    if isinstance(node.term, str) or not node.term or not isinstance(node.term[0], str):
        raise _fail(node, "expected a message: (info), (start ...), (play ...), (stop ...) "
                          "or (abort ...)")
    head, parts = node.term[0], node.children
    if head not in ARITY:
        raise _fail(parts[0], f"unknown message {head!r}; expected one of "
                              f"{', '.join(ARITY)}")
    if len(parts) != ARITY[head]:
        raise _fail(node, f"({head} ...) takes {ARITY[head] - 1} arguments, "
                          f"got {len(parts) - 1}")
    if head == "info":
        return Info()
    match = _atom(parts[1], "the match id")
    if head == "abort":
        return Abort(match)
    if head == "start":
        if isinstance(parts[3].term, str):
            raise _fail(parts[3], "the rules must be a list of KIF sentences")
        return Start(match, _atom(parts[2], "the role"), parts[3].inner_text,
                     _clock(parts[4], "the start clock"), _clock(parts[5], "the play clock"))
    moves = _moves(parts[2])
    return Play(match, moves) if head == "play" else Stop(match, moves)
