"""Redis in CI (issue 21, item 3): the Redis paths run, and under CI a skip of one is an error."""

from __future__ import annotations

import os

import pytest

from config.tests.redis_plugin import DEFAULT_REDIS_URL, ci_requires_redis

redis_url = os.environ.get("REDIS_URL")


def test_ci_requires_redis_only_on_ci_with_a_server_answering():
    asked = []

    def answers(url):
        asked.append(url)
        return True

    assert ci_requires_redis({}, answers=answers) is False
    assert ci_requires_redis({"CI": "false"}, answers=answers) is False
    assert asked == []
    assert ci_requires_redis({"CI": "true"}, answers=answers) is True
    assert ci_requires_redis({"CI": "1", "REDIS_URL": "redis://h:1/3"}, answers=answers) is True
    assert asked == [DEFAULT_REDIS_URL, "redis://h:1/3"]
    assert ci_requires_redis({"CI": "true"}, answers=lambda url: False) is False


SAMPLE = """
import pytest

@pytest.mark.redis
@pytest.mark.skipif(True, reason="no Redis answered (REDIS_URL unset)")
def test_needs_redis():
    pass

@pytest.mark.skipif(True, reason="not a Redis test")
def test_other_skip():
    pass
"""


def _run(pytester, monkeypatch, *, ci: str, answering: bool):
    from django.conf import settings

    monkeypatch.setenv("PYTHONPATH", str(settings.PLATFORM_DIR))
    monkeypatch.setenv("CI", ci)
    monkeypatch.setenv("REDIS_URL", "redis://127.0.0.1:6379/7" if answering else "redis://127.0.0.1:1/0")
    pytester.makepyfile(SAMPLE)
    pytester.makeini("[pytest]\nmarkers =\n    redis: needs Redis\n")
    return pytester.runpytest_subprocess(
        "-p", "no:django", "-p", "no:cacheprovider", "-p", "config.tests.redis_plugin"
    )


@pytest.mark.redis
@pytest.mark.skipif(not redis_url, reason="no Redis answered (REDIS_URL unset)")
def test_a_skipped_redis_test_fails_the_run_on_ci(pytester, monkeypatch):
    result = _run(pytester, monkeypatch, ci="true", answering=True)
    result.assert_outcomes(skipped=1, errors=1)
    result.stdout.fnmatch_lines(["*CI=true and Redis answers, but this Redis-backed test was skipped*"])
    assert result.ret != 0


def test_a_skipped_redis_test_only_skips_off_ci_or_without_redis(pytester, monkeypatch):
    assert _run(pytester, monkeypatch, ci="false", answering=True).ret == 0
    result = _run(pytester, monkeypatch, ci="true", answering=False)
    result.assert_outcomes(skipped=2)
    assert result.ret == 0


@pytest.mark.redis
@pytest.mark.skipif(not redis_url, reason="no Redis answered (REDIS_URL unset)")
def test_with_redis_url_huey_and_the_shared_cache_are_redis(settings):
    """RedisHuey and the Redis cache are what the suite runs on when REDIS_URL is set: a task
    enqueued on the configured (non-immediate) RedisHuey is stored in Redis and executes."""
    from django.core.cache import caches
    from huey import RedisHuey
    from huey.contrib.djhuey import HUEY

    assert isinstance(HUEY, RedisHuey)
    assert settings.CACHES["default"]["BACKEND"] == "config.cache.RedisCache"
    caches["default"].set("issue-21-probe", 42, 30)
    assert caches["default"].get("issue-21-probe") == 42

    huey = RedisHuey("platform-ci-probe", url=settings.REDIS_URL)
    huey.flush()

    @huey.task()
    def double(n):
        return n * 2

    result = double(21)
    assert huey.pending_count() == 1
    huey.execute(huey.dequeue())
    assert result.get() == 42
    huey.flush()


@pytest.mark.redis
@pytest.mark.skipif(not redis_url, reason="no Redis answered (REDIS_URL unset)")
def test_the_redis_cache_reuses_one_client_and_another_cache_reads_what_it_wrote(settings):
    """Issue 23: Django built a ``redis.Redis`` (and copied its ~170 response callbacks) on every
    cache call, the session read of every request included. One client per pool is kept; a
    second cache object (as another process would have) still reads what this one wrote."""
    from django.core.cache import caches

    from config.cache import RedisCache

    cache = caches["default"]
    first = cache._cache.get_client()
    assert cache._cache.get_client() is first
    assert cache._cache.get_client(write=True) is first  # one server: one pool, one client
    cache.set("issue-23-probe", "đã lưu", 30)
    other = RedisCache(settings.REDIS_URL, {})
    assert other._cache.get_client() is not first
    assert other.get("issue-23-probe") == "đã lưu"
    other.delete("issue-23-probe")
    assert cache.get("issue-23-probe") is None
