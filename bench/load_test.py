"""Load test: the production setup on this machine, driven over loopback by wrk.

    .venv/bin/python bench/load_test.py                       # every endpoint at 1/8/32/128
    .venv/bin/python bench/load_test.py --duration 30 --connections 32,128 --json out.json
    .venv/bin/python bench/load_test.py --soak 30             # memory of the workers, 30 min
    REDIS_URL=redis://127.0.0.1:6379/2 .venv/bin/python bench/load_test.py   # shared cache

Needs Debian's wrk (`apt-get install -y wrk`) and a PostgreSQL server (`--database-url`,
default postgres://postgres@127.0.0.1:5432/tablejudge_load). It creates that database if it is
missing, migrates it and loads the fixtures (`--no-setup` skips both), then starts gunicorn the
way README "Deploying" says (DEBUG off, a generated SECRET_KEY, ALLOWED_HOSTS, REDIS_URL if
set) and waits for `/api/v1/health`. wrk, a separate process, then runs each endpoint at each
concurrency for `--duration` seconds, after a short warm-up, sending `X-Forwarded-Proto: https`
as the TLS-terminating proxy in front of production does.

The ceiling is `GET /api/v1/health`: a plain Django view with a fixed JSON body and no database,
through the same middleware, server and settings. Each endpoint's throughput is reported beside
it, at the same concurrency.

The ruling POST is throttled per client (`RULINGS_RATE`, 120/min by default); every request
here comes from 127.0.0.1, so the server is started with `RULINGS_RATE` raised
(`--rulings-rate`, default 1000000/s: per second, because the throttle keeps one timestamp per
request in its window, and a minute of load-test traffic would make that list, read and written
in the cache on every ruling, the thing measured). Give `--rulings-rate 120/min` to watch the
throttle answer 429 instead.

Why wrk: it is a small C program (event loop, one thread per core) that can saturate a server
with a few percent of one core, which matters on a 2-core machine where the load generator
shares the CPU with gunicorn and PostgreSQL; a Python generator would take a core of its own
and measure itself. Its Lua hooks (bench/load/report.lua) give the POST body, a request mix for
the soak, per-status counts and a JSON summary. Its latency is measured from each request's
send, so under saturation it understates queueing (no coordinated-omission correction); p99
is still the right order of magnitude for a closed-loop test like this.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import secrets
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
LUA = ROOT / "bench" / "load" / "report.lua"
VENV_BIN = Path(sys.executable).parent
DEFAULT_DB = os.environ.get(
    "LOAD_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/tablejudge_load"
)
CEILING = "ceiling"


@dataclass(frozen=True)
class Endpoint:
    name: str
    method: str
    path: str
    body: str | None = None  # a file holding the JSON body of a POST

    def spec(self) -> str:
        parts = [self.method, self.path] + ([self.body] if self.body else [])
        return "|".join(parts)


@dataclass
class Result:
    endpoint: str
    connections: int
    rps: float
    p50_ms: float
    p90_ms: float
    p99_ms: float
    max_ms: float
    requests: int
    errors: int
    detail: dict[str, int] = field(default_factory=dict)
    ratio: float | None = None


def fail(message: str) -> None:
    print(f"load_test: {message}", file=sys.stderr)
    sys.exit(2)


def wrk_path() -> str:
    path = shutil.which("wrk")
    if path is None:
        fail(
            "wrk is not installed. On Debian/Ubuntu: `apt-get install -y wrk` "
            "(https://github.com/wg/wrk elsewhere)."
        )
    assert path is not None
    return path


# --- the database -------------------------------------------------------------------------


def database_create(url: str) -> None:
    """Create the load-test database on its server if it does not exist yet."""
    import psycopg
    from psycopg import sql

    parts = urllib.parse.urlsplit(url)
    name = parts.path.lstrip("/")
    if parts.scheme not in ("postgres", "postgresql", "pgsql") or not name:
        fail(f"--database-url must be a PostgreSQL URL naming a database, not {url!r}")
    admin = urllib.parse.urlunsplit(parts._replace(path="/postgres"))
    try:
        with psycopg.connect(admin, autocommit=True, connect_timeout=5) as conn:
            exists = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone()
            if not exists:
                conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
                print(f"created database {name}", flush=True)
    except psycopg.OperationalError as exc:
        fail(f"cannot reach PostgreSQL at {admin}: {exc}".strip())


def database_analyze(url: str) -> None:
    """Fresh planner statistics: right after a bulk load PostgreSQL still plans for empty
    tables until autovacuum gets round to them, and the first minute would measure that."""
    import psycopg

    print("$ ANALYZE", flush=True)
    with psycopg.connect(url, autocommit=True, connect_timeout=5) as conn:
        conn.execute("ANALYZE")


def manage(env: dict[str, str], *args: str) -> None:
    command = [sys.executable, str(ROOT / "manage.py"), *args]
    print("$ " + " ".join(["manage.py", *args]), flush=True)
    subprocess.run(command, env=env, cwd=ROOT, check=True)


# --- the server ---------------------------------------------------------------------------


def server_env(args: argparse.Namespace) -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        DATABASE_URL=args.database_url,
        SECRET_KEY=os.environ.get("SECRET_KEY") or secrets.token_urlsafe(50),
        ALLOWED_HOSTS="127.0.0.1,localhost",
        DEBUG="0",
        RULINGS_RATE=args.rulings_rate,
        LOG_LEVEL="WARNING",
    )
    if args.redis_url:
        env["REDIS_URL"] = args.redis_url
    else:
        env.pop("REDIS_URL", None)
    return env


def gunicorn_command(args: argparse.Namespace) -> list[str]:
    command = [
        str(VENV_BIN / "gunicorn"),
        "cardsdb.wsgi",
        "--bind",
        f"127.0.0.1:{args.port}",
        "--workers",
        str(args.workers),
        "--worker-class",
        args.worker_class,
        "--log-level",
        "warning",
        "--timeout",
        "30",
    ]
    if args.worker_class == "gthread":
        command += ["--threads", str(args.threads)]
    return command


@contextlib.contextmanager
def gunicorn(args: argparse.Namespace, env: dict[str, str], log: Path) -> Iterator[int]:
    command = gunicorn_command(args)
    print("$ gunicorn " + " ".join(command[1:]), flush=True)
    with log.open("w") as out:
        process = subprocess.Popen(command, env=env, cwd=ROOT, stdout=out, stderr=out)
    try:
        base = f"http://127.0.0.1:{args.port}"
        deadline = time.monotonic() + 60
        while True:
            if process.poll() is not None:
                fail(f"gunicorn exited with {process.returncode}; see {log}")
            try:
                if get(base, "/api/v1/health")[0] == 200:
                    break
            except OSError:
                pass
            if time.monotonic() > deadline:
                fail(f"gunicorn did not answer /api/v1/health within 60 s; see {log}")
            time.sleep(0.2)
        yield process.pid
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def get(base: str, path: str) -> tuple[int, bytes]:
    request = urllib.request.Request(base + path, headers={"X-Forwarded-Proto": "https"})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read()


def get_json(base: str, path: str) -> Any:
    status, body = get(base, path)
    if status != 200:
        fail(f"GET {path} answered {status}: {body[:300]!r}")
    return json.loads(body)


def endpoints(base: str, args: argparse.Namespace, workdir: Path) -> list[Endpoint]:
    """The endpoints under test, with a real card and a real worked example from the server."""
    cards = get_json(base, f"/api/v1/cards/?game={args.card_game}&page_size=1&ordering=name")
    if not cards["results"]:
        fail(f"no cards for {args.card_game}: did the fixtures load?")
    card = cards["results"][0]["slug"]
    example = get_json(base, f"/api/v1/games/{args.ruling_game}/example/")
    body = workdir / "ruling.json"
    body.write_text(json.dumps(example))
    chosen = [
        Endpoint(CEILING, "GET", "/api/v1/health"),
        Endpoint("card detail", "GET", f"/api/v1/cards/{args.card_game}/{card}/"),
        Endpoint("card list", "GET", args.card_list),
        Endpoint("rule page", "GET", f"/games/{args.rules_game}/rules/"),
        Endpoint("search", "GET", "/api/v1/search?q=" + urllib.parse.quote(args.search)),
        Endpoint("ruling POST", "POST", f"/api/v1/games/{args.ruling_game}/rulings", str(body)),
    ]
    for endpoint in chosen[1:-1]:  # each must answer 200 before it is worth measuring
        status, content = get(base, endpoint.path)
        if status != 200:
            fail(f"{endpoint.name}: GET {endpoint.path} answered {status}: {content[:300]!r}")
    return chosen


# --- wrk ----------------------------------------------------------------------------------


def wrk(
    base: str, specs: list[str], connections: int, seconds: float, timeout: int = 10
) -> dict[str, int]:
    threads = max(1, min(connections, os.cpu_count() or 1, 2))
    command = [
        wrk_path(),
        f"-t{threads}",
        f"-c{connections}",
        f"-d{max(1, round(seconds))}s",
        f"--timeout={timeout}s",
        "-s",
        str(LUA),
        base + "/",
        "--",
        *specs,
    ]
    run = subprocess.run(command, capture_output=True, text=True, check=False)
    for line in run.stdout.splitlines():
        if line.startswith("LOADTEST-JSON "):
            return json.loads(line.removeprefix("LOADTEST-JSON "))
    fail(f"wrk gave no summary (exit {run.returncode}): {run.stdout}\n{run.stderr}")
    raise AssertionError  # unreachable


def result_of(name: str, connections: int, raw: dict[str, int]) -> Result:
    seconds = raw["duration_us"] / 1e6
    socket_errors = raw["connect"] + raw["read"] + raw["write"] + raw["timeout"]
    not_ok = raw["s3xx"] + raw["s4xx"] + raw["s429"] + raw["s5xx"]
    return Result(
        endpoint=name,
        connections=connections,
        rps=raw["requests"] / seconds if seconds else 0.0,
        p50_ms=raw["p50_us"] / 1000,
        p90_ms=raw["p90_us"] / 1000,
        p99_ms=raw["p99_us"] / 1000,
        max_ms=raw["max_us"] / 1000,
        requests=raw["requests"],
        errors=socket_errors + not_ok,
        detail={k: raw[k] for k in ("connect", "read", "write", "timeout") if raw[k]}
        | {k: raw[k] for k in ("s3xx", "s4xx", "s429", "s5xx") if raw[k]},
    )


def sweep(base: str, chosen: list[Endpoint], args: argparse.Namespace) -> list[Result]:
    results: list[Result] = []
    for endpoint in chosen:  # warm every worker: imports, connections, caches
        wrk(base, [endpoint.spec()], 8, args.warmup)
    for connections in args.connections:
        ceiling: float | None = None
        for endpoint in chosen:
            result = result_of(
                endpoint.name, connections, wrk(base, [endpoint.spec()], connections, args.duration)
            )
            if endpoint.name == CEILING:
                ceiling = result.rps
            if ceiling:
                result.ratio = result.rps / ceiling
            results.append(result)
            print(line_of(result), flush=True)
    return results


def line_of(r: Result) -> str:
    ratio = f"{r.ratio:.0%}" if r.ratio is not None else "-"
    errors = f"{r.errors}" + (f" {r.detail}" if r.detail else "")
    return (
        f"  {r.endpoint:<12} c={r.connections:<4} {r.rps:8.0f} req/s  p50 {r.p50_ms:7.1f} ms  "
        f"p99 {r.p99_ms:7.1f} ms  errors {errors}  ceiling {ratio}"
    )


def table(results: list[Result]) -> str:
    rows = [
        "| endpoint | connections | req/s | p50 ms | p99 ms | errors | of ceiling |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for r in results:
        ratio = f"{r.ratio:.0%}" if r.ratio is not None else "-"
        rows.append(
            f"| {r.endpoint} | {r.connections} | {r.rps:.0f} | {r.p50_ms:.1f} | {r.p99_ms:.1f} "
            f"| {r.errors} | {ratio} |"
        )
    return "\n".join(rows)


def targets(results: list[Result]) -> list[str]:
    """The issue's targets, each said to be met or not."""
    lines = []
    for r in results:
        if r.endpoint in ("card detail", "rule page") and r.ratio is not None:
            ok = r.ratio >= 0.6
            lines.append(
                f"{'met ' if ok else 'MISSED'} {r.endpoint} at {r.connections}: "
                f"{r.ratio:.0%} of the ceiling (target >= 60%)"
            )
    for r in results:
        if r.connections == 32:
            ok = r.p99_ms < 50
            lines.append(
                f"{'met ' if ok else 'MISSED'} {r.endpoint} p99 at 32: {r.p99_ms:.1f} ms "
                "(target < 50 ms)"
            )
    for r in results:
        if r.connections == 128:
            ok = r.errors == 0
            lines.append(
                f"{'met ' if ok else 'MISSED'} {r.endpoint} errors at 128: {r.errors} (target 0)"
            )
    return lines


# --- the soak -----------------------------------------------------------------------------


def worker_pids(master: int) -> list[int]:
    pids = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        with contextlib.suppress(OSError):
            stat = (entry / "stat").read_text()
            ppid = int(stat.rsplit(")", 1)[1].split()[1])
            if ppid == master:
                pids.append(int(entry.name))
    return sorted(pids)


def rss_kib(pid: int) -> int | None:
    with contextlib.suppress(OSError):
        for line in (Path("/proc") / str(pid) / "status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return None


def sample(master: int) -> dict[int, int]:
    return {pid: kib for pid in worker_pids(master) if (kib := rss_kib(pid)) is not None}


def soak(base: str, master: int, chosen: list[Endpoint], args: argparse.Namespace) -> None:
    seconds = args.soak * 60
    interval = args.sample_seconds or max(2.0, min(60.0, seconds / 30))
    specs = [e.spec() for e in chosen]
    boot = sample(master)
    print(
        f"soak: {len(boot)} workers, {args.soak_connections} connections, the mix of "
        f"{len(specs)} endpoints, {args.soak:g} min, RSS sampled every {interval:.0f} s",
        flush=True,
    )
    wrk(base, specs, args.soak_connections, args.warmup * 2)  # warm-up, not sampled
    samples: list[tuple[float, dict[int, int]]] = []
    stop = threading.Event()
    started = time.monotonic()

    def sampler() -> None:
        while True:
            samples.append((time.monotonic() - started, sample(master)))
            if stop.wait(interval):
                samples.append((time.monotonic() - started, sample(master)))
                return

    thread = threading.Thread(target=sampler, daemon=True)
    thread.start()
    raw = wrk(base, specs, args.soak_connections, seconds)
    stop.set()
    thread.join()
    result = result_of("mix", args.soak_connections, raw)

    def mib(kib: float) -> str:
        return f"{kib / 1024:.1f}"

    print("\n| minute | workers | total RSS MiB | per worker MiB |")
    print("| ---: | ---: | ---: | --- |")
    for at, rss in samples:
        print(
            f"| {at / 60:.1f} | {len(rss)} | {mib(sum(rss.values()))} | "
            f"{' '.join(mib(v) for _, v in sorted(rss.items()))} |"
        )
    totals = [sum(rss.values()) for _, rss in samples]
    start, end, peak = totals[0], totals[-1], max(totals)
    first_pids, last_pids = set(samples[0][1]), set(samples[-1][1])
    print(
        f"\nsoak: {result.requests} requests, {result.rps:.0f} req/s, p99 {result.p99_ms:.1f} ms, "
        f"errors {result.errors} {result.detail or ''}"
    )
    print(
        f"workers' RSS: at boot {mib(sum(boot.values()))} MiB, after warm-up (start) "
        f"{mib(start)} MiB, end {mib(end)} MiB, max {mib(peak)} MiB, "
        f"end - start {mib(end - start)} MiB ({(end - start) / start:+.1%})"
    )
    for pid in sorted(first_pids & last_pids):
        values = [rss[pid] for _, rss in samples if pid in rss]
        print(
            f"  worker {pid}: start {mib(values[0])}, end {mib(values[-1])}, "
            f"max {mib(max(values))} MiB"
        )
    if first_pids != last_pids:
        print(f"  workers were replaced during the soak: {sorted(first_pids ^ last_pids)}")
    if args.json:
        document = {
            "soak_minutes": args.soak,
            "result": result.__dict__,
            "boot_kib": boot,
            "samples": [{"seconds": at, "rss_kib": rss} for at, rss in samples],
        }
        Path(args.json).write_text(json.dumps(document, indent=2))


# --- main ---------------------------------------------------------------------------------


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--duration", type=float, default=10, help="seconds per run (10)")
    parser.add_argument("--warmup", type=float, default=2, help="seconds of warm-up per endpoint")
    parser.add_argument(
        "--connections", default="1,8,32,128", help="concurrency levels (1,8,32,128)"
    )
    parser.add_argument("--only", default="", help="endpoint names to run, comma-separated")
    parser.add_argument("--database-url", default=DEFAULT_DB)
    parser.add_argument("--no-setup", action="store_true", help="skip migrate and load_fixtures")
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--worker-class", default="gthread", choices=["gthread", "sync"])
    parser.add_argument("--threads", type=int, default=2, help="threads per gthread worker")
    parser.add_argument("--redis-url", default=os.environ.get("REDIS_URL", ""))
    parser.add_argument(
        "--rulings-rate", default="1000000/s", help="the ruling throttle for this server"
    )
    parser.add_argument("--card-game", default="star-realms-high-alert")
    parser.add_argument(
        "--card-list",
        default="/api/v1/cards/?game=bo-jackson-battle-arena&type=hero&power_min=200"
        "&ordering=-power",
        help="the card list URL, with its filters",
    )
    parser.add_argument("--rules-game", default="super-hazard-quest")
    parser.add_argument("--search", default="draw card", help="the search query")
    parser.add_argument("--ruling-game", default="star-realms-high-alert")
    parser.add_argument("--json", default="", help="also write the results to this file")
    parser.add_argument(
        "--soak", type=float, default=0, help="minutes of mixed load, sampling workers' RSS"
    )
    parser.add_argument("--soak-connections", type=int, default=32)
    parser.add_argument("--sample-seconds", type=float, default=0)
    args = parser.parse_args()
    args.connections = [int(c) for c in args.connections.split(",") if c.strip()]

    wrk_path()
    env = server_env(args)
    if not args.no_setup:
        database_create(args.database_url)
        manage(env, "migrate", "--noinput", "-v", "0")
        manage(env, "load_fixtures")
        database_analyze(args.database_url)
    log = ROOT / "var" / "load_test-gunicorn.log"
    log.parent.mkdir(exist_ok=True)
    base = f"http://127.0.0.1:{args.port}"
    version = subprocess.run([wrk_path(), "-v"], capture_output=True, text=True).stdout
    with tempfile.TemporaryDirectory() as workdir, gunicorn(args, env, log) as master:
        chosen = endpoints(base, args, Path(workdir))
        if args.only:
            wanted = {n.strip() for n in args.only.split(",")} | {CEILING}
            chosen = [e for e in chosen if e.name in wanted]
        threads = f" x {args.threads} threads" if args.worker_class == "gthread" else ""
        cache = f"Redis {args.redis_url}" if args.redis_url else "local memory (per worker)"
        database = urllib.parse.urlsplit(args.database_url).path.lstrip("/")
        print(version.splitlines()[0] if version else "wrk")
        print(
            f"server: {args.workers} {args.worker_class} workers{threads}, cache {cache}, "
            f"PostgreSQL database {database}, {os.cpu_count()} CPUs"
        )
        for e in chosen:
            print(f"  {e.name:<12} {e.method} {e.path}")
        if args.soak:
            soak(base, master, chosen, args)
        else:
            print(f"{args.duration:g} s per run, connections {args.connections}", flush=True)
            results = sweep(base, chosen, args)
            print()
            print(table(results))
            print()
            for line in targets(results):
                print(line)
            if args.json:
                Path(args.json).write_text(json.dumps([r.__dict__ for r in results], indent=2))
    logged = log.read_text().strip()
    if logged:
        print(f"\nthe server logged (from {log}):\n{logged[-3000:]}")


if __name__ == "__main__":
    main()
