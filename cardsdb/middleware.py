"""Response headers every page and API answer carries."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse

# Scripts only from our own origin (the API docs load theirs from static files); inline styles
# are allowed for the SVG board pictures, which carry their own <style>.
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'self'; "
    "form-action 'self'"
)


class SecurityHeadersMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        response.setdefault("Content-Security-Policy", CONTENT_SECURITY_POLICY)
        response.setdefault("Permissions-Policy", "camera=(), microphone=(), geolocation=()")
        user = getattr(request, "user", None)
        anonymous = user is None or not user.is_authenticated
        if (
            request.method in ("GET", "HEAD")
            and response.status_code == 200
            and anonymous
            and not request.path.startswith("/admin/")
        ):
            # Shared caches may keep public pages briefly; the ETag revalidates them after.
            response.setdefault("Cache-Control", "public, max-age=60")
        return response
