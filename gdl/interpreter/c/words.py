"""States and moves as the words the C library reads and writes (the layout of
interpreter/c/generate.py): planes of `words` 64-bit words each, then each variable (a
number, a cell set, a list or a count per cell), then the player to move and the result; a
move is MW words (a board move's int, or a tag and the numbers of a move of numbers)."""

from __future__ import annotations

from typing import Any


def pack_state(lay: Any, state: tuple) -> bytes:
    """The words of `state`. Raises OverflowError for a number past 64 bits (the caller then
    leaves the call to the Python back end)."""
    size = 8 * lay.words
    parts = [plane.to_bytes(size, "little") for plane in state[:lay.planes]]
    for value, count in zip(state[lay.planes:], lay.variables):
        if isinstance(value, tuple):   # a count per cell
            parts += [x.to_bytes(8, "little", signed=True) for x in value]
        else:
            parts.append(value.to_bytes(8, "little", signed=True) if count == 1
                         else value.to_bytes(size, "little"))
    parts += [state[-2].to_bytes(8, "little"), state[-1].to_bytes(8, "little")]
    return b"".join(parts)


def unpack_state(lay: Any, raw: bytes) -> tuple:
    """The state of the words `raw`."""
    size = 8 * lay.words
    out: list[Any] = [int.from_bytes(raw[i * size:(i + 1) * size], "little")
                      for i in range(lay.planes)]
    at = lay.planes * size
    for count, counts in (*zip(lay.variables, lay.counts), (1, False), (1, False)):
        if counts:
            out.append(tuple(int.from_bytes(raw[at + 8 * i:at + 8 * i + 8], "little",
                                            signed=True) for i in range(count)))
        else:
            out.append(int.from_bytes(raw[at:at + 8 * count], "little", signed=count == 1))
        at += 8 * count
    return tuple(out)


def decode_moves(lay: Any, raw: bytes, n: int) -> list:
    """The first n moves of the words `raw` (MW words a move), as Python's moves."""
    step = 8 * lay.move_words
    if lay.move_words == lay.board_move_words:
        return [int.from_bytes(raw[i * step:(i + 1) * step], "little") for i in range(n)]
    return [decode_move(lay, raw[i * step:(i + 1) * step]) for i in range(n)]


def decode_move(lay: Any, raw: bytes) -> Any:
    """A move's words: a board move's int, or a move of numbers' tuple (rule, a0, ..)."""
    at = 8 * lay.board_move_words
    tag = int.from_bytes(raw[at:at + 8], "little")
    if not tag:
        return int.from_bytes(raw[:at], "little")
    return (tag - 1, *(int.from_bytes(raw[at + 8 * i:at + 8 * i + 8], "little", signed=True)
                       for i in range(1, 1 + lay.param_sizes[tag - 1])))


def encode_move(lay: Any, move: Any) -> bytes:
    """The words of a move (the inverse of decode_move)."""
    if not isinstance(move, tuple):
        return move.to_bytes(8 * lay.move_words, "little")
    numbers = [x.to_bytes(8, "little", signed=True) for x in move[1:]]
    rest = lay.move_words - lay.board_move_words - 1 - len(numbers)
    return b"".join([bytes(8 * lay.board_move_words), (move[0] + 1).to_bytes(8, "little"),
                     *numbers, bytes(8 * rest)])
