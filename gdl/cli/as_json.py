"""The JSON objects of `--json` that the commands share: errors, `list` and `check`."""

from __future__ import annotations

from typing import Any

from gdl import catalog
from gdl.errors import GdlError, IllegalMove, RulesError


def error_document(err: BaseException, command: str, game: str | None = None
                   ) -> dict[str, Any]:
    """An error as the JSON object `--json` prints on stdout (stderr keeps the line)."""
    doc: dict[str, Any] = {"error": str(err), "type": type(err).__name__, "command": command}
    if game is not None:
        doc["game"] = game
    if isinstance(err, RulesError):
        doc.update(file=err.filename, message=err.message,
                   line=err.pos.line if err.pos else None,
                   column=err.pos.column if err.pos else None)
    if isinstance(err, IllegalMove):
        doc["legal"] = list(err.legal)
    if not isinstance(err, GdlError):
        doc["type"] = "internal error"
    return doc


def list_document() -> list[dict[str, str]]:
    return [{"name": name, "title": title, "kind": catalog.kind(name)}
            for name, title in catalog.bundled_games()]


def check_document(game: str, report: Any) -> dict[str, Any]:
    """`gdl check --json`: the summary's lines and the declarations found false."""
    lines = str(report).splitlines()
    return {"game": game, "ok": not getattr(report, "errors", ()),
            "summary": lines[0] if lines else "", "details": [ln.strip() for ln in lines[1:]],
            "errors": list(getattr(report, "errors", ())),
            "warnings": list(getattr(report, "warnings", ()))}
