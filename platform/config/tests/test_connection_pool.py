"""A database restart costs no 500 (issue 16, item 10): the psycopg pool checks a connection
before handing it out (``config.db_pool.check_connection``), so connections the server dropped
are replaced. On the old settings the first requests after the restart answered 500. A quiet
connection is handed out without a round trip (issue 23)."""

from __future__ import annotations

import pytest
from django.db import connection

from accounts.tests.factories import PASSWORD
from config.tests.live_servers import Browser, start_servers

pytestmark = pytest.mark.django_db(transaction=True)


def _drop_server_connections() -> int:
    """What a Postgres restart does to the pooled connections: terminate every other backend of
    this database, each call waiting until its backend has exited (``pg_terminate_backend``'s
    timeout, 10 s; a restart is over only then). Returns how many were terminated."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pid, pg_terminate_backend(pid, 10000) FROM pg_stat_activity "
            "WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )
        return sum(1 for _pid, terminated in cursor.fetchall() if terminated)


def test_requests_after_the_database_drops_every_connection_succeed(tmp_path, learner):
    servers = start_servers(tmp_path, count=1, pool=True)
    try:
        (server,) = servers
        browser = Browser()
        assert browser.login(server, learner.user.email, PASSWORD)[0] == 200
        for _ in range(4):  # the pool now holds open connections
            assert browser.call(server, "GET", "/api/v1/auth/is-authorized")[0] == 200
        assert _drop_server_connections() >= 1
        statuses = [browser.call(server, "GET", "/api/v1/auth/is-authorized")[0] for _ in range(6)]
        assert statuses == [200] * 6
    finally:
        for server in servers:
            server.stop()


def test_the_pool_checks_with_a_round_trip_only_a_connection_the_server_spoke_on(monkeypatch):
    """Issue 23: psycopg's check cost an empty query on every checkout. A quiet connection is
    handed out as it is; one the server terminated is tested (and the pool replaces it)."""
    import select

    import psycopg
    from django.db import connections
    from psycopg_pool import ConnectionPool

    from config.db_backend.base import DatabaseWrapper
    from config.db_pool import check_connection

    wrapper = DatabaseWrapper(
        {
            **connections["default"].settings_dict,
            "CONN_HEALTH_CHECKS": True,
            "OPTIONS": {"pool": {"min_size": 0, "max_size": 1}},
        }
    )
    try:
        assert wrapper.pool._check is check_connection
    finally:
        wrapper.close_pool()

    tested = []
    real = ConnectionPool.check_connection
    monkeypatch.setattr(
        ConnectionPool, "check_connection", staticmethod(lambda c: (tested.append(c), real(c)))
    )
    params = connection.get_connection_params()
    with psycopg.connect(**params, autocommit=True) as pooled:
        pooled.execute("SELECT 1").fetchall()
        check_connection(pooled)
        assert tested == []  # no round trip
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_terminate_backend(%s)", [pooled.info.backend_pid])
        # the FATAL message reaches the socket: it becomes readable
        assert select.select([pooled.fileno()], [], [], 10)[0]
        with pytest.raises(psycopg.OperationalError):
            check_connection(pooled)
        assert tested == [pooled]


def test_pooled_connections_are_replaced_after_ten_minutes_by_default():
    """Issue 21, item 7 (decision 0026): a backend's catalogue cache grows with every
    organization schema it serves, so pooled connections live DB_POOL_MAX_LIFETIME seconds
    (600 by default) instead of psycopg's hour."""
    import json
    import os
    import subprocess
    import sys
    from pathlib import Path

    code = (
        "import json, django; django.setup(); from django.conf import settings; "
        "print(json.dumps(settings.DATABASES['default']['OPTIONS']['pool']))"
    )
    platform = Path(__file__).resolve().parents[2]

    def pool(**extra: str) -> dict:
        env = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "config.settings",
            "PYTHONPATH": f"{platform}{os.pathsep}{platform.parent}",
            "DB_POOL": "1",
            **extra,
        }
        env.pop("DB_POOL_MAX_LIFETIME", None) if "DB_POOL_MAX_LIFETIME" not in extra else None
        out = subprocess.run(
            [sys.executable, "-c", code], cwd=platform, env=env, check=True, capture_output=True, text=True
        )
        return json.loads(out.stdout.strip().splitlines()[-1])

    assert pool()["max_lifetime"] == 600
    assert pool(DB_POOL_MAX_LIFETIME="120")["max_lifetime"] == 120
