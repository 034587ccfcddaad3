"""Reads of the authoring API (issue 4) and of rounds, presets and batches (issue 5): lists with
search, filters, sort and paging; details shaped as the schemas of ``assessments.schemas``."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.contrib.postgres.aggregates import ArrayAgg
from django.db.models import Count, OuterRef, Q, QuerySet, Subquery
from django.utils import timezone

from assessments.measured import measured_facilities
from assessments.models import (
    Batch,
    MatrixCluster,
    PresetQuestion,
    PresetSubject,
    Question,
    QuestionBank,
    QuestionTransition,
    Round,
    Stimulus,
    Subject,
    TestBank,
    TestPreset,
)
from assessments.parts import form_points, part_name, preset_max_score, shared_form_parts
from assessments.services.questions import question_missing
from assessments.services.slots import LOW_SLOT_SHARE
from assessments.services.stimuli import OPEN, group_questions
from assessments.services.stimulus_vetting import group_missing
from config.envelope import MAX_LIMIT, order_by_checked, paginate
from config.i18n import localized
from privacy.services import AccessSubject

BANK_ORDER = {"name": "name", "created_at": "created_at", "updated_at": "updated_at"}
QUESTION_ORDER = {
    "created_at": "created_at",
    "updated_at": "updated_at",
    "grade": "grade",
    "status": "status",
    "difficulty": "difficulty",
    "id": "id",
}
TEST_BANK_ORDER = BANK_ORDER


def bank_list(
    *,
    page: int,
    limit: int,
    search: str = "",
    order_by: str = "",
    parent_id: int | None = None,
    all_levels: bool = False,
) -> tuple[list[QuestionBank], dict[str, int]]:
    """Banks of the organization: the top level (or the children of ``parent_id``), or every
    level matching ``search`` when searching. Each row carries ``question_count`` (current
    versions) and ``folder_count``. Three queries."""
    qs = _banks_with_counts()
    if search:
        qs = qs.filter(name__icontains=search)
    elif not all_levels:
        qs = qs.filter(parent_id=parent_id)
    qs = qs.order_by(*order_by_checked(order_by, BANK_ORDER, "name"))
    return paginate(qs, page=page, limit=limit)


def _banks_with_counts() -> QuerySet[QuestionBank]:
    return QuestionBank.objects.annotate(
        question_count=Count(
            "questions", filter=~Q(questions__status=Question.Status.SUPERSEDED), distinct=True
        ),
        folder_count=Count("children", distinct=True),
    )


def bank_row(bank_id: int) -> QuestionBank:
    """One bank as the lists show it (``BankOut``: with ``question_count`` and ``folder_count``),
    e.g. after a create or a rename. One query; the bank must exist."""
    return _banks_with_counts().get(pk=bank_id)


def bank_detail(bank_id: int) -> QuestionBank:
    """``bank_row`` with its breadcrumb ``path`` (``BankDetailOut``)."""
    bank = bank_row(bank_id)
    bank.path = bank_path(bank)
    return bank


def bank_path(bank: QuestionBank) -> list[dict[str, Any]]:
    """Breadcrumbs from the top folder down to ``bank``: ``[{"id", "name"}]``."""
    path, node, seen = [], bank, set()
    while node is not None and node.pk not in seen:
        seen.add(node.pk)
        path.append({"id": node.pk, "name": node.name})
        node = node.parent
    return list(reversed(path))


def question_list(
    *,
    page: int,
    limit: int,
    bank_id: int | None = None,
    search: str = "",
    order_by: str = "",
    status: str = "",
    type: str = "",
    grade: int | None = None,
    subject_id: int | None = None,
    difficulty: str = "",  # noqa: A002
    cluster_id: int | None = None,
    include_superseded: bool = False,
) -> tuple[list[Question], dict[str, int]]:
    """Questions filtered by bank, status, type, grade, subject, difficulty, matrix cluster and a
    stem search (both languages). Superseded versions are hidden unless asked. Constant queries."""
    qs = Question.objects.select_related("subject").defer("answer_key", "search_text")
    if bank_id:
        qs = qs.filter(bank_id=bank_id)
    if not include_superseded and status != Question.Status.SUPERSEDED:
        qs = qs.exclude(status=Question.Status.SUPERSEDED)
    if status:
        qs = qs.filter(status=status)
    if type:
        qs = qs.filter(type=type)
    if grade:
        qs = qs.filter(grade=grade)
    if subject_id:
        qs = qs.filter(subject_id=subject_id)
    if difficulty:
        qs = qs.filter(difficulty=difficulty)
    if cluster_id:
        qs = qs.filter(
            Q(topic_id=cluster_id)
            | Q(subtopic_id=cluster_id)
            | Q(complexity_level_id=cluster_id)
            | Q(cognitive_domain_id=cluster_id)
        )
    if search:
        qs = qs.filter(search_text__icontains=search.lower())
    qs = qs.order_by(*order_by_checked(order_by, QUESTION_ORDER, "-created_at"))
    return paginate(qs, page=page, limit=limit)


def vetting_queue(
    *, page: int, limit: int, reviewer_profile_id: int
) -> tuple[list[Question], dict[str, int]]:
    """Questions submitted for vetting by others than the reviewer, oldest first."""
    qs = (
        Question.objects.select_related(
            "subject", "topic", "subtopic", "complexity_level", "cognitive_domain", "stimulus"
        )
        .filter(status=Question.Status.SUBMITTED)
        .exclude(created_by_profile_id=reviewer_profile_id)
        .order_by("submitted_at", "id")
    )
    return paginate(qs, page=page, limit=limit)


def _cluster_ref(cluster: MatrixCluster | None) -> dict[str, Any] | None:
    if cluster is None:
        return None
    return {
        "id": cluster.pk,
        "code": cluster.code,
        "description": cluster.description,
        "label": cluster.label,
    }


def subject_name(subject: Subject | None) -> str:
    """The subject's name for the reader, the other language's when blank
    (``config.i18n.localized``, issue 17 item 2); "" without a subject."""
    if subject is None:
        return ""
    return localized(subject, "name")


def question_list_row(q: Question) -> dict[str, Any]:
    """A row of the question lists (``QuestionRowOut``)."""
    stem = (q.content or {}).get("stem") or {}
    return {
        "id": q.pk,
        "bank_id": q.bank_id,
        "version": q.version,
        "type": q.type,
        "grade": q.grade,
        "subject_id": q.subject_id,
        "subject_name": subject_name(q.subject),
        "difficulty": q.difficulty,
        "status": q.status,
        "stem": {"vi": stem.get("vi", ""), "en": stem.get("en", "")},
        "has_matrix": q.has_matrix,
        "stimulus": stimulus_ref(q.stimulus) if q.stimulus is not None else None,
        "created_by_name": q.created_by_name,
        "updated_at": q.updated_at,
    }


def stimulus_ref(stimulus: Stimulus) -> dict[str, Any]:
    """``StimulusRefOut``: the shared stimulus a question hangs from."""
    return {
        "id": stimulus.pk,
        "version": stimulus.version,
        "status": stimulus.status,
        "title": stimulus.title,
    }


def question_row(q: Question) -> dict[str, Any]:
    """A question as the API returns it (detail and list rows)."""
    return {
        "id": q.pk,
        "bank_id": q.bank_id,
        "root_id": q.root_id or q.pk,
        "version": q.version,
        "type": q.type,
        "grade": q.grade,
        "subject_id": q.subject_id,
        "subject_name": subject_name(q.subject),
        "difficulty": q.difficulty,
        "score_weight": float(q.score_weight),
        "content": q.content,
        "answer_key": q.answer_key,
        "status": q.status,
        "matrix": {
            "topic": _cluster_ref(q.topic),
            "subtopic": _cluster_ref(q.subtopic),
            "complexity_level": _cluster_ref(q.complexity_level),
            "cognitive_domain": _cluster_ref(q.cognitive_domain),
        },
        "missing": question_missing(q),
        "stimulus": stimulus_ref(q.stimulus) if q.stimulus is not None else None,
        "created_by_profile_id": q.created_by_profile_id,
        "created_by_name": q.created_by_name,
        "created_at": q.created_at,
        "updated_at": q.updated_at,
        "published_at": q.published_at,
    }


def question_history(question_id: int) -> list[dict[str, Any]]:
    """Every transition of every version of the question's family, oldest first
    (``TransitionOut``, with the ``version`` it happened to). Two queries."""
    q = Question.objects.filter(pk=question_id).values("pk", "root_id").first()
    if q is None:
        return []
    root = q["root_id"] or q["pk"]
    rows = (
        QuestionTransition.objects.filter(Q(question_id=root) | Q(question__root_id=root))
        .select_related("question")
        .order_by("id")
    )
    return [
        {
            "id": t.pk,
            "question_id": t.question_id,
            "version": t.question.version,
            "from_status": t.from_status,
            "to_status": t.to_status,
            "actor_profile_id": t.actor_profile_id,
            "actor_name": t.actor_name,
            "comment": t.comment,
            "created_at": t.created_at,
        }
        for t in rows
    ]


# --- shared stimuli (issue 39, item 1; decision 0054) ------------------------------------------

STIMULUS_ORDER = {"created_at": "created_at", "updated_at": "updated_at", "id": "id"}


def stimulus_list(
    *,
    page: int,
    limit: int,
    bank_id: int | None = None,
    search: str = "",
    status: str = "",
    order_by: str = "",
) -> tuple[list[dict[str, Any]], dict[str, int]]:
    """Shared stimuli (``StimulusRowOut``) of a bank (or all), newest first unless ``order_by``
    (created_at, updated_at, id), by ``status`` and a search of titles and bodies; superseded
    versions only with ``status=superseded``. Two queries."""
    qs = Stimulus.objects.select_related("subject").annotate(question_count=Count("questions"))
    if bank_id:
        qs = qs.filter(bank_id=bank_id)
    qs = qs.filter(status=status) if status else qs.exclude(status=Stimulus.Status.SUPERSEDED)
    if search:
        qs = qs.filter(search_text__icontains=search.lower())
    rows, meta = paginate(
        qs.order_by(*order_by_checked(order_by, STIMULUS_ORDER, "-created_at")), page=page, limit=limit
    )
    return [
        {
            "id": s.pk,
            "bank_id": s.bank_id,
            "version": s.version,
            "grade": s.grade,
            "subject_id": s.subject_id,
            "subject_name": subject_name(s.subject),
            "title": s.title,
            "status": s.status,
            "question_count": s.question_count,
            "created_by_name": s.created_by_name,
            "updated_at": s.updated_at,
        }
        for s in rows
    ], meta


def stimulus_detail(stimulus: Stimulus) -> dict[str, Any]:
    """``StimulusOut``: the stimulus with its questions in order (list rows), what the group
    lacks before submit, and the group's open next version. Four queries."""
    questions = group_questions(stimulus)
    for q in questions:
        q.stimulus = stimulus
    wanted = {pk for pk in [stimulus.subject_id, *(q.subject_id for q in questions)] if pk is not None}
    subjects = {s.pk: s for s in Subject.objects.filter(pk__in=wanted)}
    for q in questions:
        q.subject = subjects.get(q.subject_id) if q.subject_id is not None else None
    root_id = stimulus.root_id or stimulus.pk
    open_version = (
        Stimulus.objects.filter(Q(pk=root_id) | Q(root_id=root_id), status__in=OPEN)
        .exclude(pk=stimulus.pk)
        .values_list("pk", flat=True)
        .first()
    )
    content = stimulus.content or {}
    return {
        "id": stimulus.pk,
        "bank_id": stimulus.bank_id,
        "root_id": root_id,
        "version": stimulus.version,
        "grade": stimulus.grade,
        "subject_id": stimulus.subject_id,
        "subject_name": subject_name(subjects.get(stimulus.subject_id) if stimulus.subject_id else None),
        "content": {"title": stimulus.title, "body": content.get("body") or {}},
        "status": stimulus.status,
        "missing": group_missing(stimulus, questions),
        "questions": [question_list_row(q) for q in questions],
        "open_version_id": open_version,
        "created_by_profile_id": stimulus.created_by_profile_id,
        "created_by_name": stimulus.created_by_name,
        "created_at": stimulus.created_at,
        "updated_at": stimulus.updated_at,
        "published_at": stimulus.published_at,
    }


def stimuli_shown(question_stimulus_ids: list[int | None]) -> list[dict[str, Any]]:
    """The shared stimuli of a test's questions as the learner sees them, once each, in the order
    of their first question (``question_stimulus_ids``: each question's ``stimulus_id`` in the
    test's order, None for a question alone): ``[{"id", "title", "body"}]``, title and body in
    both languages (the test page, the result, the advanced report; decision 0054). One query,
    none without a stimulus."""
    ordered = list(dict.fromkeys(pk for pk in question_stimulus_ids if pk))
    if not ordered:
        return []
    found = {s.pk: s for s in Stimulus.objects.filter(pk__in=ordered).only("id", "content")}
    return [
        {"id": pk, "title": found[pk].title, "body": (found[pk].content or {}).get("body") or {}}
        for pk in ordered
        if pk in found
    ]


def subject_list() -> list[Subject]:
    """The organization's subjects (``SubjectOut``; seeded with Vietnamese school subjects)."""
    return list(Subject.objects.all())


def cluster_list(*, type: str = "", search: str = "") -> list[MatrixCluster]:  # noqa: A002
    """All clusters of the organization (a matrix is small), optionally of one type. One query."""
    qs = MatrixCluster.objects.select_related("parent", "subject")
    if type:
        qs = qs.filter(type=type)
    if search:
        qs = qs.filter(Q(code__icontains=search) | Q(description__icontains=search))
    return list(qs.order_by("type", "position", "code"))


def _test_banks_counted() -> QuerySet[TestBank]:
    """Test banks with ``question_count`` and ``preset_count`` (distinct: the two joins multiply)."""
    return TestBank.objects.annotate(
        question_count=Count("questions", distinct=True), preset_count=Count("presets", distinct=True)
    )


def test_bank_list(
    *, page: int, limit: int, search: str = "", order_by: str = ""
) -> tuple[list[TestBank], dict[str, int]]:
    """Test banks with ``question_count`` and ``preset_count`` (``TestBankOut``), by name unless
    ``order_by`` (name, created_at, updated_at). Two queries."""
    qs = _test_banks_counted()
    if search:
        qs = qs.filter(name__icontains=search)
    qs = qs.order_by(*order_by_checked(order_by, TEST_BANK_ORDER, "name"))
    return paginate(qs, page=page, limit=limit)


def test_bank_row(test_bank_id: int) -> TestBank:
    """One test bank with its counts (``TestBankOut``); the test bank must exist."""
    return _test_banks_counted().get(pk=test_bank_id)


# --- rounds, presets, batches (issue 5) ----------------------------------------------------------

ROUND_ORDER = {"name": "name", "starts_at": "starts_at", "expires_at": "expires_at"}
PRESET_ORDER = {
    "name": "name",
    "updated_at": "updated_at",
    "created_at": "created_at",
    "grade": "grade",
    "ends_at": "ends_at",
}
ROUND_FIELDS = (
    "id",
    "name",
    "starts_at",
    "expires_at",
    "closed_at",
    "required_round_id",
    "passed_message_vi",
    "passed_message_en",
    "failed_message_vi",
    "failed_message_en",
)
PRESET_FIELDS = (
    "id",
    "name",
    "description",
    "grade",
    "duration_minutes",
    "starts_at",
    "ends_at",
    "passing_score",
    "score_scale",
    "scale_max",
    "auto_release_result",
    "camera_proctoring",
    "allow_no_camera",
    "offline_grace_seconds",
    "survey_ids",
    "attribute_requirements",
    "attribute_outcomes",
    "round_id",
    "required_round_id",
    "form_mode",
    "prefer_measured",
    "status",
    "review_comment",
    "generation_seed",
    "generated_at",
    "created_by_profile_id",
    "created_by_name",
    "created_at",
    "updated_at",
)


def round_row(found: Round, *, now: datetime | None = None) -> dict[str, Any]:
    """A round (``RoundOut``) with its ``status`` at ``now`` (``Round.status_at``)."""
    return {
        **{f: getattr(found, f) for f in ROUND_FIELDS},
        "status": found.status_at(now or timezone.now()),
    }


def round_list(
    *, page: int, limit: int, search: str = "", order_by: str = "", status: str = ""
) -> tuple[list[dict[str, Any]], dict[str, int]]:
    """Rounds (``RoundOut``) by name search and derived ``status`` (upcoming, open, closed), by
    ``starts_at`` unless ``order_by`` (name, starts_at, expires_at). The status comes from the
    dates and the hand close (``Round.status_at``), so the filter runs on the rows: a programme
    has a handful of rounds. One query."""
    qs = Round.objects.all()
    if search:
        qs = qs.filter(name__icontains=search)
    now = timezone.now()
    rows = [round_row(r, now=now) for r in qs.order_by(*order_by_checked(order_by, ROUND_ORDER, "starts_at"))]
    if status:
        rows = [r for r in rows if r["status"] == status]
    return _page_of(rows, page=page, limit=limit)


def _page_of(rows: list, *, page: int, limit: int) -> tuple[list, dict[str, int]]:
    """``config.envelope.paginate`` over rows already read."""
    page, limit = max(1, page), min(MAX_LIMIT, max(1, limit))
    return rows[(page - 1) * limit : page * limit], {"page": page, "limit": limit, "total": len(rows)}


def batch_low_on_slots(batch: Batch) -> bool:
    """``services.slots.LOW_SLOT_SHARE`` (20 %) or less of the batch's slots left (issue 5, item 5:
    the same threshold as the low-slot notification)."""
    return batch.available <= batch.slots * LOW_SLOT_SHARE


def batch_row(batch: Batch) -> dict[str, Any]:
    """A batch of a preset (``PresetBatchOut``) with ``low_slot``."""
    return {
        **{
            f: getattr(batch, f)
            for f in ("id", "name", "starts_at", "expires_at", "slots", "available", "pending", "taken")
        },
        "low_slot": batch_low_on_slots(batch),
    }


def _expectation(form: str, generated_at, ids: list[int], points: dict[int, float], facilities) -> dict:
    """``FormExpectationOut`` of one form: its questions' ``points`` and measured ``facilities``."""
    measured = [pk for pk in ids if pk in facilities]
    return {
        "form": form,
        "generated_at": generated_at,
        "question_count": len(ids),
        "measured_count": len(measured),
        "max_score": round(sum(points[pk] for pk in ids), 2),
        "measured_max": round(sum(points[pk] for pk in measured), 2),
        "expected_mean": round(sum(facilities[pk] * points[pk] for pk in measured), 2) if measured else None,
    }


def form_expectations(preset: TestPreset) -> list[dict[str, Any]]:
    """The expected mean score of the generated form and, after a regeneration, of the form it
    replaced (``FormExpectationOut``, current first; decision 0019): the measured facility of
    each question (``assessments.measured``, the preset-overall item analyses) times its points
    (the part's points per question, decision 0056; else the score weight on a shared form and 1
    with per-learner draws; a replaced form's question takes the points of the part of its type),
    summed over the measured questions. Empty before a first generation. Five queries at most."""
    current = form_points(preset)
    if not current:
        return []
    previous = [int(pk) for pk in preset.previous_form_ids or []]
    shared = preset.form_mode == TestPreset.FormMode.SHARED
    part_points = dict(preset.parts.values_list("question_type", "points_per_question"))
    if shared:
        points = {pk: float(value) for pk, value in current}
    else:
        of_part = shared_form_parts(preset)
        points = {pk: float(value) if of_part.get(pk) else 1.0 for pk, value in current}
    missing = [pk for pk in previous if pk not in points]
    if missing:
        found = Question.objects.filter(pk__in=missing).values_list("pk", "score_weight", "type")
        for pk, weight, kind in found:
            if kind in part_points:
                points[pk] = float(part_points[kind])
            else:
                points[pk] = float(weight) if shared else 1.0
        points |= {pk: 1.0 for pk in missing if pk not in points}
    facilities = measured_facilities(sorted(points))
    rows = [_expectation("current", preset.generated_at, [pk for pk, _w in current], points, facilities)]
    if previous:
        rows.append(_expectation("previous", preset.previous_generated_at, previous, points, facilities))
    return rows


def preset_parts(preset: TestPreset) -> list[dict[str, Any]]:
    """The preset's parts in order (``PresetPartOut``), each with its rows (with their subject)
    and its question count and raw maximum. Three queries."""
    out = []
    for part in preset.parts.order_by("position").prefetch_related("items__preset_subject"):
        items = [
            {
                "subject_id": i.preset_subject.subject_id,
                "cluster_id": i.cluster_id,
                "complexity_level_id": i.complexity_level_id,
                "count": i.count,
            }
            for i in part.items.all()
        ]
        count = sum(i.count for i in part.items.all())
        out.append(
            {
                "position": part.position + 1,
                "name_vi": part.name_vi,
                "name_en": part.name_en,
                "name": part_name(part.name_vi, part.name_en, part.position),
                "question_type": part.question_type,
                "points_per_question": part.points_per_question,
                "question_count": count,
                "max_score": part.points_per_question * count,
                "items": items,
            }
        )
    return out


def preset_detail(preset: TestPreset) -> dict[str, Any]:
    """A preset (``PresetOut``): its fields, the blueprint (``subjects`` in order with their rows
    outside parts), its ``parts`` (decision 0056), ``max_score`` (``assessments.parts.
    preset_max_score``, raw points), the reporting scale (``score_scale``, ``scale_max``),
    ``round_name``, ``question_count`` of the shared form, the ``batches`` and the forms'
    expected means (``form_expectations``). Sixteen queries at most."""
    subjects = [
        {
            "subject_id": s.subject_id,
            "items": [
                {"cluster_id": i.cluster_id, "complexity_level_id": i.complexity_level_id, "count": i.count}
                for i in s.items.all()
                if i.part_id is None
            ],
        }
        for s in preset.subjects.prefetch_related("items")
    ]
    return {
        **{f: getattr(preset, f) for f in PRESET_FIELDS},
        "max_score": preset_max_score(preset),
        "round_name": preset.round.name if preset.round_id else "",
        "subjects": subjects,
        "parts": preset_parts(preset),
        "question_count": preset.form.count(),
        "batches": [batch_row(b) for b in preset.batches.all()],
        "form_expectations": form_expectations(preset),
    }


def preset_list(
    *,
    page: int,
    limit: int,
    search: str = "",
    order_by: str = "",
    status: str = "",
    test_bank_id: int | None = None,
) -> tuple[list[dict[str, Any]], dict[str, int]]:
    """Presets (``PresetRowOut``) by name search, ``status`` and test bank, newest change first
    unless ``order_by`` (name, updated_at, created_at, grade, ends_at), each with
    ``question_count``, ``batch_count``, ``subject_ids`` in blueprint order and the
    ``test_bank_ids`` it is in. Two queries."""
    subject_ids = (
        PresetSubject.objects.filter(preset=OuterRef("pk"))
        .order_by()
        .values("preset")
        .annotate(ids=ArrayAgg("subject_id", order_by="position"))
        .values("ids")
    )
    test_bank_ids = (
        TestBank.presets.through.objects.filter(testpreset=OuterRef("pk"))
        .order_by()
        .values("testpreset")
        .annotate(ids=ArrayAgg("testbank_id", order_by="testbank_id"))
        .values("ids")
    )
    qs = TestPreset.objects.select_related("round").annotate(
        question_count=Count("form", distinct=True),
        batch_count=Count("batches", distinct=True),
        subject_ids=Subquery(subject_ids),
        test_bank_ids=Subquery(test_bank_ids),
    )
    if search:
        qs = qs.filter(name__icontains=search)
    if status:
        qs = qs.filter(status=status)
    if test_bank_id:
        qs = qs.filter(test_banks=test_bank_id)
    rows, meta = paginate(
        qs.order_by(*order_by_checked(order_by, PRESET_ORDER, "-updated_at")), page=page, limit=limit
    )
    items = [
        {
            "id": p.pk,
            "name": p.name,
            "grade": p.grade,
            "status": p.status,
            "round_name": p.round.name if p.round else "",
            "question_count": p.question_count,
            "batch_count": p.batch_count,
            "subject_ids": p.subject_ids or [],
            "test_bank_ids": p.test_bank_ids or [],
            "starts_at": p.starts_at,
            "ends_at": p.ends_at,
            "updated_at": p.updated_at,
        }
        for p in rows
    ]
    return items, meta


def form_row(row: PresetQuestion) -> dict[str, Any]:
    """A row of a generated form (``FormQuestionOut``): the question as in /api/v1/questions."""
    return {"id": row.pk, "position": row.position, "question": question_row(row.question)}


def preset_form(preset: TestPreset) -> list[dict[str, Any]]:
    """The preset's generated form in order (``FormQuestionOut``). Two queries."""
    rows = preset.form.select_related(
        "question__stimulus",
        "question__subject",
        "question__topic",
        "question__subtopic",
        "question__complexity_level",
        "question__cognitive_domain",
    )
    return [form_row(r) for r in rows]


def bank_subject(bank_id: int | str) -> AccessSubject:
    """The access log's subject of a question bank's export (issue 24, item 4;
    ``privacy.access.private_file``): the bank and its name. One query."""
    bank = QuestionBank.objects.only("id", "name").get(pk=int(bank_id))
    return AccessSubject(object_type="question_bank", object_id=bank.pk, label=bank.name)
