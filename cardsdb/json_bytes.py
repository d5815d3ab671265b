"""JSON out through orjson: the same bytes DRF's JSONRenderer writes, several times faster.

DRF renders with `json.dumps(..., ensure_ascii=False, separators=(",", ":"))` and then escapes
U+2028/U+2029; orjson writes the same compact UTF-8 for the same str/int/float/bool/None/list/
dict values, and hands everything else (datetimes, decimals, lazy strings, querysets) to DRF's
own encoder, so those come out as before. A value orjson refuses (an integer beyond 64 bits)
falls back to the stock renderer. Pretty-printed output (`; indent=4`, the browsable API) is
left to the stock renderer too.
"""

from __future__ import annotations

from typing import Any

import orjson
from rest_framework.renderers import JSONRenderer
from rest_framework.utils import encoders

_OPTIONS = orjson.OPT_PASSTHROUGH_DATETIME | orjson.OPT_NON_STR_KEYS
_encoder = encoders.JSONEncoder()


def _default(value: Any) -> Any:
    return _encoder.default(value)


def _stock(data: Any) -> bytes:
    return JSONRenderer().render(data)


def dumps(data: Any) -> bytes:
    """`data` as the API's JSON bytes."""
    try:
        out = orjson.dumps(data, default=_default, option=_OPTIONS)
    except (TypeError, orjson.JSONEncodeError):
        return _stock(data)
    if b"\xe2\x80\xa8" in out or b"\xe2\x80\xa9" in out:  # as DRF does: a strict JS subset
        out = out.replace(b"\xe2\x80\xa8", b"\\u2028").replace(b"\xe2\x80\xa9", b"\\u2029")
    return out
