"""The "THPT 2025 format" template (issue 39 item 2; decision 0056): the parts, question counts,
points and duration of the national graduation exam (kỳ thi tốt nghiệp THPT) from 2025, per
subject, as the Ministry of Education and Training (Bộ GD&ĐT) published its format with the
reference papers (December 2023; decision 0056 records the table and its sources).

Every multiple-choice subject has up to three parts: phần I four-option questions (one right,
0.25 point each), phần II Đúng/Sai sets (1 point each, scored by ``assessments.matching``),
phần III short numeric answers (0.5 point each in Mathematics, 0.25 in the other subjects); a
foreign language is 40 four-option questions. Each subject totals exactly 10
(``assessments/tests/test_parts.py`` checks it). Literature (Ngữ văn) is an essay of 120 minutes
and has no template.

``template_fill`` turns a subject's row into the preset form's fields (parts with their blueprint
rows, duration, a scale out of 10), choosing for each part the subject's topics that hold
published questions of the part's type at the grade, so that a preset made from it can be
generated when the bank has enough questions.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.db.models import Count
from django.utils.translation import gettext as _

from assessments.error_codes import AuthoringErrorCode as Code
from assessments.models import MatrixCluster, Question, Subject, TestPreset
from config.errors import ApplicationError, not_found
from config.i18n import localized

T = Question.Type

SOURCE = (
    "Bộ GD&ĐT, định dạng đề thi tốt nghiệp THPT từ năm 2025 (công bố cùng đề minh họa, 12/2023); "
    "Thông tư 24/2024/TT-BGDĐT"
)
"""Where the table comes from (decision 0056 gives the documents and the pages read)."""

GRADE = 12
"""The exam's grade, the template's default."""


@dataclass(frozen=True)
class PartFormat:
    """One part of a subject's format: its question type, how many questions, points each, and
    its names (Vietnamese as on the exam paper, English)."""

    question_type: str
    count: int
    points: Decimal
    name_vi: str
    name_en: str

    @property
    def total(self) -> Decimal:
        return self.points * self.count


@dataclass(frozen=True)
class SubjectFormat:
    """A subject's format: minutes and parts in order."""

    duration_minutes: int
    parts: tuple[PartFormat, ...]

    @property
    def total(self) -> Decimal:
        return sum((p.total for p in self.parts), Decimal(0))

    @property
    def question_count(self) -> int:
        return sum(p.count for p in self.parts)


def _part_i(count: int) -> PartFormat:
    return PartFormat(
        T.SINGLE_CHOICE,
        count,
        Decimal("0.25"),
        "Phần I. Trắc nghiệm nhiều phương án lựa chọn",
        "Part I. Four-option multiple choice",
    )


PART_II = PartFormat(
    T.TRUE_FALSE_SET, 4, Decimal(1), "Phần II. Trắc nghiệm đúng sai", "Part II. True/false questions"
)


def _part_iii(count: int, points: str) -> PartFormat:
    return PartFormat(
        T.NUMERIC, count, Decimal(points), "Phần III. Trắc nghiệm trả lời ngắn", "Part III. Short answers"
    )


SCIENCE = SubjectFormat(50, (_part_i(18), PART_II, _part_iii(6, "0.25")))
"""Physics, Chemistry, Biology, Geography: 18 + 4 + 6 questions in 50 minutes (4.5 + 4 + 1.5)."""
FOUR_AND_TWENTY = SubjectFormat(50, (_part_i(24), PART_II))
"""History, Economics and Law education, Informatics, Technology: 24 + 4 in 50 minutes (6 + 4)."""

THPT_2025: dict[str, SubjectFormat] = {
    # Subject codes of the organization's default subjects (assessments migration 0002).
    "toan": SubjectFormat(90, (_part_i(12), PART_II, _part_iii(6, "0.5"))),  # 3 + 4 + 3
    "vat-ly": SCIENCE,
    "hoa-hoc": SCIENCE,
    "sinh-hoc": SCIENCE,
    "dia-ly": SCIENCE,
    "lich-su": FOUR_AND_TWENTY,
    "gdcd": FOUR_AND_TWENTY,  # Giáo dục kinh tế và pháp luật, GDCD's successor in upper secondary
    "tin-hoc": FOUR_AND_TWENTY,
    "cong-nghe": FOUR_AND_TWENTY,
    "tieng-anh": SubjectFormat(50, (_part_i(40),)),  # foreign languages: 40 four-option questions
}
"""The THPT 2025 format by subject code. Literature (``ngu-van``, an essay) has none."""


def template_subjects() -> list[dict[str, Any]]:
    """The organization's subjects that have a THPT 2025 template, in the subjects' order:
    ``[{"subject_id", "code", "name", "duration_minutes", "question_count", "max_score",
    "parts": [{"question_type", "count", "points_per_question"}]}]`` (``PresetTemplateSubjectOut``).
    One query."""
    rows = []
    for subject in Subject.objects.filter(code__in=THPT_2025).order_by("position", "id"):
        fmt = THPT_2025[subject.code]
        rows.append(
            {
                "subject_id": subject.pk,
                "code": subject.code,
                "name": localized(subject, "name"),
                "duration_minutes": fmt.duration_minutes,
                "question_count": fmt.question_count,
                "max_score": fmt.total,
                "parts": [
                    {"question_type": p.question_type, "count": p.count, "points_per_question": p.points}
                    for p in fmt.parts
                ],
            }
        )
    return rows


def _topics(subject: Subject, question_type: str, grade: int) -> list[tuple[int, int]]:
    """``[(topic id, published questions of the type at the grade)]`` of the subject's topics
    (its own and those of no subject) that hold any, most first, then in matrix order."""
    counts = dict(
        Question.objects.filter(
            status=Question.Status.PUBLISHED, subject=subject, grade=grade, type=question_type
        )
        .exclude(topic=None)
        .values_list("topic_id")
        .annotate(n=Count("id"))
        .order_by()
    )
    topics = MatrixCluster.objects.filter(type=MatrixCluster.Type.TOPIC, pk__in=counts)
    ordered = sorted(topics, key=lambda t: (-counts[t.pk], t.position, t.code))
    return [(t.pk, counts[t.pk]) for t in ordered]


def _rows(subject: Subject, part: PartFormat, grade: int) -> list[dict[str, Any]]:
    """The blueprint rows of a part: its count spread over the subject's topics that have
    questions of the part's type, as many from each as it holds (the most stocked first); what
    they cannot give goes to the first of them (generation then says what is missing). Without
    any such topic, one row without a cluster for the educator to choose."""
    topics = _topics(subject, part.question_type, grade)
    if not topics:
        return [
            {"subject_id": subject.pk, "cluster_id": None, "complexity_level_id": None, "count": part.count}
        ]
    left, counts = part.count, {}
    for topic_id, available in topics:
        take = min(available, left)
        if take:
            counts[topic_id] = take
            left -= take
    if left:
        first = topics[0][0]
        counts[first] = counts.get(first, 0) + left
    return [
        {"subject_id": subject.pk, "cluster_id": topic_id, "complexity_level_id": None, "count": n}
        for topic_id, n in counts.items()
    ]


def template_fill(*, subject_id: int, grade: int | None = None) -> dict[str, Any]:
    """The preset form's fields for the THPT 2025 template of ``subject_id`` at ``grade`` (12 when
    omitted), ``PresetTemplateOut``: ``subject_id``, ``grade``, ``duration_minutes``,
    ``score_scale`` ``ten``, ``subjects`` (the subject, with no rows of its own), ``parts`` (names,
    question type, points per question, rows from ``_rows``), ``max_score`` (10), ``source``.
    Nothing is saved: the educator reviews the form and saves it. 404 for a subject of no
    template's organization; 400 ``no_template`` for a subject without a format (Literature is an
    essay)."""
    subject = Subject.objects.filter(pk=subject_id).first()
    if subject is None:
        raise not_found(_("Subject not found."))
    fmt = THPT_2025.get(subject.code)
    if fmt is None:
        raise ApplicationError(
            Code.NO_TEMPLATE,
            _("%(subject)s has no THPT 2025 multiple-choice format (Literature is an essay).")
            % {"subject": localized(subject, "name")},
            status=400,
        )
    grade = grade or GRADE
    return {
        "subject_id": subject.pk,
        "grade": grade,
        "duration_minutes": fmt.duration_minutes,
        "score_scale": TestPreset.ScoreScale.TEN,
        "subjects": [{"subject_id": subject.pk, "items": []}],
        "parts": [
            {
                "name_vi": part.name_vi,
                "name_en": part.name_en,
                "question_type": part.question_type,
                "points_per_question": part.points,
                "items": _rows(subject, part, grade),
            }
            for part in fmt.parts
        ],
        "max_score": fmt.total,
        "source": SOURCE,
    }
