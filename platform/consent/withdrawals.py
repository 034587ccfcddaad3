"""What a withdrawal of consent stops at once (issue 37, item 6; decision 0049): decision 0021 says
processing stops when consent is withdrawn, and the gate (``consent.gate``) refuses what starts
from then on; what is already running is stopped here. Consent sits below the apps whose work it
stops, so they register a listener from their ``AppConfig.ready()`` (the sitting: a test in
progress is ended and submitted with the reason ``consent_withdrawn``), as item analysis listens
to ``assignments.outcome``."""

from __future__ import annotations

import logging
from collections.abc import Callable

from django.db import transaction

from consent.rules import consent_facts
from consent.selectors import consent_verdict

logger = logging.getLogger(__name__)

Listener = Callable[[int], int]
"""``listener(user_id) -> how many things it stopped``."""

_listeners: list[Listener] = []


def processing_stopped_register(listener: Listener) -> None:
    """Call ``listener(user_id)`` when a withdrawal stops the processing of a learner's data;
    called once from the listening app's ``AppConfig.ready()`` (registering again does nothing)."""
    if listener not in _listeners:
        _listeners.append(listener)


def processing_stopped(user_id: int) -> int:
    """After a withdrawal was written (the learner's own, a parent's by the link, a paper one),
    inside its transaction: when the gate now refuses the learner (``consent_verdict``: a parent's
    withdrawal for a learner of 16 or over stops nothing), every registered listener runs, each in
    its own savepoint, so what it ends is ended in the same commit as the withdrawal; a failing
    listener is logged and rolled back alone, and the withdrawal stands. Returns how many things
    were stopped in all."""
    if consent_verdict(consent_facts(user_id)) is None:
        return 0
    stopped = 0
    for listener in _listeners:
        try:
            with transaction.atomic():
                stopped += listener(user_id)
        except Exception:
            logger.exception("consent withdrawn by user %s: %s failed", user_id, listener.__qualname__)
    return stopped
