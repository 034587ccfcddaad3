"""The answer save's lean route (issue 23, decision 0036).

``PUT /api/v1/take-test/{enrollment_id}/answers/{question_id}`` is nearly all of an exam day's
traffic (2,000 learners, a save every 5 s each). :class:`AnswerSaveMiddleware` serves the save
that succeeds right after the request id, the security headers, the hostile-input guards and the
session, and so before the other middleware, the URL resolver and Ninja, which cost a save more
CPU than its own work. Every other case continues down the usual stack, which answers exactly as
it would have without this middleware.

The lean route answers only when all of these hold, each decided by the code the usual stack
runs for them:
- the session (``SessionMiddleware``'s) holds a learner's profile that this process checked in
  full before, and its auth hash still matches (``tenants.middleware.checked_before``, decision
  0033); the save's statement then confirms that profile in the database (``SessionCheck``);
- the CSRF check passes (``ninja.utils.check_csrf``, which ``ProfileSessionAuth`` runs);
- the path's ids and the body validate as Ninja validates them (``Id``, ``AnswerIn``, the body as
  ``GuardedParser`` gives it);
- the save succeeds: the sitting's service runs the statement once (``services.answer_save_run``)
  and ``rules.save_refusal`` finds nothing to refuse, as the view's ``services.answer_save`` would.
Otherwise nothing has been written (a refused or unconfirmed save writes nothing) and the request
continues: the usual stack checks the session in full (the only place it is checked in full for a
save) and answers 401, 403, 404, 409, 400 or 422 in the reader's language, or saves. A save the
statement refused with the session confirmed leaves what it found on the request
(``services.SAVE_FOUND``): the view answers the refusal from it, so the statement runs once
(decision 0039).

The success is the usual one: ``Envelope[AnswerOut]`` rendered by ``ApiRenderer`` (tested byte
for byte against Ninja's), ``X-Frame-Options`` as ``XFrameOptionsMiddleware`` sets it, the log
keys bound as ``RequestProfileMiddleware`` binds them, the latency observed under the route's
pattern. It has no ``Content-Language`` and does not vary by ``Accept-Language`` (its body has no
text).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, cast

from django.http import HttpRequest, HttpResponse
from django.middleware.clickjacking import XFrameOptionsMiddleware
from django.urls import resolve
from ninja.utils import check_csrf
from pydantic import TypeAdapter, ValidationError

from config.envelope import Envelope, ok
from config.fields import Id
from config.observability import ROUTE_ATTR, request_profile_bind
from config.parsers import GuardedParser
from config.renderers import ApiRenderer
from sitting import rules, services
from sitting.schemas import AnswerIn, AnswerOut
from tenants import middleware as tenants_middleware
from tenants.middleware import SessionCheck

if TYPE_CHECKING:
    from accounts.models import Profile

    class _ProfiledRequest(HttpRequest):
        profile: Profile  # what tenants.middleware sets on every request


# ``tenants.middleware.checked_before``, typed here (tenants is outside the strict set).
checked_before: Callable[[HttpRequest], Profile | None] = tenants_middleware.checked_before

# The save's path; groups: the enrollment id, the question id.
SAVE_PATH = re.compile(r"^/api/v1/take-test/(\d+)/answers/(\d+)$")
_ID = TypeAdapter(Id)
_ENVELOPE = TypeAdapter(Envelope[AnswerOut])
_PARSER = GuardedParser()
_RENDERER = ApiRenderer()


class AnswerSaveMiddleware:
    """The lean route of the module docstring. Place it right after ``SessionMiddleware``, itself
    after ``config.middleware.HostileInputMiddleware`` (its guards have run and parsed the body)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response
        self.frame_options = XFrameOptionsMiddleware(get_response)
        self.route: str | None = None  # the save's URL pattern, resolved once (metrics)

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.method == "PUT":
            match = SAVE_PATH.match(request.path_info)
            if match is not None:
                response = self._save(request, *match.groups())
                if response is not None:
                    return response
        return self.get_response(request)

    def _save(self, request: HttpRequest, enrollment_id: str, question_id: str) -> HttpResponse | None:
        """The success response of the save, or None when the usual stack must answer (nothing
        written)."""
        profile = checked_before(request)
        if profile is None or check_csrf(request) is not None:
            return None
        try:
            enrollment, question = (
                _ID.validate_python(int(enrollment_id)),
                _ID.validate_python(int(question_id)),
            )
            payload = AnswerIn.model_validate(_PARSER.parse_body(request))
        except (ValueError, ValidationError):
            return None
        request.user, cast("_ProfiledRequest", request).profile = profile.user, profile
        request_profile_bind(request)
        found = services.answer_save_run(
            profile=profile,
            enrollment_id=enrollment,
            device_token=request.headers.get("X-Device-Token", ""),
            question_id=question,
            answer=payload.answer_value(),
            flagged=payload.flagged,
            seq=payload.seq,
            typed_at=payload.typed_at,
            clock_offset_ms=payload.clock_offset_ms,
            check=SessionCheck.of(profile),
        )
        if found is None or not found.confirmed:
            return None  # the usual stack sets request.user and request.profile again
        if rules.save_refusal(found) is not None:
            setattr(request, services.SAVE_FOUND, found)  # answered by the view, in the reader's language
            return None
        saved = rules.save_outcome(found, not_found_message="")
        body = _RENDERER.render(
            request, _ENVELOPE.validate_python(ok(saved)).model_dump(), response_status=200
        )
        response = HttpResponse(body, content_type=f"{_RENDERER.media_type}; charset=utf-8")
        response["Content-Length"] = str(len(response.content))
        if self.route is None:
            self.route = resolve(request.path_info).route
        setattr(request, ROUTE_ATTR, self.route)
        return self.frame_options.process_response(request, response)
