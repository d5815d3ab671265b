"""Error pages: JSON in the API's error shape under /api/, HTML elsewhere."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from cardsdb.api.errors import json_404, json_500
from cardsdb.middleware import database_error_in_flight, database_unavailable


def not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    if request.path.startswith("/api/"):
        return json_404(request, exception)
    return render(request, "web/404.html", status=404)


def server_error(request: HttpRequest) -> HttpResponse:
    if database_error_in_flight():  # raised outside a view (a middleware): still a 503
        return database_unavailable(request)
    if request.path.startswith("/api/"):
        return json_500(request)
    return render(request, "web/500.html", status=500)
