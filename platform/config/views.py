"""The SPA's index.html for client routes (built by Vite into frontend/dist), and the JSON answers
of unknown API paths and of Django's ``handler400`` / ``handler500`` on API paths."""

import re
from html import escape
from pathlib import Path
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils import translation
from django.utils.translation import gettext as _
from django.views import defaults
from django.views.decorators.cache import never_cache
from django.views.decorators.csrf import ensure_csrf_cookie

from config.errors import request_error_response, server_error_response
from config.i18n import reader_language
from config.middleware import is_api_path
from config.preload import with_preloads

INDEX = settings.BASE_DIR / "frontend" / "dist" / "index.html"
PRERENDERED = settings.BASE_DIR / "frontend" / "dist" / "prerender"
"""``<language>/<path>/index.html``: the public pages prerendered at build time (issue 20,
decision 0028; ``frontend/scripts/prerender.mjs``), rebuilt with every ``dist/``."""

FALLBACK = """<!doctype html><html lang="vi"><head><meta charset="utf-8"><title>Platform</title></head>
<body><p>The web app is not built yet: run ./ops/run (it builds frontend/). API: <a href="/api/v1/docs">/api/v1/docs</a>,
admin: <a href="/admin/">/admin/</a>.</p></body></html>"""


LANGUAGE_COOKIE = "lang"
"""The SPA mirrors its stored language (localStorage ``lang``, ``src/lib/language.ts``) into this
cookie so that the HTML itself is in the reader's language before any JavaScript runs."""

_HTML_LANG = re.compile(r'<html lang="[^"]*"')
_TITLE = re.compile(r"<title>[^<]*</title>")
_DESCRIPTION = re.compile(r'<meta name="description" content="[^"]*"')


def localized_index(html: str, language: str) -> str:
    """``index.html`` with ``<html lang>``, ``<title>`` and the meta description in ``language``
    (``"vi"`` or ``"en"``; issue 20: a localized description for search results and shares)."""
    with translation.override(language):
        title = escape(_("Lifelong Learning Centre"))
        description = escape(
            _("Lifelong Learning Centre: competency assessment and career guidance for students")
        )
    html = _HTML_LANG.sub(f'<html lang="{language}"', html, count=1)
    html = _TITLE.sub(f"<title>{title}</title>", html, count=1)
    return _DESCRIPTION.sub(f'<meta name="description" content="{description}"', html, count=1)


_PAGE_PATH = re.compile(r"/(?:[a-z0-9-]+(?:/[a-z0-9-]+)*)?")
"""The paths a prerendered file may exist for: lowercase segments, no dots, no trailing slash
(so never outside ``PRERENDERED``)."""


def prerendered_page(path: str, language: str) -> Path | None:
    """The file prerendered for ``path`` in ``language`` (``/`` -> ``vi/index.html``, ``/login``
    -> ``vi/login/index.html``), or None when the build made none for it (a signed-in page, an
    unknown path, a build without the prerender)."""
    if not _PAGE_PATH.fullmatch(path):
        return None
    page = PRERENDERED / language / path.strip("/") / "index.html"
    return page if page.is_file() else None


@never_cache
@ensure_csrf_cookie
def spa_index(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
    """Serve ``index.html`` for any client route, with the CSRF cookie set for the SPA, in the
    reader's language (cookie ``lang``, Vietnamese by default) and never cached: its hashed
    assets are, for a year (``config.static``). A public page's prerendered copy in that
    language, its content already inside ``#root``, when the build made one (issue 20,
    decision 0028); the plain ``index.html`` otherwise. Either names the chunks of the page's
    route for ``modulepreload`` (``config.preload``, decision 0029), and for an English reader
    their English texts (decision 0035)."""
    language = reader_language(request.COOKIES.get(LANGUAGE_COOKIE) or "vi")
    page = prerendered_page(request.path_info, language) or (INDEX if INDEX.exists() else None)
    html = with_preloads(
        page.read_text(encoding="utf-8") if page else FALLBACK, request.path_info, language=language
    )
    return HttpResponse(localized_index(html, language), content_type="text/html; charset=utf-8")


def api_not_found(request: HttpRequest, *args: Any, **kwargs: Any) -> JsonResponse:
    """Unknown /api/v1/ or /public/api/ path: the error envelope with 404 ``not_found``."""
    return JsonResponse(
        {"success": False, "message": _("Not found."), "code": "not_found", "errors": {}}, status=404
    )


def _api_language(request: HttpRequest) -> translation.override:
    """The language of an error answered outside LocaleMiddleware (it may not have run yet)."""
    return translation.override(translation.get_language_from_request(request))


def server_error(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
    """``handler500``: an exception no one handled, also one raised in a middleware before Ninja.
    ``/api/v1/`` and ``/public/api/`` get the 500 ``server_error`` envelope (issue 16 item 9);
    other paths Django's page."""
    if is_api_path(request.path_info):
        with _api_language(request):
            return server_error_response()
    return defaults.server_error(request, *args, **kwargs)


def bad_request(request: HttpRequest, exception: Exception, *args: Any, **kwargs: Any) -> HttpResponse:
    """``handler400``: Django's request errors raised before any endpoint (a malformed upload
    read by a middleware, too many fields, a body over ``DATA_UPLOAD_MAX_MEMORY_SIZE``). API paths
    get the envelope: 413 ``request_too_large``, 400 ``invalid_multipart`` or ``bad_request``."""
    if is_api_path(request.path_info):
        with _api_language(request):
            return request_error_response(exception)
    return defaults.bad_request(request, exception, *args, **kwargs)
