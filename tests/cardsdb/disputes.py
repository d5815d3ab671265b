"""Bringing a dispute to the website, as the tests of each game's pages do."""

from __future__ import annotations

import json
from typing import Any

from django.test import Client


def settle(web: Client, state: dict[str, Any], move: dict[str, Any], *, slug: str) -> str:
    """Bring a dispute through the website's JSON box; the URL of the ruling page."""
    body = json.dumps({"state": state, "move": move})
    response = web.post(f"/games/{slug}/disputes/json/", {"dispute": body})
    assert response.status_code == 302, response.content.decode()[:2000]
    return response["Location"]
