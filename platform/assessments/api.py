"""Authoring endpoints (issue 4): question banks, subjects, matrix clusters, questions and their
workflow, test banks, question images. Educators only (403 ``forbidden_role`` for learners); every
id is of the caller's organization's schema, so another organization's ids answer 404.

Mounted at /api/v1/ by ``config.api``. Lists take ``page``, ``limit`` (max 100), ``search``,
``order_by`` (allow-listed; leading ``-`` descends) and answer ``data: {items, page, limit, total}``.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from ninja import File, Query, Router, Schema, Status
from ninja.files import UploadedFile

from accounts.auth import EducatorSessionAuth
from assessments import selectors
from assessments.models import Question
from assessments.schemas import (
    BankDetailOut,
    BankIn,
    BankOut,
    BankUpdateIn,
    BulkIn,
    BulkResultOut,
    ClusterIn,
    ClusterOut,
    CommentIn,
    ImageOut,
    MatrixIn,
    MovedOut,
    MoveIn,
    QuestionIn,
    QuestionOut,
    QuestionRowOut,
    SubjectOut,
    TestBankIn,
    TestBankOut,
    TestBankPresetsIn,
    TestBankQuestionsIn,
    TransitionOut,
)
from assessments.services import banks, matrix, questions, spreadsheets, test_banks, vetting
from assessments.services.common import Actor
from config.envelope import Empty, Envelope, Page, ok
from config.errors import ApplicationError, CommonErrorCode
from config.fields import Choice, ColumnInt, Id, Limit, OrderBy, PageNo, Search
from imports.models import ImportJob
from imports.schemas import ImportJobOut, QuestionImportOut
from imports.selectors import import_job_data
from privacy.access import private_file
from privacy.models import AccessLogEntry

router = Router(tags=["authoring"], auth=EducatorSessionAuth())


def _actor(request: HttpRequest) -> Actor:
    return Actor.of(request.auth)


class ListQuery(Schema):
    page: PageNo = 1
    limit: Limit = 20
    search: Search = ""
    order_by: OrderBy = ""


class BankListQuery(ListQuery):
    parent_id: Id | None = None


class QuestionListQuery(ListQuery):
    bank_id: Id | None = None
    status: Choice = ""
    type: Choice = ""
    grade: ColumnInt(Question, "grade") | None = None
    subject_id: Id | None = None
    difficulty: Choice = ""
    cluster_id: Id | None = None


class ClusterQuery(Schema):
    type: Choice = ""
    search: Search = ""


# --- question banks ----------------------------------------------------------------------------


@router.get("question-banks", response=Envelope[Page[BankOut]])
def bank_list(request: HttpRequest, query: Query[BankListQuery]):
    """Folders at the top level, or inside ``parent_id``; with ``search``, matching folders at
    every level. ``order_by``: name, created_at, updated_at."""
    rows, meta = selectors.bank_list(
        page=query.page,
        limit=query.limit,
        search=query.search.strip(),
        order_by=query.order_by,
        parent_id=query.parent_id,
    )
    return ok({"items": rows, **meta})


@router.post("question-banks", response={201: Envelope[BankOut]})
def bank_create(request: HttpRequest, payload: BankIn):
    """Create a bank (or a sub-folder with ``parent_id``). 400 ``validation_error`` without name."""
    bank = banks.bank_create(actor=_actor(request), name=payload.name, parent_id=payload.parent_id)
    return Status(201, ok(selectors.bank_row(bank.pk), _("Question bank created.")))


@router.get("question-banks/import-template", response={200: None})
def bank_import_template(request: HttpRequest):
    """The .xlsx template of the question import (header row and two example rows)."""
    return _xlsx_response("question-import-template.xlsx", spreadsheets.import_template())


@router.get("question-banks/{bank_id}", response=Envelope[BankDetailOut])
def bank_detail(request: HttpRequest, bank_id: Id):
    """One bank with its breadcrumb ``path``."""
    return ok(selectors.bank_detail(banks.bank_get(bank_id).pk))


@router.put("question-banks/{bank_id}", response=Envelope[BankOut])
def bank_update(request: HttpRequest, bank_id: Id, payload: BankUpdateIn):
    """Rename and/or move (creator only: 403 ``not_creator``; 400 ``bank_cycle``)."""
    bank = banks.bank_update(
        actor=_actor(request),
        bank_id=bank_id,
        name=payload.name,
        parent_id=payload.parent_id,
        move=payload.move,
    )
    return ok(selectors.bank_row(bank.pk), _("Question bank updated."))


@router.delete("question-banks/{bank_id}", response=Envelope[Empty])
def bank_delete(request: HttpRequest, bank_id: Id):
    """Delete with sub-folders and questions (creator only; 409 ``bank_in_use`` when a test uses
    its questions)."""
    banks.bank_delete(actor=_actor(request), bank_id=bank_id)
    return ok({}, _("Question bank deleted."))


class ImportQuery(Schema):
    dry_run: bool = True


@router.post(
    "question-banks/{bank_id}/import",
    response={200: Envelope[QuestionImportOut], 202: Envelope[ImportJobOut]},
)
def bank_import(
    request: HttpRequest, bank_id: Id, query: Query[ImportQuery], file: UploadedFile | None = File(None)
):
    """Import questions from an .xlsx (multipart ``file``). ``dry_run=true`` (default) only
    checks and reports every bad row (``row``, ``column``, ``message``); ``dry_run=false``
    imports all rows as drafts in one transaction, or nothing (400 ``import_invalid`` with the
    report under ``report``) when any row is bad. 400 ``unsupported_file`` for a non-.xlsx.
    Over ``IMPORT_SYNC_MAX_ROWS`` data rows (issue 16, item 8): 202 with the queued job
    (``ImportJobOut``; poll ``GET /api/v1/import-jobs/{id}``), whose ``result`` is this report."""
    if file is None:
        raise ApplicationError(
            CommonErrorCode.VALIDATION_ERROR,
            _("Choose a spreadsheet to upload."),
            errors={"file": [_("Required")]},
        )
    report = spreadsheets.questions_import(
        actor=_actor(request), bank_id=bank_id, upload=file, dry_run=query.dry_run
    )
    if isinstance(report, ImportJob):  # queued; already run when huey is immediate
        report.refresh_from_db()
        return Status(202, ok(import_job_data(report), _("The import is running in the background.")))
    message = (
        _("The file is ready to import.")
        if query.dry_run
        else ngettext("%(n)d question imported.", "%(n)d questions imported.", report["imported"])
        % {"n": report["imported"]}
    )
    return ok(report, message)


@router.get("question-banks/{bank_id}/export", response={200: None})
@private_file(AccessLogEntry.Kind.QUESTION_BANK_EXPORT, subject=selectors.bank_subject)
def bank_export(request: HttpRequest, bank_id: Id):
    """The bank's questions as .xlsx in the import format (file name in content-disposition)."""
    name, data = spreadsheets.bank_export(bank_id=bank_id)
    return _xlsx_response(name, data)


def _xlsx_response(name: str, data: bytes) -> HttpResponse:
    response = HttpResponse(
        data, content_type="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
    )
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


# --- subjects and matrix -----------------------------------------------------------------------


@router.get("subjects", response=Envelope[list[SubjectOut]])
def subject_list(request: HttpRequest):
    """The organization's subjects (seeded with Vietnamese school subjects)."""
    return ok(selectors.subject_list())


@router.get("matrix-clusters", response=Envelope[list[ClusterOut]])
def cluster_list(request: HttpRequest, query: Query[ClusterQuery]):
    """Every matrix cluster (optionally one ``type``: topic, subtopic, complexity_level,
    cognitive_domain). Not paged: a matrix is small."""
    return ok(selectors.cluster_list(type=query.type, search=query.search.strip()))


@router.post("matrix-clusters", response={201: Envelope[ClusterOut]})
def cluster_create(request: HttpRequest, payload: ClusterIn):
    """Create a cluster. 400 ``validation_error``, 409 ``matrix_code_taken``."""
    cluster = matrix.cluster_create(**payload.dict())
    return Status(201, ok(cluster, _("Matrix cluster created.")))


@router.put("matrix-clusters/{cluster_id}", response=Envelope[ClusterOut])
def cluster_update(request: HttpRequest, cluster_id: Id, payload: ClusterIn):
    """Update code, description, parent topic, subject (type is fixed)."""
    data = payload.dict()
    data.pop("type")
    return ok(matrix.cluster_update(cluster_id=cluster_id, **data), _("Matrix cluster updated."))


@router.delete("matrix-clusters/{cluster_id}", response=Envelope[Empty])
def cluster_delete(request: HttpRequest, cluster_id: Id):
    """Delete; 409 ``matrix_in_use`` while questions or subtopics use it."""
    matrix.cluster_delete(cluster_id=cluster_id)
    return ok({}, _("Matrix cluster deleted."))


# --- questions ---------------------------------------------------------------------------------


@router.get("questions", response=Envelope[Page[QuestionRowOut]])
def question_list(request: HttpRequest, query: Query[QuestionListQuery]):
    """Questions with filters ``bank_id``, ``status``, ``type``, ``grade``, ``subject_id``,
    ``difficulty``, ``cluster_id`` and a stem ``search``; ``order_by``: created_at, updated_at,
    grade, status, difficulty, id. Superseded versions only with ``status=superseded``."""
    data = query.dict()
    data["search"] = data["search"].strip()
    rows, meta = selectors.question_list(**data)
    return ok({"items": [selectors.question_list_row(q) for q in rows], **meta})


@router.get("questions/vetting-queue", response=Envelope[Page[QuestionRowOut]])
def vetting_queue(request: HttpRequest, query: Query[ListQuery]):
    """Questions submitted for vetting by colleagues (not the caller's own), oldest first."""
    rows, meta = selectors.vetting_queue(
        page=query.page, limit=query.limit, reviewer_profile_id=request.auth.id
    )
    return ok({"items": [selectors.question_list_row(q) for q in rows], **meta})


@router.post("questions", response={201: Envelope[QuestionOut]})
def question_create(request: HttpRequest, payload: QuestionIn):
    """Create a draft in ``bank_id`` (required). 400 ``validation_error`` for invalid fields."""
    data = payload.dict(exclude_unset=True)
    bank_id = data.pop("bank_id", None)
    if not bank_id:
        raise ApplicationError(
            CommonErrorCode.VALIDATION_ERROR,
            _("The question could not be saved."),
            errors={"bank_id": [_("Required")]},
        )
    q = questions.question_create(actor=_actor(request), bank_id=bank_id, data=data)
    return Status(201, ok(selectors.question_row(q), _("Question saved.")))


@router.post("questions/images", response={201: Envelope[ImageOut]})
def question_image(request: HttpRequest, file: UploadedFile | None = File(None)):
    """Upload an image for a stem or option (JPEG, PNG or WebP by content, at most 5 MB),
    stored re-encoded as WebP under the organization's prefix. Use ``url`` in ``<img src>``."""
    if file is None:
        raise ApplicationError(
            CommonErrorCode.VALIDATION_ERROR,
            _("Choose an image to upload."),
            errors={"file": [_("Required")]},
        )
    return Status(201, ok(questions.question_image_save(file)))


@router.post("questions/bulk", response=Envelope[list[BulkResultOut]])
def question_bulk(request: HttpRequest, payload: BulkIn):
    """``action`` submit, approve or publish on each of ``ids`` independently; each result says
    ``ok`` or the refusal's ``code`` and ``message``."""
    return ok(vetting.questions_bulk(actor=_actor(request), action=payload.action, ids=payload.ids))


@router.post("questions/move", response=Envelope[MovedOut])
def question_move(request: HttpRequest, payload: MoveIn):
    """Move questions (all their versions) into ``bank_id``."""
    return ok(
        {"moved": questions.questions_move(ids=payload.ids, bank_id=payload.bank_id)}, _("Questions moved.")
    )


@router.get("questions/{question_id}", response=Envelope[QuestionOut])
def question_detail(request: HttpRequest, question_id: Id):
    """One question version with ``missing`` (what it lacks before submit)."""
    return ok(selectors.question_row(questions.question_get(question_id)))


@router.put("questions/{question_id}", response=Envelope[QuestionOut])
def question_update(request: HttpRequest, question_id: Id, payload: QuestionIn):
    """Change a draft or rejected question; for a published one, creates and returns its next
    version (a draft). 409 ``question_locked`` while submitted or approved."""
    data = payload.dict(exclude_unset=True)
    data.pop("bank_id", None)
    q = questions.question_update(actor=_actor(request), question_id=question_id, data=data)
    return ok(selectors.question_row(q), _("Question saved."))


@router.delete("questions/{question_id}", response=Envelope[Empty])
def question_delete(request: HttpRequest, question_id: Id):
    """Delete a never-published question (its author only)."""
    questions.question_delete(actor=_actor(request), question_id=question_id)
    return ok({}, _("Question deleted."))


@router.put("questions/{question_id}/matrix", response=Envelope[QuestionOut])
def question_matrix(request: HttpRequest, question_id: Id, payload: MatrixIn):
    """Attach topic, subtopic, complexity level and cognitive domain (all four: 400
    ``matrix_incomplete`` otherwise)."""
    q = questions.question_attach_matrix(actor=_actor(request), question_id=question_id, **payload.dict())
    return ok(selectors.question_row(q), _("Matrix attached."))


@router.post("questions/{question_id}/submit", response=Envelope[QuestionOut])
def question_submit(request: HttpRequest, question_id: Id):
    """draft -> submitted. 400 ``question_incomplete`` (each missing item in ``errors``), 409
    ``already_submitted``."""
    return ok(
        selectors.question_row(vetting.question_submit(actor=_actor(request), question_id=question_id)),
        _("Submitted for vetting."),
    )


@router.post("questions/{question_id}/approve", response=Envelope[QuestionOut])
def question_approve(request: HttpRequest, question_id: Id, payload: CommentIn):
    """submitted -> approved by a colleague. 403 ``own_question``, 409 ``invalid_transition``."""
    q = vetting.question_approve(actor=_actor(request), question_id=question_id, comment=payload.comment)
    return ok(selectors.question_row(q), _("Question approved."))


@router.post("questions/{question_id}/reject", response=Envelope[QuestionOut])
def question_reject(request: HttpRequest, question_id: Id, payload: CommentIn):
    """submitted -> rejected with a required ``comment``."""
    q = vetting.question_reject(actor=_actor(request), question_id=question_id, comment=payload.comment)
    return ok(selectors.question_row(q), _("Question rejected."))


@router.post("questions/{question_id}/publish", response=Envelope[QuestionOut])
def question_publish(request: HttpRequest, question_id: Id):
    """approved -> published. 409 ``question_not_vetted`` / ``already_published``, 400
    ``matrix_incomplete``."""
    return ok(
        selectors.question_row(vetting.question_publish(actor=_actor(request), question_id=question_id)),
        _("Question published."),
    )


@router.get("questions/{question_id}/history", response=Envelope[list[TransitionOut]])
def question_history(request: HttpRequest, question_id: Id):
    """Every workflow step of the question and its other versions, oldest first."""
    questions.question_get(question_id)
    return ok(selectors.question_history(question_id))


# --- test banks --------------------------------------------------------------------------------


@router.get("test-banks", response=Envelope[Page[TestBankOut]])
def test_bank_list(request: HttpRequest, query: Query[ListQuery]):
    """Test banks with ``question_count`` and ``preset_count``; ``order_by``: name, created_at,
    updated_at."""
    rows, meta = selectors.test_bank_list(
        page=query.page, limit=query.limit, search=query.search.strip(), order_by=query.order_by
    )
    return ok({"items": rows, **meta})


@router.post("test-banks", response={201: Envelope[TestBankOut]})
def test_bank_create(request: HttpRequest, payload: TestBankIn):
    """Create a test bank. 400 ``validation_error`` without name."""
    bank = test_banks.test_bank_create(
        actor=_actor(request), name=payload.name, description=payload.description or ""
    )
    return Status(201, ok(selectors.test_bank_row(bank.pk), _("Test bank created.")))


@router.get("test-banks/{test_bank_id}", response=Envelope[TestBankOut])
def test_bank_detail(request: HttpRequest, test_bank_id: Id):
    """One test bank with its counts (404 for another organization's id)."""
    test_banks.test_bank_get(test_bank_id)
    return ok(selectors.test_bank_row(test_bank_id))


@router.put("test-banks/{test_bank_id}", response=Envelope[TestBankOut])
def test_bank_update(request: HttpRequest, test_bank_id: Id, payload: TestBankIn):
    """Rename (creator only: 403 ``not_creator``; 400 ``validation_error`` without name)."""
    bank = test_banks.test_bank_update(
        actor=_actor(request), test_bank_id=test_bank_id, name=payload.name, description=payload.description
    )
    return ok(selectors.test_bank_row(bank.pk), _("Test bank updated."))


@router.delete("test-banks/{test_bank_id}", response=Envelope[Empty])
def test_bank_delete(request: HttpRequest, test_bank_id: Id):
    """Delete (creator only: 403 ``not_creator``); its presets and questions stay."""
    test_banks.test_bank_delete(actor=_actor(request), test_bank_id=test_bank_id)
    return ok({}, _("Test bank deleted."))


@router.post("test-banks/{test_bank_id}/questions", response=Envelope[TestBankOut])
def test_bank_questions(request: HttpRequest, test_bank_id: Id, payload: TestBankQuestionsIn):
    """Add (published only: 409 ``question_not_published``) and remove questions."""
    bank = test_banks.test_bank_set_questions(
        actor=_actor(request), test_bank_id=test_bank_id, add=payload.add, remove=payload.remove
    )
    return ok(selectors.test_bank_row(bank.pk), _("Test bank updated."))


@router.post("test-banks/{test_bank_id}/presets", response=Envelope[TestBankOut])
def test_bank_presets(request: HttpRequest, test_bank_id: Id, payload: TestBankPresetsIn):
    """Put test presets in the bank (``add``; an unknown id: 404) and take them out (``remove``)."""
    bank = test_banks.test_bank_set_presets(
        actor=_actor(request), test_bank_id=test_bank_id, add=payload.add, remove=payload.remove
    )
    return ok(selectors.test_bank_row(bank.pk), _("Test bank updated."))
