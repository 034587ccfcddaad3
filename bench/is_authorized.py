"""Benchmark of GET /api/v1/auth/is-authorized with 1, 200 and 1,000 organizations in one run
(``BENCH_ORGS``), plus the tenancy timings at each count (creating one more organization, a
no-op ``migrate_tenants``, the command ./ops uses). See bench/README.md (issue 2; issue 21,
item 7)."""

from __future__ import annotations

import http.client
import json
import os
import queue
import resource
import socket
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PY = sys.executable
RATE_STEPS = [int(r) for r in os.environ.get("BENCH_RATES", "200,300,400,500,650,800").split(",")]
DURATION = float(os.environ.get("BENCH_SECONDS", "15"))
# Organization counts measured in one run, ascending (issue 21, item 7): "1,200,1000".
ORG_COUNTS = sorted({int(n) for n in os.environ.get("BENCH_ORGS", "1,200,1000").split(",")} | {1})
# Processes creating organizations side by side (each copy of the template is one SQL call).
CREATE_PROCS = int(os.environ.get("BENCH_CREATE_PROCS", "2"))
# gunicorn's port: this helper's range is 8190-8199 (never 8001/8011, the browser tests').
PORT = int(os.environ.get("BENCH_PORT", "8190"))
# Also time django-tenants' own ``migrate_schemas`` (every schema, ~0.1 s each): off by default.
DJANGO_TENANTS_MIGRATE = os.environ.get("BENCH_MIGRATE_SCHEMAS", "") == "1"
# The 1-organization baseline and the N-organization database are measured in alternating
# windows (issue 21, item 7): BENCH_PAIRS pairs of BENCH_WINDOW seconds at BENCH_AB_RATE rps, so
# that the other load on this shared 2-core machine falls on both.
PAIRS = int(os.environ.get("BENCH_PAIRS", "4"))
WINDOW = float(os.environ.get("BENCH_WINDOW", "8"))
AB_RATE = float(os.environ.get("BENCH_AB_RATE", "200"))
SENDERS = 48


def settle(env) -> None:
    """Let Postgres catch up after bulk DDL (VACUUM ANALYZE, CHECKPOINT) so that autovacuum of
    the catalogues does not run during a measurement."""
    import psycopg

    with psycopg.connect(env["DATABASE_URL"], autocommit=True) as conn:
        conn.execute("VACUUM ANALYZE")
        conn.execute("CHECKPOINT")
    time.sleep(3)


def bench_env() -> dict[str, str]:
    env = dict(os.environ)
    env.pop("REDIS_URL", None)
    if os.environ.get("BENCH_REDIS_URL"):  # production keeps sessions and the cache in Redis
        env["REDIS_URL"] = os.environ["BENCH_REDIS_URL"]
    env.update(
        DB_POOL="1",
        HUEY_IMMEDIATE="1",
        LOG_LEVEL="WARNING",
        DEBUG="0",
        LOGIN_RATE_PER_IP="100000/5m",
        LOGIN_RATE_PER_ACCOUNT="100000/5m",
        LOGIN_RATE_ACCOUNT_CEILING="100000/5m",
        PUBLIC_RATE_PER_IP="100000/5m",
    )
    if os.environ.get("BENCH_DATABASE_URL"):  # this database, fresh or (BENCH_REUSE) reused
        env["DATABASE_URL"] = os.environ["BENCH_DATABASE_URL"]
        return env
    if os.environ.get("BENCH_REUSE"):  # measure again on the database of the last run
        sys.path[:0] = [str(ROOT / "platform")]
        from config.embedded_db import embedded_database_url

        env["DATABASE_URL"] = embedded_database_url(ROOT / ".data").replace("/platform?", "/platform_bench?")
        return env
    sys.path[:0] = [str(ROOT / "platform")]
    from config.embedded_db import embedded_database_url

    url = embedded_database_url(ROOT / ".data")
    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("DROP DATABASE IF EXISTS platform_bench WITH (FORCE)")
        conn.execute("CREATE DATABASE platform_bench")
    env["DATABASE_URL"] = url.replace("/platform?", "/platform_bench?")
    return env


def manage(env, *args: str, capture: bool = False) -> str:
    """``manage.py`` with ``args`` in ``env``; its stdout. On failure its stderr is printed
    before ``CalledProcessError`` (a missing ``BENCH_DATABASE_URL`` database said nothing)."""
    result = subprocess.run([PY, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True)
    if result.returncode:
        sys.stderr.write(result.stderr[-4000:])
        result.check_returncode()
    return result.stdout


def free_port() -> int:
    """A free loopback port (the other benchmarks' servers)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


PEOPLE = """
from django.utils import timezone
from accounts.models import Profile, User
from tenants.services import organization_create, organization_provision_now
org = organization_create(name="Bench Org 0", slug="bench-0")
organization_provision_now(organization_id=org.pk)
user = User.objects.create_user(email="bench@bench.vn", password="Bench@12345", name="Bench", is_active=True, email_verified_at=timezone.now())
Profile.objects.create(user=user, pandai_profile_role="EDUCATOR", organization=org, is_admin=True, joined_at=timezone.now())
"""
"""One organization (bench-0, provisioned) with an admin educator (bench@bench.vn / Bench@12345):
Python for ``manage.py shell -c`` or ``exec`` (bench/taking_profile.py)."""


def setup_people(env) -> None:
    """``PEOPLE`` in the benchmark's database."""
    manage(env, "shell", "-c", PEOPLE)


def add_organizations(env, start: int, stop: int) -> float:
    """Create organizations ``bench-{start}`` .. ``bench-{stop - 1}`` the product's way
    (``organization_create``, provisioning inline: a copy of the template schema), in
    ``CREATE_PROCS`` processes side by side; returns the wall-clock seconds."""
    code = """
import sys
from tenants.services import organization_create
for i in range({a}, {b}, {step}):
    org = organization_create(name=f"Bench Org {{i}}", slug=f"bench-{{i}}")  # huey runs inline here
    org.refresh_from_db()
    assert org.provisioning_status == "ready", org.provisioning_error
"""
    t = time.perf_counter()
    procs = [
        subprocess.Popen(
            [PY, "manage.py", "shell", "-c", code.format(a=start + k, b=stop, step=CREATE_PROCS)],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
        )
        for k in range(min(CREATE_PROCS, max(0, stop - start)))
    ]
    for proc in procs:
        if proc.wait() != 0:
            raise RuntimeError("organization creation failed")
    return time.perf_counter() - t


def time_new_organization(env, slug: str) -> tuple[float, float]:
    """Seconds from ``organization_create`` to a ready schema for two more organizations created
    one after the other in one process (interpreter start excluded): the first as a fresh huey
    worker makes it (it loads the migration graph and reads the template's catalogue rows), the
    second as a worker that has made one before. Returns (first, second)."""
    code = f"""
import time
from tenants.services import organization_create
times = []
for suffix in ("a", "b"):
    t = time.perf_counter()
    org = organization_create(name="{slug}-" + suffix, slug="{slug}-" + suffix)  # huey runs inline here
    org.refresh_from_db()
    assert org.provisioning_status == "ready", org.provisioning_error
    times.append(time.perf_counter() - t)
print("RESULT", *times)
"""
    line = [ln for ln in manage(env, "shell", "-c", code).splitlines() if ln.startswith("RESULT")][-1]
    first, second = line.split()[1:]
    return float(first), float(second)


def timed_manage(env, *args: str) -> float:
    """Wall-clock seconds of ``manage.py *args`` (interpreter start included, as ops runs it)."""
    t = time.perf_counter()
    manage(env, *args)
    return time.perf_counter() - t


def login_cookie(port: int) -> str:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    body = json.dumps({"email": "bench@bench.vn", "password": "Bench@12345"})
    conn.request("POST", "/public/api/auth/login", body, {"Content-Type": "application/json"})
    res = conn.getresponse()
    res.read()
    assert res.status == 200, res.status
    cookies = [v.split(";", 1)[0] for k, v in res.getheaders() if k.lower() == "set-cookie"]
    return "; ".join(c for c in cookies if c.startswith("sessionid="))


def send(conn, port: int, method: str, path: str, body, headers, timeout: float = 10.0):
    """One request on the keep-alive ``conn``; returns (the connection for the next request,
    whether it was answered 2xx). A connection that broke is replaced."""
    try:
        conn.request(method, path, body=body, headers=headers)
        res = conn.getresponse()
        res.read()
        return conn, 200 <= res.status < 300
    except (OSError, http.client.HTTPException):
        conn.close()
        return http.client.HTTPConnection("127.0.0.1", port, timeout=timeout), False


def open_loop(
    port: int,
    cookie: str,
    rate: float,
    seconds: float,
    paths: tuple[str, ...] = ("/api/v1/auth/is-authorized",),
    make=None,
    acked: list[int] | None = None,
) -> dict[str, float]:
    """Send ``rate`` requests/s for ``seconds`` on a fixed schedule, cycling through ``paths``
    (GET with ``cookie``), or request *i* = ``make(i)`` -> (method, path, headers, body);
    latency is measured from each request's due time. A 2xx answer counts as ok (and its ``i`` is
    appended to ``acked`` when given)."""
    total = int(rate * seconds)
    if make is None:

        def make(i: int):
            return "GET", paths[i % len(paths)], {"Cookie": cookie}, None

    due: queue.Queue[tuple[float, tuple] | None] = queue.Queue()
    latencies: list[float] = []
    errors = [0]
    late = [0]
    lock = threading.Lock()
    start = time.perf_counter() + 0.2

    def sender() -> None:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        while True:
            item = due.get()
            if item is None:
                return
            at, i, (method, path, headers, body) = item
            now = time.perf_counter()
            if at > now:
                time.sleep(at - now)
            elif now - at > 2.0:
                with lock:
                    late[0] += 1
                continue
            conn, ok = send(conn, port, method, path, body, headers)
            done = time.perf_counter()
            with lock:
                if ok:
                    latencies.append(done - at)
                    if acked is not None:
                        acked.append(i)
                else:
                    errors[0] += 1

    usage_before = resource.getrusage(resource.RUSAGE_SELF)
    threads = [threading.Thread(target=sender, daemon=True) for _ in range(SENDERS)]
    for t in threads:
        t.start()
    for i in range(total):
        due.put((start + i / rate, i, make(i)))
    for _ in threads:
        due.put(None)
    for t in threads:
        t.join()
    elapsed = time.perf_counter() - start
    usage_after = resource.getrusage(resource.RUSAGE_SELF)
    cpu = (usage_after.ru_utime - usage_before.ru_utime) + (usage_after.ru_stime - usage_before.ru_stime)
    lat = sorted(latencies)

    def pct(p: float) -> float:
        return lat[min(len(lat) - 1, int(p * len(lat)))] * 1000 if lat else float("nan")

    return {
        "rate": rate,
        "sent": total,
        "ok": len(lat),
        "errors": errors[0],
        "late": late[0],
        "achieved_rps": len(lat) / elapsed,
        "p50_ms": pct(0.50),
        "p95_ms": pct(0.95),
        "p99_ms": pct(0.99),
        "mean_ms": statistics.fmean(lat) * 1000 if lat else float("nan"),
        "generator_cpu_pct": 100 * cpu / elapsed,
        "latencies": lat,  # seconds, sorted: to pool several windows
    }


def healthy(port: int) -> bool:
    """GET /health/ answered 200."""
    try:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        conn.request("GET", "/health/", headers={"Accept": "application/json"})
        ok = conn.getresponse().status == 200
        conn.close()
        return ok
    except (OSError, http.client.HTTPException):
        return False


def parallel(fn, arg, n: int) -> list:
    """``fn(arg)`` on ``n`` threads at once; the results."""
    results: list = []
    threads = [threading.Thread(target=lambda: results.append(fn(arg))) for _ in range(n)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    return results


WEB_WORKERS = os.environ.get("BENCH_WEB_WORKERS", "2")
WEB_THREADS = os.environ.get("BENCH_WEB_THREADS", "4")


def serve(env, port: int, app: str = "config.wsgi:application") -> subprocess.Popen:
    """gunicorn as ops/run starts it (``platform/config/gunicorn_conf.py``; ``preload_app``: the
    app, warmed by config/wsgi.py, is loaded once before the socket accepts), ``BENCH_WEB_WORKERS`` (2) workers x ``BENCH_WEB_THREADS`` (4)
    threads, serving ``app`` (another than the product's is looked up in bench/, after platform/:
    ``floor_wsgi:application`` adds the floor of bench/run taking); returned once it is ready, the way a
    load balancer's readiness probe would see it: ``/health/`` (database, cache, storage) has
    answered 200 on 16 parallel connections, so both workers have opened their connection pools.
    Measurements therefore start on a warm server, as production traffic does after a deploy."""
    proc = subprocess.Popen(
        [
            PY,
            "-m",
            "gunicorn",
            "-c",
            "platform/config/gunicorn_conf.py",  # the product's settings (keep-alive, preload, ...)
            app,
            "--bind",
            f"127.0.0.1:{port}",
            "--workers",
            WEB_WORKERS,
            "--threads",
            WEB_THREADS,
            "--log-level",
            "warning",
        ],
        cwd=ROOT,
        env=env if app == "config.wsgi:application" else dict(env, PYTHONPATH=str(ROOT / "bench")),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )

    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if healthy(port) and all(parallel(healthy, port, 16)):
            return proc
        time.sleep(0.2)
    proc.kill()
    raise RuntimeError("gunicorn did not become ready")


def row(label: str, r: dict[str, float]) -> str:
    return (
        f"| {label} | {r['rate']:.0f} | {r['achieved_rps']:.0f} | {r['p50_ms']:.1f} | {r['p95_ms']:.1f} | {r['p99_ms']:.1f} "
        f"| {r['errors']:.0f}/{r['late']:.0f} | {r['generator_cpu_pct']:.0f} % |"
    )


def load_series(env, label: str, rates: list[int]) -> list[dict[str, float]]:
    port = PORT
    proc = serve(env, port)
    try:
        cookie = login_cookie(port)
        open_loop(port, cookie, 50, 2)  # warm-up: pools, caches
        results = []
        for rate in rates:
            result = open_loop(port, cookie, rate, DURATION)
            results.append(result)
            print(row(label, result), flush=True)
            if result["p95_ms"] > 100 or result["errors"] or result["late"]:
                break
        return results
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def held(results) -> float:
    """The highest rate whose window had p95 < 100 ms and no errors or late requests."""
    ok = [r for r in results if r["p95_ms"] < 100 and not r["errors"] and not r["late"]]
    return max((r["rate"] for r in ok), default=0)


def pooled(results: list[dict]) -> dict[str, float]:
    """p50/p95/p99 (ms) of several windows' latencies together, and the median of their p95."""
    lat = sorted(x for r in results for x in r["latencies"])

    def pct(p: float) -> float:
        return lat[min(len(lat) - 1, int(p * len(lat)))] * 1000 if lat else float("nan")

    return {
        "p50_ms": pct(0.50),
        "p95_ms": pct(0.95),
        "p99_ms": pct(0.99),
        "median_window_p95_ms": statistics.median(r["p95_ms"] for r in results),
        "errors": sum(r["errors"] + r["late"] for r in results),
    }


def alternate(env_one, env_many, label: str) -> tuple[dict, dict]:
    """The 1-organization database and the ``label``-organization one, each behind its own
    gunicorn (ports PORT and PORT + 1), measured in PAIRS alternating pairs of WINDOW seconds at
    AB_RATE rps (the order flips every pair); returns the pooled figures of both."""
    servers = [serve(env_one, PORT), serve(env_many, PORT + 1)]
    try:
        cookies = [login_cookie(PORT), login_cookie(PORT + 1)]
        for port, cookie in zip((PORT, PORT + 1), cookies, strict=True):
            open_loop(port, cookie, 50, 2)  # warm-up: pools, caches
        windows: tuple[list, list] = ([], [])
        for pair in range(PAIRS):
            for which in (0, 1) if pair % 2 == 0 else (1, 0):
                result = open_loop(PORT + which, cookies[which], AB_RATE, WINDOW)
                windows[which].append(result)
                print(row("1" if which == 0 else label, result), flush=True)
        return pooled(windows[0]), pooled(windows[1])
    finally:
        for proc in servers:
            proc.terminate()
            proc.wait(timeout=10)


def main() -> None:
    env = bench_env()
    print(
        f"database: {env['DATABASE_URL']}; Redis: {env.get('REDIS_URL') or 'none (database cache)'}",
        flush=True,
    )
    header = "| organizations | target rps | achieved rps | p50 ms | p95 ms | p99 ms | errors/late | generator CPU |"
    if os.environ.get("BENCH_REUSE"):
        settle(env)
        print("\n" + header)
        print("|---|---|---|---|---|---|---|---|")
        load_series(env, os.environ.get("BENCH_LABEL", "existing"), RATE_STEPS)
        return
    # The baseline: a second database (name + "_one") that keeps a single organization.
    env_one = dict(
        env,
        DATABASE_URL=env["DATABASE_URL"].replace("?", "_one?", 1)
        if "?" in env["DATABASE_URL"]
        else env["DATABASE_URL"] + "_one",
    )
    import psycopg

    admin_url = env["DATABASE_URL"].rsplit("/", 1)[0] + "/postgres"
    with psycopg.connect(admin_url, autocommit=True) as conn:
        name = env_one["DATABASE_URL"].rsplit("/", 1)[1].split("?")[0]
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')
    for e in (env, env_one):
        manage(e, "migrate_schemas", "--shared", "-v", "0")
        manage(e, "migrate_tenants", "-v", "0")  # the template schema, as ./ops does
        setup_people(e)
    settle(env_one)
    summary = []
    have = 1
    for count in ORG_COUNTS:
        created = add_organizations(env, have, count) if count > have else 0.0
        if count > have:
            print(
                f"created {count - have} organizations in {created:.1f} s ({CREATE_PROCS} processes)",
                flush=True,
            )
        have = max(have, count)
        settle(env)
        print("\n" + header)
        print("|---|---|---|---|---|---|---|---|")
        one, many = alternate(env_one, env, str(count))
        migrate = timed_manage(env, "migrate_tenants", "-v", "0")
        full = timed_manage(env, "migrate_schemas", "-v", "0") if DJANGO_TENANTS_MIGRATE else float("nan")
        new = time_new_organization(env, f"bench-new-{count}")
        have += 2  # the new ones count from here on (their slugs are not bench-N)
        summary.append((count, one, many, migrate, full, new))

    print(
        f"\n| organizations | p50 ms at {AB_RATE:.0f} rps | p95 ms (pooled) | p95 of the 1-organization windows beside it "
        "| p95 vs 1 org | median window p95 (N / 1) | no-op migrate_tenants | new organization ready |"
    )
    print("|---|---|---|---|---|---|---|---|")
    for count, one, many, migrate, _full, new in summary:
        print(
            f"| {count} | {many['p50_ms']:.1f} | {many['p95_ms']:.1f} | {one['p95_ms']:.1f} "
            f"| {100 * (many['p95_ms'] - one['p95_ms']) / one['p95_ms']:+.0f} % "
            f"| {many['median_window_p95_ms']:.1f} / {one['median_window_p95_ms']:.1f} "
            f"| {migrate:.1f} s | {new[0]:.2f} s / {new[1]:.2f} s |"
        )
    if DJANGO_TENANTS_MIGRATE:
        for count, _one, _many, _m, full, _n in summary:
            print(f"django-tenants migrate_schemas, nothing to apply, {count} schemas: {full:.1f} s")
    print(
        "targets: p95 at 200 rps < 25 ms and within 10 % of 1 organization; "
        "migrate_tenants < 15 s; new organization < 1 s"
    )


if __name__ == "__main__":
    main()
