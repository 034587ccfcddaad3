"""The shared cache: Redis when ``REDIS_URL`` is set (``RedisCache``), else a table of the
database every process uses (``SharedDatabaseCache``, the embedded default).

With no ``REDIS_URL`` there is no cache server, yet sessions, rate-limit counters and one-time
marks must agree between the web processes and nodes (issue 16, item 1; ARCHITECTURE.md "Stack").
Django's ``DatabaseCache`` stores them in Postgres, but its ``incr`` is a read followed by a write,
so two processes counting the same key at once lose a count. ``SharedDatabaseCache.incr`` takes the
row ``FOR UPDATE`` first, which makes django-ratelimit's counters exact across processes.

The table (``settings.SHARED_CACHE_TABLE``) is created by a migration of ``accounts`` in the
public schema, so it exists wherever the schemas are migrated, whatever the cache settings.
"""

from __future__ import annotations

import base64
import pickle
from typing import Any

from django.core.cache.backends.db import DatabaseCache
from django.core.cache.backends.redis import RedisCache as DjangoRedisCache
from django.core.cache.backends.redis import RedisCacheClient as DjangoRedisCacheClient
from django.db import connections, router, transaction
from django.utils.timezone import now as tz_now


class SharedDatabaseCache(DatabaseCache):
    """``DatabaseCache`` whose ``incr``/``decr`` are atomic across processes (row lock)."""

    def incr(self, key: str, delta: int = 1, version: int | None = None) -> Any:
        """Add ``delta`` to the integer stored at ``key`` and return the new value.

        Raises ``ValueError`` when the key is missing or expired (Django's cache contract).
        """
        key = self.make_and_validate_key(key, version=version)
        db = router.db_for_write(self.cache_model_class)
        connection = connections[db]
        table = connection.ops.quote_name(self._table)  # type: ignore[attr-defined]  # DatabaseCache's own
        with transaction.atomic(using=db), connection.cursor() as cursor:
            cursor.execute(
                f"SELECT value FROM {table} WHERE cache_key = %s AND expires >= %s FOR UPDATE",  # noqa: S608
                [key, connection.ops.adapt_datetimefield_value(tz_now().replace(microsecond=0))],
            )
            row = cursor.fetchone()
            if row is None:
                raise ValueError(f"Key '{key}' not found.")
            value = pickle.loads(base64.b64decode(row[0].encode())) + delta  # noqa: S301 (our own rows)
            encoded = base64.b64encode(pickle.dumps(value, self.pickle_protocol)).decode("latin1")
            cursor.execute(f"UPDATE {table} SET value = %s WHERE cache_key = %s", [encoded, key])  # noqa: S608
        return value


class RedisCacheClient(DjangoRedisCacheClient):
    """Django's Redis client that builds one ``redis.Redis`` per connection pool and reuses it.

    Django makes a new ``redis.Redis`` for every cache call, and its constructor copies the ~170
    response callbacks each time: on the session read of every request (issue 23: about a third
    of the Redis client's time under a profiler on an answer save). A ``redis.Redis`` is safe to
    share between threads (its pool hands each command a connection), so one per pool is kept.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._clients: dict[int, object] = {}

    def get_client(self, key: Any = None, *, write: bool = False) -> Any:
        """The ``redis.Redis`` of the pool ``key``/``write`` selects, made once."""
        # The private helpers of Django's client (not in django-stubs).
        index = self._get_connection_pool_index(write)  # type: ignore[attr-defined]
        client = self._clients.get(index)
        if client is None:
            client = self._clients[index] = self._client(  # type: ignore[attr-defined]
                connection_pool=self._get_connection_pool(write)  # type: ignore[attr-defined]
            )
        return client


class RedisCache(DjangoRedisCache):
    """Django's ``RedisCache`` with ``RedisCacheClient`` above (one ``redis.Redis`` per pool)."""

    def __init__(self, server: str, params: dict[str, Any]) -> None:
        super().__init__(server, params)
        self._class = RedisCacheClient
