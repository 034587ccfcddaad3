"""django-tenants' ``DatabaseWrapper`` whose psycopg pool checks a connection with
``config.db_pool.check_connection`` (issue 23) instead of a round trip on every checkout, with
``qualified_cursor`` (a cursor without django-tenants' ``SET search_path``) and
``prepared_cursor`` (the same, for a statement prepared once per connection, decision 0036).

Django builds the pool itself (``DatabaseWrapper.pool``) and passes it ``check=`` from
``CONN_HEALTH_CHECKS``, so the check cannot be given in ``OPTIONS["pool"]``: the pool made by
Django (``CONN_HEALTH_CHECKS`` on) gets ours once, before its first connection (psycopg_pool
3.3 keeps it as ``_check``; the test ``config/tests/test_connection_pool.py`` fails if a new
version moves it)."""

from __future__ import annotations

from typing import Any

from django.db.backends.postgresql.base import ServerBindingCursor
from django.db.backends.postgresql.operations import DatabaseOperations as PostgresOperations
from django_tenants.postgresql_backend.base import DatabaseWrapper as TenantDatabaseWrapper
from psycopg import ClientCursor
from psycopg_pool import ConnectionPool

from config.db_pool import check_connection

# psycopg prepares nothing when a connection's ``prepare_threshold`` is None (Django's default),
# not even on ``execute(prepare=True)``. Django's own cursors bind on the client and never prepare
# whatever the threshold, so a threshold no statement reaches leaves them as they are and lets
# ``PreparedCursor`` prepare its statements.
PREPARE_EXPLICITLY_ONLY = 2**31 - 1


class PreparedCursor(ServerBindingCursor):
    """A psycopg cursor with server-side binding whose every ``execute`` is a prepared statement:
    parsed and planned once per connection (psycopg keeps the 100 last per connection), then
    bound and run. Postgres switches to a generic plan after five runs when it costs no more."""

    # django-stubs declares Django's psycopg 3 cursors without psycopg's Cursor base (their
    # execute and connection): the ignores below are those gaps, not untyped code.
    def execute(
        self, query: Any, params: Any = None, *, prepare: bool | None = None, binary: bool | None = None
    ) -> Any:
        return super().execute(query, params, prepare=True, binary=binary)  # type: ignore[misc]


class DatabaseOperations(PostgresOperations):
    def last_executed_query(self, cursor: Any, sql: str, params: Any) -> str:
        """A prepared statement's text with its parameters, as for client-side binding (Django
        reads it from psycopg's last query, which a prepared run does not set): query capture
        and ``django.db.backends`` logs show it like any other."""
        if isinstance(cursor, PreparedCursor):  # on its own connection: no Django cursor, no SET
            return ClientCursor(cursor.connection).mogrify(sql, params)  # type: ignore[attr-defined]
        return super().last_executed_query(cursor, sql, params)


class DatabaseWrapper(TenantDatabaseWrapper):  # type: ignore[misc]  # django-tenants is untyped
    ops_class = DatabaseOperations

    @property
    def pool(self) -> ConnectionPool[Any] | None:
        pool: ConnectionPool[Any] | None = super().pool
        if pool is not None and getattr(pool, "_check", None) is ConnectionPool.check_connection:
            pool._check = check_connection
        return pool

    def get_connection_params(self) -> dict[str, Any]:
        params: dict[str, Any] = super().get_connection_params()
        if params.get("prepare_threshold") is None:
            params["prepare_threshold"] = PREPARE_EXPLICITLY_ONLY
        return params

    def qualified_cursor(self) -> Any:
        """A cursor (Django's wrapper: execute wrappers, query capture and logging see its
        statements) before which django-tenants sends no ``SET search_path``: only for
        statements that name the schema of every table they touch, so whatever schema the
        pooled connection was left in does not matter (``tenants.scope.qualified_cursor``;
        issue 23: one round trip less on every request). The tenant state is untouched: the
        next ORM statement still sets the request's schema first."""
        return super(TenantDatabaseWrapper, self)._cursor()

    def prepared_cursor(self) -> Any:
        """``qualified_cursor`` for one fixed statement run on every request of a hot path
        (decision 0036: the answer save): server-side binding (``%(name)s`` placeholders become
        ``$n``, so give each parameter whose type Postgres cannot infer a cast) and prepared once
        per connection. Planning the save's statement cost Postgres more than running it (0.19 ms
        against 0.08 ms, ``EXPLAIN ANALYZE``). Django's wrapper still sees the statement
        (execute wrappers, query capture)."""
        self.close_if_health_check_failed()
        self.ensure_connection()
        with self.wrap_database_errors:
            return self._prepare_cursor(PreparedCursor(self.connection))  # type: ignore[call-arg]
