"""The helpers that tests against real server processes share (``config.tests.live_servers``)."""

from __future__ import annotations

import zlib

import pytest
import time_machine

from config.tests.live_servers import address_with_window_left


def _seconds_left(value: str, period: int, now: int) -> int:
    """django-ratelimit's window end for ``value`` (its ``_get_window``), written out."""
    end = now - now % period + zlib.crc32(value.encode()) % period
    return (end if end >= now else end + period) - now


def test_the_address_chosen_has_at_least_the_time_asked_for_left_in_its_window():
    """At a fixed instant the first address of 127.0.31.0/24 whose 5-minute window has 120 s or
    more left is chosen, and the ones before it have less (the CI failure of stop 33: the count
    restarted at zero when the window of 127.0.0.31 ended during 102 logins)."""
    now = 1_795_000_000
    with time_machine.travel(now, tick=False):
        chosen = address_with_window_left("100/5m", 120, subnet=31)
        keyed = address_with_window_left("5/5m", 120, subnet=21, key=lambda a: f"x@example.vn|{a}")
    host = int(chosen.rsplit(".", 1)[1])
    assert chosen.startswith("127.0.31.")
    assert _seconds_left(chosen, 300, now) >= 120
    assert all(_seconds_left(f"127.0.31.{h}", 300, now) < 120 for h in range(1, host))
    assert _seconds_left(f"x@example.vn|{keyed}", 300, now) >= 120


def test_asking_for_half_the_window_or_more_is_refused():
    with pytest.raises(ValueError):
        address_with_window_left("5/5m", 150, subnet=1)
