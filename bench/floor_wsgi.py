"""The floor of an answer save, for ``bench/run taking`` (issue 23): the product's WSGI
application, served by the same gunicorn, with one more path that does the least an answer save
can do on this stack and nothing else.

``PUT /bench-floor/{schema}/{attempt_id}/{question_id}`` with the learner's ``sessionid`` cookie and
the save's JSON body (``{"answer": ..., "seq": n, "flagged": false}``):
1. the session is read from the product's session store (``SESSION_ENGINE``: the database table,
   or Redis when ``REDIS_URL`` is set) and must hold a user id (else 401);
2. the body is parsed (``json.loads``);
3. one upsert of the answer row (``UPSERT``: the product's, as ``sitting.statements.SAVE_OWNED``
   writes it, without its checks; on the schema-qualified table),
   in autocommit, through Django's connection (the same psycopg pool), bound on the client as
   Django binds (``BENCH_FLOOR_PREPARED=1``: prepared, as the product's save is);
4. a fixed JSON answer.
No middleware, no URL resolver, no ownership, deadline or device checks, no envelope: what is
left is the HTTP server, the session read and one durable write, which is what the product's
save is measured against (``saves/s of the product / saves/s of the floor``).

Served only by the benchmark (``gunicorn floor_wsgi:application --pythonpath bench``); the
product's ``config.wsgi`` does not know this path.
"""

from __future__ import annotations

import json
import os
from importlib import import_module

from django.conf import settings
from django.contrib.auth import SESSION_KEY
from django.db import close_old_connections, connection
from django.utils import timezone
from psycopg import sql

from config.wsgi import application as product_application

PREFIX = "/bench-floor/"
# ``BENCH_FLOOR_PREPARED=1``: the upsert is a prepared statement too, as the product's save has been
# since decision 0036 (the floor's definition, and the ratio of bench/README.md, is without).
PREPARED = os.environ.get("BENCH_FLOOR_PREPARED") == "1"
SessionStore = import_module(settings.SESSION_ENGINE).SessionStore


# The answer's upsert as ``sitting.statements.SAVE_OWNED`` writes it, without its checks (decision
# 0039 deleted the product's plain copy, which only the floor and the demo used).
UPSERT = """
INSERT INTO {table} AS stored (attempt_id, question_id, answer, flagged, seq, saved_at,
    needs_grading, comment, graded_by_name)
VALUES ({}, {}, {}, {}, {}, {}, false, '', '')
ON CONFLICT (attempt_id, question_id) DO UPDATE
    SET answer = EXCLUDED.answer, flagged = EXCLUDED.flagged, seq = EXCLUDED.seq, saved_at = EXCLUDED.saved_at
    WHERE stored.seq < EXCLUDED.seq
RETURNING seq
"""


def _upsert(schema: str) -> sql.Composed:
    """``UPSERT`` with its table qualified by ``schema`` (no ``SET search_path``)."""
    table = sql.Identifier(schema, "assignments_attemptanswer")
    return sql.SQL(UPSERT).format(*([sql.Placeholder()] * 6), table=table)


def _session_key(environ) -> str:
    for part in environ.get("HTTP_COOKIE", "").split(";"):
        name, _, value = part.strip().partition("=")
        if name == settings.SESSION_COOKIE_NAME:
            return value
    return ""


def _answer(start_response, status: str, body: bytes):
    start_response(status, [("Content-Type", "application/json"), ("Content-Length", str(len(body)))])
    return [body]


def floor(environ, start_response):
    """The floor save described in the module's docstring."""
    try:
        schema, attempt_id, question_id = environ["PATH_INFO"][len(PREFIX) :].split("/")
        if not SessionStore(session_key=_session_key(environ)).load().get(SESSION_KEY):
            return _answer(start_response, "401 Unauthorized", b'{"success":false}')
        length = int(environ.get("CONTENT_LENGTH") or 0)
        payload = json.loads(environ["wsgi.input"].read(length))
        with connection.prepared_cursor() if PREPARED else connection.cursor() as cursor:
            cursor.execute(
                _upsert(schema).as_string(cursor.connection),
                [
                    int(attempt_id),
                    int(question_id),
                    json.dumps(payload["answer"]),
                    bool(payload["flagged"]),
                    int(payload["seq"]),
                    timezone.now(),
                ],
            )
            applied = cursor.fetchone() is not None
        return _answer(
            start_response, "200 OK", b'{"success":true,"applied":%s}' % (b"true" if applied else b"false")
        )
    finally:
        close_old_connections()  # what Django does at a request's end: the connection back to the pool


def application(environ, start_response):
    """The product, except under ``/bench-floor/``."""
    if environ.get("PATH_INFO", "").startswith(PREFIX):
        return floor(environ, start_response)
    return product_application(environ, start_response)
