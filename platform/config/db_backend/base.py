"""django-tenants' ``DatabaseWrapper`` whose psycopg pool checks a connection with
``config.db_pool.check_connection`` (issue 23) instead of a round trip on every checkout, and
with ``qualified_cursor`` (a cursor without django-tenants' ``SET search_path``).

Django builds the pool itself (``DatabaseWrapper.pool``) and passes it ``check=`` from
``CONN_HEALTH_CHECKS``, so the check cannot be given in ``OPTIONS["pool"]``: the pool made by
Django (``CONN_HEALTH_CHECKS`` on) gets ours once, before its first connection (psycopg_pool
3.3 keeps it as ``_check``; the test ``config/tests/test_connection_pool.py`` fails if a new
version moves it)."""

from __future__ import annotations

from django_tenants.postgresql_backend.base import DatabaseWrapper as TenantDatabaseWrapper
from psycopg_pool import ConnectionPool

from config.db_pool import check_connection


class DatabaseWrapper(TenantDatabaseWrapper):
    @property
    def pool(self):
        pool = super().pool
        if pool is not None and getattr(pool, "_check", None) is ConnectionPool.check_connection:
            pool._check = check_connection
        return pool

    def qualified_cursor(self):
        """A cursor (Django's wrapper: execute wrappers, query capture and logging see its
        statements) before which django-tenants sends no ``SET search_path``: only for
        statements that name the schema of every table they touch, so whatever schema the
        pooled connection was left in does not matter (``tenants.scope.qualified_cursor``;
        issue 23: one round trip less on every request). The tenant state is untouched: the
        next ORM statement still sets the request's schema first."""
        return super(TenantDatabaseWrapper, self)._cursor()
