"""Reads for educators' grading and results pages (issue 7, items 4 to 8; spec section 7):
answers to grade, attempts, one attempt's detail with its integrity log, the video's storage
name, accommodations. Each runs in the organization's schema, a fixed number of queries whatever
the page size (issue 17, item 5: moved out of the API module; from ``assignments.results`` since decision 0039)."""

from __future__ import annotations

from datetime import datetime
from typing import Any, TypedDict

from django.db.models import Q
from django.utils.translation import gettext as _

from assessments.matching import statements_right
from assessments.models import Question
from assessments.scale import Scale, score_shown
from assignments.models import ANSWER_TO_GRADE, Accommodation, Attempt, AttemptAnswer
from assignments.scores import PartShown, attempt_score
from config.envelope import paginate
from config.errors import not_found
from sitting import proctoring


class GradingRow(TypedDict):
    """An answer to grade as ``GradingRowOut`` reads it: ``stem`` the question's text object,
    ``accepted`` the short text's accepted answers, ``points`` and ``score`` in points."""

    id: int
    attempt_id: int
    learner_name: str
    preset_id: int
    preset_name: str
    batch_id: int | None
    question_id: int
    question_type: str
    stem: dict[str, Any]
    rubric: str
    accepted: list[str]
    points: float
    answer: Any
    score: float | None
    comment: str
    graded_at: datetime | None
    graded_by_name: str


class AttemptRow(TypedDict):
    """A result row as ``AttemptRowOut`` reads it (scores in points, aware instants)."""

    id: int
    assignment_id: int
    learner_name: str
    learner_email: str
    preset_id: int
    preset_name: str
    batch_id: int | None
    status: str
    started_at: datetime
    submitted_at: datetime | None
    submit_reason: str
    score: float | None
    max_score: float
    scale_score: float | None
    scale_max: float | None
    result: str
    released_at: datetime | None
    voided: bool
    tab_switches: int
    camera_mode: str


class AttemptAnswerRow(TypedDict):
    """One question of an attempt as ``AttemptAnswerOut`` reads it."""

    answer_id: int | None
    question_id: int
    type: str
    stem: dict[str, Any]
    options: list[Any]
    statements: list[Any]
    rounding: dict[str, Any]
    key: dict[str, Any]
    points: float
    answer: Any
    score: float | None
    needs_grading: bool
    comment: str
    statements_right: int | None


class IntegrityEventRow(TypedDict):
    """A row of an attempt's integrity log as ``IntegrityEventOut`` reads it."""

    kind: str
    occurred_at: datetime
    received_at: datetime
    count_after: int
    note: str


class AttemptDetail(AttemptRow):
    """One attempt for educators as ``AttemptDetailOut`` reads it."""

    deadline_at: datetime
    reinstated_reason: str
    reinstated_by_name: str
    video_url: str | None
    video_deleted_at: datetime | None
    video_deleted_reason: str | None
    events: list[IntegrityEventRow]
    answers: list[AttemptAnswerRow]
    parts: list[PartShown]


def _grading_row(a: AttemptAnswer, questions: dict[int, Question]) -> GradingRow:
    """``GradingRowOut`` of an answer (with ``attempt__assignment__preset``)."""
    q = questions.get(a.question_id)
    assignment = a.attempt.assignment
    key = (q.answer_key or {}) if q else {}
    return {
        "id": a.pk,
        "attempt_id": a.attempt_id,
        "learner_name": assignment.learner_name,
        "preset_id": assignment.preset_id,
        "preset_name": assignment.preset.name,
        "batch_id": assignment.batch_id,
        "question_id": a.question_id,
        "question_type": q.type if q else "",
        "stem": (q.content.get("stem") or {}) if q else {},
        "rubric": key.get("rubric", ""),
        "accepted": key.get("accepted", []),
        "points": float(a.attempt.points.get(str(a.question_id), "1")),
        "answer": a.answer,
        "score": float(a.score) if a.score is not None else None,
        "comment": a.comment,
        "graded_at": a.graded_at,
        "graded_by_name": a.graded_by_name,
    }


def grading_list(
    *,
    page: int,
    limit: int,
    preset_id: int | None = None,
    batch_id: int | None = None,
    state: str = "pending",
) -> tuple[list[GradingRow], dict[str, int]]:
    """Essay and unmatched short answers of submitted attempts: ``state`` pending (default) or
    graded; filter ``preset_id``, ``batch_id``; oldest submission first. Each row carries the stem,
    rubric (essay) or accepted answers (short text), the points, the answer and any score and
    comment (``GradingRowOut``). Three queries."""
    qs = AttemptAnswer.objects.filter(ANSWER_TO_GRADE).select_related("attempt__assignment__preset")
    qs = qs.filter(graded_at__isnull=state != "graded")
    if preset_id:
        qs = qs.filter(attempt__assignment__preset_id=preset_id)
    if batch_id:
        qs = qs.filter(attempt__assignment__batch_id=batch_id)
    rows, meta = paginate(qs.order_by("attempt__submitted_at", "id"), page=page, limit=limit)
    questions = {q.pk: q for q in Question.objects.filter(pk__in=[r.question_id for r in rows])}
    return [_grading_row(r, questions) for r in rows], meta


def grading_row(answer_id: int) -> GradingRow:
    """``GradingRowOut`` of one answer (after it was graded)."""
    row = AttemptAnswer.objects.select_related("attempt__assignment__preset").get(pk=answer_id)
    return _grading_row(row, {q.pk: q for q in Question.objects.filter(pk=row.question_id)})


def _attempt_row(t: Attempt) -> AttemptRow:
    """``AttemptRowOut`` of an attempt (with ``assignment__preset``): its score in points and on the
    preset's reporting scale (``scale_score``, ``scale_max``; decision 0056)."""
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
        **score_shown(t.score, t.max_score, Scale.of(a.preset)),
        "result": t.result,
        "released_at": t.released_at,
        "voided": t.voided,
        "tab_switches": t.tab_switches,
        "camera_mode": t.camera_mode,
    }


def attempt_list(
    *,
    page: int,
    limit: int,
    preset_id: int | None = None,
    batch_id: int | None = None,
    result: str = "",
    search: str = "",
) -> tuple[list[AttemptRow], dict[str, int]]:
    """Results (/assignment/result/index): attempts newest first (``AttemptRowOut``), filter
    ``preset_id``, ``batch_id``, ``result`` (pending, passed, failed), ``search`` (the learner's
    name or e-mail). Two queries."""
    qs = Attempt.objects.select_related("assignment__preset")
    if preset_id:
        qs = qs.filter(assignment__preset_id=preset_id)
    if batch_id:
        qs = qs.filter(assignment__batch_id=batch_id)
    if result:
        qs = qs.filter(result=result)
    if search.strip():
        term = search.strip()
        qs = qs.filter(
            Q(assignment__learner_name__icontains=term) | Q(assignment__learner_email__icontains=term)
        )
    rows, meta = paginate(qs.order_by("-started_at", "-id"), page=page, limit=limit)
    return [_attempt_row(t) for t in rows], meta


def attempt_row(attempt_id: int) -> AttemptRow:
    """``AttemptRowOut`` of one attempt (it exists)."""
    return _attempt_row(Attempt.objects.select_related("assignment__preset").get(pk=attempt_id))


def attempt_detail(attempt_id: int, *, organization_id: int) -> AttemptDetail:
    """``AttemptDetailOut``: one attempt for educators: the result, each answer against the key
    with its score and comment, the timestamped integrity log, the reinstatement (if any) and the
    surroundings video's URL, or when and why it was deleted (``proctoring.video_state``; issue 24,
    item 3), and the parts' subtotals (``assignments.scores``; decision 0056). 404 "Attempt not
    found."."""
    t = Attempt.objects.select_related("assignment__preset").filter(pk=attempt_id).first()
    if t is None:
        raise not_found(_("Attempt not found."))
    questions = {q.pk: q for q in Question.objects.filter(pk__in=t.question_ids)}
    rows = list(t.answers.all())
    answers = {a.question_id: a for a in rows}

    def shown(qid: int) -> AttemptAnswerRow:
        q, given = questions[qid], answers.get(qid)
        return {
            "answer_id": given.pk if given else None,
            "question_id": qid,
            "type": q.type,
            "stem": q.content.get("stem") or {},
            "options": q.content.get("options", []),
            "statements": q.content.get("statements") or [],
            "rounding": q.content.get("rounding") or {},
            "key": q.answer_key or {},
            "points": float(t.points.get(str(qid), "1")),
            "answer": given.answer if given else None,
            "score": float(given.score) if given and given.score is not None else None,
            "needs_grading": given.needs_grading if given else False,
            "comment": given.comment if given else "",
            "statements_right": (
                statements_right(given.answer if given else None, q.answer_key or {})
                if q.type == Question.Type.TRUE_FALSE_SET
                else None
            ),
        }

    video = proctoring.video_state(t, organization_id=organization_id)
    return {
        **_attempt_row(t),
        "deadline_at": t.deadline_at,
        "reinstated_reason": t.reinstated_reason,
        "reinstated_by_name": t.reinstated_by_name,
        "video_url": video["video_url"],
        "video_deleted_at": video["video_deleted_at"],
        "video_deleted_reason": video["video_deleted_reason"],
        "events": list(t.events.values("kind", "occurred_at", "received_at", "count_after", "note")),
        "answers": [shown(qid) for qid in t.question_ids if qid in questions],
        "parts": attempt_score(t, t.assignment.preset, answers=rows)["parts"],
    }


def accommodation_list(*, learner_profile_id: int | None = None) -> list[Accommodation]:
    """The organization's accommodations, newest first, at most 200; one learner's with
    ``learner_profile_id``."""
    qs = Accommodation.objects.all()
    if learner_profile_id:
        qs = qs.filter(learner_profile_id=learner_profile_id)
    return list(qs[:200])
