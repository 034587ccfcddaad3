"""Paper tests (issue 36, item 3): a generated test printed in shuffled versions, at
/api/v1/test-presets/{id}/paper-exports. Educators of the test's organization; thin: the work
is in ``question_formats.paper.services``.

- POST test-presets/{preset_id}/paper-exports (``versions``, ``language``, ``seed``): 202 with
  the queued job;
- GET test-presets/{preset_id}/paper-exports/{job_id}: status and progress;
- GET test-presets/{preset_id}/paper-exports/{job_id}/download: the .zip (logged as a private
  file, ``privacy.access``).
"""

from __future__ import annotations

from ninja import Router, Status

from accounts.auth import EducatorSessionAuth
from config.envelope import Envelope, ok
from config.fields import Id
from config.requests import ProfileRequest
from privacy.access import private_file
from privacy.models import AccessLogEntry
from question_formats.paper import services
from question_formats.paper.schemas import PaperExportId, PaperExportIn, PaperExportOut

router = Router(tags=["paper tests"], auth=EducatorSessionAuth())


@router.post("test-presets/{preset_id}/paper-exports", response={202: Envelope[PaperExportOut]})
def paper_export_start(request: ProfileRequest, preset_id: Id, payload: PaperExportIn):
    """Queue the printing of ``versions`` shuffled versions (codes 101, 102, ...) of the test in
    ``language``: per version a PDF and a .docx with its code on every page, the PDF ending with
    its answer key, and the keys of all versions in one .xlsx, zipped. 400 ``validation_error``
    (``versions`` 1 to 10, ``language``, ``seed``), 400 ``paper_no_questions``, 404 for a test of
    another organization."""
    job = services.paper_export_start(
        profile=request.auth,
        preset_id=preset_id,
        versions=payload.versions,
        language=payload.language,
        seed=payload.seed,
    )
    return Status(202, ok(job))


@router.get("test-presets/{preset_id}/paper-exports/{job_id}", response=Envelope[PaperExportOut])
def paper_export(request: ProfileRequest, preset_id: Id, job_id: PaperExportId):
    """The caller's paper export: status and progress (404 for anyone else's)."""
    return ok(services.paper_export_get(profile=request.auth, preset_id=preset_id, job_id=job_id))


@router.get("test-presets/{preset_id}/paper-exports/{job_id}/download", response={200: None})
@private_file(AccessLogEntry.Kind.PAPER_TEST_EXPORT, subject=services.paper_export_subject)
def paper_export_download(request: ProfileRequest, preset_id: Id, job_id: PaperExportId):
    """The finished .zip (409 ``export_not_ready`` before, ``export_failed`` after a failure)."""
    return services.paper_export_download(profile=request.auth, preset_id=preset_id, job_id=job_id)
