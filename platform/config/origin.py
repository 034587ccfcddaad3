"""Cross-site requests to the public API are refused (issue 16, item 5: login CSRF).

``/public/api/`` needs no session and so has no CSRF token check, yet several of its calls start
a session (login, token exchange, accepting an invitation). A page on another site could make a
visitor's browser log in to the attacker's account with a ``text/plain`` form POST, which needs
no CORS preflight. ``PublicApiOriginMiddleware`` accepts an unsafe call only when

- its body, if any, is ``application/json`` (a cross-site page can send JSON only after a CORS
  preflight, which this server never grants), and
- the browser does not say it comes from another site: ``Origin`` (when sent) is this host or one
  of ``CSRF_TRUSTED_ORIGINS``, and ``Sec-Fetch-Site`` (when sent) is not ``cross-site``.

Clients that are not browsers (the survey service, scripts) send neither header and are unaffected.
Refusals: 403 ``csrf_failed``, 415 ``unsupported_media_type``, in the error envelope.
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.translation import gettext as _

from config.errors import CommonErrorCode, error_response

UNSAFE_METHODS = {"POST", "PUT", "PATCH", "DELETE"}
PUBLIC_API_PREFIX = "/public/api/"


def _origin_allowed(request: HttpRequest, origin: str) -> bool:
    own = f"{'https' if request.is_secure() else 'http'}://{request.get_host()}"
    return origin == own or origin in settings.CSRF_TRUSTED_ORIGINS


class PublicApiOriginMiddleware:
    """See the module docstring. Place after ``LocaleMiddleware`` (messages follow the reader's
    language) and before ``CsrfViewMiddleware``."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.method in UNSAFE_METHODS and request.path.startswith(PUBLIC_API_PREFIX):
            refusal = self._check(request)
            if refusal is not None:
                return refusal
        return self.get_response(request)

    @staticmethod
    def _check(request: HttpRequest) -> JsonResponse | None:
        origin = request.headers.get("Origin")
        cross_site = request.headers.get("Sec-Fetch-Site") == "cross-site"
        if cross_site or (origin and not _origin_allowed(request, origin)):
            return error_response(
                status=403,
                code=CommonErrorCode.CSRF_FAILED,
                message=_(
                    "Your session's security token is missing or stale. Reload the page and try again."
                ),
            )
        content_type = (request.content_type or "").lower()
        has_body = request.META.get("CONTENT_LENGTH", "") not in ("", "0") or bool(
            request.META.get("HTTP_TRANSFER_ENCODING")
        )
        if has_body and content_type != "application/json":
            return error_response(
                status=415,
                code=CommonErrorCode.UNSUPPORTED_MEDIA_TYPE,
                message=_("Send the request body as JSON."),
            )
        return None
