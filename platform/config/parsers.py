"""The request parser of both NinjaAPI objects (issue 16 item 9).

``GuardedParser`` reuses the JSON body that ``config.middleware.HostileInputMiddleware`` already
parsed and checked (depth, NUL, lone surrogates), and refuses NUL and lone surrogates in query
and form values (multipart fields included, which the middleware does not parse) with 422
``validation_error`` naming the field.
"""

from __future__ import annotations

import json
from typing import Any

from django.http import HttpRequest
from django.utils.datastructures import MultiValueDict
from django.utils.translation import gettext as _
from ninja.parser import Parser

from config.errors import ApplicationError, CommonErrorCode
from config.middleware import JSON_MAX_DEPTH, PARSED_JSON_ATTR, has_forbidden_chars, json_depth_exceeds


class GuardedParser(Parser):
    def parse_body(self, request: HttpRequest) -> Any:
        """The JSON body: the middleware's parse when it ran, else a depth-checked ``json.loads``.
        Errors: ``ValueError`` (Ninja answers 400 ``invalid_json``)."""
        if hasattr(request, PARSED_JSON_ATTR):
            return getattr(request, PARSED_JSON_ATTR)
        body = request.body
        if json_depth_exceeds(body):
            raise ValueError(f"JSON nested deeper than {JSON_MAX_DEPTH} levels")
        return json.loads(body)

    def parse_querydict(
        self, data: MultiValueDict[str, Any], list_fields: list[str], request: HttpRequest
    ) -> dict[str, Any]:
        """Query or form values as Ninja expects; 422 ``validation_error`` on a NUL or a lone
        surrogate in a key or a text value (uploaded files are not text and pass)."""
        bad = sorted(
            key
            for key, values in data.lists()
            if has_forbidden_chars(key) or any(isinstance(v, str) and has_forbidden_chars(v) for v in values)
        )
        if bad:
            message = _("This value contains a character that is not allowed.")
            raise ApplicationError(
                CommonErrorCode.VALIDATION_ERROR,
                _("Please correct the highlighted fields."),
                status=422,
                errors={key: [message] for key in bad},
            )
        return super().parse_querydict(data, list_fields, request)
