"""Observability (issue 21, item 5; decision 0025): JSON logs that carry the request, Sentry when
``SENTRY_DSN`` is set, Prometheus metrics, and what the health check says about the job queue.

Logs: every line is one JSON object (structlog's ``ProcessorFormatter`` over the standard
``logging`` records, so Django's, gunicorn's and huey's lines too) with ``request_id``, ``schema``
(the Postgres schema of the request: ``public`` or the organization's), ``profile_id`` (the
current profile, or null) and ``client_address`` (``config.client.client_address``: the peer, or
what a trusted proxy saw; decision 0043), bound per request by :class:`RequestContextMiddleware`
and :class:`RequestProfileMiddleware`, and null outside a request.

Metrics (``GET /metrics``, Prometheus text format, only for a client address in
``METRICS_ALLOWED_ADDRESSES`` and never forwarded by a peer that is not a trusted proxy):
``http_request_duration_seconds{method,route,status}`` (a histogram; ``route`` is the URL
pattern, never the concrete path, so its values are bounded), ``huey_queue_depth``,
``huey_queue_oldest_age_seconds`` and ``huey_task_failures_total{task}``.
"""

from __future__ import annotations

import ipaddress
import re
import threading
import time
import uuid
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any

import structlog
from django.conf import settings
from django.core.cache import caches
from django.db import connection
from django.http import Http404, HttpRequest, HttpResponse

from config.client import client_address, forwarded_by_untrusted

REQUEST_ID_HEADER = "X-Request-ID"
# A request id from the load balancer is kept when it looks like one (letters, digits, - _ . :).
_REQUEST_ID = re.compile(r"^[A-Za-z0-9._:-]{8,64}$")
LOG_KEYS = ("request_id", "schema", "profile_id", "client_address")


# --- logs ---------------------------------------------------------------------------------------
def _default_keys(logger: object, method_name: str, event_dict: dict[str, Any]) -> dict[str, Any]:
    """Every line has the request keys; null outside a request."""
    for key in LOG_KEYS:
        event_dict.setdefault(key, None)
    return event_dict


def logging_config(level: str = "INFO") -> dict[str, Any]:
    """The ``LOGGING`` dict: one console handler whose formatter writes each record as one JSON
    object with ``timestamp`` (ISO 8601 UTC), ``level``, ``logger``, ``event`` (the message),
    the request keys and, for an error, ``exception`` (the traceback)."""
    pre_chain = [
        structlog.contextvars.merge_contextvars,
        structlog.stdlib.add_log_level,
        structlog.stdlib.add_logger_name,
        structlog.processors.TimeStamper(fmt="iso", utc=True),
        _default_keys,
    ]
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {
            "json": {
                "()": structlog.stdlib.ProcessorFormatter,
                "foreign_pre_chain": pre_chain,
                "processors": [
                    structlog.stdlib.ProcessorFormatter.remove_processors_meta,
                    structlog.processors.format_exc_info,
                    structlog.processors.JSONRenderer(ensure_ascii=False),
                ],
            }
        },
        "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "json"}},
        "root": {"handlers": ["console"], "level": level},
        "loggers": {
            "django.db.backends": {"level": "WARNING"},
            # gunicorn's own handlers would print its lines a second time, unformatted.
            "gunicorn.error": {"handlers": ["console"], "propagate": False},
            "gunicorn.access": {"handlers": ["console"], "propagate": False},
            # run_huey adds its own plain handler to "huey" unless it has one already.
            "huey": {"handlers": ["console"], "propagate": False},
        },
    }


def configure_structlog() -> None:
    """structlog's own loggers (``structlog.get_logger()``) go through the same stdlib handler."""
    structlog.configure(
        processors=[
            structlog.contextvars.merge_contextvars,
            structlog.stdlib.add_log_level,
            structlog.stdlib.ProcessorFormatter.wrap_for_formatter,
        ],
        logger_factory=structlog.stdlib.LoggerFactory(),
        wrapper_class=structlog.stdlib.BoundLogger,
        cache_logger_on_first_use=True,
    )


class RequestContextMiddleware:
    """First middleware: a request id (the load balancer's ``X-Request-ID`` when well-formed,
    else a new one), bound with the client's address to every log line of the request and echoed
    in the response's ``X-Request-ID``; the request's latency observed by route for Prometheus."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        given = request.headers.get(REQUEST_ID_HEADER, "")
        request_id = given if _REQUEST_ID.match(given) else uuid.uuid4().hex
        request.request_id = request_id  # type: ignore[attr-defined]  # read by the log keys and Sentry
        structlog.contextvars.clear_contextvars()
        structlog.contextvars.bind_contextvars(
            request_id=request_id, schema="public", profile_id=None, client_address=client_address(request)
        )
        started = time.perf_counter()
        try:
            response = self.get_response(request)
        except Exception:
            _observe(request, 500, time.perf_counter() - started)
            raise
        # The keys stay bound until the response is closed (``request_finished``, connected in
        # config.apps): Django logs a 4xx or 5xx after the middleware has returned.
        _observe(request, response.status_code, time.perf_counter() - started)
        response[REQUEST_ID_HEADER] = request_id
        return response


class RequestProfileMiddleware:
    """Right after ``tenants.middleware.ProfileTenantMiddleware``: binds the request's schema and
    current profile id to its log lines (and to Sentry's scope when Sentry is on)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        request_profile_bind(request)
        return self.get_response(request)


def request_profile_bind(request: HttpRequest) -> None:
    """Bind the request's schema (``connection.schema_name``) and current profile id
    (``request.profile``) to its log lines and to Sentry's scope: ``RequestProfileMiddleware``'s
    work, also called by a route served before it (``sitting.middleware``, decision 0036)."""
    profile = getattr(request, "profile", None)
    schema: str = connection.schema_name  # type: ignore[attr-defined]  # django-tenants' wrapper
    structlog.contextvars.bind_contextvars(schema=schema, profile_id=profile.pk if profile else None)
    if _sentry_on():
        import sentry_sdk

        sentry_sdk.set_tag("schema", schema)
        sentry_sdk.set_tag("request_id", getattr(request, "request_id", None))
        sentry_sdk.set_user({"id": profile.pk} if profile else None)


# --- Sentry -------------------------------------------------------------------------------------
def sentry_init(environ: Mapping[str, str]) -> bool:
    """Start the Sentry SDK when ``SENTRY_DSN`` is set (the ``sentry`` extra: ``pip install
    .[sentry]``); returns whether it started. No personal data is sent (the SDK's default);
    ``SENTRY_ENVIRONMENT`` and ``SENTRY_TRACES_SAMPLE_RATE`` (default 0) are read too.
    Raises ``ImproperlyConfigured`` when the DSN is set but the SDK is not installed."""
    dsn = environ.get("SENTRY_DSN", "").strip()
    if not dsn:
        return False
    try:
        import sentry_sdk
        from sentry_sdk.integrations.django import DjangoIntegration
        from sentry_sdk.integrations.huey import HueyIntegration
    except ImportError as exc:
        from django.core.exceptions import ImproperlyConfigured

        raise ImproperlyConfigured(
            "SENTRY_DSN is set but sentry-sdk is not installed: pip install '.[sentry]'"
        ) from exc
    sentry_sdk.init(
        dsn=dsn,
        environment=environ.get("SENTRY_ENVIRONMENT") or None,
        traces_sample_rate=float(environ.get("SENTRY_TRACES_SAMPLE_RATE", "0")),
        integrations=[DjangoIntegration(), HueyIntegration()],
    )
    return True


def _sentry_on() -> bool:
    return bool(getattr(settings, "SENTRY_ENABLED", False))


# --- huey: enqueue times, failures --------------------------------------------------------------
ENQUEUED_KEY = "huey:enqueued:{}"
ENQUEUED_TTL = 7 * 24 * 3600  # seconds a task's enqueue time is kept if it never runs


def request_context_clear(**kwargs: object) -> None:
    """``request_finished`` receiver: the next log line of this thread belongs to no request."""
    structlog.contextvars.clear_contextvars()


def huey_signals_install(huey: Any) -> None:
    """Record each task's enqueue time (in the shared cache, so any node's health check reads it)
    and count failures. Called once from ``config.apps``."""
    from huey.signals import SIGNAL_ENQUEUED, SIGNAL_ERROR, SIGNAL_EXECUTING

    # huey is untyped: its decorators are called, not applied with @, so the handlers keep their types.
    def _enqueued(signal: str, task: Any, *args: object, **kwargs: object) -> None:
        if huey.immediate:  # runs at once (tests, HUEY_IMMEDIATE): it never waits
            return
        caches["default"].set(ENQUEUED_KEY.format(task.id), time.time(), ENQUEUED_TTL)

    def _started(signal: str, task: Any, *args: object, **kwargs: object) -> None:
        if huey.immediate:
            return
        caches["default"].delete(ENQUEUED_KEY.format(task.id))

    def _failed(
        signal: str, task: Any, exc: Exception | None = None, *args: object, **kwargs: object
    ) -> None:
        metrics().task_failures.labels(task=task.name).inc()

    huey.signal(SIGNAL_ENQUEUED)(_enqueued)
    huey.signal(SIGNAL_EXECUTING)(_started)
    huey.signal(SIGNAL_ERROR)(_failed)


def huey_queue_state(huey: Any = None) -> tuple[int, float | None]:
    """``(depth, oldest_age_seconds)`` of the job queue: the number of tasks waiting (scheduled
    ones not counted) and how long the next one to run has waited (None when the queue is empty
    or its enqueue time is unknown)."""
    if huey is None:
        from huey.contrib import djhuey

        huey = djhuey.HUEY
    depth = huey.pending_count()
    if not depth:
        return 0, None
    # The raw message, not ``huey.pending()``: a web process has not imported every task module,
    # and only the message's id is needed.
    raw = huey.storage.enqueued_items(1)
    oldest = huey.serializer.deserialize(raw[0]) if raw else None
    enqueued = caches["default"].get(ENQUEUED_KEY.format(oldest.id)) if oldest else None
    return depth, (round(max(0.0, time.time() - enqueued), 3) if enqueued else None)


# --- Prometheus ---------------------------------------------------------------------------------
class _Metrics:
    def __init__(self) -> None:
        from prometheus_client import Counter, Histogram

        self.latency = Histogram(
            "http_request_duration_seconds",
            "Time to answer a request, by route (URL pattern), method and status.",
            ["method", "route", "status"],
            buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10),
        )
        self.task_failures = Counter(
            "huey_task_failures", "Background tasks that raised, by task name.", ["task"]
        )
        from prometheus_client import REGISTRY

        REGISTRY.register(_QueueCollector())


_metrics: _Metrics | None = None
_metrics_lock = threading.Lock()


def metrics() -> _Metrics:
    """The process's metric objects, created once (prometheus_client's registry is per process,
    or shared through ``PROMETHEUS_MULTIPROC_DIR`` between gunicorn workers).

    Built at start-up by ``config.apps`` (``AppConfig.ready``: with gunicorn's ``--preload`` in
    the master, before the workers fork and before any request), and under a lock: a fresh
    worker's threads that reached it together each built the registry, and the second
    registration raised ``DuplicateTimeseries`` into a request (a 500 after the answer was
    stored; issue 38 item 4)."""
    global _metrics  # noqa: PLW0603 - one registry per process is prometheus_client's model
    built = _metrics
    if built is None:
        with _metrics_lock:
            if _metrics is None:
                _metrics = _Metrics()
            built = _metrics
    return built


# A request served before the URL resolver (``sitting.middleware``, decision 0036) names the
# pattern the resolver would have matched here, so that its latency joins the same series.
ROUTE_ATTR = "served_route"


def _route(request: HttpRequest) -> str:
    served = getattr(request, ROUTE_ATTR, None)
    if served is not None:
        return str(served)
    match = getattr(request, "resolver_match", None)
    if match is None:
        return "unmatched"
    return match.route or match.view_name or "unmatched"


def _observe(request: HttpRequest, status: int, seconds: float) -> None:
    if request.path == "/metrics":
        return
    metrics().latency.labels(method=request.method, route=_route(request), status=str(status)).observe(
        seconds
    )


class _QueueCollector:
    """The queue's depth and oldest age, read from huey's storage at scrape time."""

    def collect(self) -> Iterator[Any]:
        from prometheus_client.core import GaugeMetricFamily

        depth, age = huey_queue_state()
        yield GaugeMetricFamily("huey_queue_depth", "Background tasks waiting to run.", value=depth)
        yield GaugeMetricFamily(
            "huey_queue_oldest_age_seconds",
            "How long the next task to run has waited (0 when the queue is empty).",
            value=age or 0.0,
        )


def address_allowed(remote_addr: str, forwarded: bool, allowed: Iterable[str]) -> bool:
    """Whether a scrape from the client address ``remote_addr`` (``config.client.client_address``)
    is allowed: the address is in one of the ``allowed`` addresses or networks (CIDR), and
    ``forwarded`` (the request came through a proxy that is not trusted: a load balancer nobody
    configured on the same host would otherwise make every client look local) is False."""
    if forwarded:
        return False
    try:
        address = ipaddress.ip_address(remote_addr)
    except ValueError:
        return False
    return any(address in ipaddress.ip_network(net, strict=False) for net in allowed)


def metrics_view(request: HttpRequest) -> HttpResponse:
    """``GET /metrics``: the Prometheus text exposition. 404 (as for any unknown path) unless the
    client's address (``config.client.client_address``: through a trusted proxy, the address that
    proxy saw) is in ``METRICS_ALLOWED_ADDRESSES`` (default loopback) and the request carries no
    ``X-Forwarded-For`` from a peer that is not in ``TRUSTED_PROXIES``. Source: issue 21 item 5,
    decision 0025; the client's address: decision 0043."""
    from prometheus_client import CONTENT_TYPE_LATEST, REGISTRY, CollectorRegistry, generate_latest

    if not address_allowed(
        client_address(request) or "", forwarded_by_untrusted(request), settings.METRICS_ALLOWED_ADDRESSES
    ):
        raise Http404
    metrics()
    if settings.PROMETHEUS_MULTIPROC_DIR:
        from prometheus_client import multiprocess

        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry)  # type: ignore[no-untyped-call]
        registry.register(_QueueCollector())
    else:
        registry = REGISTRY
    return HttpResponse(generate_latest(registry), content_type=CONTENT_TYPE_LATEST)


__all__ = [
    "RequestContextMiddleware",
    "RequestProfileMiddleware",
    "address_allowed",
    "huey_queue_state",
    "logging_config",
    "metrics_view",
    "sentry_init",
]
