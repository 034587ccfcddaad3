"""Benchmark of GET /api/v1/auth/is-authorized with 1 and 200 organizations, plus the tenancy
timings (organization creation, no-op migrate_schemas over 200 schemas). See bench/README.md."""

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
RATE_STEPS = [200, 300, 400, 500, 650, 800]
DURATION = float(os.environ.get("BENCH_SECONDS", "15"))
ORGS = int(os.environ.get("BENCH_ORGS", "200"))
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
    result = subprocess.run(
        [PY, "manage.py", *args], cwd=ROOT, env=env, check=True, capture_output=True, text=True
    )
    return result.stdout


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def setup_people(env) -> None:
    """One organization with an admin educator (bench@bench.vn / Bench@12345)."""
    code = """
from django.utils import timezone
from accounts.models import Profile, User
from tenants.services import organization_create, organization_provision_now
org = organization_create(name="Bench Org 0", slug="bench-0")
organization_provision_now(organization_id=org.pk)
user = User.objects.create_user(email="bench@bench.vn", password="Bench@12345", name="Bench", is_active=True, email_verified_at=timezone.now())
Profile.objects.create(user=user, pandai_profile_role="EDUCATOR", organization=org, is_admin=True, joined_at=timezone.now())
"""
    manage(env, "shell", "-c", code)


def add_organizations(env, count: int) -> tuple[float, float]:
    """Create ``count`` more organizations; returns (seconds of the first one, total seconds)."""
    code = f"""
import time
from tenants.services import organization_create
times = []
for i in range(1, {count} + 1):
    t = time.perf_counter()
    org = organization_create(name=f"Bench Org {{i}}", slug=f"bench-{{i}}")  # huey runs inline here
    org.refresh_from_db()
    assert org.provisioning_status == "ready", org.provisioning_error
    times.append(time.perf_counter() - t)
print("RESULT", times[0], sum(times))
"""
    line = [ln for ln in manage(env, "shell", "-c", code).splitlines() if ln.startswith("RESULT")][-1]
    first, total = line.split()[1:]
    return float(first), float(total)


def login_cookie(port: int) -> str:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    body = json.dumps({"email": "bench@bench.vn", "password": "Bench@12345"})
    conn.request("POST", "/public/api/auth/login", body, {"Content-Type": "application/json"})
    res = conn.getresponse()
    res.read()
    assert res.status == 200, res.status
    cookies = [v.split(";", 1)[0] for k, v in res.getheaders() if k.lower() == "set-cookie"]
    return "; ".join(c for c in cookies if c.startswith("sessionid="))


def open_loop(
    port: int,
    cookie: str,
    rate: float,
    seconds: float,
    paths: tuple[str, ...] = ("/api/v1/auth/is-authorized",),
    make=None,
) -> dict[str, float]:
    """Send ``rate`` requests/s for ``seconds`` on a fixed schedule, cycling through ``paths``
    (GET with ``cookie``), or request *i* = ``make(i)`` -> (method, path, headers, body);
    latency is measured from each request's due time. A 2xx answer counts as ok."""
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
            at, (method, path, headers, body) = item
            now = time.perf_counter()
            if at > now:
                time.sleep(at - now)
            elif now - at > 2.0:
                with lock:
                    late[0] += 1
                continue
            try:
                conn.request(method, path, body=body, headers=headers)
                res = conn.getresponse()
                res.read()
                ok = 200 <= res.status < 300
            except (OSError, http.client.HTTPException):
                conn.close()
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
                ok = False
            done = time.perf_counter()
            with lock:
                if ok:
                    latencies.append(done - at)
                else:
                    errors[0] += 1

    usage_before = resource.getrusage(resource.RUSAGE_SELF)
    threads = [threading.Thread(target=sender, daemon=True) for _ in range(SENDERS)]
    for t in threads:
        t.start()
    for i in range(total):
        due.put((start + i / rate, make(i)))
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


def serve(env, port: int) -> subprocess.Popen:
    """gunicorn as ops/run starts it (``--preload``: the app, warmed by config/wsgi.py, is loaded
    once before the socket accepts), 2 workers x 4 threads; returned once it is ready, the way a
    load balancer's readiness probe would see it: ``/health/`` (database, cache, storage) has
    answered 200 on 16 parallel connections, so both workers have opened their connection pools.
    Measurements therefore start on a warm server, as production traffic does after a deploy."""
    proc = subprocess.Popen(
        [
            PY,
            "-m",
            "gunicorn",
            "config.wsgi:application",
            "--chdir",
            "platform",
            "--bind",
            f"127.0.0.1:{port}",
            "--workers",
            "2",
            "--threads",
            "4",
            "--worker-class",
            "gthread",
            "--preload",
            "--log-level",
            "warning",
        ],
        cwd=ROOT,
        env=env,
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
    port = free_port()
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


def main() -> None:
    env = bench_env()
    print(f"database: {env['DATABASE_URL']}", flush=True)
    if os.environ.get("BENCH_REUSE"):
        settle(env)
        print(
            "\n| organizations | target rps | achieved rps | p50 ms | p95 ms | p99 ms | errors/late | generator CPU |"
        )
        print("|---|---|---|---|---|---|---|---|")
        load_series(env, os.environ.get("BENCH_LABEL", "existing"), RATE_STEPS)
        return
    manage(env, "migrate_schemas", "--shared", "-v", "0")
    setup_people(env)
    settle(env)
    print(
        "\n| organizations | target rps | achieved rps | p50 ms | p95 ms | p99 ms | errors/late | generator CPU |"
    )
    print("|---|---|---|---|---|---|---|---|")
    one = load_series(env, "1", RATE_STEPS)
    first, total = add_organizations(env, ORGS - 1)
    t = time.perf_counter()
    manage(env, "migrate_schemas", "-v", "0")
    migrate_seconds = time.perf_counter() - t
    t = time.perf_counter()
    manage(env, "migrate_tenants", "-v", "0")
    fast_seconds = time.perf_counter() - t
    settle(env)
    many = load_series(env, str(ORGS), RATE_STEPS)

    def held(results):
        ok = [r for r in results if r["p95_ms"] < 100 and not r["errors"] and not r["late"]]
        return max((r["rate"] for r in ok), default=0)

    p95_one, p95_many = one[0]["p95_ms"], many[0]["p95_ms"]
    print("\n| figure | value | target |")
    print("|---|---|---|")
    print(f"| p95 at 200 rps, 1 organization | {p95_one:.1f} ms | < 25 ms |")
    print(f"| p95 at 200 rps, {ORGS} organizations | {p95_many:.1f} ms | < 25 ms |")
    print(
        f"| difference 1 vs {ORGS} organizations (p95 at 200 rps) | {100 * (p95_many - p95_one) / p95_one:+.0f} % | within 10 % |"
    )
    print(
        f"| highest rate held with p95 < 100 ms (1 / {ORGS} orgs) | {held(one):.0f} / {held(many):.0f} rps | report |"
    )
    print(f"| create one organization with all tenant migrations | {first:.2f} s | < 5 s |")
    print(f"| create {ORGS - 1} organizations | {total:.1f} s | report |")
    print(f"| migrate_schemas, nothing to apply, {ORGS} schemas | {migrate_seconds:.1f} s | < 15 s |")
    print(
        f"| migrate_tenants (./ops/run, ./ops/test), nothing to apply, {ORGS} schemas | {fast_seconds:.1f} s | < 15 s |"
    )


if __name__ == "__main__":
    main()
