"""Every request field is bounded, and a value past its bound is a 4xx that writes nothing
(issue 16, item 9; ``config.fields``).

The sweep reads both OpenAPI documents, so a new endpoint or field is covered the day it is added:

- ``test_every_request_field_is_bounded``: each string of a request (path, query, JSON or form
  body, nested objects included) has ``maxLength`` (or an ``enum``, or is a checked datetime or
  date), each integer and number a ``minimum`` and a ``maximum``, each list ``maxItems``, each
  map ``maxProperties`` with keys of a ``maxLength`` and bounded values (a true/false set's
  ``{statement id: bool}``, issue 39), and free-form JSON an ``x-max-chars`` cap;
- ``test_each_string_one_past_its_bound_is_refused``: each of those strings at ``maxLength + 1``
  (and each free-form JSON value one character past its cap) is sent alone, anonymously to the
  public API, as a learner and as an educator admin to the session API: never a 5xx, at least one
  of them a 422 naming the field, and no row of the database inserted, updated or deleted.
"""

from __future__ import annotations

import json
from datetime import timedelta
from typing import Any
from urllib.parse import quote, urlencode

import pytest
from django.conf import settings
from django.db import DatabaseError, connection, transaction
from django.test import Client
from django.test.client import BOUNDARY, MULTIPART_CONTENT, encode_multipart
from django.utils import timezone
from django_tenants.utils import schema_context

from assessments.models import QuestionBank, Round
from conftest import client_for
from surveys.tests.helpers import allow

J = "application/json"
METHODS = ("get", "post", "put", "patch", "delete")


# --- reading the OpenAPI documents -------------------------------------------------------------


def _documents() -> list[tuple[str, dict[str, Any]]]:
    from config.api import api, public_api

    return [("public", public_api.get_openapi_schema()), ("session", api.get_openapi_schema())]


def _resolve(doc: dict[str, Any], schema: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in schema:
        schema = doc["components"]["schemas"][schema["$ref"].rsplit("/", 1)[-1]]
    return schema


def _operations(doc: dict[str, Any]):
    """``(path, method, parameters, body_kind, body_schema)`` of every operation; ``body_kind`` is
    ``json``, ``form`` (multipart or urlencoded) or ``None``."""
    for path, item in doc["paths"].items():
        for method in METHODS:
            op = item.get(method)
            if op is None:
                continue
            content = (op.get("requestBody") or {}).get("content", {})
            if J in content:
                kind, body = "json", content[J]["schema"]
            elif content:
                kind, body = "form", next(iter(content.values()))["schema"]
            else:
                kind, body = None, None
            yield path, method, op.get("parameters", []), kind, body


def _unbounded(doc, schema, where: str, covered: bool = False):
    """Where ``schema`` lets a value through without a bound (see the module docstring)."""
    schema = _resolve(doc, schema)
    covered = covered or "x-max-chars" in schema
    if "anyOf" in schema:
        for option in schema["anyOf"]:
            yield from _unbounded(doc, option, where, covered)
        return
    kind = schema.get("type")
    if covered or kind in ("boolean", "null") or "enum" in schema or "const" in schema:
        return
    if kind is None:
        yield where, "free-form JSON without x-max-chars"
    elif kind == "string":
        if schema.get("format") in ("date", "date-time"):
            if "x-year-range" not in schema:
                yield where, "unchecked date"
        elif schema.get("format") != "binary" and "maxLength" not in schema:
            yield where, "string without maxLength"
    elif kind in ("integer", "number"):
        if "maximum" not in schema or "minimum" not in schema:
            yield where, f"{kind} without minimum and maximum"
    elif kind == "array":
        if "maxItems" not in schema:
            yield where, "list without maxItems"
        yield from _unbounded(doc, schema.get("items", {}), f"{where}[]")
    elif kind == "object":
        for name, sub in schema.get("properties", {}).items():
            yield from _unbounded(doc, sub, f"{where}.{name}")
        values = schema.get("additionalProperties")
        keys = schema.get("propertyNames") or {}
        if isinstance(values, dict) and "maxProperties" in schema and "maxLength" in keys:
            yield from _unbounded(doc, values, f"{where}{{}}")  # a bounded map
        elif values:
            yield where, "free-form object without x-max-chars"


def _minimal(doc, schema) -> Any:
    """A small value of ``schema``'s type: required properties only, each at its smallest."""
    schema = _resolve(doc, schema)
    if "anyOf" in schema:
        options = [o for o in schema["anyOf"] if _resolve(doc, o).get("type") != "null"]
        return _minimal(doc, options[0]) if options else None
    if "enum" in schema:
        return schema["enum"][0]
    kind = schema.get("type")
    if kind == "object":
        props = schema.get("properties", {})
        return {name: _minimal(doc, props[name]) for name in schema.get("required", [])}
    if kind == "array":
        return []
    if kind in ("integer", "number"):
        return max(1, schema.get("minimum", 1))
    if kind == "boolean":
        return False
    if kind == "string":
        return {"date-time": "2030-01-01T00:00:00Z", "date": "2030-01-01"}.get(schema.get("format"), "a")
    return None


def _too_big(doc, schema, path: tuple = ()):
    """``(path, value)`` for every bounded string under ``schema`` (one past ``maxLength``) and
    every free-form JSON value (one character past ``x-max-chars``); ``path`` is a tuple of
    property names and list positions."""
    schema = _resolve(doc, schema)
    if "x-max-chars" in schema:
        cap = schema["x-max-chars"]
        shapes = {o.get("type") for o in [schema, *schema.get("anyOf", [])]}
        value = (
            {"x": "a" * cap} if "object" in shapes else [{"x": "a" * cap}] if "array" in shapes else "a" * cap
        )
        yield path, value
        return
    for option in schema.get("anyOf", []):
        yield from _too_big(doc, option, path)
    kind = schema.get("type")
    if kind == "string" and "maxLength" in schema:
        yield path, "a" * (schema["maxLength"] + 1)
    elif kind == "object":
        for name, sub in schema.get("properties", {}).items():
            yield from _too_big(doc, sub, (*path, name))
    elif kind == "array":
        yield from _too_big(doc, schema.get("items", {}), (*path, 0))


def _with(doc, schema, path: tuple, value: Any) -> Any:
    """A minimal value of ``schema`` holding ``value`` at ``path``."""
    if not path:
        return value
    schema = _resolve(doc, schema)
    if "anyOf" in schema:
        wanted = "array" if isinstance(path[0], int) else "object"
        schema = next(_resolve(doc, o) for o in schema["anyOf"] if _resolve(doc, o).get("type") == wanted)
    if isinstance(path[0], int):
        return [_with(doc, schema["items"], path[1:], value)]
    body = _minimal(doc, schema)
    body[path[0]] = _with(doc, schema["properties"][path[0]], path[1:], value)
    return body


NUL, LONE_SURROGATE = "a\x00b", "a\ud800b"


def _hostile_strings(doc, schema, path: tuple = ()):
    """``(path, value)`` for every bounded string under ``schema``, once with a NUL and once with
    a lone surrogate (neither can be stored by Postgres: issue 16, item 9)."""
    schema = _resolve(doc, schema)
    for option in schema.get("anyOf", []):
        yield from _hostile_strings(doc, option, path)
    kind = schema.get("type")
    if kind == "string" and "maxLength" in schema and "enum" not in schema:
        yield path, NUL
        yield path, LONE_SURROGATE
    elif kind == "object":
        for name, sub in schema.get("properties", {}).items():
            yield from _hostile_strings(doc, sub, (*path, name))
    elif kind == "array":
        yield from _hostile_strings(doc, schema.get("items", {}), (*path, 0))


# --- sending -----------------------------------------------------------------------------------

_address = iter(range(1, 1 << 24))


def _writes() -> int:
    """Rows inserted, updated or deleted so far in this transaction (every schema), leaving out
    sessions and the shared cache (rate-limit counters are not the request's data)."""
    skip = ["django_session", getattr(settings, "SHARED_CACHE_TABLE", "")]
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT coalesce(sum(n_tup_ins + n_tup_upd + n_tup_del), 0) FROM pg_stat_xact_user_tables "
            "WHERE relname <> ALL(%s)",
            [skip],
        )
        return int(cursor.fetchone()[0])


def _send(client: Client, method: str, url: str, query: dict[str, Any], kind: str | None, body: Any):
    """``(status, response body or None, rows written)``; a database error is a 500."""
    n = next(_address)
    extra = {"REMOTE_ADDR": f"10.{n >> 16 & 255}.{n >> 8 & 255}.{n & 255}", "HTTP_ACCEPT_LANGUAGE": "en"}
    if query:
        url = f"{url}?{urlencode(query, doseq=True)}"
    if kind == "json":
        data, content_type = json.dumps(body), J
    elif kind == "form":
        data, content_type = encode_multipart(BOUNDARY, body or {}), MULTIPART_CONTENT
    else:
        data, content_type = "", J
    before = _writes()
    try:
        with transaction.atomic():
            response = client.generic(method.upper(), url, data=data, content_type=content_type, **extra)
    except DatabaseError:
        connection.set_schema_to_public()
        return 500, None, _writes() - before
    connection.set_schema_to_public()
    try:
        payload = response.json()
    except ValueError:
        payload = None
    return response.status_code, payload, _writes() - before


def _cases(doc, values=_too_big):
    """``(label, field, path, method, query, kind, body)`` of every value ``values(doc, schema)``
    yields for ``doc``'s request fields (by default: each one past its bound)."""
    for path, method, parameters, kind, body_schema in _operations(doc):
        path_values = {p["name"]: _minimal(doc, p["schema"]) for p in parameters if p["in"] == "path"}
        required_query = {
            p["name"]: _minimal(doc, p["schema"])
            for p in parameters
            if p["in"] == "query" and p.get("required")
        }
        body = _minimal(doc, body_schema) if body_schema else None
        for param in parameters:
            for _, value in values(doc, param["schema"]):
                if value == LONE_SURROGATE:
                    # Not expressible in a URL: its UTF-8 bytes are invalid and Django decodes
                    # them as U+FFFD, which is harmless text.
                    continue
                if param["in"] == "path":
                    value = quote(value, safe="", errors="surrogatepass")
                url_values = {**path_values, **({param["name"]: value} if param["in"] == "path" else {})}
                query = {**required_query, **({param["name"]: value} if param["in"] == "query" else {})}
                yield (
                    f"{method.upper()} {path}",
                    param["name"],
                    path.format(**url_values),
                    method,
                    query,
                    kind,
                    body,
                )
        for field_path, value in values(doc, body_schema) if body_schema else ():
            if kind == "form" and value == LONE_SURROGATE:
                continue  # a multipart body cannot carry it as text (the guard's own tests send its bytes)
            field = ".".join(str(part) for part in field_path)
            yield (
                f"{method.upper()} {path}",
                field,
                path.format(**path_values),
                method,
                required_query,
                kind,
                _with(doc, body_schema, field_path, value),
            )


def _sweep(values, *, learner, educator) -> tuple[int, list[str]]:
    """Send every case of ``_cases(doc, values)`` of both documents (anonymously to the public
    API, as ``learner`` and as ``educator`` to the session API). Returns ``(cases checked,
    failures)``: a failure is an answer outside 4xx, a row written, or no 422 naming the field.
    ``educator``'s organization manages surveys, so that each educator's role reads its input
    (decision 0041)."""
    allow(educator.organization)
    failures, checked = [], 0
    for name, doc in _documents():
        clients = [("anonymous", Client())] if name == "public" else []
        if name == "session":
            clients = [("learner", client_for(learner)), ("educator admin", client_for(educator))]
        for label, field, url, method, query, kind, body in _cases(doc, values):
            checked += 1
            named = False
            for who, client in clients:
                status, payload, written = _send(client, method, url, query, kind, body)
                errors = (payload or {}).get("errors") or {}
                named = named or (status == 422 and field in errors)
                if not 400 <= status < 500 or written:
                    failures.append(f"{label} {field} as {who}: {status}, {written} rows written")
            if not named:
                failures.append(f"{label} {field}: no 422 naming the field")
    return checked, failures


# --- the tests ---------------------------------------------------------------------------------


@pytest.mark.django_db
def test_every_request_field_is_bounded():
    """A request field without a bound fails here, naming the operation and the field."""
    problems = []
    for name, doc in _documents():
        for path, method, parameters, _kind, body in _operations(doc):
            where = f"{name} {method.upper()} {path}"
            for param in parameters:
                problems += _unbounded(doc, param["schema"], f"{where} {param['in']} {param['name']}")
            if body is not None:
                problems += _unbounded(doc, body, f"{where} body")
    assert problems == []


@pytest.mark.django_db
def test_each_string_one_past_its_bound_is_refused(educator_a, learner):
    """About 230 fields, each sent alone at ``maxLength + 1`` (two profiles for the session API)."""
    checked, failures = _sweep(_too_big, learner=learner, educator=educator_a)
    assert checked > 200
    assert failures == []


@pytest.mark.django_db
def test_each_string_with_a_nul_or_a_lone_surrogate_is_refused(educator_a, learner):
    """Every bounded string of every request, sent alone with a NUL and with a lone surrogate (as
    a learner and as an educator admin for the session API): always 4xx, 422 naming the field at
    least once, nothing written."""
    checked, failures = _sweep(_hostile_strings, learner=learner, educator=educator_a)
    assert checked > 300
    assert failures == []


@pytest.mark.django_db
def test_the_write_counter_sees_what_a_request_writes(educator_a):
    """The sweep's "nothing written" rests on ``pg_stat_xact_user_tables`` counting, inside the
    test's transaction, the rows a request writes in a tenant schema."""
    status, _payload, written = _send(
        client_for(educator_a), "post", "/api/v1/question-banks", {}, "json", {"name": "Ngân hàng"}
    )
    assert (status, written) == (201, 1)


# --- regressions of issue 16, item 9 (each was a 500) ------------------------------------------


def _register_body(**overrides) -> dict[str, Any]:
    from accounts.selectors import province_codes

    return {
        "email": "new.learner@example.com",
        "password": "Quite-Long-Passw0rd",
        "confirm_password": "Quite-Long-Passw0rd",
        "name": "Nguyễn Văn An",
        "gender": "male",
        "date_of_birth": "01/02/2008",
        "cccd": "012345678901",
        "class_name": "9A",
        "school_name": "THCS Chu Văn An",
        "district_text": "Ba Đình",
        "province_code": sorted(province_codes())[0],
        "curriculum": "Kết nối tri thức",
        "phone": "0912345678",
        **overrides,
    }


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "message", "field_message"),
    [
        ("en", "Please correct the highlighted fields.", "This value is too long."),
        ("vi", "Vui lòng sửa các trường được đánh dấu.", "Giá trị quá dài."),
    ],
)
def test_register_with_a_name_longer_than_its_column_is_a_field_error(language, message, field_message):
    from accounts.models import User

    column = User._meta.get_field("name").max_length
    response = Client(REMOTE_ADDR="10.99.0.1").post(
        "/public/api/users/register",
        json.dumps(_register_body(name="n" * (column + 1))),
        content_type=J,
        HTTP_ACCEPT_LANGUAGE=language,
    )
    assert response.status_code == 422
    assert response.json() == {
        "success": False,
        "message": message,
        "code": "validation_error",
        "errors": {"name": [field_message]},
    }
    assert not User.objects.filter(email="new.learner@example.com").exists()


@pytest.mark.django_db
def test_profile_phone_longer_than_its_column_is_a_field_error(as_learner, learner):
    response = as_learner.put(
        "/api/v1/users/profile/self",
        json.dumps({"phone": "0" * 21}),
        content_type=J,
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert response.status_code == 422
    assert response.json()["errors"] == {"phone": ["This value is too long."]}
    learner.refresh_from_db()
    assert learner.phone != "0" * 21


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("page", "message"), [(10**20, "This number is too large."), (0, "This number is too small.")]
)
def test_a_page_out_of_range_is_a_field_error(as_educator_a, page, message):
    response = as_educator_a.get(f"/api/v1/question-banks?page={page}", HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 422
    assert response.json()["errors"] == {"page": [message]}


@pytest.mark.django_db
def test_an_id_past_bigint_is_a_field_error(as_educator_a):
    response = as_educator_a.get(f"/api/v1/question-banks/{2**63}", HTTP_ACCEPT_LANGUAGE="vi")
    assert response.status_code == 422
    assert response.json()["errors"] == {"bank_id": ["Số này quá lớn."]}


@pytest.mark.django_db
def test_too_many_ids_is_a_field_error(as_educator_a):
    response = as_educator_a.post(
        "/api/v1/questions/move",
        json.dumps({"ids": list(range(1, 1002)), "bank_id": 1}),
        content_type=J,
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert response.status_code == 422
    assert response.json()["errors"] == {"ids": ["Too many items."]}


@pytest.mark.django_db
@pytest.mark.parametrize(
    "starts_at",
    [
        "2031-01-01T00:00:00+23:59",
        "2031-01-01T00:00:00-15:00",
        "2031-01-01T00:00:00+25:00",
        "0001-01-01T00:00:00+14:00",
    ],
)
def test_put_round_with_an_offset_or_year_out_of_range_changes_nothing(as_educator_a, org_a, starts_at):
    now = timezone.now().replace(microsecond=0)
    with schema_context(org_a.schema_name):
        found = Round.objects.create(name="Vòng 1", starts_at=now, expires_at=now + timedelta(days=30))
    response = as_educator_a.put(
        f"/api/v1/rounds/{found.pk}",
        json.dumps({"name": "Vòng 2", "starts_at": starts_at, "expires_at": "2032-01-01T00:00:00Z"}),
        content_type=J,
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert response.status_code == 422
    assert response.json()["errors"] == {"starts_at": ["Enter a valid date and time."]}
    with schema_context(org_a.schema_name):
        found.refresh_from_db()
        assert (found.name, found.starts_at) == ("Vòng 1", now)


@pytest.mark.django_db
def test_a_round_at_the_largest_real_offset_is_saved(as_educator_a, org_a):
    with schema_context(org_a.schema_name):
        found = Round.objects.create(name="Vòng 1", starts_at=timezone.now(), expires_at=timezone.now())
    response = as_educator_a.put(
        f"/api/v1/rounds/{found.pk}",
        json.dumps(
            {"name": "Vòng 1", "starts_at": "2031-01-01T14:00:00+14:00", "expires_at": "2031-02-01T00:00:00Z"}
        ),
        content_type=J,
    )
    assert response.status_code == 200
    assert response.json()["data"]["starts_at"] == "2031-01-01T00:00:00Z"


@pytest.mark.django_db
def test_a_bank_name_at_its_column_length_is_saved(as_educator_a, org_a):
    column = QuestionBank._meta.get_field("name").max_length
    response = as_educator_a.post(
        "/api/v1/question-banks", json.dumps({"name": "b" * column}), content_type=J
    )
    assert response.status_code == 201
    with schema_context(org_a.schema_name):
        assert QuestionBank.objects.get(pk=response.json()["data"]["id"]).name == "b" * column
