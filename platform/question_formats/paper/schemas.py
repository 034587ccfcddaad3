"""Request and response shapes of the paper test export (issue 36, item 3)."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from ninja import Schema

from config.fields import CheckedInt, Choice, Text

PaperExportId = Text(36)


class PaperExportIn(Schema):
    """``versions``: how many (1 to 10); ``language``: the paper's, ``vi`` or ``en``; ``seed``:
    reproduce an earlier export's versions (0 to 2^62 - 1), or null for a new draw. The service
    names a value out of range in a 400 ``validation_error``."""

    versions: CheckedInt
    language: Choice = "vi"
    seed: CheckedInt | None = None


class PaperExportOut(Schema):
    """A paper export: poll ``GET .../paper-exports/{id}`` until ``status`` is ``done`` (then
    download ``download_url``) or ``failed``. ``progress`` in whole percent, ``versions_done`` of
    ``versions``; ``seed`` reproduces these versions in a new export."""

    id: str
    status: Literal["queued", "running", "done", "failed"]
    progress: int
    versions: int
    versions_done: int
    language: str
    seed: str
    file_name: str
    download_url: str | None
    error: str
    created_at: datetime

    @staticmethod
    def resolve_id(job: Any) -> str:
        return str(job.pk)

    @staticmethod
    def resolve_error(job: Any) -> str:
        """Why the export failed, localized (the job's ``error_message``), else ""."""
        return job.error_message

    @staticmethod
    def resolve_versions(job: Any) -> int:
        return job.rows_total

    @staticmethod
    def resolve_versions_done(job: Any) -> int:
        return job.rows_done

    @staticmethod
    def resolve_seed(job: Any) -> str:
        """As text: a JavaScript number loses digits past 2^53."""
        return str(job.params["seed"])

    @staticmethod
    def resolve_download_url(job: Any) -> str | None:
        if job.status != "done":
            return None
        return f"/api/v1/test-presets/{job.params['preset_id']}/paper-exports/{job.pk}/download"
