"""The connection pool's check before it hands out a connection (issue 16, item 10; issue 23).

psycopg's ``ConnectionPool.check_connection`` sends an empty query on every checkout: with
``conn_max_age = 0`` a request takes a connection from the pool for each request, so a sitting's
answer save paid one more round trip to Postgres for the check than for its own work (a fifth of a
save's time in the web process under load, ``BENCH_PYSPY`` of bench/run taking). A server that drops
a connection (a restart, ``pg_terminate_backend``, an idle timeout) says so on the socket before
closing it (a FATAL message, then end of file), so an idle pooled connection with something to read,
or closed, is the one to test: ``check_connection`` tests only those, with psycopg's check (which
raises, and the pool replaces the connection); a quiet one is handed out at once. A silently lost
peer (no message, no reset) would be found by the first statement, as it would between psycopg's
check and that statement.
"""

from __future__ import annotations

import select
from typing import Any

from psycopg import Connection, pq
from psycopg_pool import ConnectionPool


def check_connection(conn: Connection[Any]) -> None:
    """``check`` of the pool (``settings.DATABASES["default"]["OPTIONS"]["pool"]``): psycopg's
    round-trip check only for a connection that is closed, not idle, or has data waiting."""
    if conn.closed or conn.pgconn.transaction_status != pq.TransactionStatus.IDLE:
        ConnectionPool.check_connection(conn)
        return
    readable, _, _ = select.select([conn.pgconn.socket], [], [], 0)
    if readable:
        ConnectionPool.check_connection(conn)
