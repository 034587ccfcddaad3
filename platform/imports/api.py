"""Background imports (issue 16, item 8): ``GET /api/v1/import-jobs/{id}``, polled by the SPA
after an import endpoint answered 202 with a job."""

from __future__ import annotations

from django.http import HttpRequest
from ninja import Router

from accounts.auth import EducatorSessionAuth
from config.envelope import Envelope, ok
from imports import selectors
from imports.schemas import ImportJobId, ImportJobOut

router = Router(tags=["imports"], auth=EducatorSessionAuth())


@router.get("/{job_id}", response=Envelope[ImportJobOut])
def import_job(request: HttpRequest, job_id: ImportJobId):
    """A background import started by the caller's current profile (``ImportJobOut``: status,
    ``progress`` in whole percent, then the report in ``result`` or ``error_code`` and
    ``error_message``). 404 ``not_found`` for anyone else's job, the same user's job under
    another organization's profile, or an unknown id; 403 ``forbidden_role`` for learners."""
    return ok(selectors.import_job_data(selectors.import_job_get(profile=request.auth, job_id=job_id)))
