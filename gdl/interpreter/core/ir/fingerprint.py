"""What the IR's digests are taken of: a text of an IR value without its defaults."""

from __future__ import annotations

from typing import Any

import attrs


def fingerprint(node: Any) -> str:
    """A text of an IR value that leaves out the fields at their defaults, so that a field
    added to the IR later (its default: the old meaning) keeps every digest built on it:
    the fitted weights' (gdl.interpreter.game_digest), the C library's game hash and its
    build key (interpreter/c/generate.py, build.py)."""
    if attrs.has(type(node)):
        parts = []
        for field in attrs.fields(type(node)):
            value, default = getattr(node, field.name), field.default
            if isinstance(default, attrs.Factory):   # type: ignore[arg-type]
                default = default.factory()
            if default is not attrs.NOTHING and _same(value, default):
                continue
            parts.append(f"{field.name}={fingerprint(value)}")
        return f"{type(node).__name__}({', '.join(parts)})"
    if isinstance(node, (tuple, list)):
        return f"({', '.join(fingerprint(item) for item in node)})"
    if isinstance(node, dict):
        return "{" + ", ".join(f"{fingerprint(k)}: {fingerprint(v)}"
                               for k, v in sorted(node.items(), key=repr)) + "}"
    if isinstance(node, (set, frozenset)):
        return "{" + ", ".join(sorted(fingerprint(item) for item in node)) + "}"
    return repr(node)


def _same(value: Any, default: Any) -> bool:
    try:
        return type(value) is type(default) and bool(value == default)
    except Exception:   # a value that will not compare: never a default
        return False
