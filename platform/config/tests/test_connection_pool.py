"""A database restart costs no 500 (issue 16, item 10): the psycopg pool checks a connection
before handing it out (``CONN_HEALTH_CHECKS``), so connections the server dropped are replaced.
On the old settings the first requests after the restart answered 500."""

from __future__ import annotations

import pytest
from django.db import connection

from accounts.tests.factories import PASSWORD
from config.tests.live_servers import Browser, start_servers

pytestmark = pytest.mark.django_db(transaction=True)


def _drop_server_connections() -> int:
    """What a Postgres restart does to the pooled connections: terminate every other backend of
    this database. Returns how many were terminated."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
            "WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )
        return cursor.fetchone()[0]


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
