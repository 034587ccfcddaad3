"""Educator endpoints of grading and results (issue 7, items 4, 4b, 5, 6 and 8), in the style of
spec section 7: /api/v1/grading (answers waiting for a score), /api/v1/attempts (results with
answers, integrity log and video; release; reinstate), /api/v1/batches/{id}/progress and
/release, /api/v1/accommodations. Educators of the organization; other organizations' ids 404."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.core.files.storage import default_storage
from django.db.models import Q
from django.http import HttpRequest
from django.utils.translation import gettext as _
from ninja import Query, Router, Schema

from assessments.models import Question
from assignments import grading
from assignments.models import Accommodation, Attempt, AttemptAnswer
from config.auth import EducatorSessionAuth
from config.envelope import Empty, Envelope, Page, ok, paginate
from config.errors import not_found
from config.fields import CheckedInt, Choice, ColumnNumberOrText, ColumnText, Id, Limit, PageNo, Search, Text

router = Router(tags=["grading and results"], auth=EducatorSessionAuth())


GRADING_TEXT_MAX = 2000
"""A grader's comment or a reinstatement reason (``TextField``s; the services keep 2000)."""


class GradingQuery(Schema):
    page: PageNo = 1
    limit: Limit = 20
    preset_id: Id | None = None
    batch_id: Id | None = None
    state: Choice = "pending"


class AnswerGradeIn(Schema):
    score: ColumnNumberOrText(AttemptAnswer, "score") | None = None
    comment: Text(GRADING_TEXT_MAX) = ""


def _answer_row(a: AttemptAnswer, questions: dict[int, Question]) -> dict[str, Any]:
    q = questions.get(a.question_id)
    assignment = a.attempt.assignment
    return {
        "id": a.pk,
        "attempt_id": a.attempt_id,
        "learner_name": assignment.learner_name,
        "preset_id": assignment.preset_id,
        "preset_name": assignment.preset.name,
        "batch_id": assignment.batch_id,
        "question_id": a.question_id,
        "question_type": q.type if q else "",
        "stem": q.content.get("stem", {}) if q else {},
        "rubric": (q.answer_key or {}).get("rubric", "") if q else "",
        "accepted": (q.answer_key or {}).get("accepted", []) if q else [],
        "points": float(a.attempt.points.get(str(a.question_id), "1")),
        "answer": a.answer,
        "score": float(a.score) if a.score is not None else None,
        "comment": a.comment,
        "graded_at": a.graded_at,
        "graded_by_name": a.graded_by_name,
    }


@router.get("grading", response=Envelope[Page[dict]])
def grading_list(request: HttpRequest, query: Query[GradingQuery]):
    """Essay and unmatched short answers of submitted attempts: ``state`` pending (default) or
    graded; filter ``preset_id``, ``batch_id``. Each row carries the stem, rubric (essay) or
    accepted answers (short text), the points, the answer and any score and comment. Three
    queries."""
    qs = AttemptAnswer.objects.filter(
        needs_grading=True, attempt__status=Attempt.Status.SUBMITTED
    ).select_related("attempt__assignment__preset")
    qs = qs.filter(graded_at__isnull=query.state != "graded")
    if query.preset_id:
        qs = qs.filter(attempt__assignment__preset_id=query.preset_id)
    if query.batch_id:
        qs = qs.filter(attempt__assignment__batch_id=query.batch_id)
    rows, meta = paginate(qs.order_by("attempt__submitted_at", "id"), page=query.page, limit=query.limit)
    questions = {q.pk: q for q in Question.objects.filter(pk__in=[r.question_id for r in rows])}
    return ok({"items": [_answer_row(r, questions) for r in rows], **meta})


@router.put("grading/{answer_id}", response=Envelope[dict])
def grading_save(request: HttpRequest, answer_id: Id, payload: AnswerGradeIn):
    """Score one answer (0 to its points) with a comment; the attempt's result follows when its
    last answer is graded. Errors: 400 ``score``; 409 ``answer_not_gradable``."""
    row = grading.answer_grade(
        answer_id=answer_id, score=payload.score, comment=payload.comment, grader=request.auth
    )
    row = AttemptAnswer.objects.select_related("attempt__assignment__preset").get(pk=row.pk)
    questions = {q.pk: q for q in Question.objects.filter(pk=row.question_id)}
    return ok(_answer_row(row, questions), _("Score saved."))


class AttemptQuery(Schema):
    page: PageNo = 1
    limit: Limit = 20
    preset_id: Id | None = None
    batch_id: Id | None = None
    result: Choice = ""
    search: Search = ""


def _attempt_row(t: Attempt) -> dict[str, Any]:
    a = t.assignment
    return {
        "id": t.pk,
        "assignment_id": a.pk,
        "learner_name": a.learner_name,
        "learner_email": a.learner_email,
        "preset_id": a.preset_id,
        "preset_name": a.preset.name,
        "batch_id": a.batch_id,
        "status": t.status,
        "started_at": t.started_at,
        "submitted_at": t.submitted_at,
        "submit_reason": t.submit_reason,
        "score": float(t.score) if t.score is not None else None,
        "max_score": float(t.max_score),
        "result": t.result,
        "released_at": t.released_at,
        "voided": t.voided,
        "tab_switches": t.tab_switches,
        "camera_mode": t.camera_mode,
    }


@router.get("attempts", response=Envelope[Page[dict]])
def attempt_list(request: HttpRequest, query: Query[AttemptQuery]):
    """Results (/assignment/result/index): attempts newest first, filter ``preset_id``,
    ``batch_id``, ``result`` (pending, passed, failed), ``search`` (learner). Two queries."""
    qs = Attempt.objects.select_related("assignment__preset")
    if query.preset_id:
        qs = qs.filter(assignment__preset_id=query.preset_id)
    if query.batch_id:
        qs = qs.filter(assignment__batch_id=query.batch_id)
    if query.result:
        qs = qs.filter(result=query.result)
    if query.search.strip():
        term = query.search.strip()
        qs = qs.filter(
            Q(assignment__learner_name__icontains=term) | Q(assignment__learner_email__icontains=term)
        )
    rows, meta = paginate(qs.order_by("-started_at", "-id"), page=query.page, limit=query.limit)
    return ok({"items": [_attempt_row(t) for t in rows], **meta})


@router.get("attempts/{attempt_id}", response=Envelope[dict])
def attempt_detail(request: HttpRequest, attempt_id: Id):
    """One attempt for educators: the result, each answer against the key with its score and
    comment, the timestamped integrity log, the reinstatement (if any) and the surroundings video."""
    t = Attempt.objects.select_related("assignment__preset").filter(pk=attempt_id).first()
    if t is None:
        raise not_found(_("Attempt not found."))
    questions = {q.pk: q for q in Question.objects.filter(pk__in=t.question_ids)}
    answers = {a.question_id: a for a in t.answers.all()}
    return ok(
        {
            **_attempt_row(t),
            "deadline_at": t.deadline_at,
            "reinstated_reason": t.reinstated_reason,
            "reinstated_by_name": t.reinstated_by_name,
            "video_url": f"/api/v1/attempts/{t.pk}/video" if t.video else None,
            "events": list(t.events.values("kind", "occurred_at", "received_at", "count_after", "note")),
            "answers": [
                {
                    "answer_id": answers[qid].pk if qid in answers else None,
                    "question_id": qid,
                    "type": questions[qid].type,
                    "stem": questions[qid].content.get("stem", {}),
                    "options": questions[qid].content.get("options", []),
                    "key": questions[qid].answer_key,
                    "points": float(t.points.get(str(qid), "1")),
                    "answer": answers[qid].answer if qid in answers else None,
                    "score": float(answers[qid].score)
                    if qid in answers and answers[qid].score is not None
                    else None,
                    "needs_grading": answers[qid].needs_grading if qid in answers else False,
                    "comment": answers[qid].comment if qid in answers else "",
                }
                for qid in t.question_ids
                if qid in questions
            ],
        }
    )


@router.get("attempts/{attempt_id}/video", response={200: None})
def attempt_video(request: HttpRequest, attempt_id: Id):
    """The surroundings video of an attempt (issue 7, item 6), streamed to the organization's
    educators only: the file is never at a public URL. 404 for another organization's attempt or
    an attempt without a video."""
    from django.http import FileResponse

    from assignments.video import content_type_of

    t = Attempt.objects.filter(pk=attempt_id).only("id", "video").first()
    if t is None or not t.video:
        raise not_found(_("Attempt not found."))
    return FileResponse(default_storage.open(t.video, "rb"), content_type=content_type_of(t.video))


@router.post("attempts/{attempt_id}/release", response=Envelope[dict])
def attempt_release(request: HttpRequest, attempt_id: Id):
    """Release one graded result to the learner (no-op when released or still pending)."""
    if not Attempt.objects.filter(pk=attempt_id).exists():
        raise not_found(_("Attempt not found."))
    return ok({"released": grading.attempts_release(attempt_ids=[attempt_id])}, _("Result released."))


class ReasonIn(Schema):
    reason: Text(GRADING_TEXT_MAX) = ""


@router.post("attempts/{attempt_id}/reinstate", response=Envelope[dict])
def attempt_reinstate(request: HttpRequest, attempt_id: Id, payload: ReasonIn):
    """Reinstate a voided result with the reason (recorded in the integrity log)."""
    t = grading.attempt_reinstate(attempt_id=attempt_id, reason=payload.reason, educator=request.auth)
    return ok(
        _attempt_row(Attempt.objects.select_related("assignment__preset").get(pk=t.pk)),
        _("Result reinstated."),
    )


@router.post("batches/{batch_id}/release", response=Envelope[dict])
def batch_release(request: HttpRequest, batch_id: Id):
    """Release every graded result of a batch; returns ``released`` (how many)."""
    count = grading.batch_release(batch_id=batch_id)
    return ok({"released": count}, _("%(n)d results released.") % {"n": count})


@router.get("batches/{batch_id}/progress", response=Envelope[list[dict]])
def batch_progress(request: HttpRequest, batch_id: Id):
    """Live progress of a batch (poll it): who is in the test, answered count, tab switches."""
    return ok(grading.progress_rows(batch_id))


class AccommodationIn(Schema):
    learner_profile_id: Id | None = None
    preset_id: Id | None = None
    factor: ColumnNumberOrText(Accommodation, "factor") | None = 1.0
    extra_minutes: CheckedInt = 0  # 0..240, checked by the service
    reason: ColumnText(Accommodation, "reason") = ""


class AccommodationOut(Schema):
    id: int
    learner_profile_id: int
    learner_name: str
    preset_id: int | None
    factor: float
    extra_minutes: int
    reason: str
    created_by_name: str
    created_at: datetime


@router.get("accommodations", response=Envelope[list[AccommodationOut]])
def accommodation_list(request: HttpRequest, learner_profile_id: Id | None = None):
    qs = Accommodation.objects.all()
    if learner_profile_id:
        qs = qs.filter(learner_profile_id=learner_profile_id)
    return ok(list(qs[:200]))


@router.post("accommodations", response=Envelope[AccommodationOut])
def accommodation_set(request: HttpRequest, payload: AccommodationIn):
    """Extra time for a learner: a factor (1-3) and/or minutes (0-240), for one preset or every
    test of the organization (no ``preset_id``); applies to attempts started afterwards."""
    return ok(grading.accommodation_set(educator=request.auth, data=payload.dict()), _("Extra time saved."))


@router.delete("accommodations/{accommodation_id}", response=Envelope[Empty])
def accommodation_delete(request: HttpRequest, accommodation_id: Id):
    deleted, _rows = Accommodation.objects.filter(pk=accommodation_id).delete()
    if not deleted:
        raise not_found(_("Not found."))
    return ok({}, _("Extra time removed."))
