"""The security headers every answer carries: pages and API answers (through
cardsdb/middleware.py) and static files (whitenoise's `WHITENOISE_ADD_HEADERS_FUNCTION`, which
answers before any other middleware sees the request). Imports nothing from Django, so the
settings can name the function."""

from __future__ import annotations

from collections.abc import MutableMapping

# Scripts only from our own origin (the API docs load theirs from static files); inline styles
# are allowed for the SVG board pictures, which carry their own <style>.
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'self'; "
    "form-action 'self'"
)
PERMISSIONS_POLICY = "camera=(), microphone=(), geolocation=()"
STATIC_HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "Permissions-Policy": PERMISSIONS_POLICY,
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
}


def add_static_headers(headers: MutableMapping[str, str], path: str, url: str) -> None:
    """whitenoise's hook, called once per static file when it is first indexed."""
    for name, value in STATIC_HEADERS.items():
        headers[name] = value
