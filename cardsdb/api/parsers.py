"""The JSON the desk reads: DRF's parser, with nesting too deep for Python's decoder refused as
a parse error (a 400) instead of escaping as a RecursionError (a 500)."""

from __future__ import annotations

from typing import Any

from rest_framework import parsers
from rest_framework.exceptions import ParseError


class JSONParser(parsers.JSONParser):
    def parse(self, stream: Any, media_type: Any = None, parser_context: Any = None) -> Any:
        try:
            return super().parse(stream, media_type, parser_context)
        except RecursionError:
            raise ParseError("JSON parse error - the document is nested too deeply.") from None


class PlainTextParser(parsers.BaseParser):
    """A `text/plain` body (a pasted deck list) as one string, UTF-8."""

    media_type = "text/plain"

    def parse(self, stream: Any, media_type: Any = None, parser_context: Any = None) -> Any:
        try:
            return stream.read().decode("utf-8") if stream is not None else ""
        except UnicodeDecodeError:
            raise ParseError("The text is not UTF-8.") from None
