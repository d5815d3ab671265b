"""Requests answered in this process through Django's WSGI handler, with the production
middleware and settings (DEBUG off, behind the TLS proxy, response cache off), and the CPU they
cost: this process's (`time.process_time`) and its PostgreSQL backend's (read from /proc, as the
load test counts it). Shared by `reads_profile.py` and `search_profile.py`; `desk_bench.py`
reads the backend's CPU with it.

    from inprocess import production_settings
    production_settings("my-bench")  # before django.setup()
    ...
    harness = Harness()
    own, pg = harness.measure(paths)
"""

from __future__ import annotations

import cProfile
import io
import os
import pstats
import sys
import time
import urllib.parse
from collections.abc import Iterable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")

# What an app's HTTP library sends (axios's default): JSON by DRF's negotiation, but not the
# lean views' exact Accept, so a card detail asked with it is answered by the DRF view. A path
# ending in `?app` is asked with it (and no query is sent).
APP_ACCEPT = "application/json, text/plain, */*"


def production_settings(name: str) -> None:
    """The project and bench/ importable, and the settings production runs with, unless the
    environment says otherwise. Call before `django.setup()`."""
    for folder in (ROOT / "bench", ROOT):
        if str(folder) not in sys.path:
            sys.path.insert(0, str(folder))
    os.environ.setdefault("SECRET_KEY", f"{name}-only")
    os.environ.setdefault("DEBUG", "0")
    os.environ.setdefault("ALLOWED_HOSTS", "testserver")
    os.environ.setdefault("RESPONSE_CACHE_SECONDS", "0")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cardsdb.settings")


def backend_cpu(pid: int | None) -> float:
    """The CPU seconds a PostgreSQL backend has used (0 on SQLite, or when the server is not
    on this machine)."""
    if pid is None:
        return 0.0
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS


def backend_pid() -> int | None:
    """The pid of the default connection's PostgreSQL backend (None on SQLite)."""
    from django.db import connection

    connection.ensure_connection()
    if connection.vendor != "postgresql":
        return None
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        pid: int = cursor.fetchone()[0]
    return pid


def environ(path: str) -> dict[str, Any]:
    """A GET of `path` as the TLS proxy hands it on."""
    route, _, query = path.partition("?")
    accept = {"HTTP_ACCEPT": APP_ACCEPT} if query == "app" else {}
    query = "" if query == "app" else query
    return {
        **accept,
        "REQUEST_METHOD": "GET",
        "PATH_INFO": urllib.parse.unquote(route),
        "QUERY_STRING": query,
        "SERVER_NAME": "testserver",
        "SERVER_PORT": "443",
        "HTTP_HOST": "testserver",
        "HTTP_X_FORWARDED_PROTO": "https",
        "REMOTE_ADDR": "127.0.0.1",
        "wsgi.url_scheme": "https",
        "wsgi.input": io.BytesIO(b""),
        "wsgi.errors": sys.stderr,
        "wsgi.version": (1, 0),
        "wsgi.multithread": True,
        "wsgi.multiprocess": True,
        "wsgi.run_once": False,
    }


class Harness:
    """One WSGI application on one database connection kept open throughout (its backend's
    CPU is read by its pid), counting the statuses it answers."""

    def __init__(self) -> None:
        from django.core.handlers.wsgi import WSGIHandler
        from django.db import connection

        connection.settings_dict["CONN_MAX_AGE"] = None
        self.app = WSGIHandler()
        self.statuses: dict[int, int] = {}
        self.call("/api/v1/health")
        self.backend = backend_pid()

    def call(self, path: str) -> None:
        def start(status: str, headers: Any) -> None:
            code = int(status.split()[0])
            self.statuses[code] = self.statuses.get(code, 0) + 1

        body = self.app(environ(path), start)
        for _ in body:
            pass
        close = getattr(body, "close", None)
        if close:
            close()

    def measure(
        self,
        paths: Iterable[str],
        profiler: cProfile.Profile | None = None,
        sort: str = "cumulative",
        top: int = 30,
    ) -> tuple[float, float]:
        """CPU seconds a request, (this process's, the PostgreSQL backend's), over `paths`;
        with a profiler, its `top` functions by `sort` printed after."""
        cpu, pg = time.process_time(), backend_cpu(self.backend)
        n = 0
        if profiler:
            profiler.enable()
        for path in paths:
            self.call(path)
            n += 1
        if profiler:
            profiler.disable()
        own, pg = (time.process_time() - cpu) / n, (backend_cpu(self.backend) - pg) / n
        if profiler:
            out = io.StringIO()
            pstats.Stats(profiler, stream=out).sort_stats(sort).print_stats(top)
            print(out.getvalue())
        return own, pg
