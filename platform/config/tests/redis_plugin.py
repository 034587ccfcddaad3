"""pytest plugin (loaded from the root conftest): under CI, a Redis-backed test may not be skipped.

Issue 21, item 3: the Redis paths (RedisHuey, the Redis cache, rate limits counted in Redis) are
tested only when ``REDIS_URL`` is set, and skip otherwise so that a laptop without Redis still runs
the suite. On CI (``CI=true``) with a Redis server answering, such a skip means the Redis paths
silently did not run: the skipped test is reported as an error instead, with the reason.

Tests mark themselves ``@pytest.mark.redis`` (registered in pyproject.toml). Decision 0025.
"""

from __future__ import annotations

import os
from functools import cache

import pytest

DEFAULT_REDIS_URL = "redis://127.0.0.1:6379/0"


def ci_requires_redis(environ: dict[str, str] | os._Environ, *, answers) -> bool:
    """Whether a skipped Redis test must fail: ``CI`` is true (1/true/yes) and Redis answers.

    ``answers(url) -> bool`` pings the server at ``REDIS_URL`` (or the default loopback port).
    """
    if environ.get("CI", "").strip().lower() not in {"1", "true", "yes"}:
        return False
    return answers(environ.get("REDIS_URL") or DEFAULT_REDIS_URL)


@cache
def redis_answers(url: str) -> bool:
    """One PING with a 1 s timeout; False on any connection error."""
    import redis

    try:
        return bool(redis.Redis.from_url(url, socket_connect_timeout=1, socket_timeout=1).ping())
    except (redis.RedisError, OSError):
        return False


SKIP_IS_FAILURE = (
    "CI=true and Redis answers, but this Redis-backed test was skipped ({reason}): "
    "export REDIS_URL (e.g. redis://127.0.0.1:6379/15) so that the Redis paths run (issue 21, item 3)"
)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if (
        report.skipped
        and item.get_closest_marker("redis")
        and ci_requires_redis(os.environ, answers=redis_answers)
    ):
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
        report.outcome = "failed"
        report.longrepr = SKIP_IS_FAILURE.format(reason=reason)
