"""HEAD answered wherever GET is (issue 38 item 6; RFC 9110 section 9.3.2).

A HEAD request asks for what GET would answer, without the body. Ninja's operations, Django's
``require_GET`` and most function views know only GET, so HEAD used to answer 405 (``HEAD
/robots.txt`` among them). ``HeadAsGetMiddleware``, the innermost middleware, hands the view a GET
and the outer middleware (logs, metrics, CSRF, sessions) the request's own method, then sends
GET's status and headers with no body: ``Content-Length`` stays the length GET would send, a
streamed file is closed unread. Where GET is refused (405 on a POST-only path, 401, 403) HEAD is
refused alike. Static files never reach it: whitenoise answers their HEAD itself.
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest
from django.http.response import HttpResponseBase


def without_body(response: HttpResponseBase) -> HttpResponseBase:
    """``response`` with the same status and headers and an empty body; ``Content-Length`` is
    GET's (counted here for a plain response that has none yet, kept as the view set it for a
    file). A streamed body is dropped unread; its file is closed with the response."""
    if response.streaming:
        response.streaming_content = iter(())  # type: ignore[attr-defined]
    else:
        content = response.content  # type: ignore[attr-defined]
        if not response.has_header("Content-Length"):
            response.headers["Content-Length"] = str(len(content))
        response.content = b""  # type: ignore[attr-defined]
    return response


class HeadAsGetMiddleware:
    """The view answers HEAD as GET; the answer goes out without its body (module docstring).
    Last in ``MIDDLEWARE`` so that only the URL resolution, ``process_view`` hooks and the view
    see the GET."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        if request.method != "HEAD":
            return self.get_response(request)
        request.method = "GET"
        try:
            response = self.get_response(request)
        finally:
            request.method = "HEAD"
        return without_body(response)
