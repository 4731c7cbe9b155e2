"""One hierarchy for every error a user can cause.

`GdlError` is the root; the command line prints any of them as one line (rules
errors with their source excerpt) and exits 1, never with a traceback.
"""

from __future__ import annotations

import attrs


class GdlError(Exception):
    """Base class of every error gdl reports to a user."""


def source_lines(text: str) -> list[str]:
    """The lines of a rules text as lark numbers them: split at "\\n" only (a "\\r" before
    it dropped). str.splitlines also splits at \\x0b, \\x0c, \\x1c-\\x1e, \\x85, U+2028 and
    U+2029, which would make a report show another line than the one it names."""
    return [line.removesuffix("\r") for line in text.split("\n")]


@attrs.frozen
class SourcePos:
    """A position in a rules file: 1-based line and column."""

    line: int
    column: int
    # Where the text came from when it is not written here: a definition's body put in at
    # its use (`in definition 'fork' (defined at 4:1)`); errors at this place end with it.
    note: str = attrs.field(default="", eq=False, repr=False)


class RulesError(GdlError):
    """A rules file is wrong: it names the file, the position and what is wrong.

    `str(err)` is the one-line form `file:line:col: message`; `err.report()`
    adds the source line and a caret under the column.
    """

    kind = "error"

    def __init__(self, message: str, pos: SourcePos | None = None,
                 filename: str = "<rules>", source: str | None = None):
        if pos is not None and pos.note:
            message = f"{message}; {pos.note}"
        super().__init__(message)
        self.message = message
        self.pos = pos
        self.filename = filename
        self.source = source

    def located(self, filename: str, source: str) -> RulesError:
        """Attach the file this error belongs to (the checker raises before it knows)."""
        self.filename, self.source = filename, source
        return self

    def __str__(self) -> str:
        if self.pos is None:
            return f"{self.filename}: {self.message}"
        return f"{self.filename}:{self.pos.line}:{self.pos.column}: {self.message}"

    def report(self) -> str:
        """The one-line form, then the offending source line and a caret."""
        head = str(self)
        if self.pos is None or self.source is None:
            return head
        lines = source_lines(self.source)
        if not 1 <= self.pos.line <= len(lines):
            return head
        text = lines[self.pos.line - 1].expandtabs(1)
        return f"{head}\n    {text}\n    {' ' * (self.pos.column - 1)}^"


class RulesSyntaxError(RulesError):
    """The text does not parse (an unexpected token or character)."""

    kind = "syntax error"


class RulesSemanticError(RulesError):
    """The text parses but means nothing: an unknown name, a wrong type, a bad option."""

    kind = "semantic error"


class OptionError(GdlError):
    """An option set by the user (`--set name=value`) is unknown or has a bad value."""


class UnknownGame(GdlError):
    """A game name that is neither bundled nor a readable rules file."""


class IllegalMove(GdlError):
    """A move that is not legal (or not readable) in the current position.

    `legal` holds the legal moves' texts so a player can be shown them.
    """

    def __init__(self, message: str, legal: tuple[str, ...] = ()):
        super().__init__(message)
        self.legal = legal

    def __str__(self) -> str:
        base = super().__str__()
        if not self.legal:
            return base
        return f"{base}; legal moves: {' '.join(self.legal)}"


class PositionError(GdlError):
    """A position text (or a level) that does not describe a position of this game."""


class SolverError(GdlError):
    """A solver was given a game it cannot handle (it says which capability is missing)."""


class LimitError(GdlError):
    """A documented limit of gdl was exceeded (see gdl.limits); the message names it."""
