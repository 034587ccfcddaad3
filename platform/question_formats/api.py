"""Question files (issue 36): upload a Word, Moodle XML, GIFT, Aiken or QTI file, preview what
it holds, fix or skip questions, import the rest as drafts. Educators only (403
``forbidden_role`` for learners); a file is its uploader's: anyone else, a colleague or another
organization, gets 404 for its ids. Mounted at ``/api/v1/question-files``."""

from __future__ import annotations

from pathlib import Path

from django.core.files.storage import default_storage
from django.http import FileResponse, HttpRequest
from django.utils.translation import gettext as _
from ninja import File, Query, Router, Status
from ninja.files import UploadedFile

from accounts.auth import EducatorSessionAuth
from config.envelope import Envelope, Page, ok
from config.errors import ApplicationError, CommonErrorCode
from config.fields import Id
from config.requests import ProfileRequest
from question_formats import selectors, services
from question_formats.schemas import (
    CandidateIn,
    CandidateOut,
    CandidateQuery,
    ConfirmIn,
    ImageName,
    QuestionFileId,
    QuestionFileOut,
)

router = Router(tags=["question-files"], auth=EducatorSessionAuth())

SAMPLE = Path(__file__).resolve().parent / "samples" / "de-thi-mau.docx"
"""The sample Word exam (written by ``tests/fixtures/make_fixtures.py``'s ``sample_exam``)."""
DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"


@router.get("/sample", response={200: None})
def question_file_sample(request: HttpRequest):
    """A sample Word exam to try the import with (``de-thi-mau.docx``, an attachment): the 2025
    layout, equations, a picture, each way of marking the key, and one question without a key
    that the preview flags. The same file for everyone; educators only."""
    response = FileResponse(SAMPLE.open("rb"), as_attachment=True, filename=SAMPLE.name, content_type=DOCX)
    response["Cache-Control"] = "private, max-age=3600"
    return response


@router.post("", response={202: Envelope[QuestionFileOut]})
def question_file_upload(request: ProfileRequest, file: UploadedFile | None = File(None)):
    """Upload a question file (multipart ``file``, at most 40 MB: 413 ``question_file_too_large``)
    recognized by its content (400 ``not_a_question_file`` otherwise). 202 with the file in
    ``status`` ``reading``: poll ``GET /question-files/{id}`` (or its ``read_job``) until
    ``ready`` or ``failed``. Nothing is written to the bank."""
    if file is None:
        raise ApplicationError(
            CommonErrorCode.VALIDATION_ERROR, _("Choose a file to upload."), errors={"file": [_("Required")]}
        )
    question_file = services.question_file_upload(profile=request.auth, upload=file)
    return Status(
        202,
        ok(selectors.question_file_data(question_file), _("The file is being read.")),
    )


@router.get("/{question_file_id}", response=Envelope[QuestionFileOut])
def question_file_detail(request: ProfileRequest, question_file_id: QuestionFileId):
    """The caller's file: ``status``, counts of its questions, its jobs with progress."""
    question_file = selectors.question_file_get(profile=request.auth, question_file_id=question_file_id)
    return ok(selectors.question_file_data(question_file))


@router.get("/{question_file_id}/candidates", response=Envelope[Page[CandidateOut]])
def candidate_list(request: ProfileRequest, question_file_id: QuestionFileId, query: Query[CandidateQuery]):
    """The preview: the file's questions in its order, ``limit`` a page (at most 100);
    ``attention=true``: only those with a problem."""
    question_file = selectors.question_file_get(profile=request.auth, question_file_id=question_file_id)
    items, meta = selectors.candidate_page(
        question_file=question_file, page=query.page, limit=query.limit, attention=query.attention
    )
    return ok({"items": items, **meta})


@router.patch("/{question_file_id}/candidates/{candidate_id}", response=Envelope[CandidateOut])
def candidate_update(
    request: ProfileRequest, question_file_id: QuestionFileId, candidate_id: Id, payload: CandidateIn
):
    """Fix a question (the question form's fields and rules: 400 ``validation_error`` with field
    errors) and/or skip it (``skipped``). Answers the question with its problems recomputed.
    409 ``question_file_not_ready`` while reading, ``question_file_already_imported`` after."""
    candidate = services.candidate_update(
        profile=request.auth,
        question_file_id=question_file_id,
        candidate_id=candidate_id,
        data=payload.dict(exclude_unset=True),
    )
    message = _("Question skipped.") if candidate.skipped else _("Question saved.")
    return ok(selectors.candidate_data(candidate), message)


@router.post("/{question_file_id}/import", response={202: Envelope[QuestionFileOut]})
def question_file_import(request: ProfileRequest, question_file_id: QuestionFileId, payload: ConfirmIn):
    """Import every question neither skipped nor blocked as a draft into ``folder_id`` of the
    bank ``bank_id`` (or the bank itself), the file's groups as folders below it. 202 with the
    file in ``status`` ``importing``; poll it until ``imported`` (the ``import_job``'s
    ``result``: ``{imported, skipped, folders}``). 400 ``nothing_to_import``; 404 for an unknown
    bank or folder."""
    question_file = services.question_file_confirm(
        profile=request.auth,
        question_file_id=question_file_id,
        bank_id=payload.bank_id,
        folder_id=payload.folder_id,
    )
    return Status(202, ok(selectors.question_file_data(question_file), _("The import is running.")))


@router.get("/{question_file_id}/candidates/{candidate_id}/images/{name}", response={200: None})
def candidate_image(
    request: ProfileRequest, question_file_id: QuestionFileId, candidate_id: Id, name: ImageName
):
    """A picture of a previewed question, for its uploader only (404 for anyone else). JPEG,
    PNG and WebP as images; any other format as an attachment (never rendered inline)."""
    question_file = selectors.question_file_get(profile=request.auth, question_file_id=question_file_id)
    image = selectors.candidate_image(question_file=question_file, candidate_id=candidate_id, name=name)
    shown = image["media_type"] in services.IMAGE_KEEP
    response = FileResponse(
        default_storage.open(image["path"], "rb"),
        content_type=image["media_type"] if shown else "application/octet-stream",
        as_attachment=not shown,
        filename=name,
    )
    response["Cache-Control"] = "private, max-age=3600"
    return response
