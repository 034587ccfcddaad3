"""Request guards that hold for every API operation, whatever its schema says (issue 16 item 9).

``HostileInputMiddleware`` runs on ``/api/v1/`` and ``/public/api/`` before the session, CSRF,
locale and Ninja see the request, and refuses with the error envelope (``config.errors``):

- a body over the cap -> 413 ``request_too_large``, from ``Content-Length`` before anything is
  read; the server then closes the connection and says so (``Connection: close``, see
  :func:`close_after_too_large`). The cap: ``DATA_UPLOAD_MAX_MEMORY_SIZE`` (Django's default, 2.5 MiB) for JSON and forms;
  ``UPLOAD_REQUEST_MAX_BYTES`` (default ``PREP_VIDEO_MAX_BYTES`` + 1 MiB of multipart overhead,
  so 41 MiB) for ``multipart/form-data``. Each upload endpoint keeps its own cap at or under it
  (photo 5 MB, logo 2 MB, prep video 40 MB, question import 40 MB, learner import 5 MB).
- ``multipart/form-data`` whose header Django's parser would refuse (no or bad boundary, a
  non-ASCII header, negative length) -> 400 ``invalid_multipart``.
- a JSON body nested deeper than ``JSON_MAX_DEPTH`` (64) arrays/objects -> 422
  ``validation_error``, found by a scan of the raw bytes BEFORE any JSON parser recurses.
- a body that is not JSON (nor a form) -> 400 ``invalid_json``.
- a NUL character or a lone UTF-16 surrogate (U+D800..U+DFFF, also sent as the JSON escapes
  ``\\u0000`` / ``\\ud800``) in any key or string of a JSON body, a query parameter or a path
  parameter -> 422 ``validation_error`` with ``errors: {field: [message]}``; Postgres cannot
  store either, so they used to surface as 500s from psycopg.
- cookies holding those characters are dropped (a session cookie with a NUL is no session).

The parsed JSON body is kept on the request so ``config.parsers.GuardedParser`` does not parse
it twice. Exceptions raised later in any middleware are answered by ``config.views`` handlers.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest, HttpResponse
from django.http.multipartparser import MultiPartParser
from django.urls import Resolver404, resolve
from django.utils import translation
from django.utils.http import parse_header_parameters

from config import errors

if TYPE_CHECKING:
    from _typeshed import OptExcInfo
    from _typeshed.wsgi import StartResponse, WSGIApplication, WSGIEnvironment

API_PREFIXES = ("/api/v1/", "/public/api/")
JSON_MAX_DEPTH = 64
MULTIPART_OVERHEAD_BYTES = 1024 * 1024
_FORM_TYPES = ("multipart/form-data", "application/x-www-form-urlencoded")
# One JSON string (escapes included) or one bracket; strings are skipped so brackets inside
# them do not count. The unrolled form never backtracks.
_JSON_TOKEN = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"|[\[\]{}]', re.S)
_FORBIDDEN_CHARS = re.compile("[\x00\ud800-\udfff]")
# Raw NUL, a JSON escape of NUL or of any surrogate (a valid pair also matches: the walk of the
# parsed value then finds nothing), or a surrogate encoded in UTF-8 (json.loads decodes bytes
# with "surrogatepass", so ED A0 80 becomes U+D800).
_SUSPECT_JSON = re.compile(rb"\x00|\\u(?:0000|[dD][89abcdefABCDEF][0-9a-fA-F]{2})|\xed[\xa0-\xbf]")

PARSED_JSON_ATTR = "_guarded_json"


def is_api_path(path: str) -> bool:
    """True for the paths of the two NinjaAPI objects (``/api/v1/...``, ``/public/api/...``)."""
    return path.startswith(API_PREFIXES)


def has_forbidden_chars(value: str) -> bool:
    """True when ``value`` holds a NUL or a lone surrogate (what Postgres text cannot store)."""
    return _FORBIDDEN_CHARS.search(value) is not None


def upload_request_max_bytes() -> int:
    """The cap on a whole ``multipart/form-data`` request, in bytes (see the module docstring)."""
    configured = getattr(settings, "UPLOAD_REQUEST_MAX_BYTES", None)
    return int(configured or settings.PREP_VIDEO_MAX_BYTES + MULTIPART_OVERHEAD_BYTES)


def json_depth_exceeds(body: bytes, limit: int = JSON_MAX_DEPTH) -> bool:
    """True when the JSON text ``body`` nests arrays/objects deeper than ``limit``.

    Counts brackets outside strings in one regex pass (no recursion, linear time); a body with
    at most ``limit`` opening brackets in all is accepted without a scan.
    """
    if body.count(b"[") + body.count(b"{") <= limit:
        return False
    depth = 0
    for match in _JSON_TOKEN.finditer(body):
        first = match.group()[0]
        if first in (0x5B, 0x7B):  # [ {
            depth += 1
            if depth > limit:
                return True
        elif first in (0x5D, 0x7D):  # ] }
            depth -= 1
    return False


def forbidden_json_fields(value: Any) -> list[str]:
    """Dotted paths (``email``, ``items.0.name``) of the keys and strings in a parsed JSON
    ``value`` that hold a NUL or a lone surrogate; ``non_field_errors`` for a bare string body."""
    found: list[str] = []
    stack: list[tuple[tuple[str, ...], Any]] = [((), value)]
    while stack:
        path, item = stack.pop()
        if isinstance(item, dict):
            for key, child in item.items():
                child_path = (*path, str(key))
                if has_forbidden_chars(key):
                    found.append(".".join(child_path))
                else:
                    stack.append((child_path, child))
        elif isinstance(item, list):
            stack.extend(((*path, str(i)), child) for i, child in enumerate(item))
        elif isinstance(item, str) and has_forbidden_chars(item):
            found.append(".".join(path) or "non_field_errors")
    return sorted(found)


class HostileInputMiddleware:
    """The guards of the module docstring; place it before SessionMiddleware and CSRF."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        refusal = self._refusal(request) if is_api_path(request.path_info) else None
        if refusal is not None:
            # Again in the reader's language (LocaleMiddleware comes later): only a refused
            # request pays for choosing it (issue 23: every answer save did).
            with translation.override(translation.get_language_from_request(request)):
                return self._refusal(request) or refusal
        return self.get_response(request)

    def _refusal(self, request: HttpRequest) -> HttpResponse | None:
        self._drop_bad_cookies(request)
        return self._check_size(request) or self._check_path_and_query(request) or self._check_body(request)

    @staticmethod
    def _drop_bad_cookies(request: HttpRequest) -> None:
        for name, value in list(request.COOKIES.items()):
            if has_forbidden_chars(name) or has_forbidden_chars(value):
                del request.COOKIES[name]

    @staticmethod
    def _content_length(request: HttpRequest) -> int:
        try:
            return int(request.META.get("CONTENT_LENGTH") or 0)
        except (TypeError, ValueError):
            return 0

    def _check_size(self, request: HttpRequest) -> HttpResponse | None:
        length = self._content_length(request)
        if request.content_type == "multipart/form-data":
            limit = upload_request_max_bytes()
        else:
            limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        if limit is not None and length > limit:
            return errors.request_too_large_response(limit)
        return None

    @staticmethod
    def _check_path_and_query(request: HttpRequest) -> HttpResponse | None:
        fields: list[str] = []
        if has_forbidden_chars(request.path_info):
            try:
                kwargs = resolve(request.path_info).kwargs
            except Resolver404:
                kwargs = {}
            named = [k for k, v in kwargs.items() if isinstance(v, str) and has_forbidden_chars(v)]
            fields.extend(named or ["path"])
        for key, values in request.GET.lists():
            if has_forbidden_chars(key) or any(has_forbidden_chars(v) for v in values):
                fields.append(key)
        if fields:
            return errors.forbidden_chars_response(fields)
        return None

    def _check_body(self, request: HttpRequest) -> HttpResponse | None:
        content_type = request.content_type or ""
        if content_type.startswith("multipart/"):
            return self._check_multipart_header(request)
        if content_type in _FORM_TYPES or self._content_length(request) <= 0:
            return None
        try:
            body = request.body
        except RequestDataTooBig:
            return errors.request_too_large_response(settings.DATA_UPLOAD_MAX_MEMORY_SIZE)
        if not body:
            return None
        if json_depth_exceeds(body):
            return errors.too_deep_response(JSON_MAX_DEPTH)
        try:
            data = json.loads(body)
        except ValueError:  # JSONDecodeError, UnicodeDecodeError
            return errors.invalid_json_response()
        if _SUSPECT_JSON.search(body) or json.detect_encoding(body) != "utf-8":
            fields = forbidden_json_fields(data)
            if fields:
                return errors.forbidden_chars_response(fields)
        setattr(request, PARSED_JSON_ATTR, data)
        return None

    def _check_multipart_header(self, request: HttpRequest) -> HttpResponse | None:
        content_type = request.META.get("CONTENT_TYPE", "")
        try:
            content_type.encode("ascii")
        except UnicodeEncodeError:
            return errors.invalid_multipart_response()
        _, options = parse_header_parameters(content_type)
        boundary = options.get("boundary")
        if not boundary or not MultiPartParser.boundary_re.fullmatch(boundary):
            return errors.invalid_multipart_response()
        if self._content_length(request) < 0:
            return errors.invalid_multipart_response()
        return None


def close_after_too_large(app: WSGIApplication) -> WSGIApplication:
    """WSGI wrapper (``config.wsgi``): after a 413 the server closes the connection, and its
    answer says ``Connection: close`` (issue 38 item 4).

    A 413 is answered before the body is read (``HostileInputMiddleware``). gunicorn then drains
    at most 64 KiB of it before reusing the connection; past that it dropped the connection it
    had just announced as ``keep-alive``, and a client that sent its next request on it failed.
    The application cannot set ``Connection`` itself (a hop-by-hop header: gunicorn ignores it
    and wsgiref refuses it), so the wrapper asks the server: gunicorn's ``start_response`` is its
    ``Response.start_response``, whose ``force_close()`` makes it write ``Connection: close`` and
    close in order after the answer (half-close, then a short drain, so no reset truncates it).
    Under a server without that method (``runserver``, which reads the body away itself) the
    answer is unchanged."""

    def wrapped(environ: WSGIEnvironment, start_response: StartResponse) -> Iterable[bytes]:
        def start(
            status: str, headers: list[tuple[str, str]], exc_info: OptExcInfo | None = None, /
        ) -> Callable[[bytes], object]:
            if status.startswith("413"):
                force_close = getattr(getattr(start_response, "__self__", None), "force_close", None)
                if callable(force_close):
                    force_close()
            return start_response(status, headers, exc_info)

        return app(environ, start)

    return wrapped
