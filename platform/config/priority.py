"""Run long background work at the operating system's lowest CPU priority.

A large export (issue 10) is CPU-bound Python for seconds; on the machine that also serves
learners in a test it must not take CPU time they need. ``nice`` on the worker process (ops/run)
lowers its weight, but a niced task still keeps a CPU until the scheduler's next decision.
Linux's ``SCHED_IDLE`` policy goes further: a normal task that wakes up preempts an idle-policy
one at once, and a CPU running only idle-policy work counts as idle when the scheduler places
a waking task. The policy is set on a thread of its own, because an unprivileged thread cannot
return from ``SCHED_IDLE`` to the normal policy; the thread ends with the work.

The standard library's ``os.sched_setscheduler`` does the work (no library wraps it for
threads); on systems without ``SCHED_IDLE`` the work simply runs in the calling thread.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from typing import TypeVar

from django.conf import settings
from django.db import connections

T = TypeVar("T")


def idle_priority_available() -> bool:
    return hasattr(os, "SCHED_IDLE") and hasattr(os, "sched_setscheduler")


def run_at_idle_priority(work: Callable[[], T]) -> T:
    """``work()`` in a new thread under ``SCHED_IDLE``; returns its result or raises its
    exception. The thread has its own database connection (Django's are per thread), closed
    when it ends, and no active language or tenant schema: ``work`` sets what it needs.

    Runs ``work`` in the calling thread instead when ``settings.BACKGROUND_IDLE_PRIORITY`` is
    false (the test suite, whose database transaction other threads cannot see) or when the
    platform has no ``SCHED_IDLE``."""
    if not getattr(settings, "BACKGROUND_IDLE_PRIORITY", True) or not idle_priority_available():
        return work()
    outcome: dict[str, object] = {}

    def target() -> None:
        try:
            try:
                os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))  # this thread only
            except OSError:  # refused by the platform: run at the normal priority
                pass
            outcome["result"] = work()
        except BaseException as exc:  # re-raised in the caller
            outcome["error"] = exc
        finally:
            connections.close_all()

    thread = threading.Thread(target=target, name="idle-priority-work")
    thread.start()
    thread.join()
    if "error" in outcome:
        raise outcome["error"]  # type: ignore[misc]
    return outcome["result"]  # type: ignore[return-value]
