"""Where one GET /api/v1/auth/is-authorized spends its time, in one process against the database
of DATABASE_URL (a bench/run is_authorized database: bench@bench.vn, Bench@12345), issue 21 item 7.

Prints: the statements one request sends (SQL, time each), the mean wall time of a request and of
its statements over ``BENCH_REQUESTS`` (2,000) requests through Django's test client (DB_POOL as in
production), the number of schemas in the database, the size of the Postgres backend's catalogue
cache (``CacheMemoryContext``), and the top of a cProfile of the requests.

    DATABASE_URL=postgresql://postgres@127.0.0.1:5432/ho_bench python bench/is_authorized_profile.py
"""

from __future__ import annotations

import cProfile
import io
import os
import pstats
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from in_process import django_in_process  # noqa: E402

django_in_process()

from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402

REQUESTS = int(os.environ.get("BENCH_REQUESTS", "2000"))
PATH = "/api/v1/auth/is-authorized"


def main() -> None:
    client = Client(HTTP_HOST="127.0.0.1")
    res = client.post(
        "/public/api/auth/login",
        {"email": "bench@bench.vn", "password": "Bench@12345"},
        content_type="application/json",
    )
    assert res.status_code == 200, res.status_code
    for _ in range(50):  # warm: pool, caches
        client.get(PATH)

    statements: list[tuple[str, float]] = []

    def timed(execute, sql, params, many, context):
        t = time.perf_counter()
        try:
            return execute(sql, params, many, context)
        finally:
            statements.append((sql, time.perf_counter() - t))

    with connection.execute_wrapper(timed):
        client.get(PATH)
    print("statements of one request:")
    for sql, seconds in statements:
        print(f"  {seconds * 1000:6.2f} ms  {sql[:150]}")

    statements.clear()
    profile = cProfile.Profile()
    t = time.perf_counter()
    with connection.execute_wrapper(timed):
        profile.enable()
        for _ in range(REQUESTS):
            assert client.get(PATH).status_code == 200
        profile.disable()
    wall = time.perf_counter() - t
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM pg_namespace WHERE nspname LIKE 'org\\_%%'")
        schemas = cursor.fetchone()[0]
        cursor.execute("SELECT count(*) FROM pg_class")
        relations = cursor.fetchone()[0]
        cursor.execute(
            "SELECT coalesce(sum(total_bytes), 0) FROM pg_backend_memory_contexts "
            "WHERE name = 'CacheMemoryContext' OR parent = 'CacheMemoryContext'"
        )
        cache_bytes = cursor.fetchone()[0]
    print(f"organization schemas: {schemas}; pg_class rows: {relations}")
    print(
        f"{REQUESTS} requests: {1000 * wall / REQUESTS:.2f} ms each (wall, in process), "
        f"{len(statements) / REQUESTS:.2f} statements each, "
        f"{1000 * sum(s for _, s in statements) / REQUESTS:.2f} ms of them in the database"
    )
    print(f"this backend's catalogue cache: {cache_bytes / 1024:.0f} kB")
    out = io.StringIO()
    pstats.Stats(profile, stream=out).sort_stats("cumulative").print_stats(25)
    print(out.getvalue())


if __name__ == "__main__":
    main()
