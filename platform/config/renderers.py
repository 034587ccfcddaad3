"""JSON rendering: times as ISO 8601 in UTC without milliseconds (ARCHITECTURE.md "API contract")."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

from django.http import HttpRequest
from ninja.renderers import BaseRenderer
from ninja.responses import NinjaJSONEncoder


def iso_utc(value: datetime) -> str:
    """``2026-11-22T15:27:11Z``: UTC, seconds precision."""
    if value.tzinfo is not None:
        value = value.astimezone(UTC)
    return value.replace(microsecond=0, tzinfo=None).isoformat() + "Z"


class ApiJSONEncoder(NinjaJSONEncoder):
    def default(self, o: Any) -> Any:
        if isinstance(o, datetime):
            return iso_utc(o)
        return super().default(o)


class ApiRenderer(BaseRenderer):
    media_type = "application/json"

    def render(self, request: HttpRequest, data: Any, *, response_status: int) -> str:
        return json.dumps(data, cls=ApiJSONEncoder, ensure_ascii=False)
