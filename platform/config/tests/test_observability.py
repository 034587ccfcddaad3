"""Observability (issue 21, item 5): Sentry from SENTRY_DSN, JSON logs with the request's keys,
the Prometheus endpoint and who may read it, the queue in the health check."""

from __future__ import annotations

import io
import json
import logging
import os
import subprocess
import sys

import pytest
from django.conf import settings

from config.observability import address_allowed, huey_queue_state, logging_config, sentry_init

DSN = "https://0123456789abcdef0123456789abcdef@sentry.invalid/42"


def test_settings_load_with_sentry_dsn_and_the_sdk_starts_with_it():
    """Setting SENTRY_DSN used to crash start-up (sentry_sdk was not installed)."""
    code = (
        "import django, sentry_sdk; django.setup(); from django.conf import settings; "
        "print(settings.SENTRY_ENABLED, sentry_sdk.get_client().dsn, bool(sentry_sdk.get_client().should_send_default_pii()))"
    )
    env = {
        **os.environ,
        "SENTRY_DSN": DSN,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "PYTHONPATH": str(settings.PLATFORM_DIR),
    }
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60, check=True
    )
    assert out.stdout.split() == ["True", DSN, "False"]


def test_sentry_off_without_a_dsn_and_events_go_to_the_dsn():
    import sentry_sdk

    assert sentry_init({}) is False
    sent = []
    try:
        assert sentry_init({"SENTRY_DSN": DSN, "SENTRY_ENVIRONMENT": "test"}) is True
        client = sentry_sdk.get_client()
        assert client.dsn == DSN and client.options["environment"] == "test"
        client.transport.capture_envelope = sent.append  # no network: keep the envelope
        sentry_sdk.capture_message("probe")
        sentry_sdk.flush()
        assert len(sent) == 1
        event = sent[0].get_event()
        assert event["message"] == "probe" and event["environment"] == "test"
    finally:
        sentry_sdk.init()  # off again


def _json_lines(run) -> list[dict]:
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(_formatter())
    root = logging.getLogger()
    root.addHandler(handler)
    try:
        run()
    finally:
        root.removeHandler(handler)
    return [json.loads(line) for line in stream.getvalue().splitlines()]


def _formatter():
    spec = dict(logging_config()["formatters"]["json"])
    factory = spec.pop("()")
    return factory(**spec)


def test_every_log_line_is_json_with_request_id_schema_and_profile(as_educator_a, educator_a, org_a):
    logger = logging.getLogger("platform.test")

    lines = _json_lines(
        lambda: (
            logger.warning("outside"),
            as_educator_a.get("/api/v1/no-such-endpoint", HTTP_X_REQUEST_ID="lb-request-0001"),
        )
    )
    outside = lines[0]
    assert (
        outside["event"] == "outside"
        and outside["level"] == "warning"
        and outside["logger"] == "platform.test"
    )
    assert (outside["request_id"], outside["schema"], outside["profile_id"]) == (None, None, None)
    inside = [line for line in lines if line["logger"] == "django.request"]
    assert inside, lines
    assert inside and inside[0]["event"] == "Not Found: /api/v1/no-such-endpoint"
    assert inside[0]["request_id"] == "lb-request-0001"
    assert inside[0]["schema"] == org_a.schema_name
    assert inside[0]["profile_id"] == educator_a.pk
    assert inside[0]["timestamp"].endswith("Z")


def test_request_id_is_echoed_or_made(client):
    assert client.get("/robots.txt", HTTP_X_REQUEST_ID="lb-request-0001")["X-Request-ID"] == "lb-request-0001"
    made = client.get("/robots.txt", HTTP_X_REQUEST_ID="bad id\n")["X-Request-ID"]
    assert len(made) == 32 and made != "bad id\n"


def test_address_allowed():
    loopback = ["127.0.0.1", "::1"]
    assert address_allowed("127.0.0.1", False, loopback)
    assert address_allowed("::1", False, loopback)
    assert not address_allowed("127.0.0.1", True, loopback)  # through a proxy
    assert not address_allowed("10.0.0.5", False, loopback)
    assert address_allowed("10.0.0.5", False, ["10.0.0.0/24"])
    assert not address_allowed("not-an-ip", False, loopback)


@pytest.mark.django_db
def test_metrics_from_loopback_have_latency_by_route_queue_and_failures(client, learner):
    client.get("/robots.txt")
    from huey.contrib.djhuey import HUEY

    @HUEY.task()
    def issue21_fails():
        raise RuntimeError("boom")

    issue21_fails()  # immediate in tests: runs, raises, counted
    res = client.get("/metrics", REMOTE_ADDR="127.0.0.1")
    assert res.status_code == 200 and res["Content-Type"].startswith("text/plain")
    body = res.content.decode()
    assert 'http_request_duration_seconds_count{method="GET",route="robots.txt",status="200"}' in body
    assert "huey_queue_depth 0.0" in body
    assert "huey_queue_oldest_age_seconds 0.0" in body
    assert 'huey_task_failures_total{task="issue21_fails"}' in body
    assert "/metrics" not in body  # the scrape itself is not measured


def test_metrics_refused_elsewhere_and_through_a_proxy(client, settings):
    assert client.get("/metrics", REMOTE_ADDR="192.0.2.7").status_code == 404
    assert (
        client.get("/metrics", REMOTE_ADDR="127.0.0.1", HTTP_X_FORWARDED_FOR="192.0.2.7").status_code == 404
    )
    settings.METRICS_ALLOWED_ADDRESSES = ["192.0.2.0/24"]
    assert client.get("/metrics", REMOTE_ADDR="192.0.2.7").status_code == 200
    assert client.get("/metrics", REMOTE_ADDR="127.0.0.1").status_code == 404


def test_queue_depth_and_oldest_age(db, tmp_path, monkeypatch):
    """A real (not immediate) queue: two tasks waiting, the oldest 30 s."""
    import time

    from huey import SqliteHuey

    from config.observability import huey_signals_install

    huey = SqliteHuey("issue21", filename=str(tmp_path / "q.sqlite3"))
    huey_signals_install(huey)

    @huey.task()
    def job(n):
        return n

    assert huey_queue_state(huey) == (0, None)
    now = time.time()
    monkeypatch.setattr(time, "time", lambda: now - 30)
    job(1)
    monkeypatch.setattr(time, "time", lambda: now - 5)
    job(2)
    monkeypatch.setattr(time, "time", lambda: now)
    assert huey_queue_state(huey) == (2, 30.0)
    huey.execute(huey.dequeue())
    assert huey_queue_state(huey) == (1, 5.0)


def test_health_reports_queue_depth_and_age(db, client, monkeypatch):
    import config.health

    monkeypatch.setattr(config.health, "huey_queue_state", lambda: (3, 12.5))
    res = client.get("/health/?format=json")
    assert res.status_code == 200
    assert res.json()["HueyQueue(depth=3, oldest_age_seconds=12.5)"] == "OK"


def test_threads_racing_to_build_the_metrics_registry_build_it_once(monkeypatch):
    """Issue 38 item 4: a fresh worker's threads reaching the lazy builder together each built the
    registry; the second registration raised ``DuplicateTimeseries`` (prometheus_client's
    ``ValueError: Duplicated timeseries``) into a request. Here on a fresh registry: 8 threads
    released at once, each registration slowed so that they overlap."""
    import threading
    import time

    from prometheus_client import REGISTRY

    from config import observability

    before = observability._metrics
    if before is not None:  # start fresh: no metric objects, nothing of ours registered
        for collector in (before.latency, before.task_failures):
            REGISTRY.unregister(collector)
        for collector in list(REGISTRY._collector_to_names):
            if isinstance(collector, observability._QueueCollector):
                REGISTRY.unregister(collector)
    monkeypatch.setattr(observability, "_metrics", None)
    register = REGISTRY.register

    def slow_register(collector):
        time.sleep(0.05)
        return register(collector)

    monkeypatch.setattr(REGISTRY, "register", slow_register)
    start = threading.Barrier(8)
    built, failures = [], []

    def first_request():
        start.wait()
        try:
            built.append(observability.metrics())
        except ValueError as exc:
            failures.append(str(exc))

    threads = [threading.Thread(target=first_request) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(10)
    made = observability._metrics
    monkeypatch.undo()  # _metrics back to ``before``, REGISTRY.register back to the real one
    try:
        assert failures == []
        assert len(built) == 8 and len({id(m) for m in built}) == 1
    finally:  # leave the process's registry as it was
        if made is not None:
            for collector in (made.latency, made.task_failures):
                REGISTRY.unregister(collector)
        for collector in list(REGISTRY._collector_to_names):
            if isinstance(collector, observability._QueueCollector):
                REGISTRY.unregister(collector)
        observability._metrics = before
        if before is not None:
            for collector in (before.latency, before.task_failures):
                REGISTRY.register(collector)
            REGISTRY.register(observability._QueueCollector())


def test_the_metrics_registry_is_built_at_start_up():
    """``config.apps`` builds it in ``ready()``: a fresh process has it before any request."""
    code = "import django; django.setup(); from config import observability; print(observability._metrics is not None)"
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "PYTHONPATH": str(settings.PLATFORM_DIR),
    }
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60, check=True
    )
    assert out.stdout.split() == ["True"]
