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


def order_by_checked(order_by: str | None, allowed: dict[str, str], default: str) -> list[str]:
    """Map an ``order_by`` query value (``field`` or ``-field``) through an allow-list.

    ``allowed`` maps API names to ORM paths. Unknown names -> 400 ``validation_error``.
    The ORM ``id`` is appended as a tie-breaker so pages are stable.
    """
    value = (order_by or default).strip()
    desc = value.startswith("-")
    name = value.lstrip("-")
    if name not in allowed:
        raise ApplicationError(
            CommonErrorCode.VALIDATION_ERROR,
            _("This list cannot be sorted by %(field)s.") % {"field": name},
            errors={"order_by": [_("Choose one of: %(fields)s.") % {"fields": ", ".join(sorted(allowed))}]},
        )
    path = allowed[name]
    return [("-" if desc else "") + path, "-id" if desc else "id"]


def paginate(qs: QuerySet[Any], *, page: int, limit: int) -> tuple[list[Any], dict[str, int]]:
    """Slice ``qs`` for ``page`` (1-based) of ``limit`` rows (capped at ``MAX_LIMIT``).

    Returns ``(rows, {"page", "limit", "total"})``; two queries (count and rows).
    """
    page = max(1, int(page or 1))
    limit = min(MAX_LIMIT, max(1, int(limit or 10)))
    total = qs.count()
    rows = list(qs[(page - 1) * limit : page * limit])
    return rows, {"page": page, "limit": limit, "total": total}
