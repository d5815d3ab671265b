"""The deployed server's settings (gunicorn.conf.py): gunicorn reads them, each worker is warm
before its first connection, and bench/load_test.py starts gunicorn with them."""

from __future__ import annotations

import argparse
import contextlib
import os
import runpy
import secrets
import signal
import socket
import subprocess
import sys
import textwrap
import time
import urllib.request
from pathlib import Path

import pytest
from django.db import OperationalError
from django.test import Client

from cardsdb import card_index, data_version

ROOT = Path(__file__).resolve().parent.parent
CONF = ROOT / "gunicorn.conf.py"
VENV_BIN = Path(sys.executable).parent
sys.path.insert(0, str(ROOT / "bench"))
import load_test  # type: ignore[import-not-found]  # noqa: E402


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_the_load_test_runs_the_deployed_configuration() -> None:
    args = argparse.Namespace(port=8123, workers=None, worker_class=None, threads=None)
    command = load_test.gunicorn_command(args)
    assert command[command.index("--config") + 1] == str(CONF)
    assert "--workers" not in command and "--threads" not in command
    assert "--worker-class" not in command  # all three are the conf's
    conf = load_test.deployed()
    assert (conf["workers"], conf["worker_class"], conf["threads"]) == (4, "gthread", 2)

    asked = argparse.Namespace(port=8123, workers=2, worker_class="sync", threads=None)
    command = load_test.gunicorn_command(asked)
    assert command[command.index("--workers") + 1] == "2"
    assert command[command.index("--worker-class") + 1] == "sync"


def test_a_warm_worker_has_imported_its_views_and_frozen_its_boot_objects() -> None:
    """In a process of its own: freezing is for the whole process."""
    script = textwrap.dedent(
        f"""
        import gc, runpy, sys
        import django
        django.setup()
        from django.urls import get_resolver
        assert "cardsdb.api.health" not in sys.modules
        assert gc.get_freeze_count() == 0
        runpy.run_path({str(CONF)!r})["warm"]()
        assert "cardsdb.api.health" in sys.modules and "cardsdb.api.desk_views" in sys.modules
        assert get_resolver()._populated
        assert gc.get_freeze_count() > 10_000, gc.get_freeze_count()
        from django.test import Client
        answer = Client().get("/api/v1/health", HTTP_HOST="localhost")
        assert answer.status_code == 200, answer.status_code
        print("ok")
        """
    )
    env = dict(os.environ, DJANGO_SETTINGS_MODULE="cardsdb.settings")
    run = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert run.returncode == 0 and run.stdout.strip() == "ok", run.stderr[-3000:]


def test_gunicorn_started_in_the_project_folder_serves_with_the_conf(tmp_path: Path) -> None:
    """What "Deploying" runs: `gunicorn --bind ...` with no app or worker options."""
    port = _free_port()
    env = dict(
        os.environ,
        SECRET_KEY=secrets.token_urlsafe(50),
        ALLOWED_HOSTS="127.0.0.1",
        DEBUG="0",
        DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}",
    )
    env.pop("REDIS_URL", None)
    log = tmp_path / "gunicorn.log"
    command = [str(VENV_BIN / "gunicorn"), "--bind", f"127.0.0.1:{port}", "--workers", "1"]
    with log.open("w") as out:
        process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=out, stderr=out)
    try:
        deadline = time.monotonic() + 60
        while True:
            assert process.poll() is None, log.read_text()
            with contextlib.suppress(OSError):
                url = f"http://127.0.0.1:{port}/api/v1/health"
                request = urllib.request.Request(url, headers={"X-Forwarded-Proto": "https"})
                with urllib.request.urlopen(request, timeout=5) as answer:
                    assert answer.status == 200
                    break
            assert time.monotonic() < deadline, log.read_text()
            time.sleep(0.2)
    finally:
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=30)
    logged = log.read_text()
    assert "Using worker: gthread" in logged and "Traceback" not in logged, logged


@pytest.mark.django_db
def test_a_warm_worker_has_its_card_list_index_for_the_data_as_it_is(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    card_index.forget()
    runpy.run_path(str(CONF))["card_index_build"]()

    def built_again() -> card_index.Index:
        raise AssertionError("the first card list built the index")

    monkeypatch.setattr(card_index, "build", built_again)
    listed = client.get("/api/v1/cards/?game=higher-lower&ordering=-power")
    assert listed.status_code == 200 and listed.json()["count"] > 0
    assert card_index.current(data_version.data_fingerprint()) is not None


@pytest.mark.django_db
def test_a_worker_whose_database_is_not_ready_boots_without_its_index(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    card_index.forget()

    def no_tables() -> card_index.Index:
        raise OperationalError("no such table: cardsdb_card")

    monkeypatch.setattr(card_index, "build", no_tables)
    runpy.run_path(str(CONF))["card_index_build"]()  # does not raise
    assert "card-list index not built at boot (no such table: cardsdb_card)" in caplog.text


def test_a_warm_worker_has_answered_the_first_uses_so_its_first_request_imports_nothing(
    tmp_path: Path,
) -> None:
    """Work, not time: after `warm(app)`, an invalid-number card filter (whose first answer in
    a process took ~0.6 s) imports no module, in a process of its own on a fresh database."""
    env = dict(
        os.environ,
        DJANGO_SETTINGS_MODULE="cardsdb.settings",
        DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}",
    )
    env.pop("REDIS_URL", None)
    migrated = subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    assert migrated.returncode == 0, migrated.stderr[-3000:]
    script = textwrap.dedent(
        f"""
        import runpy, sys
        import django
        django.setup()
        from django.core.wsgi import get_wsgi_application
        app = get_wsgi_application()
        statuses = []
        def recording(environ, start_response):
            def start(status, headers, exc_info=None):
                statuses.append(status)
                return start_response(status, headers, exc_info)
            return app(environ, start)
        conf = runpy.run_path({str(CONF)!r})
        conf["warm"](recording)
        assert [s[:3] for s in statuses] == ["400"] * len(conf["FIRST_USES"]), statuses
        from django.test import Client
        client = Client(HTTP_HOST="localhost")
        client.get("/api/v1/health")
        before = set(sys.modules)
        for url in ("/api/v1/cards/?cost_min=abc", "/api/v1/cards/?q=power%3Ax"):
            assert client.get(url).status_code == 400
        new = sorted(set(sys.modules) - before)
        assert not new, new
        print("ok")
        """
    )
    run = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert run.returncode == 0 and run.stdout.strip() == "ok", run.stderr[-3000:]
