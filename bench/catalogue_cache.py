"""What one Postgres connection pays for serving many organizations (issue 21, item 7; decision
0026): the backend's catalogue cache and the time of the first queries in each schema, as one
pooled connection moves through the organizations' schemas.

Against a database of ``bench/run is_authorized`` (its schemas ``org_*``): one connection sets
``search_path`` to each schema in turn and reads the first row of ``BENCH_TABLES`` (8) of its
tables (what a request in that organization does); it prints, after 1, 10, 50 ... schemas, the
backend's ``CacheMemoryContext`` (kB) and the milliseconds of the last schema's first queries.
Then the same schemas again on the now-warm connection, one schema over and over on it, and one
schema over and over on a fresh connection (ms per schema: 8 queries and the ``SET``).

    python bench/catalogue_cache.py postgresql://postgres@127.0.0.1:5432/ho_bench
"""

from __future__ import annotations

import os
import sys
import time

import psycopg

TABLES = int(os.environ.get("BENCH_TABLES", "8"))
MARKS = {1, 10, 50, 100, 200, 300, 500, 800, 1000}


def main(url: str) -> None:
    conn = psycopg.connect(url, autocommit=True)
    schemas = [
        r[0] for r in conn.execute(r"SELECT nspname FROM pg_namespace WHERE nspname LIKE 'org\_%' ORDER BY 1")
    ]
    tables = [
        r[0]
        for r in conn.execute(
            "SELECT relname FROM pg_class WHERE relnamespace = 'tenant_template'::regnamespace "
            "AND relkind = 'r' ORDER BY 1"
        )
    ][:TABLES]

    def cache_kb(c) -> int:
        row = c.execute(
            "SELECT sum(total_bytes) FROM pg_backend_memory_contexts "
            "WHERE name = 'CacheMemoryContext' OR parent = 'CacheMemoryContext'"
        ).fetchone()
        return int(row[0]) // 1024

    def visit(c, schema: str) -> float:
        t = time.perf_counter()
        c.execute(f'SET search_path = "{schema}", public')
        for table in tables:
            c.execute(f'SELECT * FROM "{table}" LIMIT 1').fetchall()
        return (time.perf_counter() - t) * 1000

    print(f"{len(schemas)} organization schemas; a fresh backend's catalogue cache: {cache_kb(conn)} kB")
    print("| schemas touched by this connection | catalogue cache | first queries in the last schema |")
    print("|---|---|---|")
    for n, schema in enumerate(schemas, 1):
        ms = visit(conn, schema)
        if n in MARKS or n == len(schemas):
            print(f"| {n} | {cache_kb(conn):,} kB | {ms:.1f} ms |", flush=True)

    def sweep(label: str, c, subset: list[str]) -> None:
        t = time.perf_counter()
        for schema in subset:
            visit(c, schema)
        print(f"{label}: {1000 * (time.perf_counter() - t) / len(subset):.2f} ms per schema")

    sweep("warm connection, every schema again", conn, schemas)
    sweep("warm connection, one schema over and over", conn, [schemas[0]] * len(schemas))
    sweep(
        "fresh connection, one schema over and over",
        psycopg.connect(url, autocommit=True),
        [schemas[0]] * len(schemas),
    )


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.environ["DATABASE_URL"])
