"""Where one answer save and one start spend their time, in one process (issue 23).

Sets up a small sitting (``sitting_setup.setup_code``: ``BENCH_PROFILE_LEARNERS`` (200) learners of one
batch, 20 questions) in the database of ``DATABASE_URL`` (a bench database: migrated, with the
organization ``bench-0`` and bench@bench.vn, which ``bench/run taking`` leaves behind; or pass
``BENCH_PROFILE_SETUP=1`` on an empty database to make them), then through Django's test client
(the whole middleware stack and Ninja, as gunicorn calls it, without the HTTP server):

- the statements of one save and of one start, each with its time;
- the mean wall time of a save over ``BENCH_REQUESTS`` (2,000) saves and of a start over every
  learner, with the statements per request and the time spent in the database;
- the request's time by layer (from a cProfile of the saves: the middleware, the session and the
  profile lookups, the tenant switch, the validation of the body, the SQL, the serialization of
  the envelope), as a table;
- the top of the cProfile.

    DATABASE_URL=postgresql://postgres@127.0.0.1:5432/ho_taking python bench/taking_profile.py
"""

from __future__ import annotations

import contextlib
import cProfile
import io
import json
import os
import pstats
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from in_process import django_in_process  # noqa: E402

django_in_process()

from checkout import CSRF  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from sitting_setup import setup_code  # noqa: E402

LEARNERS = int(os.environ.get("BENCH_PROFILE_LEARNERS", "200"))
# Each save's body as the test page sends it since issue 38 (item 3): with the time the answer was
# typed and the clock offset the page measured. BENCH_TYPED_AT=0 sends the body of before.
TYPED_AT = os.environ.get("BENCH_TYPED_AT", "1") == "1"


def save_body(nth: int) -> str:
    """A save's JSON body: the ``nth`` answer of a learner, and when it was typed (now)."""
    body = {"answer": {"text": f"trả lời {nth}"}, "seq": nth + 1, "flagged": False}
    if TYPED_AT:
        body |= {"typed_at": datetime.now(UTC).isoformat(), "clock_offset_ms": 1250}
    return json.dumps(body)


REQUESTS = int(os.environ.get("BENCH_REQUESTS", "2000"))

# The layers of one request: a function (file fragment, function name) whose cumulative time is
# that layer's; nested layers are subtracted from their parents in ``layers``.
LAYERS = [
    ("request, whole (Django handler)", "django/core/handlers/base.py", "get_response"),
    ("session load", "django/contrib/sessions/backends", "load"),
    ("user lookup (auth middleware)", "django/contrib/auth/__init__.py", "get_user"),
    ("profile lookup and tenant switch (middleware)", "tenants/middleware.py", "session_profile"),
    ("Ninja: body parsing and validation", "ninja/operation.py", "_get_values"),
    ("the save (sitting.services.answer_save)", "sitting/services.py", "answer_save"),
    ("the start (sitting.services.attempt_start)", "sitting/services.py", "attempt_start"),
    ("Ninja: response serialization", "ninja/operation.py", "_result_to_response"),
    ("SQL (cursor.execute)", "django/db/backends/utils.py", "_execute"),
]


def setup(client_learners: int) -> dict:
    """The sitting's learners (session keys, enrollment ids) and questions."""
    if os.environ.get("BENCH_PROFILE_SETUP") == "1":
        from django.core.management import call_command
        from is_authorized import PEOPLE

        call_command("migrate_schemas", shared=True, verbosity=0)
        call_command("migrate_tenants", verbosity=0)
        exec(PEOPLE, {})
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(setup_code(learners=client_learners, questions=20, tag=f"p{int(time.time())}"), {})
    line = [ln for ln in out.getvalue().splitlines() if ln.startswith("RESULT")][-1]
    return json.loads(line.split(" ", 1)[1])


class Statements:
    """Every statement sent while active: (SQL, seconds)."""

    def __init__(self) -> None:
        self.seen: list[tuple[str, float]] = []

    def show(self, title: str) -> None:
        """Print the statements seen (time, SQL) under ``title``, then forget them."""
        print(f"statements of one {title}:")
        for sql, seconds in self.seen:
            print(f"  {seconds * 1000:6.2f} ms  {sql[:160]}")
        self.seen.clear()

    def __call__(self, execute, sql, params, many, context):
        t = time.perf_counter()
        try:
            return execute(sql, params, many, context)
        finally:
            self.seen.append((sql, time.perf_counter() - t))


def client_of(session: str) -> Client:
    client = Client(HTTP_HOST="127.0.0.1", HTTP_X_CSRFTOKEN=CSRF)
    client.cookies["sessionid"] = session
    client.cookies["csrftoken"] = CSRF
    return client


def layers(profile: cProfile.Profile, requests: int) -> list[tuple[str, float]]:
    """Milliseconds per request of each layer of ``LAYERS`` (cumulative time of its function)."""
    stats = pstats.Stats(profile).stats  # {(file, line, name): (cc, nc, tt, ct, callers)}
    out = []
    for label, fragment, name in LAYERS:
        total = sum(v[3] for (file, _line, fn), v in stats.items() if fragment in file and fn == name)
        out.append((label, 1000 * total / requests))
    return out


# Where the request's own time goes (cProfile self time, by the file a function is in): the first
# fragment that matches names the part.
PARTS = [
    ("waiting for the database (psycopg wait)", "psycopg/connection.py"),
    ("psycopg (adapting, sending, reading)", "psycopg"),
    ("Redis client", "/redis/"),
    ("sessions (signing, decoding)", "django/contrib/sessions"),
    ("sessions (signing, decoding)", "django/core/signing"),
    ("Django ORM and backend", "django/db/"),
    ("django-tenants", "django_tenants/"),
    ("Ninja and pydantic", "/ninja/"),
    ("Ninja and pydantic", "/pydantic"),
    ("middleware (Django's, WhiteNoise, ours)", "django/middleware/"),
    ("middleware (Django's, WhiteNoise, ours)", "whitenoise/"),
    ("middleware (Django's, WhiteNoise, ours)", "config/middleware.py"),
    ("middleware (Django's, WhiteNoise, ours)", "config/origin.py"),
    ("middleware (Django's, WhiteNoise, ours)", "config/observability.py"),
    ("middleware (Django's, WhiteNoise, ours)", "django/utils/deprecation.py"),
    ("logging", "/logging/"),
    ("translation (locale)", "django/utils/translation"),
    ("Django's handler, request and response", "django/core/handlers"),
    ("Django's handler, request and response", "django/http/"),
    ("the test client (not in production)", "django/test/"),
    ("other Django and libraries", "site-packages"),
    ("our code (tenants, config, the save)", str(Path(__file__).resolve().parent.parent)),
]


def parts(profile: cProfile.Profile, requests: int) -> list[tuple[str, float]]:
    """Milliseconds per request of self time by ``PARTS`` (the rest under "other"), largest first."""
    stats = pstats.Stats(profile).stats
    out: dict[str, float] = {}
    for (file, _line, _fn), v in stats.items():
        label = next((lbl for lbl, frag in PARTS if frag in file), "other (Python, stdlib, builtins)")
        out[label] = out.get(label, 0.0) + v[2]
    return sorted(((k, 1000 * t / requests) for k, t in out.items()), key=lambda kv: -kv[1])


def main() -> None:
    data = setup(LEARNERS)
    learners, questions = data["learners"], data["questions"]
    clients = [client_of(session) for session, _eid in learners]
    tokens: list[str] = []
    statements = Statements()

    # one start, statement by statement; then every other learner's start, profiled
    session, eid = learners[0]
    with connection.execute_wrapper(statements):
        res = clients[0].post(f"/api/v1/take-test/{eid}/start", "{}", content_type="application/json")
    assert res.status_code == 200, res.content
    tokens.append(res.json()["data"]["device_token"])
    attempts = [res.json()["data"]["attempt_id"]]
    statements.show("start")
    start_profile = cProfile.Profile()
    t = time.perf_counter()
    with connection.execute_wrapper(statements):
        start_profile.enable()
        for client, (_session, eid) in zip(clients[1:], learners[1:], strict=True):
            res = client.post(f"/api/v1/take-test/{eid}/start", "{}", content_type="application/json")
            assert res.status_code == 200, res.content
            tokens.append(res.json()["data"]["device_token"])
            attempts.append(res.json()["data"]["attempt_id"])
        start_profile.disable()
    starts = len(learners) - 1
    start_wall = time.perf_counter() - t
    start_sql = statements.seen[:]
    statements.seen.clear()

    def save(i: int):
        who = i % len(learners)
        nth = i // len(learners)
        _session, eid = learners[who]
        body = save_body(nth)
        return clients[who].put(
            f"/api/v1/take-test/{eid}/answers/{questions[nth % len(questions)]}",
            body,
            content_type="application/json",
            HTTP_X_DEVICE_TOKEN=tokens[who],
        )

    for i in range(len(learners)):  # warm: pool, caches (the question shapes)
        assert save(i).status_code == 200
    with connection.execute_wrapper(statements):
        assert save(len(learners)).status_code == 200
    statements.show("answer save")
    save_profile = cProfile.Profile()
    t = time.perf_counter()
    with connection.execute_wrapper(statements):
        save_profile.enable()
        for i in range(len(learners) + 1, len(learners) + 1 + REQUESTS):
            assert save(i).status_code == 200
        save_profile.disable()
    save_wall = time.perf_counter() - t
    save_sql = statements.seen[:]

    # CPU time of this process per request, without the profiler: the product's save against the
    # floor's (bench/floor_wsgi.py: the session read and one upsert), both called as gunicorn calls
    # a WSGI application, minus the HTTP server.
    from floor_wsgi import floor

    def floor_save(i: int) -> None:
        who, nth = i % len(learners), i // len(learners)
        session, _eid = learners[who]
        body = json.dumps({"answer": {"text": f"trả lời {nth}"}, "seq": nth + 1, "flagged": False}).encode()
        environ = {
            "REQUEST_METHOD": "PUT",
            "PATH_INFO": f"/bench-floor/{data['schema']}/{attempts[who]}/{questions[nth % len(questions)]}",
            "HTTP_COOKIE": f"sessionid={session}",
            "CONTENT_LENGTH": str(len(body)),
            "wsgi.input": io.BytesIO(body),
        }
        status = []
        floor(environ, lambda s, _h: status.append(s))
        assert status == ["200 OK"], status

    def per_request(fn, first: int) -> tuple[float, float]:
        cpu, wall = time.process_time(), time.perf_counter()
        for i in range(first, first + REQUESTS):
            fn(i)
        return 1000 * (time.process_time() - cpu) / REQUESTS, 1000 * (time.perf_counter() - wall) / REQUESTS

    first = len(learners) * (2 + REQUESTS // len(learners) + 1)
    product_cpu = per_request(lambda i: save(i), first)
    floor_cpu = per_request(floor_save, first + REQUESTS + len(learners))

    print()
    print("| request | ms each (wall, in process) | statements each | ms of them in the database |")
    print("|---|---|---|---|")
    print(
        f"| answer save (x{REQUESTS}) | {1000 * save_wall / REQUESTS:.2f} | {len(save_sql) / REQUESTS:.2f} | "
        f"{1000 * sum(s for _, s in save_sql) / REQUESTS:.2f} |"
    )
    print(
        f"| start (x{starts}) | {1000 * start_wall / starts:.2f} | {len(start_sql) / starts:.2f} | "
        f"{1000 * sum(s for _, s in start_sql) / starts:.2f} |"
    )
    print(f"\n| {REQUESTS} requests, no profiler | ms CPU of this process each | ms wall each |")
    print("|---|---|---|")
    print(f"| answer save (the product) | {product_cpu[0]:.2f} | {product_cpu[1]:.2f} |")
    print(f"| the floor (session read + one upsert) | {floor_cpu[0]:.2f} | {floor_cpu[1]:.2f} |")
    print(f"| floor / product, CPU | {100 * floor_cpu[0] / product_cpu[0]:.0f} % | |")
    for title, profile, count in (("answer save", save_profile, REQUESTS), ("start", start_profile, starts)):
        print(f"\n| {title}: layer (cProfile, cumulative; layers nest) | ms per request |")
        print("|---|---|")
        for label, ms in layers(profile, count):
            print(f"| {label} | {ms:.3f} |")
        print(f"\n| {title}: self time by part (cProfile) | ms per request |")
        print("|---|---|")
        for label, ms in parts(profile, count):
            print(f"| {label} | {ms:.3f} |")
    for title, profile in (("answer saves", save_profile), ("starts", start_profile)):
        for order, lines in (("cumulative", 45), ("tottime", 25)):
            out = io.StringIO()
            pstats.Stats(profile, stream=out).sort_stats(order).print_stats(lines)
            print(f"cProfile of the {title}, by {order} time:\n{out.getvalue()}")


if __name__ == "__main__":
    main()
