"""What PostgreSQL cannot store: a NUL character or half a surrogate pair, refused as bad input
(a 400 naming the field) before anything is ruled or kept."""

from __future__ import annotations

import re
from typing import Any

import orjson

from games.core.errors import InvalidState

UNSTORABLE = re.compile("[\x00\ud800-\udfff]")


def text_check_storable(body: Any) -> None:
    """Refuse (InvalidState, naming the field) a NUL character or half a surrogate pair
    anywhere in a request, keys included: JSON's \\u escapes can spell both, and PostgreSQL can
    neither store nor compare them. Most requests hold neither: orjson's encoder refuses a
    lone surrogate and spells a NUL `\\u0000`, so one C call tells; only then is the request
    walked to name the field."""
    try:
        if b"\\u0000" not in orjson.dumps(body):
            return
    except (TypeError, orjson.JSONEncodeError):
        pass  # a lone surrogate (or something orjson cannot write): walk to find it
    stack: list[tuple[str, Any]] = [("", body)]
    while stack:
        path, node = stack.pop()
        if isinstance(node, dict):
            for key, value in node.items():
                if UNSTORABLE.search(str(key)):
                    raise InvalidState(path or "body", "a key holds a NUL or a lone surrogate")
                stack.append((f"{path}.{key}" if path else str(key), value))
        elif isinstance(node, list):
            stack.extend((f"{path}.{i}", value) for i, value in enumerate(node))
        elif isinstance(node, str) and UNSTORABLE.search(node):
            raise InvalidState(path or "body", "the text holds a NUL or a lone surrogate")
