"""`GET /api/v1/health`: the service is up. Touches no database, cache or template.

It doubles as the ceiling of the load test (`bench/load_test.py`): a plain Django view with a
fixed JSON body, run through the same middleware, server and settings as every other
endpoint, so it measures what this stack costs before any of our own work. It is a plain Django
view, not a DRF one, on purpose (no content negotiation, throttles or serializers to pay for);
drf-spectacular lists DRF views only, so it is deliberately absent from the OpenAPI schema: it
is an operations endpoint for load balancers and monitors, not part of the reference API.
"""

from __future__ import annotations

from django.http import HttpRequest, JsonResponse
from django.views.decorators.http import require_safe

BODY = {"status": "ok"}


@require_safe
def health(request: HttpRequest) -> JsonResponse:
    response = JsonResponse(BODY)
    # A health answer must never come from a cache (and needs no ETag).
    response["Cache-Control"] = "no-store"
    return response
