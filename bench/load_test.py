"""Load test: the production setup on this machine, driven over loopback by wrk, with a
realistic cold mix as its headline.

    .venv/bin/python bench/load_test.py --duration 8        # the headline: cold, then hot
    .venv/bin/python bench/load_test.py --phases cold --connections 32 --only "card detail"
    .venv/bin/python bench/load_test.py --soak 10           # cold mix, workers' memory, 10 min
    REDIS_URL=redis://127.0.0.1:6379/2 .venv/bin/python bench/load_test.py   # shared cache

Two phases, each with its own server and its own ceiling (`GET /api/v1/health`, a plain Django
view with a fixed body and no database, through the same middleware, server and settings),
each kind measured beside the ceiling at the same concurrency:

- **cold**: every request asks for a different object, as a crawler, an app syncing cards or a
  busy evening does: a random card of all of them (API detail and its page on the site), a
  random rule, a random card-list filter, a search query drawn from a list, and a ruling on a
  board state the server has never seen (generated variations of each game's worked example,
  bench/load/variations.py). The server runs with the public response cache off
  (RESPONSE_CACHE_SECONDS=0), so no answer comes from it: what is measured is what a miss
  costs (the prebuilt answers, the queries, the engine). Each run continues the request list
  where the last run stopped, so no run repeats another's requests until a list is used up
  (the report says when one wraps).
- **hot**: one fixed URL (or worked example) asked again and again, with the response cache on
  as in production.

Needs Debian's wrk (`apt-get install -y wrk`) and a PostgreSQL server (`--database-url`,
default postgres://postgres@127.0.0.1:5432/tablejudge_load). It creates that database if it is
missing, migrates it and loads the fixtures, which builds the prebuilt answers (`--no-setup`
skips this), then starts gunicorn with the deployed settings (gunicorn.conf.py, which
docs/deploying.md runs; `--workers`, `--threads` and `--worker-class` override them) and DEBUG off,
a generated SECRET_KEY, ALLOWED_HOSTS, REDIS_URL if set, and waits for `/api/v1/health`. wrk
sends `X-Forwarded-Proto: https` as the TLS-terminating proxy in front of production does.

The ruling POST is throttled per client (`RULINGS_RATE`, 120/min by default); every request
here comes from 127.0.0.1, so the server is started with `RULINGS_RATE` raised
(`--rulings-rate`, default 1000000/s). Give `--rulings-rate 120/min` to watch the 429s.

Why wrk: a small C program (an event loop a thread) that saturates a server with a fraction of
one core, which matters on a 2-core machine where the load generator shares the CPU with
gunicorn and PostgreSQL. Its percentiles are of a histogram it corrects for coordinated
omission (wrk 4's `stats_correct`, before the Lua `done()` reads it): for every request slower
than twice a connection's mean interval between requests, it adds the requests a client
sending at that constant rate would have seen delayed behind it (one sample at each interval
below it). So one stall is counted many times: a worker's 3 s first request at 32 connections
(~23 ms between requests) added ~140 samples, and the p99 printed was 281 ms where the
requests' own gaps (measured in the server) gave 72 ms. The p99 thus says how long the rarest
stalls are (a worker's cold start, a full garbage collection, the machine's other users), more
than how long requests queue. The report also says how busy the machine was: the load average,
and during each run the share of the CPUs used by the server's workers and by everything else
(other users of a shared machine make every figure lower).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import resource
import runpy
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
# the engines (games/, plain Python) and bench/load/variations.py make the ruling variations
sys.path[:0] = [str(ROOT), str(ROOT / "bench" / "load")]
LUA = ROOT / "bench" / "load" / "report.lua"
GUNICORN_CONF = ROOT / "gunicorn.conf.py"
VENV_BIN = Path(sys.executable).parent
DEFAULT_DB = os.environ.get(
    "LOAD_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/tablejudge_load"
)
CEILING = "ceiling"


@dataclass(frozen=True)
class Kind:
    """What one wrk run sends: one fixed request (`spec`) or a request list (`lines`)."""

    name: str
    spec: str = ""  # METHOD|PATH[|BODYFILE]: one request, again and again
    lines: Path | None = None  # a request list (bench/load/report.lua), each line once
    size: int = 0  # lines in the list
    target: float | None = None  # the share of the ceiling the issue asks for
    target_p99_ms: float | None = None  # at 32 connections
    seconds: float = 0  # this kind's run length (0: --duration)


@dataclass
class Result:
    phase: str
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
    cache_hits: int = 0
    repeated: int = 0  # requests of a list sent a second time in this run (the list wrapped)
    cpu: dict[str, float] = field(default_factory=dict)
    ceiling_rps: float | None = None  # the ceiling this share is of
    cpu_ms: float | None = None  # CPU per request: the server, its PostgreSQL backends, wrk
    cpu_ratio: float | None = None  # the ceiling's cpu_ms / this kind's: a quiet machine's share


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


def server_env(args: argparse.Namespace, response_cache: bool = True) -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        RESPONSE_CACHE_SECONDS="600" if response_cache else "0",
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


def deployed() -> dict[str, Any]:
    """The deployed server's settings (gunicorn.conf.py, which "Deploying" runs)."""
    return runpy.run_path(str(GUNICORN_CONF))


def gunicorn_command(args: argparse.Namespace) -> list[str]:
    """gunicorn as deployed (gunicorn.conf.py), with only what was asked for overridden."""
    command = [
        str(VENV_BIN / "gunicorn"),
        "--config",
        str(GUNICORN_CONF),
        "--bind",
        f"127.0.0.1:{args.port}",
        "--log-level",
        "warning",
    ]
    if args.workers is not None:
        command += ["--workers", str(args.workers)]
    if args.worker_class is not None:
        command += ["--worker-class", args.worker_class]
    if args.threads is not None:
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
        deadline = time.monotonic() + args.start_timeout
        while True:
            if process.poll() is not None:
                fail(f"gunicorn exited with {process.returncode}; see {log}")
            try:
                if get(base, "/api/v1/health")[0] == 200:
                    break
            except OSError:
                pass
            if time.monotonic() > deadline:
                fail(
                    f"gunicorn did not answer /api/v1/health within {args.start_timeout:g} s; "
                    f"see {log}"
                )
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


# --- what is sent ----------------------------------------------------------------------------


def _write_list(path: Path, lines: list[str]) -> Path:
    path.write_text("".join(line + "\n" for line in lines))
    return path


def cold_kinds(base: str, args: argparse.Namespace, workdir: Path) -> list[Kind]:
    """Request lists of distinct objects, shuffled, from the server's own data."""
    rng = random.Random(args.seed)
    print("building the cold request lists ...", flush=True)
    cards: list[tuple[str, str]] = []
    games = [g["slug"] for g in get_json(base, "/api/v1/games/?page_size=100")["results"]]
    for game in games:
        page = 1
        while True:
            body = get_json(base, f"/api/v1/cards/?game={game}&page_size=500&page={page}")
            cards += [(c["game"], c["slug"]) for c in body["results"]]
            if not body["next"]:
                break
            page += 1
    rules = [r["key"] for r in get_json(base, "/api/v1/rules/?page_size=500")["results"]]
    rng.shuffle(cards)
    rng.shuffle(rules)
    filters = card_filters(base, games, rng, args.filters)
    terms = search_terms(base, rng, args.searches)
    from variations import interleaved

    started = time.perf_counter()
    rulings = interleaved(max(1, args.rulings // 5), seed=args.seed)
    print(
        f"  {len(cards)} cards, {len(rules)} rules, {len(filters)} card-list filters, "
        f"{len(terms)} search queries, {len(rulings)} distinct rulings "
        f"({time.perf_counter() - started:.0f} s to generate)",
        flush=True,
    )

    def listed(name: str, lines: list[str], **extra: Any) -> Kind:
        path = _write_list(workdir / (name.replace(" ", "-") + ".tsv"), lines)
        return Kind(name, lines=path, size=len(lines), **extra)

    return [
        listed(
            "card detail",
            [f"GET\t/api/v1/cards/{g}/{c}/" for g, c in cards],
            target=0.5,
            target_p99_ms=50,
        ),
        listed("card list", [f"GET\t{f}" for f in filters], target=0.5, target_p99_ms=50),
        listed(
            "rule detail",
            [f"GET\t/api/v1/rules/{k}/" for k in rules],
            target=0.5,
            target_p99_ms=50,
        ),
        listed(
            "rule page",
            [f"GET\t/games/{g}/rules/" for g in games] * 20,
            target=0.5,
            target_p99_ms=50,
        ),
        listed("card page", [f"GET\t/games/{g}/cards/{c}/" for g, c in cards]),
        listed("search", [f"GET\t/api/v1/search?q={urllib.parse.quote(t)}" for t in terms]),
        listed(
            "ruling POST",
            [
                f"POST\t/api/v1/games/{slug}/rulings\t{json.dumps(body, separators=(',', ':'))}"
                for slug, body in rulings
            ],
            target=0.3,
            target_p99_ms=50,
        ),
    ]


def card_filters(base: str, games: list[str], rng: random.Random, count: int) -> list[str]:
    """Random card-list filters over values the data has (types, factions, costs, powers)."""
    types: dict[str, list[str]] = {}
    for t in get_json(base, "/api/v1/card-types/?page_size=500")["results"]:
        types.setdefault(t["game"], []).append(t["slug"])
    factions: dict[str, list[str]] = {}
    for f in get_json(base, "/api/v1/factions/?page_size=500")["results"]:
        factions.setdefault(f["game"], []).append(f["slug"])
    orderings = ["name", "-name", "cost", "-power", "power", "number", "slug", "-copies"]
    out: set[str] = set()
    with_cards = [g for g in games if g in types or g in factions] or games
    while len(out) < count:
        game = rng.choice(with_cards)
        params = {"game": game, "page_size": str(rng.choice([10, 20, 50, 100]))}
        if types.get(game) and rng.random() < 0.5:
            params["type"] = rng.choice(types[game])
        if factions.get(game) and rng.random() < 0.4:
            params["faction"] = rng.choice(factions[game])
        if rng.random() < 0.5:
            params["power_min"] = str(rng.randrange(0, 300, 5))
        if rng.random() < 0.3:
            params["cost_max"] = str(rng.randint(0, 8))
        if rng.random() < 0.7:
            params["ordering"] = rng.choice(orderings)
        out.add("/api/v1/cards/?" + urllib.parse.urlencode(params))
    return sorted(out, key=lambda _: rng.random())


def search_terms(base: str, rng: random.Random, count: int) -> list[str]:
    """Words and names a player would search for: glossary terms, card names, rule words."""
    terms: set[str] = set()
    for g in get_json(base, "/api/v1/glossary/?page_size=500")["results"]:
        terms.add(g["term"])
    rules = get_json(base, "/api/v1/rules/?page_size=500")["results"]
    words = sorted({w.strip(".,;:()«»\"'").lower() for r in rules for w in r["text"].split()})
    words = [w for w in words if len(w) > 4 and w.isalpha()]
    names = get_json(base, "/api/v1/cards/?page_size=500&ordering=name")["results"]
    terms |= {c["name"] for c in names}
    terms |= set(rng.sample(words, k=min(len(words), count)))
    terms |= {f"{a} {b}" for a, b in zip(rng.sample(words, 40), rng.sample(words, 40), strict=True)}
    chosen = sorted(terms)
    rng.shuffle(chosen)
    return chosen[:count]


def hot_kinds(base: str, args: argparse.Namespace, workdir: Path) -> list[Kind]:
    """One fixed request each, asked again and again (answered from the response cache)."""
    card = get_json(base, "/api/v1/cards/?game=star-realms-high-alert&page_size=1")["results"][0]
    example = get_json(base, "/api/v1/games/star-realms-high-alert/example/")
    body = workdir / "ruling.json"
    body.write_text(json.dumps(example))
    return [
        Kind("card detail", spec=f"GET|/api/v1/cards/{card['game']}/{card['slug']}/"),
        Kind(
            "card list",
            spec="GET|/api/v1/cards/?game=bo-jackson-battle-arena&type=hero&power_min=200"
            "&ordering=-power",
        ),
        Kind("rule detail", spec="GET|/api/v1/rules/super-hazard-quest:1.1/"),
        Kind("rule page", spec="GET|/games/super-hazard-quest/rules/"),
        Kind("card page", spec=f"GET|/games/{card['game']}/cards/{card['slug']}/"),
        Kind("search", spec="GET|/api/v1/search?q=" + urllib.parse.quote("draw card")),
        Kind("ruling POST", spec=f"POST|/api/v1/games/star-realms-high-alert/rulings|{body}"),
    ]


# --- wrk ---------------------------------------------------------------------------------------


def wrk(
    base: str, args_after: list[str], connections: int, seconds: float, timeout: int = 10
) -> dict[str, int]:
    command = [
        wrk_path(),
        f"-t{wrk_threads(connections)}",
        f"-c{connections}",
        f"-d{max(1, round(seconds))}s",
        f"--timeout={timeout}s",
        "-s",
        str(LUA),
        base + "/",
        "--",
        *args_after,
    ]
    run = subprocess.run(command, capture_output=True, text=True, check=False)
    for line in run.stdout.splitlines():
        if line.startswith("LOADTEST-JSON "):
            return json.loads(line.removeprefix("LOADTEST-JSON "))
    fail(f"wrk gave no summary (exit {run.returncode}): {run.stdout}\n{run.stderr}")
    raise AssertionError  # unreachable


def wrk_threads(connections: int) -> int:
    return max(1, min(connections, os.cpu_count() or 1, 2))


class Cursor:
    """Where each request list's next run starts: runs never repeat each other's requests."""

    def __init__(self) -> None:
        self.at: dict[str, int] = {}

    def args(self, kind: Kind, connections: int) -> list[str]:
        if kind.lines is None:
            return [kind.spec]
        return [f"@{kind.lines}", str(self.at.get(kind.name, 0)), str(wrk_threads(connections))]

    def advance(self, kind: Kind, sent: int) -> int:
        """Move past the requests sent; how many of them were sent before (the list wrapped)."""
        if kind.lines is None:
            return 0
        start = self.at.get(kind.name, 0)
        self.at[kind.name] = start + sent
        return max(0, start + sent - kind.size) - max(0, start - kind.size)


def cpu_times() -> tuple[float, float]:
    """(busy, total) jiffies of the whole machine, from /proc/stat."""
    with contextlib.suppress(OSError):
        fields = [float(v) for v in Path("/proc/stat").read_text().split("\n")[0].split()[1:]]
        idle = fields[3] + (fields[4] if len(fields) > 4 else 0)
        return sum(fields) - idle, sum(fields)
    return 0.0, 0.0


def tree_cpu(master: int) -> float:
    """utime + stime jiffies of the server: its master and its workers."""
    total = 0.0
    for pid in [master, *worker_pids(master)]:
        with contextlib.suppress(OSError, IndexError, ValueError):
            fields = (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()
            total += float(fields[11]) + float(fields[12])
    return total


def postgres_pids(url: str) -> list[int]:
    """The PostgreSQL backends serving the load-test database (the server's connections)."""
    import psycopg

    name = urllib.parse.urlsplit(url).path.lstrip("/")
    with contextlib.suppress(psycopg.Error), psycopg.connect(url, connect_timeout=5) as conn:
        rows = conn.execute(
            "SELECT pid FROM pg_stat_activity WHERE datname = %s AND pid <> pg_backend_pid()",
            [name],
        ).fetchall()
        return [row[0] for row in rows]
    return []


def pids_cpu(pids: list[int]) -> float:
    total = 0.0
    for pid in pids:
        with contextlib.suppress(OSError, IndexError, ValueError):
            fields = (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()
            total += float(fields[11]) + float(fields[12])
    return total


def children_cpu() -> float:
    """CPU jiffies of the waited-for children (the wrk runs)."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (usage.ru_utime + usage.ru_stime) * os.sysconf("SC_CLK_TCK")


def measured(
    phase: str, kind: Kind, connections: int, base: str, master: int, cursor: Cursor, args: Any
) -> Result:
    pg_before = {pid: pids_cpu([pid]) for pid in postgres_pids(args.database_url)}
    busy0, all0 = cpu_times()
    server0, wrk0 = tree_cpu(master), children_cpu()
    raw = wrk(base, cursor.args(kind, connections), connections, kind.seconds or args.duration)
    busy1, all1 = cpu_times()
    server = tree_cpu(master) - server0
    # backends there before and after, and new ones in full (one that ended is not counted)
    db = sum(
        max(0.0, pids_cpu([pid]) - pg_before.get(pid, 0.0))
        for pid in set(postgres_pids(args.database_url)) | set(pg_before)
        if (Path("/proc") / str(pid)).exists()
    )
    load = children_cpu() - wrk0
    result = result_of(phase, kind.name, connections, raw)
    result.repeated = cursor.advance(kind, raw["requests"])
    total = (all1 - all0) or 1.0
    busy = busy1 - busy0
    result.cpu = {  # shares of the whole machine (all CPUs together) during the run
        "busy": busy / total,
        "server": server / total,
        "postgres": db / total,
        "wrk": load / total,
        "other": max(0.0, busy - server - db - load) / total,
    }
    if raw["requests"]:  # CPU a request cost (server, its PostgreSQL, wrk), whoever else ran
        used = (server + db + load) / os.sysconf("SC_CLK_TCK")
        result.cpu_ms = used * 1000 / raw["requests"]
    return result


def result_of(phase: str, name: str, connections: int, raw: dict[str, int]) -> Result:
    seconds = raw["duration_us"] / 1e6
    socket_errors = raw["connect"] + raw["read"] + raw["write"] + raw["timeout"]
    not_ok = raw["s3xx"] + raw["s4xx"] + raw["s429"] + raw["s5xx"]
    return Result(
        phase=phase,
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
        cache_hits=raw.get("hit", 0),
    )


def phase_run(
    phase: str, kinds: list[Kind], base: str, master: int, args: argparse.Namespace
) -> list[Result]:
    """Each kind at each concurrency, with the ceiling measured just before and just after it
    (half as long): its share is of the mean of the two, so a neighbour's load that comes and
    goes on a shared machine weighs on both sides of the ratio alike."""
    ceiling = Kind(CEILING, spec="GET|/api/v1/health", seconds=max(1.0, args.duration / 2))
    cursor = Cursor()
    for kind in [ceiling, *kinds]:  # warm every worker: imports, connections
        if kind.lines is None:
            wrk(base, [kind.spec], 8, args.warmup)
    results: list[Result] = []
    for connections in args.connections:
        before = measured(phase, ceiling, connections, base, master, cursor, args)
        tops = [before]
        for kind in kinds:
            result = measured(phase, kind, connections, base, master, cursor, args)
            after = measured(phase, ceiling, connections, base, master, cursor, args)
            tops.append(after)
            reference = (before.rps + after.rps) / 2
            result.ratio = result.rps / reference if reference else None
            result.ceiling_rps = reference
            costs = [r.cpu_ms for r in (before, after) if r.cpu_ms]
            if costs and result.cpu_ms:
                result.cpu_ratio = sum(costs) / len(costs) / result.cpu_ms
            results.append(result)
            print(line_of(result), flush=True)
            before = after
        top = merged_ceiling(phase, connections, tops)
        results.insert(len(results) - len(kinds), top)
        print(line_of(top), flush=True)
    return results


def merged_ceiling(phase: str, connections: int, runs: list[Result]) -> Result:
    """The ceiling's runs at one concurrency as one row: total requests over total time, the
    worst p99 of the runs."""
    requests = sum(r.requests for r in runs)
    seconds = sum(r.requests / r.rps for r in runs if r.rps)
    return Result(
        phase=phase,
        endpoint=CEILING,
        connections=connections,
        rps=requests / seconds if seconds else 0.0,
        p50_ms=sorted(r.p50_ms for r in runs)[len(runs) // 2],
        p90_ms=max(r.p90_ms for r in runs),
        p99_ms=max(r.p99_ms for r in runs),
        max_ms=max(r.max_ms for r in runs),
        requests=requests,
        errors=sum(r.errors for r in runs),
        cpu={k: sum(r.cpu.get(k, 0) for r in runs) / len(runs) for k in runs[0].cpu},
        cpu_ms=sum((r.cpu_ms or 0) * r.requests for r in runs) / max(1, requests),
    )


def line_of(r: Result) -> str:
    ratio = f"{r.ratio:.0%}" if r.ratio is not None else "-"
    errors = f"{r.errors}" + (f" {r.detail}" if r.detail else "")
    notes = []
    if r.cache_hits:
        notes.append(f"{r.cache_hits / max(1, r.requests):.0%} from the response cache")
    if r.repeated:
        notes.append(f"{r.repeated} requests repeated (list wrapped)")
    cpu = r.cpu
    return (
        f"  {r.phase:<4} {r.endpoint:<12} c={r.connections:<3} {r.rps:7.0f} req/s "
        f"p50 {r.p50_ms:6.1f} ms  p99 {r.p99_ms:6.1f} ms  errors {errors}  ceiling {ratio}  "
        f"cpu: server {cpu.get('server', 0):.0%}, postgres {cpu.get('postgres', 0):.0%}, "
        f"wrk {cpu.get('wrk', 0):.0%}, other {cpu.get('other', 0):.0%}"
        + (f"  ({'; '.join(notes)})" if notes else "")
    )


def table(results: list[Result]) -> str:
    """One row a kind, one column a concurrency: req/s (share of the ceiling), p50/p99 ms, and
    the CPU a request cost (in brackets: the share of the ceiling that cost predicts where
    nothing else runs)."""
    connections = sorted({r.connections for r in results})
    rows = [
        "| endpoint | " + " | ".join(f"{c} connections" for c in connections) + " |",
        "| --- | " + " | ".join("---" for _ in connections) + " |",
    ]
    names = list(dict.fromkeys(r.endpoint for r in results))
    for name in names:
        cells = []
        for c in connections:
            r = next((x for x in results if x.endpoint == name and x.connections == c), None)
            if r is None:
                cells.append("")
                continue
            share = f" ({r.ratio:.0%})" if r.ratio is not None else ""
            errors = f", {r.errors} errors" if r.errors else ""
            cost = f", {r.cpu_ms:.2f} ms CPU" if r.cpu_ms else ""
            quiet = f" ({r.cpu_ratio:.0%})" if r.cpu_ratio else ""
            cells.append(
                f"{r.rps:.0f}/s{share}, p50 {r.p50_ms:.1f}, p99 {r.p99_ms:.0f}{errors}{cost}{quiet}"
            )
        rows.append(f"| {name} | " + " | ".join(cells) + " |")
    return "\n".join(rows)


def targets(results: list[Result], kinds: list[Kind]) -> list[str]:
    """The issue's targets for the cold phase, each met or missed (and by how much)."""
    by_name = {k.name: k for k in kinds if k.target is not None or k.target_p99_ms is not None}
    lines = []
    for r in results:
        kind = by_name.get(r.endpoint)
        if r.phase != "cold" or kind is None:
            continue
        if kind.target is not None and r.ratio is not None and r.connections in (8, 32):
            ok = r.ratio >= kind.target
            gap = "" if ok else f", short by {kind.target - r.ratio:.0%} of the ceiling"
            lines.append(
                f"{'met   ' if ok else 'MISSED'} {r.endpoint} cold at {r.connections}: "
                f"{r.ratio:.0%} of the ceiling (target >= {kind.target:.0%}{gap})"
            )
        if kind.target_p99_ms is not None and r.connections == 32:
            ok = r.p99_ms < kind.target_p99_ms
            gap = "" if ok else f", over by {r.p99_ms - kind.target_p99_ms:.0f} ms"
            lines.append(
                f"{'met   ' if ok else 'MISSED'} {r.endpoint} cold p99 at 32: {r.p99_ms:.1f} ms "
                f"(target < {kind.target_p99_ms:.0f} ms{gap})"
            )
        if r.errors:
            lines.append(f"ERRORS {r.endpoint} at {r.connections}: {r.errors} {r.detail}")
    return lines


def conditions(results: list[Result]) -> str:
    """How busy the machine was while the figures were taken."""
    if not results:
        return ""

    def mean(key: str) -> float:
        return sum(r.cpu.get(key, 0) for r in results) / len(results)

    load = os.getloadavg()
    return (
        f"machine: {os.cpu_count()} CPUs. During the runs, on average, of all CPUs together: "
        f"the server's workers {mean('server'):.0%}, its PostgreSQL backends "
        f"{mean('postgres'):.0%}, wrk {mean('wrk'):.0%}, everything else on the machine "
        f"(other users) {mean('other'):.0%}, idle {1 - mean('busy'):.0%}. "
        f"Load average at the end {load[0]:.1f} / {load[1]:.1f} / {load[2]:.1f} (1/5/15 min). "
        "With 'everything else' near 0% the figures are a quiet machine's."
    )


# --- the soak ----------------------------------------------------------------------------------


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


def soak(
    base: str, master: int, kinds: list[Kind], args: argparse.Namespace, workdir: Path
) -> None:
    """The cold lists interleaved into one, at `--soak-connections`, sampling workers' RSS."""
    seconds = args.soak * 60
    interval = args.sample_seconds or max(2.0, min(60.0, seconds / 30))
    lists = [k.lines.read_text().splitlines() for k in kinds if k.lines is not None]
    mixed: list[str] = []
    for i in range(max(len(x) for x in lists)):
        mixed += [x[i] for x in lists if i < len(x)]
    mix = Kind("cold mix", lines=_write_list(workdir / "mix.tsv", mixed), size=len(mixed))
    cursor = Cursor()
    boot = sample(master)
    print(
        f"soak: {len(boot)} workers, {args.soak_connections} connections, the cold mix of "
        f"{len(lists)} kinds ({len(mixed)} distinct requests), {args.soak:g} min, RSS sampled "
        f"every {interval:.0f} s",
        flush=True,
    )
    warm = wrk(
        base, cursor.args(mix, args.soak_connections), args.soak_connections, args.warmup * 2
    )
    cursor.advance(mix, warm["requests"])
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
    raw = wrk(base, cursor.args(mix, args.soak_connections), args.soak_connections, seconds)
    stop.set()
    thread.join()
    result = result_of("soak", "cold mix", args.soak_connections, raw)
    result.repeated = cursor.advance(mix, raw["requests"])

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
        f"errors {result.errors} {result.detail or ''}, "
        f"{result.cache_hits / max(1, result.requests):.0%} from the response cache, "
        f"{result.repeated} requests repeated (the mix wrapped)"
    )
    print(
        f"workers' RSS: at boot {mib(sum(boot.values()))} MiB, after warm-up (start) "
        f"{mib(start)} MiB, end {mib(end)} MiB, max {mib(peak)} MiB, "
        f"end - start {mib(end - start)} MiB ({(end - start) / start:+.1%})"
    )
    half = totals[len(totals) // 2]
    print(
        f"second half: {mib(half)} -> {mib(end)} MiB ({(end - half) / half:+.1%}); "
        f"{'flat' if abs(end - half) / half < 0.03 else 'NOT flat'} (within 3%)"
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


# --- main --------------------------------------------------------------------------------------


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--duration", type=float, default=8, help="seconds per run (8)")
    parser.add_argument("--warmup", type=float, default=2, help="seconds of warm-up per kind")
    parser.add_argument("--connections", default="8,32", help="concurrency levels (8,32)")
    parser.add_argument("--phases", default="cold,hot", help="cold, hot or both (cold,hot)")
    parser.add_argument("--only", default="", help="kinds to run, comma-separated")
    parser.add_argument("--database-url", default=DEFAULT_DB)
    parser.add_argument("--no-setup", action="store_true", help="skip migrate and load_fixtures")
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument(
        "--start-timeout", type=float, default=60, help="seconds to wait for the server (60)"
    )
    parser.add_argument("--workers", type=int, help="(gunicorn.conf.py's)")
    parser.add_argument("--worker-class", choices=["gthread", "sync"], help="(gunicorn.conf.py's)")
    parser.add_argument("--threads", type=int, help="threads per gthread worker (the conf's)")
    parser.add_argument("--redis-url", default=os.environ.get("REDIS_URL", ""))
    parser.add_argument(
        "--rulings-rate", default="1000000/s", help="the ruling throttle for this server"
    )
    parser.add_argument("--rulings", type=int, default=15000, help="distinct rulings (15000)")
    parser.add_argument("--filters", type=int, default=5000, help="card-list filters (5000)")
    parser.add_argument("--searches", type=int, default=400, help="search queries (400)")
    parser.add_argument("--seed", type=int, default=15)
    parser.add_argument("--json", default="", help="also write the results to this file")
    parser.add_argument(
        "--soak", type=float, default=0, help="minutes of the cold mix, sampling workers' RSS"
    )
    parser.add_argument("--soak-connections", type=int, default=32)
    parser.add_argument("--sample-seconds", type=float, default=0)
    args = parser.parse_args()
    args.connections = [int(c) for c in args.connections.split(",") if c.strip()]
    phases = [p.strip() for p in args.phases.split(",") if p.strip()]
    if args.soak:
        phases = ["soak"]

    wrk_path()
    if not args.no_setup:
        env = server_env(args)
        database_create(args.database_url)
        manage(env, "migrate", "--noinput", "-v", "0")
        manage(env, "load_fixtures")  # builds the prebuilt answers of the new data version
        database_analyze(args.database_url)
    log = ROOT / "var" / "load_test-gunicorn.log"
    log.parent.mkdir(exist_ok=True)
    base = f"http://127.0.0.1:{args.port}"
    version = subprocess.run([wrk_path(), "-v"], capture_output=True, text=True).stdout
    conf = deployed()
    for name in ("workers", "worker_class", "threads"):
        if getattr(args, name) is None:
            setattr(args, name, conf[name])
    threads = f" x {args.threads} threads" if args.worker_class == "gthread" else ""
    cache = f"Redis {args.redis_url}" if args.redis_url else "local memory (per worker)"
    database = urllib.parse.urlsplit(args.database_url).path.lstrip("/")
    print(version.splitlines()[0] if version else "wrk")
    print(
        f"server: {args.workers} {args.worker_class} workers{threads}, cache {cache}, "
        f"PostgreSQL database {database}, {os.cpu_count()} CPUs; "
        f"load average {' / '.join(f'{x:.1f}' for x in os.getloadavg())} before the runs"
    )
    wanted = {n.strip() for n in args.only.split(",") if n.strip()}
    results: list[Result] = []
    kinds_seen: list[Kind] = []
    with tempfile.TemporaryDirectory() as tmp:
        workdir = Path(tmp)
        for phase in phases:
            cold = phase in ("cold", "soak")
            env = server_env(args, response_cache=phase != "cold")
            with log.open("a") as out:
                out.write(f"--- {phase} phase ---\n")
            with gunicorn(args, env, log) as master:
                kinds = (cold_kinds if cold else hot_kinds)(base, args, workdir)
                if wanted:
                    kinds = [k for k in kinds if k.name in wanted]
                kinds_seen += kinds
                if phase == "soak":
                    soak(base, master, kinds, args, workdir)
                    continue
                print(
                    f"\n{phase} phase: response cache {'off' if cold else 'on'}, "
                    f"{args.duration:g} s a run, connections {args.connections}",
                    flush=True,
                )
                for k in kinds:
                    what = f"{k.size} distinct requests" if k.lines else k.spec.split("|")[1]
                    print(f"  {k.name:<12} {what}")
                results += phase_run(phase, kinds, base, master, args)
    for phase in ("cold", "hot"):
        mine = [r for r in results if r.phase == phase]
        if mine:
            title = (
                "cold: a different object each request, response cache off"
                if phase == "cold"
                else "hot: one URL again and again, response cache on"
            )
            print(f"\n{title}\n")
            print(table(mine))
    if results:
        print()
        for line in targets(results, kinds_seen):
            print(line)
        print("\n" + conditions(results))
    if args.json and results:
        Path(args.json).write_text(json.dumps([r.__dict__ for r in results], indent=2))
    logged = log.read_text().strip()
    if "Traceback" in logged or "ERROR" in logged:
        print(f"\nthe server logged (from {log}):\n{logged[-3000:]}")


if __name__ == "__main__":
    main()
