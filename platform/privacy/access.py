"""The one place private-file endpoints are logged (issue 24, item 4; decision 0020).

Every endpoint that answers with a private file (a proctoring video, a report PDF, an export)
carries :func:`private_file`::

    @router.get("attempts/{attempt_id}/video", response={200: None})
    @private_file(AccessLogEntry.Kind.PROCTORING_VIDEO, subject=proctoring.attempt_video_subject)
    def attempt_video(request, attempt_id: Id): ...

After the endpoint answered with a file (2xx, a ``FileResponse``/``StreamingHttpResponse`` or an
attachment), one ``AccessLogEntry`` is written when the caller is an educator, an organization
admin or the SuperAdmin: who (user, profile, name, role), what (the kind, and the object and the
learner concerned from ``subject(**path parameters)``), when, and from where (the client address
as ``config.client.client_address`` resolves it, the one the rate limits use, and the
user agent, truncated). A learner's download of their own file is not logged: the log is about others' access.
Refusals and 202 "being prepared" answers are not files and are not logged.

``privacy/tests/test_access_log.py`` lists every endpoint of both APIs that answers a file and
fails on one without this decorator.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from django.http import FileResponse, HttpRequest, HttpResponseBase, StreamingHttpResponse
from ninja.decorators import decorate_view

from config.client import client_address
from privacy.models import AccessLogEntry
from privacy.services import AccessSubject, Actor, access_record

_FILE_NAME = re.compile(r'filename="?([^";]+)"?')

MARK = "private_file_kind"
"""The attribute :func:`private_file` sets on the endpoint's function (read by the tests)."""


def is_file(response: HttpResponseBase) -> bool:
    """True for a successful answer that carries a file rather than the JSON envelope."""
    if not 200 <= response.status_code < 300 or response.status_code == 202:
        return False
    if isinstance(response, FileResponse | StreamingHttpResponse):
        return True
    return response.has_header("Content-Disposition")


def file_name_of(response: HttpResponseBase) -> str:
    """The attachment's file name (``Content-Disposition``), or "" when it has none."""
    found = _FILE_NAME.search(response.get("Content-Disposition", "") or "")
    return found.group(1) if found else ""


def actor_of(request: HttpRequest) -> Actor | None:
    """The caller as an ``Actor`` when the access is to be logged: the SuperAdmin where an
    endpoint's authentication says so (``analytics.api.MarketAuth``'s viewer), else an educator
    profile (``admin`` for an organization admin). ``None`` for a learner or no session."""
    user = request.user
    if getattr(getattr(request, "auth", None), "is_superadmin", False):
        return Actor(user.pk, None, user.name or user.email, AccessLogEntry.Role.SUPERADMIN, None)
    return profile_actor(getattr(request, "profile", None))


def profile_actor(profile) -> Actor | None:
    """An educator ``Profile`` as an ``Actor`` (``admin`` for an organization admin); ``None``
    for a learner or no profile."""
    if profile is None or not profile.is_educator:
        return None
    role = AccessLogEntry.Role.ADMIN if profile.is_admin else AccessLogEntry.Role.EDUCATOR
    name = profile.user.name or profile.user.email
    return Actor(profile.user_id, profile.pk, name, role, profile.organization_id)


def private_file(kind: str, *, subject: Callable[..., AccessSubject] | None = None) -> Callable:
    """Decorator (below ``@router.get/post``) for an endpoint that answers with a private file of
    ``kind`` (an ``AccessLogEntry.Kind``). ``subject(**path_parameters)`` names the object and
    the learner concerned; it runs after the endpoint succeeded, in the request's schema, and only
    when the access is logged. Without a label, the attachment's file name is the label."""

    def around(run: Callable[..., HttpResponseBase]) -> Callable[..., HttpResponseBase]:
        @functools.wraps(run)
        def logged(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
            response = run(request, *args, **kwargs)
            actor = actor_of(request) if is_file(response) else None
            if actor is not None:

                def about() -> AccessSubject:
                    found = subject(**kwargs) if subject else AccessSubject()
                    return found if found.label else replace(found, label=file_name_of(response))

                access_record(
                    actor=actor,
                    kind=kind,
                    subject=about,
                    ip=client_address(request),
                    user_agent=request.headers.get("User-Agent", ""),
                )
            return response

        return logged

    def mark(view_func: Callable) -> Callable:
        setattr(view_func, MARK, kind)
        return decorate_view(around)(view_func)

    return mark
