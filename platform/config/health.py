"""The job queue in the health check (issue 21, item 5; decision 0025)."""

from __future__ import annotations

import dataclasses

from health_check.base import HealthCheck
from health_check.exceptions import ServiceUnavailable

from config.observability import huey_queue_state


@dataclasses.dataclass
class HueyQueue(HealthCheck):  # type: ignore[misc]  # django-health-check is untyped
    """Reports the huey queue's depth (tasks waiting) and the oldest waiting task's age in
    seconds, e.g. ``HueyQueue(depth=3, oldest_age_seconds=12.5): OK``: a figure, not a failure (a
    slow consumer is no reason for the load balancer to take web nodes out; alert on the
    Prometheus gauges instead). Unavailable (500) when the queue's storage (Redis, or the SQLite
    file) cannot be read."""

    depth: int | None = None
    oldest_age_seconds: float | None = None

    def run(self) -> None:
        try:
            self.depth, self.oldest_age_seconds = huey_queue_state()
        except Exception as exc:  # noqa: BLE001 - any storage error means the queue is unreadable
            raise ServiceUnavailable(f"queue unreadable: {type(exc).__name__}") from exc
