"""Educator endpoints of grading and results (issue 7, items 4, 4b, 5, 6 and 8), in the style of
spec section 7: /api/v1/grading (answers waiting for a score), /api/v1/attempts (results with
answers, integrity log and video; release; reinstate), /api/v1/batches/{id}/progress and
/release, /api/v1/accommodations, and the key correction after the exam (issue 39 item 2:
/api/v1/questions/{id}/key-corrections, /api/v1/key-corrections/{id}). Educators of the organization; other organizations' ids 404.

Thin (issue 17, item 5): reads in ``grading.selectors``, writes in ``grading.services``,
schemas in ``assignments.schemas``."""

from __future__ import annotations

import tempfile
from typing import Any

from django.core.files.storage import default_storage
from django.http import FileResponse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from ninja import Query, Router, Status

from accounts.auth import EducatorSessionAuth
from assessments.services.common import Actor
from assignments import access_log
from assignments.schemas.shared import ReleasedOut
from config.envelope import Empty, Envelope, Page, ok
from config.fields import Id
from config.requests import ProfileRequest
from grading import corrections, gradebook, selectors, services
from grading.schemas import (
    AccommodationIn,
    AccommodationOut,
    AnswerGradeIn,
    AttemptDetailOut,
    AttemptQuery,
    AttemptRowOut,
    GradebookExportQuery,
    GradebookPageOut,
    GradebookQuery,
    GradingQuery,
    GradingRowOut,
    KeyCorrectionDetailOut,
    KeyCorrectionIn,
    KeyCorrectionOut,
    KeyCorrectionPanelOut,
    KeyCorrectionPreviewIn,
    KeyCorrectionPreviewOut,
    ProgressRowOut,
    ReasonIn,
)
from privacy.access import private_file
from privacy.models import AccessLogEntry
from sitting import proctoring
from tenants.services import current_organization_id

router = Router(tags=["grading and results"], auth=EducatorSessionAuth())


@router.get("grading", response=Envelope[Page[GradingRowOut]])
def grading_list(request: ProfileRequest, query: Query[GradingQuery]) -> dict[str, Any]:
    """Essay and unmatched short answers of submitted attempts: ``state`` pending (default) or
    graded; filter ``preset_id``, ``batch_id``. Each row carries the stem, rubric (essay) or
    accepted answers (short text), the points, the answer and any score and comment. Three
    queries."""
    rows, meta = selectors.grading_list(**query.dict())
    return ok({"items": rows, **meta})


@router.put("grading/{answer_id}", response=Envelope[GradingRowOut])
def grading_save(request: ProfileRequest, answer_id: Id, payload: AnswerGradeIn) -> dict[str, Any]:
    """Score one answer (0 to its points) with a comment; the attempt's result follows when its
    last answer is graded. Errors: 400 ``score``; 409 ``answer_not_gradable``."""
    row = services.answer_grade(
        answer_id=answer_id, score=payload.score, comment=payload.comment, grader=request.auth
    )
    return ok(selectors.grading_row(row.pk), _("Score saved."))


@router.get("attempts", response=Envelope[Page[AttemptRowOut]])
def attempt_list(request: ProfileRequest, query: Query[AttemptQuery]) -> dict[str, Any]:
    """Results (/assignment/result/index): attempts newest first, filter ``preset_id``,
    ``batch_id``, ``result`` (pending, passed, failed), ``search`` (learner). Two queries."""
    rows, meta = selectors.attempt_list(**query.dict())
    return ok({"items": rows, **meta})


@router.get("attempts/{attempt_id}", response=Envelope[AttemptDetailOut])
def attempt_detail(request: ProfileRequest, attempt_id: Id) -> dict[str, Any]:
    """One attempt for educators: the result, each answer against the key with its score and
    comment, the timestamped integrity log, the reinstatement (if any) and the surroundings video."""
    return ok(selectors.attempt_detail(attempt_id, organization_id=current_organization_id()))


@router.get("attempts/{attempt_id}/video", response={200: None})
@private_file(AccessLogEntry.Kind.PROCTORING_VIDEO, subject=access_log.attempt_video_subject)
def attempt_video(request: ProfileRequest, attempt_id: Id) -> FileResponse:
    """The surroundings video of an attempt (issue 7, item 6), streamed to the organization's
    educators only: the file is never at a public URL; each view is logged (issue 24, item 4).
    404 for another organization's attempt or an attempt without a video; 410 ``video_deleted``
    once deleted under the retention policy or on request (issue 24, item 3)."""
    from sitting.video import content_type_of

    name = proctoring.attempt_video_name(attempt_id)
    return FileResponse(default_storage.open(name, "rb"), content_type=content_type_of(name))


@router.post("attempts/{attempt_id}/release", response=Envelope[ReleasedOut])
def attempt_release(request: ProfileRequest, attempt_id: Id) -> dict[str, Any]:
    """Release one graded result to the learner (``released`` 0 when released already or still
    pending). 404 for an unknown attempt."""
    return ok({"released": services.attempt_release(attempt_id=attempt_id)}, _("Result released."))


@router.post("attempts/{attempt_id}/reinstate", response=Envelope[AttemptRowOut])
def attempt_reinstate(request: ProfileRequest, attempt_id: Id, payload: ReasonIn) -> dict[str, Any]:
    """Reinstate a voided result with the reason (recorded in the integrity log)."""
    t = services.attempt_reinstate(attempt_id=attempt_id, reason=payload.reason, educator=request.auth)
    return ok(selectors.attempt_row(t.pk), _("Result reinstated."))


@router.post("batches/{batch_id}/release", response=Envelope[ReleasedOut])
def batch_release(request: ProfileRequest, batch_id: Id) -> dict[str, Any]:
    """Release every graded result of a batch; returns ``released`` (how many) and says so ("1
    result released.", "2 results released."). 404 "Batch not found."."""
    count = services.batch_release(batch_id=batch_id)
    return ok(
        {"released": count},
        ngettext("%(n)d result released.", "%(n)d results released.", count) % {"n": count},
    )


@router.get("batches/{batch_id}/progress", response=Envelope[list[ProgressRowOut]])
def batch_progress(request: ProfileRequest, batch_id: Id) -> dict[str, Any]:
    """Live progress of a batch (poll it): who is in the test, answered count, tab switches."""
    return ok(services.progress_rows(batch_id))


@router.get("accommodations", response=Envelope[list[AccommodationOut]])
def accommodation_list(request: ProfileRequest, learner_profile_id: Id | None = None) -> dict[str, Any]:
    """The organization's accommodations (extra time), newest first, at most 200; one learner's
    with ``learner_profile_id``."""
    return ok(selectors.accommodation_list(learner_profile_id=learner_profile_id))


@router.post("accommodations", response=Envelope[AccommodationOut])
def accommodation_set(request: ProfileRequest, payload: AccommodationIn) -> dict[str, Any]:
    """Extra time for a learner: a factor (1-3) and/or minutes (0-240), for one preset or every
    test of the organization (no ``preset_id``); applies to attempts started afterwards."""
    return ok(services.accommodation_set(educator=request.auth, data=payload), _("Extra time saved."))


@router.delete("accommodations/{accommodation_id}", response=Envelope[Empty])
def accommodation_delete(request: ProfileRequest, accommodation_id: Id) -> dict[str, Any]:
    """Remove an accommodation; 404 "Not found." for an unknown one."""
    services.accommodation_delete(accommodation_id=accommodation_id)
    return ok({}, _("Extra time removed."))


# --- key correction after the exam (issue 39, item 2; decision 0058) -------------------------------
# GET /questions/{id}/key-corrections: what the question page needs (can it be corrected, the key,
# the history); POST .../preview: every affected attempt's old and new score, written nowhere; POST
# /questions/{id}/key-corrections: confirm (the key changed in place, the re-scoring queued); GET
# /key-corrections/{id}: one correction with its attempts, polled while it re-scores.


@router.get("questions/{question_id}/key-corrections", response=Envelope[KeyCorrectionPanelOut])
def key_correction_panel(request: ProfileRequest, question_id: Id) -> dict[str, Any]:
    """Whether version ``question_id``'s key can be corrected (``blocked``: ``not_auto_scored``
    for an essay, ``not_used`` when no learner was given it), its key, options and statements,
    attempts given it, its later versions and its corrections, newest first. 404 "Question not
    found."."""
    return ok(corrections.key_correction_panel(question_id=question_id))


@router.post("questions/{question_id}/key-corrections/preview", response=Envelope[KeyCorrectionPreviewOut])
def key_correction_preview(
    request: ProfileRequest, question_id: Id, payload: KeyCorrectionPreviewIn
) -> dict[str, Any]:
    """Every submitted attempt given the version with its question score and total before and
    after the corrected ``answer_key`` (changed ones first), computed without writing; the
    ``digest`` to confirm with. 400 ``answer_key...``; 409 ``key_correction_not_auto_scored``,
    ``key_correction_not_used``."""
    return ok(
        corrections.key_correction_preview(
            question_id=question_id, answer_key=payload.dict(exclude_unset=True)["answer_key"]
        )
    )


@router.post("questions/{question_id}/key-corrections", response={202: Envelope[KeyCorrectionOut]})
def key_correction_create(request: ProfileRequest, question_id: Id, payload: KeyCorrectionIn) -> Any:
    """Correct the version's key in place with a ``reason`` as previewed (``digest``) and queue the
    re-scoring of its attempts (202: it runs in the background); learners whose released score
    changes are told. 400 ``reason``,
    ``answer_key...``; 409 ``key_correction_stale`` (preview again), ``key_correction_running``,
    ``key_correction_not_auto_scored``, ``key_correction_not_used``."""
    correction = corrections.key_correction_create(
        actor=Actor.of(request.auth),
        question_id=question_id,
        answer_key=payload.dict(exclude_unset=True)["answer_key"],
        reason=payload.reason,
        digest=payload.digest,
    )
    correction.refresh_from_db()  # the re-scoring may have run at the commit (huey's immediate mode)
    return Status(
        202, ok(corrections.correction_out(correction), _("Key corrected. The attempts are being re-scored."))
    )


@router.get("key-corrections/{correction_id}", response=Envelope[KeyCorrectionDetailOut])
def key_correction_detail(request: ProfileRequest, correction_id: Id) -> dict[str, Any]:
    """One correction with each attempt's scores before and after, released, told and done: poll
    it while ``status`` is ``queued`` or ``running``. 404 "Key correction not found."."""
    return ok(corrections.key_correction_detail(correction_id=correction_id))


# --- the gradebook (issue 19, section 1) ---------------------------------------------------------
# GET /test-presets/{id}/gradebook and /batches/{id}/gradebook: a page of learners with their latest
# attempt, ``search`` and ``order_by``, the scope and its counts; .../gradebook/export: the same rows
# as an .xlsx in the reader's language. Its operations keep the ids they had in
# ``assignments.api_gradebook`` before decision 0039 (the SPA's types name them).

gradebook_router = Router(tags=["gradebook"], auth=EducatorSessionAuth())


@gradebook_router.get(
    "test-presets/{preset_id}/gradebook",
    response=Envelope[GradebookPageOut],
    operation_id="assignments_api_gradebook_preset_gradebook",
)
def preset_gradebook(request: ProfileRequest, preset_id: Id, query: Query[GradebookQuery]) -> dict[str, Any]:
    """The test's gradebook: one row per learner of every batch (and direct assignments without
    one). ``search`` learner name or e-mail; ``order_by`` learner_name (default), score, result,
    submitted_at (``-`` for descending; learners without an attempt last). 404 "Test not found.".
    Six queries whatever the page size."""
    return ok(gradebook.gradebook_page(preset_id=preset_id, **query.dict()))


@gradebook_router.get(
    "batches/{batch_id}/gradebook",
    response=Envelope[GradebookPageOut],
    operation_id="assignments_api_gradebook_batch_gradebook",
)
def batch_gradebook(request: ProfileRequest, batch_id: Id, query: Query[GradebookQuery]) -> dict[str, Any]:
    """One batch's gradebook (as the test's, for the batch's learners); ``counts.releasable`` is
    what ``POST /batches/{id}/release`` would release now. 404 "Batch not found."."""
    return ok(gradebook.gradebook_page(batch_id=batch_id, **query.dict()))


def _xlsx(
    query: GradebookExportQuery, *, preset_id: int | None = None, batch_id: int | None = None
) -> FileResponse:
    handle = tempfile.TemporaryFile()
    found = gradebook.write_gradebook_xlsx(
        handle, preset_id=preset_id, batch_id=batch_id, search=query.search, order_by=query.order_by
    )
    handle.seek(0)
    response = FileResponse(
        handle, as_attachment=True, filename=gradebook.file_name(found), content_type=gradebook.XLSX_TYPE
    )
    response["Cache-Control"] = "no-store"
    return response


@gradebook_router.get(
    "test-presets/{preset_id}/gradebook/export",
    response={200: None},
    operation_id="assignments_api_gradebook_preset_gradebook_export",
)
@private_file(AccessLogEntry.Kind.GRADEBOOK_EXPORT, subject=access_log.preset_subject)
def preset_gradebook_export(
    request: ProfileRequest, preset_id: Id, query: Query[GradebookExportQuery]
) -> FileResponse:
    """The test's gradebook as .xlsx (``Content-Disposition: attachment;
    filename="gradebook-preset-{id}.xlsx"``): every row in the order of ``order_by`` and
    matching ``search``, column titles and words in the reader's language, times in Vietnam
    time, scores in points. 404 "Test not found."."""
    return _xlsx(query, preset_id=preset_id)


@gradebook_router.get(
    "batches/{batch_id}/gradebook/export",
    response={200: None},
    operation_id="assignments_api_gradebook_batch_gradebook_export",
)
@private_file(AccessLogEntry.Kind.GRADEBOOK_EXPORT, subject=access_log.batch_subject)
def batch_gradebook_export(
    request: ProfileRequest, batch_id: Id, query: Query[GradebookExportQuery]
) -> FileResponse:
    """One batch's gradebook as .xlsx (``gradebook-batch-{id}.xlsx``), as the test's. 404 "Batch
    not found."."""
    return _xlsx(query, batch_id=batch_id)
