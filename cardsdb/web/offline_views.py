"""The installable web app: its service worker at the site's root, and the pages it shows with
no signal (a page never stored, a form kept to be sent later)."""

from __future__ import annotations

import functools
from pathlib import Path

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from cardsdb.data_version import data_fingerprint

VERSION_MARK = "__VERSION__"


@functools.cache
def _worker_source() -> str:
    return (Path(settings.BASE_DIR) / "static" / "sw.js").read_text(encoding="utf-8")


def service_worker(request: HttpRequest) -> HttpResponse:
    """static/sw.js with the data fingerprint written in: a new load of the rules data (or a
    deploy) changes these bytes, the browser installs the new worker and it drops the old
    store. Served from the root so that it may look after every page of the site."""
    source = _worker_source().replace(VERSION_MARK, data_fingerprint(), 1)
    response = HttpResponse(source, content_type="text/javascript; charset=utf-8")
    response["Service-Worker-Allowed"] = "/"
    response["Cache-Control"] = "no-cache"
    return response


def offline_page(request: HttpRequest) -> HttpResponse:
    """Shown by the service worker for a page it never stored; lists what it stored."""
    return render(request, "web/offline.html", {"kept_form": False})


def offline_form_kept(request: HttpRequest) -> HttpResponse:
    """Shown by the service worker when a form is sent with no signal."""
    return render(request, "web/offline.html", {"kept_form": True})
