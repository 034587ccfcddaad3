"""Educator endpoints of grading and results (issue 7, items 4, 4b, 5, 6 and 8), in the style of
spec section 7: /api/v1/grading (answers waiting for a score), /api/v1/attempts (results with
answers, integrity log and video; release; reinstate), /api/v1/batches/{id}/progress and
/release, /api/v1/accommodations. Educators of the organization; other organizations' ids 404.

Thin (issue 17, item 5): reads in ``assignments.results``, writes in ``assignments.grading``,
schemas in ``assignments.schemas``."""

from __future__ import annotations

from django.core.files.storage import default_storage
from django.http import FileResponse, HttpRequest
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from ninja import Query, Router

from accounts.auth import EducatorSessionAuth
from assignments import access_log, grading, proctoring, results
from assignments.schemas.grading import (
    AccommodationIn,
    AccommodationOut,
    AnswerGradeIn,
    AttemptDetailOut,
    AttemptQuery,
    AttemptRowOut,
    GradingQuery,
    GradingRowOut,
    ProgressRowOut,
    ReasonIn,
)
from assignments.schemas.shared import ReleasedOut
from config.envelope import Empty, Envelope, Page, ok
from config.fields import Id
from privacy.access import private_file
from privacy.models import AccessLogEntry

router = Router(tags=["grading and results"], auth=EducatorSessionAuth())


@router.get("grading", response=Envelope[Page[GradingRowOut]])
def grading_list(request: HttpRequest, query: Query[GradingQuery]):
    """Essay and unmatched short answers of submitted attempts: ``state`` pending (default) or
    graded; filter ``preset_id``, ``batch_id``. Each row carries the stem, rubric (essay) or
    accepted answers (short text), the points, the answer and any score and comment. Three
    queries."""
    rows, meta = results.grading_list(**query.dict())
    return ok({"items": rows, **meta})


@router.put("grading/{answer_id}", response=Envelope[GradingRowOut])
def grading_save(request: HttpRequest, answer_id: Id, payload: AnswerGradeIn):
    """Score one answer (0 to its points) with a comment; the attempt's result follows when its
    last answer is graded. Errors: 400 ``score``; 409 ``answer_not_gradable``."""
    row = grading.answer_grade(
        answer_id=answer_id, score=payload.score, comment=payload.comment, grader=request.auth
    )
    return ok(results.grading_row(row.pk), _("Score saved."))


@router.get("attempts", response=Envelope[Page[AttemptRowOut]])
def attempt_list(request: HttpRequest, query: Query[AttemptQuery]):
    """Results (/assignment/result/index): attempts newest first, filter ``preset_id``,
    ``batch_id``, ``result`` (pending, passed, failed), ``search`` (learner). Two queries."""
    rows, meta = results.attempt_list(**query.dict())
    return ok({"items": rows, **meta})


@router.get("attempts/{attempt_id}", response=Envelope[AttemptDetailOut])
def attempt_detail(request: HttpRequest, attempt_id: Id):
    """One attempt for educators: the result, each answer against the key with its score and
    comment, the timestamped integrity log, the reinstatement (if any) and the surroundings video."""
    return ok(results.attempt_detail(attempt_id, organization_id=request.auth.organization_id))


@router.get("attempts/{attempt_id}/video", response={200: None})
@private_file(AccessLogEntry.Kind.PROCTORING_VIDEO, subject=access_log.attempt_video_subject)
def attempt_video(request: HttpRequest, attempt_id: Id):
    """The surroundings video of an attempt (issue 7, item 6), streamed to the organization's
    educators only: the file is never at a public URL; each view is logged (issue 24, item 4).
    404 for another organization's attempt or an attempt without a video; 410 ``video_deleted``
    once deleted under the retention policy or on request (issue 24, item 3)."""
    from assignments.video import content_type_of

    name = proctoring.attempt_video_name(attempt_id)
    return FileResponse(default_storage.open(name, "rb"), content_type=content_type_of(name))


@router.post("attempts/{attempt_id}/release", response=Envelope[ReleasedOut])
def attempt_release(request: HttpRequest, attempt_id: Id):
    """Release one graded result to the learner (``released`` 0 when released already or still
    pending). 404 for an unknown attempt."""
    return ok({"released": grading.attempt_release(attempt_id=attempt_id)}, _("Result released."))


@router.post("attempts/{attempt_id}/reinstate", response=Envelope[AttemptRowOut])
def attempt_reinstate(request: HttpRequest, attempt_id: Id, payload: ReasonIn):
    """Reinstate a voided result with the reason (recorded in the integrity log)."""
    t = grading.attempt_reinstate(attempt_id=attempt_id, reason=payload.reason, educator=request.auth)
    return ok(results.attempt_row(t.pk), _("Result reinstated."))


@router.post("batches/{batch_id}/release", response=Envelope[ReleasedOut])
def batch_release(request: HttpRequest, batch_id: Id):
    """Release every graded result of a batch; returns ``released`` (how many) and says so ("1
    result released.", "2 results released."). 404 "Batch not found."."""
    count = grading.batch_release(batch_id=batch_id)
    return ok(
        {"released": count},
        ngettext("%(n)d result released.", "%(n)d results released.", count) % {"n": count},
    )


@router.get("batches/{batch_id}/progress", response=Envelope[list[ProgressRowOut]])
def batch_progress(request: HttpRequest, batch_id: Id):
    """Live progress of a batch (poll it): who is in the test, answered count, tab switches."""
    return ok(grading.progress_rows(batch_id))


@router.get("accommodations", response=Envelope[list[AccommodationOut]])
def accommodation_list(request: HttpRequest, learner_profile_id: Id | None = None):
    """The organization's accommodations (extra time), newest first, at most 200; one learner's
    with ``learner_profile_id``."""
    return ok(results.accommodation_list(learner_profile_id=learner_profile_id))


@router.post("accommodations", response=Envelope[AccommodationOut])
def accommodation_set(request: HttpRequest, payload: AccommodationIn):
    """Extra time for a learner: a factor (1-3) and/or minutes (0-240), for one preset or every
    test of the organization (no ``preset_id``); applies to attempts started afterwards."""
    return ok(grading.accommodation_set(educator=request.auth, data=payload.dict()), _("Extra time saved."))


@router.delete("accommodations/{accommodation_id}", response=Envelope[Empty])
def accommodation_delete(request: HttpRequest, accommodation_id: Id):
    """Remove an accommodation; 404 "Not found." for an unknown one."""
    grading.accommodation_delete(accommodation_id=accommodation_id)
    return ok({}, _("Extra time removed."))
