"""HEAD is answered wherever GET is (issue 38 item 6: ``HEAD /robots.txt`` answered 405): the
same status and headers as GET, and no body (RFC 9110 section 9.3.2).

Every route of the URL resolver is walked: the two APIs' operations (Ninja), the admin, health,
metrics, robots.txt, the sitemap, the media route, the API's not-found answer and the SPA's
client routes. The test client's own removal of a HEAD answer's body is switched off, so the
empty body is the server's doing (``config.head.HeadAsGetMiddleware``), whatever WSGI server runs
it."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver

from accounts.tests.factories import UserFactory
from config.api import api, public_api
from conftest import client_for

pytestmark = pytest.mark.django_db

# Headers that differ between any two requests, HEAD or not.
VOLATILE = {"x-request-id", "date", "expires", "content-length", "server-timing"}

# A concrete path for each regex route (the resolver cannot invert them).
REGEX_SAMPLES = {
    "public_media": ["/media/profiles/9/photo.webp", "/media/profiles/9/missing.webp"],
    "api_not_found": ["/api/v1/no-such-thing", "/public/api/no-such-thing"],
    "spa_index": ["/", "/login", "/marketplace", "/question-bank/4", "/no-such-page"],
    "app_index": ["/admin/accounts/", "/admin/tenants/"],
    "catch_all_view": ["/admin/no-such-page/"],
}
PHOTO = b"RIFF\x00\x00\x00\x00WEBPVP8 photo"


@pytest.fixture(autouse=True)
def _keep_head_bodies(monkeypatch):
    """The test client drops a HEAD answer's body itself; keep what the server sent."""
    monkeypatch.setattr("django.test.client.conditional_content_removal", lambda request, response: response)


@pytest.fixture
def media(settings, tmp_path):
    (tmp_path / "profiles" / "9").mkdir(parents=True)
    (tmp_path / "profiles" / "9" / "photo.webp").write_bytes(PHOTO)
    settings.MEDIA_ROOT = str(tmp_path)


def _leaves(patterns, prefix=""):
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            yield from _leaves(pattern.url_patterns, prefix + str(pattern.pattern))
        else:
            yield prefix + str(pattern.pattern), pattern


def _sample_paths() -> list[str]:
    """One path for every route of the resolver: route converters filled with ``1``, regex
    routes from ``REGEX_SAMPLES`` (a regex route without samples fails the test by name)."""
    paths: list[str] = []
    for route, pattern in _leaves(get_resolver().url_patterns):
        assert isinstance(pattern, URLPattern)
        if route.startswith("^") or "(?P<" in route:
            name = pattern.callback.__name__
            assert name in REGEX_SAMPLES, f"no sample path for the regex route {route} ({name})"
            paths += REGEX_SAMPLES[name]
        else:
            paths.append("/" + re.sub(r"<[^>]+>", "1", route))
    return sorted(set(paths))


def _body(response) -> bytes:
    return b"".join(response.streaming_content) if response.streaming else response.content


def _headers(response) -> dict[str, str]:
    return {k.lower(): v for k, v in response.headers.items() if k.lower() not in VOLATILE}


def _compare(client: Client, path: str) -> list[str]:
    """What differs between GET and HEAD of ``path`` (empty when HEAD is answered as it should)."""
    get = client.get(path)
    get_body = _body(get)
    head = client.head(path)
    head_body = _body(head)
    problems = []
    if head.status_code != get.status_code:
        problems.append(f"HEAD {path}: {head.status_code}, GET {get.status_code}")
    elif head_body:
        problems.append(f"HEAD {path}: a body of {len(head_body)} bytes")
    elif _headers(head) != _headers(get):
        problems.append(f"HEAD {path}: headers {_headers(head)} != GET's {_headers(get)}")
    elif (
        get.status_code == 200
        and head.get("Content-Length") != str(len(get_body))
        and len(_body(client.get(path))) == len(get_body)  # not a file made anew at each GET
        # nor a download made anew (its zip's times), nor the metrics the requests themselves move
        and "attachment" not in get.get("Content-Disposition", "")
        and path != "/metrics"
    ):
        problems.append(f"HEAD {path}: Content-Length {head.get('Content-Length')}, GET {len(get_body)}")
    return problems


def test_head_robots_txt_is_the_get_without_its_body(client):
    get = client.get("/robots.txt")
    head = client.head("/robots.txt")
    assert head.status_code == 200
    assert head.content == b""
    assert head["Content-Type"] == "text/plain; charset=utf-8"
    assert head["Content-Length"] == str(len(get.content))
    assert head["Cache-Control"] == get["Cache-Control"] == "max-age=3600, public"


def test_head_of_a_get_operation_of_each_api(as_educator_a):
    res = as_educator_a.head("/api/v1/question-banks")
    assert res.status_code == 200
    assert res.content == b""
    assert res["Content-Type"] == "application/json; charset=utf-8"
    assert Client().head("/public/api/provinces").status_code == 200


def test_head_where_get_is_refused_is_refused_alike(as_educator_a):
    """HEAD is a GET without a body, not a way around a method's absence or a role."""
    assert as_educator_a.get("/api/v1/auth/logout").status_code == 405
    assert as_educator_a.head("/api/v1/auth/logout").status_code == 405
    assert Client().head("/api/v1/question-banks").status_code == 401


def test_every_get_operation_of_both_openapi_documents_answers_head(as_educator_a):
    operations = [
        (ninja_api, path)
        for ninja_api in (api, public_api)
        for path, methods in ninja_api.get_openapi_schema()["paths"].items()
        if "get" in methods
    ]
    assert len(operations) > 90
    problems: list[str] = []
    for ninja_api, path in operations:
        client = Client() if ninja_api is public_api else as_educator_a
        problems += _compare(client, re.sub(r"\{[^}]+\}", "1", path))
    assert not problems, "\n".join(problems)


def test_every_route_of_the_resolver_answers_head_as_get(as_educator_a, media):
    """The admin (as a superuser), health, metrics (from loopback), robots.txt, the sitemap, the
    media route, the APIs and the SPA's routes, signed in and not."""
    paths = _sample_paths()
    assert {"/robots.txt", "/sitemap.xml", "/health/", "/metrics", "/admin/", "/"} <= set(paths)
    admin = Client()
    admin.force_login(UserFactory(is_staff=True, is_superuser=True))
    problems: list[str] = []
    for path in paths:
        if path.startswith("/admin/"):
            problems += _compare(admin, path)
        elif path.startswith(("/api/", "/public/api/")):
            problems += _compare(as_educator_a, path)
        else:
            problems += _compare(Client(), path) + _compare(as_educator_a, path)
    assert not problems, "\n".join(problems)


def test_a_streamed_file_answers_head_without_reading_it(media):
    get = Client().get("/media/profiles/9/photo.webp")
    head = Client().head("/media/profiles/9/photo.webp")
    assert (get.status_code, head.status_code) == (200, 200)
    assert _body(head) == b""
    assert head["Content-Length"] == str(len(_body(get))) == str(len(PHOTO))
    assert head["Content-Type"] == "image/webp"


def test_a_learner_session_answers_head_too(learner):
    assert client_for(learner).head("/api/v1/assignment-users/my-list").status_code == 200
