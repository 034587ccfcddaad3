"""The error envelope (ARCHITECTURE.md "API contract") and the one exception handler.

Failure body: ``{"success": false, "message": <localized text>, "code": <stable_snake_case>,
"errors": {field: [messages]}}`` with the HTTP status. Messages go through gettext, so
``Accept-Language`` (vi default and fallback, en) picks the language.
"""

from __future__ import annotations

import logging
from enum import StrEnum
from typing import Any

from django.core.exceptions import RequestDataTooBig, TooManyFieldsSent, TooManyFilesSent
from django.db import DataError
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse, RawPostDataException
from django.http.multipartparser import MultiPartParserError
from django.utils.formats import number_format
from django.utils.translation import gettext as _
from ninja import NinjaAPI
from ninja.errors import AuthenticationError, HttpError, ValidationError
from ninja.errors import AuthorizationError as NinjaAuthorizationError

logger = logging.getLogger(__name__)


class CommonErrorCode(StrEnum):
    VALIDATION_ERROR = "validation_error"
    NOT_AUTHENTICATED = "not_authenticated"
    FORBIDDEN = "forbidden"
    FORBIDDEN_ROLE = "forbidden_role"
    NOT_FOUND = "not_found"
    CSRF_FAILED = "csrf_failed"
    RATE_LIMITED = "rate_limited"
    SERVER_ERROR = "server_error"
    BAD_REQUEST = "bad_request"
    REQUEST_TOO_LARGE = "request_too_large"
    INVALID_JSON = "invalid_json"
    INVALID_MULTIPART = "invalid_multipart"
    UNSUPPORTED_MEDIA_TYPE = "unsupported_media_type"


class ApplicationError(Exception):
    """A refusal the client can act on: HTTP ``status``, stable ``code``, localized ``message``.

    ``errors`` maps field names to lists of localized messages (validation failures).
    """

    def __init__(
        self,
        code: str,
        message: str,
        *,
        status: int = 400,
        errors: dict[str, list[str]] | None = None,
        extra: dict[str, Any] | None = None,
    ) -> None:
        super().__init__(message)
        self.code = str(code)
        self.message = str(message)
        self.status = status
        self.errors = errors or {}
        self.extra = extra or {}


class FieldErrors:
    """Collects localized messages per field; ``raise_if_any`` raises one validation error."""

    def __init__(self) -> None:
        self.errors: dict[str, list[str]] = {}

    def add(self, field: str, message: str) -> None:
        self.errors.setdefault(field, []).append(str(message))

    def __bool__(self) -> bool:
        return bool(self.errors)

    def raise_if_any(self, message: str | None = None, code: str = CommonErrorCode.VALIDATION_ERROR) -> None:
        if self.errors:
            raise ApplicationError(
                code, message or _("Please correct the highlighted fields."), status=400, errors=self.errors
            )


def not_found(message: str | None = None) -> ApplicationError:
    """A 404 error: also what another tenant's ids answer (ARCHITECTURE.md "Tenancy")."""
    return ApplicationError(CommonErrorCode.NOT_FOUND, message or _("Not found."), status=404)


def envelope_error(
    api: NinjaAPI,
    request: HttpRequest,
    *,
    status: int,
    code: str,
    message: str,
    errors: Any = None,
    extra: dict[str, Any] | None = None,
) -> HttpResponse:
    body: dict[str, Any] = {"success": False, "message": message, "code": code, "errors": errors or {}}
    if extra:
        body.update(extra)
    return api.create_response(request, body, status=status)


def error_response(
    *, status: int, code: str, message: str, errors: dict[str, list[str]] | None = None
) -> JsonResponse:
    """The failure envelope outside Ninja (middleware, ``handler400``/``handler500``): the same
    body as ``envelope_error``, in the active language."""
    return JsonResponse(
        {"success": False, "message": str(message), "code": str(code), "errors": errors or {}},
        status=status,
        json_dumps_params={"ensure_ascii": False},
    )


def request_too_large_response(limit_bytes: int) -> JsonResponse:
    """413 ``request_too_large``: the body is over ``limit_bytes`` (issue 16 item 9)."""
    mib = round(limit_bytes / (1024 * 1024), 1)
    size = number_format(int(mib) if mib.is_integer() else mib, use_l10n=True)
    return error_response(
        status=413,
        code=CommonErrorCode.REQUEST_TOO_LARGE,
        message=_("The request is too large: at most %(size)s MB.") % {"size": size},
    )


def forbidden_chars_response(fields: list[str]) -> JsonResponse:
    """422 ``validation_error`` naming each field that holds a NUL or a lone surrogate."""
    message = _("This value contains a character that is not allowed.")
    return error_response(
        status=422,
        code=CommonErrorCode.VALIDATION_ERROR,
        message=_("Please correct the highlighted fields."),
        errors={field: [message] for field in fields},
    )


def too_deep_response(limit: int) -> JsonResponse:
    """422 ``validation_error``: JSON nested deeper than ``limit`` levels (issue 16 item 9)."""
    return error_response(
        status=422,
        code=CommonErrorCode.VALIDATION_ERROR,
        message=_("Please correct the highlighted fields."),
        errors={
            "non_field_errors": [
                _("The data is nested too deeply: at most %(depth)d levels.") % {"depth": limit}
            ]
        },
    )


def invalid_json_response() -> JsonResponse:
    """400 ``invalid_json``: the body is not JSON (nor UTF-8)."""
    return error_response(
        status=400, code=CommonErrorCode.INVALID_JSON, message=_("The request body is not valid JSON.")
    )


def invalid_multipart_response() -> JsonResponse:
    """400 ``invalid_multipart``: ``multipart/form-data`` that cannot be parsed (no boundary, ...)."""
    return error_response(
        status=400,
        code=CommonErrorCode.INVALID_MULTIPART,
        message=_("The uploaded form data is malformed."),
    )


def bad_request_response() -> JsonResponse:
    """400 ``bad_request``: a request Django refuses before any endpoint (too many fields, ...)."""
    return error_response(
        status=400, code=CommonErrorCode.BAD_REQUEST, message=_("The request is malformed.")
    )


def server_error_response() -> JsonResponse:
    """500 ``server_error``: the envelope of an unexpected failure."""
    return error_response(
        status=500,
        code=CommonErrorCode.SERVER_ERROR,
        message=_("Something went wrong on our side. Please try again."),
    )


def request_error_response(exc: BaseException) -> JsonResponse:
    """The envelope for Django's request-parsing errors: 413 for a body over the cap, 400
    ``invalid_multipart`` for a malformed upload, 400 ``bad_request`` otherwise."""
    from django.conf import settings

    if isinstance(exc, RequestDataTooBig):
        return request_too_large_response(settings.DATA_UPLOAD_MAX_MEMORY_SIZE)
    if isinstance(exc, MultiPartParserError | TooManyFilesSent):
        return invalid_multipart_response()
    return bad_request_response()


_PYDANTIC_MESSAGES = {
    "missing": lambda: _("Required"),
    "string_too_short": lambda: _("Required"),
    "string_too_long": lambda: _("This value is too long."),
    "int_parsing": lambda: _("Enter a whole number."),
    "int_type": lambda: _("Enter a whole number."),
    "bool_parsing": lambda: _("Enter true or false."),
    "list_type": lambda: _("Enter a list."),
    "enum": lambda: _("Choose one of the allowed values."),
    "literal_error": lambda: _("Choose one of the allowed values."),
    "date_from_datetime_parsing": lambda: _("Enter a valid date."),
    "datetime_from_date_parsing": lambda: _("Enter a valid date and time."),
    # request bounds (config.fields, issue 16 item 9)
    "int_from_float": lambda: _("Enter a whole number."),
    "float_parsing": lambda: _("Enter a number."),
    "float_type": lambda: _("Enter a number."),
    "finite_number": lambda: _("Enter a number."),
    "greater_than_equal": lambda: _("This number is too small."),
    "less_than_equal": lambda: _("This number is too large."),
    "too_long": lambda: _("Too many items."),
    "json_too_long": lambda: _("This value is too long."),
    "datetime_range": lambda: _("Enter a valid date and time."),
    "date_range": lambda: _("Enter a valid date."),
    "value_error": None,
}


def _validation_errors(exc: ValidationError) -> dict[str, list[str]]:
    errors: dict[str, list[str]] = {}
    for err in exc.errors:
        loc = [
            str(part)
            for part in err.get("loc", [])
            if part not in ("body", "query", "path", "form", "payload")
        ]
        field = ".".join(loc) or "non_field_errors"
        make = _PYDANTIC_MESSAGES.get(err.get("type", ""))
        message = make() if make else _("Enter a valid value.")
        errors.setdefault(field, []).append(message)
    return errors


def install_handlers(api: NinjaAPI) -> None:
    """Register the one exception handler set on a NinjaAPI instance."""

    @api.exception_handler(ApplicationError)
    def application_error(request: HttpRequest, exc: ApplicationError) -> HttpResponse:
        return envelope_error(
            api,
            request,
            status=exc.status,
            code=exc.code,
            message=exc.message,
            errors=exc.errors,
            extra=exc.extra,
        )

    @api.exception_handler(ValidationError)
    def validation_error(request: HttpRequest, exc: ValidationError) -> HttpResponse:
        return envelope_error(
            api,
            request,
            status=422,
            code=CommonErrorCode.VALIDATION_ERROR,
            message=_("Please correct the highlighted fields."),
            errors=_validation_errors(exc),
        )

    @api.exception_handler(AuthenticationError)
    def authentication_error(request: HttpRequest, exc: Exception) -> HttpResponse:
        return envelope_error(
            api, request, status=401, code=CommonErrorCode.NOT_AUTHENTICATED, message=_("Please log in.")
        )

    @api.exception_handler(NinjaAuthorizationError)
    def authorization_error(request: HttpRequest, exc: Exception) -> HttpResponse:
        return envelope_error(
            api,
            request,
            status=403,
            code=CommonErrorCode.FORBIDDEN,
            message=_("You're not allowed to access this page"),
        )

    @api.exception_handler(Http404)
    def http404(request: HttpRequest, exc: Exception) -> HttpResponse:
        return envelope_error(
            api, request, status=404, code=CommonErrorCode.NOT_FOUND, message=_("Not found.")
        )

    @api.exception_handler(HttpError)
    def http_error(request: HttpRequest, exc: HttpError) -> HttpResponse:
        code: str
        if exc.status_code == 403 and "CSRF" in str(exc):
            code, message = (
                CommonErrorCode.CSRF_FAILED,
                _("Your session's security token is missing or stale. Reload the page and try again."),
            )
        elif exc.status_code == 404:
            code, message = CommonErrorCode.NOT_FOUND, _("Not found.")
        elif exc.status_code == 400 and str(exc).startswith("Cannot parse request body"):
            return invalid_json_response()
        else:
            code, message = CommonErrorCode.FORBIDDEN if exc.status_code == 403 else "http_error", str(exc)
        return envelope_error(api, request, status=exc.status_code, code=code, message=message)

    @api.exception_handler(RequestDataTooBig)
    @api.exception_handler(TooManyFieldsSent)
    @api.exception_handler(TooManyFilesSent)
    @api.exception_handler(MultiPartParserError)
    def request_parse_error(request: HttpRequest, exc: Exception) -> HttpResponse:
        return request_error_response(exc)

    @api.exception_handler(RawPostDataException)
    def form_body_where_json_expected(request: HttpRequest, exc: RawPostDataException) -> HttpResponse:
        # A form or multipart body, already parsed by Django, sent to an endpoint that reads the
        # raw body as JSON (issue 16 item 9: a 500 before).
        return error_response(
            status=415,
            code=CommonErrorCode.UNSUPPORTED_MEDIA_TYPE,
            message=_("Send the request body as JSON."),
        )

    @api.exception_handler(DataError)
    def data_error(request: HttpRequest, exc: DataError) -> HttpResponse:
        # Defence in depth (issue 16 item 9): a value a schema failed to bound (too long, out of
        # range, NUL) reached Postgres. The client gets a 400, the log a warning to fix the schema.
        logger.warning("database refused a value on %s %s: %s", request.method, request.path, exc)
        return envelope_error(
            api,
            request,
            status=400,
            code=CommonErrorCode.VALIDATION_ERROR,
            message=_("Please correct the highlighted fields."),
            errors={"non_field_errors": [_("A value is too long or out of range.")]},
        )

    @api.exception_handler(Exception)
    def server_error(request: HttpRequest, exc: Exception) -> HttpResponse:
        logger.exception("unhandled error on %s %s", request.method, request.path)
        return envelope_error(
            api,
            request,
            status=500,
            code=CommonErrorCode.SERVER_ERROR,
            message=_("Something went wrong on our side. Please try again."),
        )
