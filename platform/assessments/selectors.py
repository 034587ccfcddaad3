"""Reads of the authoring API: lists with search, filters, sort and paging; details."""

from __future__ import annotations

from typing import Any

from django.db.models import Count, Q, QuerySet
from django.utils import translation

from assessments.models import MatrixCluster, Question, QuestionBank, QuestionTransition, Subject, TestBank
from assessments.services.questions import question_missing
from config.envelope import order_by_checked, paginate

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
    qs: QuerySet[QuestionBank] = QuestionBank.objects.annotate(
        question_count=Count(
            "questions", filter=~Q(questions__status=Question.Status.SUPERSEDED), distinct=True
        ),
        folder_count=Count("children", distinct=True),
    )
    if search:
        qs = qs.filter(name__icontains=search)
    elif not all_levels:
        qs = qs.filter(parent_id=parent_id)
    qs = qs.order_by(*order_by_checked(order_by, BANK_ORDER, "name"))
    return paginate(qs, page=page, limit=limit)


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
            "subject", "topic", "subtopic", "complexity_level", "cognitive_domain"
        )
        .filter(status=Question.Status.SUBMITTED)
        .exclude(created_by_profile_id=reviewer_profile_id)
        .order_by("submitted_at", "id")
    )
    return paginate(qs, page=page, limit=limit)


def _cluster_ref(cluster: MatrixCluster | None) -> dict[str, Any] | None:
    return {"id": cluster.pk, "code": cluster.code, "description": cluster.description} if cluster else None


def subject_name(subject: Subject | None) -> str:
    if subject is None:
        return ""
    return subject.name_en if translation.get_language() == "en" else subject.name_vi


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
        "created_by_name": q.created_by_name,
        "updated_at": q.updated_at,
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
        "created_by_profile_id": q.created_by_profile_id,
        "created_by_name": q.created_by_name,
        "created_at": q.created_at,
        "updated_at": q.updated_at,
        "published_at": q.published_at,
    }


def question_history(question_id: int) -> list[QuestionTransition]:
    """Every transition of every version of the question's family, oldest first."""
    q = Question.objects.filter(pk=question_id).values("pk", "root_id").first()
    if q is None:
        return []
    root = q["root_id"] or q["pk"]
    return list(
        QuestionTransition.objects.filter(Q(question_id=root) | Q(question__root_id=root))
        .select_related("question")
        .order_by("id")
    )


def cluster_list(*, type: str = "", search: str = "") -> list[MatrixCluster]:  # noqa: A002
    """All clusters of the organization (a matrix is small), optionally of one type. One query."""
    qs = MatrixCluster.objects.select_related("parent", "subject")
    if type:
        qs = qs.filter(type=type)
    if search:
        qs = qs.filter(Q(code__icontains=search) | Q(description__icontains=search))
    return list(qs.order_by("type", "position", "code"))


def test_bank_list(
    *, page: int, limit: int, search: str = "", order_by: str = ""
) -> tuple[list[TestBank], dict[str, int]]:
    qs = TestBank.objects.annotate(question_count=Count("questions"))
    if search:
        qs = qs.filter(name__icontains=search)
    qs = qs.order_by(*order_by_checked(order_by, TEST_BANK_ORDER, "name"))
    return paginate(qs, page=page, limit=limit)
