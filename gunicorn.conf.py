"""How the app servers run: `gunicorn cardsdb.wsgi --bind ...` from the project's folder reads
this file (gunicorn's default `./gunicorn.conf.py`), and bench/load_test.py starts gunicorn
with it, so the load test measures what is deployed. Command-line options override it.

Each worker imports the whole URL conf (every view, DRF, the engines' models) and then
freezes what it holds for the garbage collector, before it takes its first connection. Left
lazy, that import was the first request of every new worker: ~0.65 s of CPU on a quiet
machine and 0.9-4.2 s on a busy one, while every request queued behind it on that worker waited;
and every full collection walked the ~120,000 objects the boot left (54-75 ms of CPU, a
stop-the-world pause of the worker, one or two a worker every ten seconds at load). Frozen,
they are never walked again (nothing frozen is garbage: a full collection runs first).

It also builds the worker's card-list index for the data as it is (cardsdb/card_index.py):
built on a worker's first card list instead, it held that request and every one queued behind
it for ~0.65 s of CPU (the card list's p99 of 849 ms at 8 connections in the load test at
ee94ee4). A database that is not there yet, or not migrated, leaves it to the first list. And
it reads the English word list that search's spelling corrections consult
(cardsdb/search/spelling.py).

Last, each worker answers `FIRST_USES` through its own app, quietly: an invalid-number card
filter's first answer in a process imported the cache backend and a codec and built
django-filter's error path (~0.6 s per worker in the issue's measurement, 222 ms against
92 ms for the next one on 2026-12-02 on a busy machine); after it, that request imports nothing.
"""

from __future__ import annotations

import gc
import logging
from typing import Any

wsgi_app = "cardsdb.wsgi"
worker_class = "gthread"
workers = 4
threads = 2
timeout = 30


def post_worker_init(worker: Any) -> None:
    """Called in each worker once the app is loaded, before its first connection."""
    warm(worker.wsgi)


def warm(app: Any = None) -> None:
    from django.urls import get_resolver

    resolver = get_resolver()
    resolver.url_patterns  # noqa: B018 -- imports every view module
    resolver.reverse_dict  # noqa: B018 -- builds the reverse look-ups the views use
    card_index_build()
    search_words_load()
    if app is not None:
        first_uses(app)
    from django.db import connections

    connections.close_all()  # this thread serves no request: its connection would sit open
    gc.collect()
    gc.freeze()


# Requests whose first answer in a process does work the later ones do not (imports, django-
# filter's forms, the error path and its logging): each worker answers them once before its
# first connection. The invalid-number card filter's first answer took ~0.6 s on each worker.
FIRST_USES = (
    "/api/v1/cards/?cost_min=not-a-number",
    "/api/v1/cards/?q=cost%3Anot-a-number",
)


def first_uses(app: Any) -> None:
    """Answer each of FIRST_USES through the worker's own WSGI app, quietly (no access or
    warning log line); a failure leaves the work to the first real request."""
    import io

    from django.conf import settings

    hosts = [h for h in settings.ALLOWED_HOSTS if h and not h.startswith((".", "*"))]
    quiet = logging.getLogger("django.request")
    level = quiet.level
    quiet.setLevel(logging.CRITICAL)
    try:
        for url in FIRST_USES:
            path, _, query = url.partition("?")
            environ = {
                "REQUEST_METHOD": "GET",
                "PATH_INFO": path,
                "QUERY_STRING": query,
                "SERVER_NAME": "localhost",
                "SERVER_PORT": "443",
                "HTTP_HOST": hosts[0] if hosts else "localhost",
                "HTTP_X_FORWARDED_PROTO": "https",
                "REMOTE_ADDR": "127.0.0.1",
                "wsgi.url_scheme": "https",
                "wsgi.input": io.BytesIO(),
                "wsgi.errors": io.StringIO(),
                "wsgi.version": (1, 0),
                "wsgi.multithread": True,
                "wsgi.multiprocess": True,
                "wsgi.run_once": False,
            }
            try:
                body = app(environ, lambda status, headers, exc_info=None: None)
                for _ in body:
                    pass
                getattr(body, "close", lambda: None)()
            except Exception as exc:
                logging.getLogger("gunicorn.error").warning(
                    "first use of %s not warmed: %s", url, exc
                )
    finally:
        quiet.setLevel(level)


def search_words_load() -> None:
    """The English word list search reads before it corrects a word (about half a second of
    CPU): read here, not on the first search with a word the index does not hold."""
    from cardsdb.search.spelling import _english_words

    _english_words()


def card_index_build() -> None:
    from cardsdb import card_index, response_cache

    try:
        if card_index.enabled():
            card_index.current(response_cache.data_fingerprint())
    except Exception as exc:  # a worker serves without it: its first list builds it
        logging.getLogger("gunicorn.error").warning(
            "card-list index not built at boot (%s): the first card list builds it", exc
        )
