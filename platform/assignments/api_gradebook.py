"""The gradebook endpoints (issue 19, section 1), in the style of spec section 7:

- GET /api/v1/test-presets/{id}/gradebook and /api/v1/batches/{id}/gradebook: a page of learners
  with their latest attempt (score, result, released, integrity flags, submitted at), ``search``
  and ``order_by``, the scope and its counts;
- GET .../gradebook/export: the same rows (same ``search`` and ``order_by``, no paging) as an
  .xlsx in the reader's language, streamed as an attachment.

A whole batch's results are released with ``POST /api/v1/batches/{id}/release``
(``api_grading``). Educators of the organization only (learners 403); another organization's ids
are 404. Reads in ``assignments.gradebook``."""

from __future__ import annotations

import tempfile

from django.http import FileResponse, HttpRequest
from ninja import Query, Router

from accounts.auth import EducatorSessionAuth
from assignments import access_log, gradebook
from assignments.schemas.gradebook import GradebookExportQuery, GradebookPageOut, GradebookQuery
from config.envelope import Envelope, ok
from config.fields import Id
from privacy.access import private_file
from privacy.models import AccessLogEntry

router = Router(tags=["gradebook"], auth=EducatorSessionAuth())


@router.get("test-presets/{preset_id}/gradebook", response=Envelope[GradebookPageOut])
def preset_gradebook(request: HttpRequest, preset_id: Id, query: Query[GradebookQuery]):
    """The test's gradebook: one row per learner of every batch (and direct assignments without
    one). ``search`` learner name or e-mail; ``order_by`` learner_name (default), score, result,
    submitted_at (``-`` for descending; learners without an attempt last). 404 "Test not found.".
    Six queries whatever the page size."""
    return ok(gradebook.gradebook_page(preset_id=preset_id, **query.dict()))


@router.get("batches/{batch_id}/gradebook", response=Envelope[GradebookPageOut])
def batch_gradebook(request: HttpRequest, batch_id: Id, query: Query[GradebookQuery]):
    """One batch's gradebook (as the test's, for the batch's learners); ``counts.releasable`` is
    what ``POST /batches/{id}/release`` would release now. 404 "Batch not found."."""
    return ok(gradebook.gradebook_page(batch_id=batch_id, **query.dict()))


def _xlsx(request: HttpRequest, query: GradebookExportQuery, **scope: int) -> FileResponse:
    handle = tempfile.TemporaryFile()
    found = gradebook.write_gradebook_xlsx(handle, **scope, **query.dict())
    handle.seek(0)
    response = FileResponse(
        handle, as_attachment=True, filename=gradebook.file_name(found), content_type=gradebook.XLSX_TYPE
    )
    response["Cache-Control"] = "no-store"
    return response


@router.get("test-presets/{preset_id}/gradebook/export", response={200: None})
@private_file(AccessLogEntry.Kind.GRADEBOOK_EXPORT, subject=access_log.preset_subject)
def preset_gradebook_export(request: HttpRequest, preset_id: Id, query: Query[GradebookExportQuery]):
    """The test's gradebook as .xlsx (``Content-Disposition: attachment;
    filename="gradebook-preset-{id}.xlsx"``): every row in the order of ``order_by`` and
    matching ``search``, column titles and words in the reader's language, times in Vietnam
    time, scores in points. 404 "Test not found."."""
    return _xlsx(request, query, preset_id=preset_id)


@router.get("batches/{batch_id}/gradebook/export", response={200: None})
@private_file(AccessLogEntry.Kind.GRADEBOOK_EXPORT, subject=access_log.batch_subject)
def batch_gradebook_export(request: HttpRequest, batch_id: Id, query: Query[GradebookExportQuery]):
    """One batch's gradebook as .xlsx (``gradebook-batch-{id}.xlsx``), as the test's. 404 "Batch
    not found."."""
    return _xlsx(request, query, batch_id=batch_id)
