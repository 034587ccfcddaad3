"""Success envelope and list paging (ARCHITECTURE.md "API contract")."""

from __future__ import annotations

from typing import Any, Generic, TypeVar

from django.db.models import QuerySet
from django.utils.translation import gettext as _
from ninja import Schema
from pydantic import ConfigDict

from config.errors import ApplicationError, CommonErrorCode

T = TypeVar("T")
MAX_LIMIT = 100


class Envelope(Schema, Generic[T]):
    success: bool = True
    data: T
    message: str = ""


class Page(Schema, Generic[T]):
    items: list[T]
    page: int
    limit: int
    total: int


class Empty(Schema):
    """``{}``: the data of a success without a body (a delete, a logout). Declared closed so that
    OpenAPI says so (``additionalProperties: false``), not "any object"."""

    model_config = ConfigDict(extra="forbid")


def ok(data: Any = None, message: str = "") -> dict[str, Any]:
    """``{"success": true, "data": data, "message": message}``."""
    return {"success": True, "data": data if data is not None else {}, "message": message}


def order_by_choice(order_by: str | None, allowed: dict[str, str], default: str) -> tuple[str, bool]:
    """The one ``order_by`` allow-list (issue 35, item 3): an ``order_by`` query value (``field``
    or ``-field``; blank means ``default``) as ``(allowed[field], descending)``. ``allowed`` maps
    the API's names to what the caller sorts by (ORM paths, SQL columns, row keys). An unknown
    name raises 400 ``validation_error`` "This list cannot be sorted by <name>." with the choices
    under ``errors.order_by``."""
    value = (order_by or default).strip()
    name = value.lstrip("-")
    if name not in allowed:
        raise ApplicationError(
            CommonErrorCode.VALIDATION_ERROR,
            _("This list cannot be sorted by %(field)s.") % {"field": name},
            errors={"order_by": [_("Choose one of: %(fields)s.") % {"fields": ", ".join(sorted(allowed))}]},
        )
    return allowed[name], value.startswith("-")


def order_by_checked(order_by: str | None, allowed: dict[str, str], default: str) -> list[str]:
    """Map an ``order_by`` query value (``field`` or ``-field``) through an allow-list
    (``order_by_choice``) into ``QuerySet.order_by`` arguments.

    ``allowed`` maps API names to ORM paths. Unknown names -> 400 ``validation_error``.
    The ORM ``id`` is appended as a tie-breaker so pages are stable.
    """
    path, desc = order_by_choice(order_by, allowed, default)
    return [("-" if desc else "") + path, "-id" if desc else "id"]


def page_bounds(page: int | None, limit: int | None) -> tuple[int, int]:
    """``(page, limit)`` of a list: page at least 1, limit 1..``MAX_LIMIT`` (10 when not given)."""
    return max(1, int(page or 1)), min(MAX_LIMIT, max(1, int(limit or 10)))


def paginate(qs: QuerySet[Any], *, page: int, limit: int) -> tuple[list[Any], dict[str, int]]:
    """Slice ``qs`` for ``page`` (1-based) of ``limit`` rows (capped at ``MAX_LIMIT``).

    Returns ``(rows, {"page", "limit", "total"})``; two queries (count and rows).
    """
    page, limit = page_bounds(page, limit)
    total = qs.count()
    rows = list(qs[(page - 1) * limit : page * limit])
    return rows, {"page": page, "limit": limit, "total": total}
