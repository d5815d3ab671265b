"""The API's renderer: DRF's JSONRenderer writing through `dumps` (cardsdb/json_bytes.py), the
same bytes several times faster; pretty-printed output (`; indent=4`, the browsable API) is
left to the stock renderer."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rest_framework.renderers import JSONRenderer

from cardsdb.json_bytes import dumps

__all__ = ["FastJSONRenderer", "dumps"]


class FastJSONRenderer(JSONRenderer):
    """DRF's JSONRenderer with orjson underneath (same media type, format and output)."""

    def render(
        self,
        data: Any,
        accepted_media_type: str | None = None,
        renderer_context: Mapping[str, Any] | None = None,
    ) -> bytes:
        if data is None:
            return b""
        if self.get_indent(accepted_media_type or "", dict(renderer_context or {})) is not None:
            return super().render(data, accepted_media_type, renderer_context)
        return dumps(data)
