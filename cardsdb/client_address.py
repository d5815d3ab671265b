"""The client's address, one way for everything that keys on it: the rulings rate limit (DRF's
throttles) and the admin login lockout (django-axes, `AXES_CLIENT_IP_CALLABLE`).

It is REMOTE_ADDR, or, with `NUM_PROXIES=n` trusted proxies in front (deploy/nginx.conf is
one), the address the outermost of them saw, read from the right of X-Forwarded-For: what a
client writes there itself sits further left and is never read. Gunicorn listens on the
loopback only, so the header reaches it only through the proxy.
"""

from __future__ import annotations

from typing import Any

from rest_framework.throttling import BaseThrottle


def client_address(request: Any) -> str | None:
    """DRF's own reading (`BaseThrottle.get_ident`), so both limits see the same client."""
    address: str | None = BaseThrottle().get_ident(request)
    return address
