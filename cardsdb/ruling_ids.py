"""Permalink ids of rulings: the same game, state and move always give the same id.

The id is a hash of the request's canonical JSON, so the bytes hashed must never change: they
are `json.dumps(value, sort_keys=True, separators=(",", ":"))`'s, written by orjson where its
bytes are the same (most boards) and by `json.dumps` itself elsewhere.
"""

from __future__ import annotations

import base64
import hashlib
import json
from typing import Any

import orjson


def ruling_id(slug: str, request: dict[str, Any]) -> str:
    digest = hashlib.sha256(canonical_json([slug, request])).digest()
    # the first 10 base32 letters spell the first 50 bits: 7 bytes are enough to encode
    return base64.b32encode(digest[:7]).decode().lower()[:10]


# Every digit read as 0 and every `.`, `e`, `E` as `.`: a float's spelling is then `0.`.
_NUMBER_EDGES = bytes.maketrans(b"0123456789.eE", b"0000000000...")


def _not_same_bytes(written: bytes) -> bool:
    """Where orjson's sorted output may not be `json.dumps`'s byte for byte: a float (1e-05
    is written 0.00001), any byte beyond ASCII (json escapes it, DEL included), and null
    (orjson also writes NaN and infinities as null). A string that merely looks like one
    ("rule 3.2") only takes the slower path. It is the regular expression
    `[0-9][.eE]|[\\x7f-\\xff]|null` (tested), without one: ~7 us on a 2 KB board, not ~40."""
    return (
        not written.isascii()
        or b"\x7f" in written
        or b"null" in written
        or b"0." in written.translate(_NUMBER_EDGES)
    )


_ORJSON_SORTED = (
    orjson.OPT_SORT_KEYS | orjson.OPT_PASSTHROUGH_DATACLASS | orjson.OPT_PASSTHROUGH_DATETIME
)


def _refuse(value: Any) -> Any:
    raise TypeError(type(value).__name__)  # what json.dumps refuses, orjson is not to write


def canonical_json(value: Any) -> bytes:
    """The bytes of `json.dumps(value, sort_keys=True, separators=(",", ":"))`, which permalink
    ids have always hashed (so they must never change), written by orjson when its bytes are
    the same for what a JSON parser hands over (most boards: plain ASCII and whole numbers;
    5-15x faster), otherwise by json.dumps itself."""
    try:
        written = orjson.dumps(value, default=_refuse, option=_ORJSON_SORTED)
    except (TypeError, orjson.JSONEncodeError):  # beyond 64 bits, a non-text key, a surrogate
        written = None
    if written is None or _not_same_bytes(written):
        return json.dumps(value, sort_keys=True, separators=(",", ":")).encode()
    return written
