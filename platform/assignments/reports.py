"""Result breakdown and the advanced report (issue 7, items 6 and 7; spec section 5).

``breakdown(attempt)`` groups an attempt's points by subject and by matrix cluster (topic,
complexity level, cognitive domain). The advanced report adds the learner's standing among all
released, non-voided attempts of the preset: percentile, cohort mean/median and a score
histogram, and per-cluster comparison with the cohort, from which strengths (>= 75 % and at or
above the cohort) and weaknesses (< 50 %) are listed, and the points of each shared stimulus
against the cohort, the stimulus named (decision 0054); it is stored with a PDF (reportlab)."""

from __future__ import annotations

import io
import statistics
from collections import defaultdict
from datetime import timedelta
from decimal import Decimal
from html import unescape
from typing import Any

from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.db import connection
from django.utils import timezone
from django.utils.html import strip_tags
from django.utils.translation import gettext as _

from assessments.models import MatrixCluster, Question
from assessments.scale import Scale, to_scale
from assessments.selectors import stimuli_shown
from assignments.models import AdvancedReport, Assignment, Attempt
from assignments.scores import attempt_score
from config.errors import ApplicationError
from config.i18n import format_number, format_score, localized, pick
from config.media import private_name
from config.pdf import markup_text, pdf_fonts

DIMENSIONS = ("subject", "topic", "complexity_level", "cognitive_domain")


def _labels(questions: list[Question]) -> dict[str, dict[int, str]]:
    """Names by dimension and id: subjects in the reader's language (the other language when
    blank, ``config.i18n.localized``), clusters as "code label" (``MatrixCluster.name``: the
    reader's half of a bilingual description)."""
    cluster_ids = {
        getattr(q, f"{d}_id") for q in questions for d in DIMENSIONS[1:] if getattr(q, f"{d}_id") is not None
    }
    clusters = {c.pk: c.name for c in MatrixCluster.objects.filter(pk__in=cluster_ids)}
    subjects = {q.subject_id: localized(q.subject, "name") for q in questions if q.subject_id}
    return {"subject": subjects, **{d: clusters for d in DIMENSIONS[1:]}}


def _per_question(attempt: Attempt) -> dict[int, tuple[Decimal, Decimal]]:
    scores = {a.question_id: a.score or Decimal(0) for a in attempt.answers.all()}
    return {
        qid: (scores.get(qid, Decimal(0)), Decimal(attempt.points.get(str(qid), "1")))
        for qid in attempt.question_ids
    }


def breakdown(attempt: Attempt, questions: list[Question] | None = None) -> dict[str, list[dict[str, Any]]]:
    """``{dimension: [{"id", "name", "score", "max", "percent"}]}`` for subject, topic,
    complexity_level and cognitive_domain."""
    if questions is None:
        questions = list(Question.objects.select_related("subject").filter(pk__in=attempt.question_ids))
    labels = _labels(questions)
    points = _per_question(attempt)
    out: dict[str, list[dict[str, Any]]] = {}
    for dim in DIMENSIONS:
        groups: dict[int, list[Decimal]] = defaultdict(lambda: [Decimal(0), Decimal(0)])
        for q in questions:
            key = getattr(q, f"{dim}_id")
            if key is None:
                continue
            got, most = points.get(q.pk, (Decimal(0), Decimal(0)))
            groups[key][0] += got
            groups[key][1] += most
        out[dim] = [
            {
                "id": key,
                "name": labels[dim].get(key, str(key)),
                "score": float(got),
                "max": float(most),
                "percent": round(float(got / most * 100), 1) if most else 0.0,
            }
            for key, (got, most) in sorted(groups.items())
        ]
    return out


def stimulus_breakdown(attempt: Attempt, questions: list[Question]) -> list[dict[str, Any]]:
    """An attempt's points by shared stimulus (decision 0054), in the test's order:
    ``[{"id", "first", "last", "score", "max", "percent"}]``, ``first``/``last`` the numbers (from
    1) of the stimulus' first and last question in this attempt. Empty without a stimulus."""
    stimulus_of = {q.pk: q.stimulus_id for q in questions if q.stimulus_id}
    points = _per_question(attempt)
    rows: dict[int, dict[str, Any]] = {}
    for number, qid in enumerate(attempt.question_ids, start=1):
        stimulus_id = stimulus_of.get(qid)
        if stimulus_id is None:
            continue
        got, most = points.get(qid, (Decimal(0), Decimal(0)))
        row = rows.setdefault(
            stimulus_id, {"id": stimulus_id, "first": number, "score": Decimal(0), "max": Decimal(0)}
        )
        row["last"] = number
        row["score"] += got
        row["max"] += most
    return [
        {
            **row,
            "score": float(row["score"]),
            "max": float(row["max"]),
            "percent": round(float(row["score"] / row["max"] * 100), 1) if row["max"] else 0.0,
        }
        for row in rows.values()
    ]


def _plain_title(title: dict[str, str]) -> dict[str, str]:
    return {lang: unescape(strip_tags(title.get(lang, ""))).strip() for lang in ("vi", "en")}


def availability(assignment: Assignment, attempt: Attempt | None, now=None) -> tuple[bool, str]:
    """(available, reason code): bought with the add-on, the test ended (batch expiry or the
    preset's end date) and the result released."""
    now = now or timezone.now()
    if not assignment.advanced_report:
        return False, "report_not_purchased"
    end = assignment.batch.expires_at if assignment.batch_id else assignment.preset.ends_at
    if end and now < end:
        return False, "test_not_ended"
    if attempt is None or attempt.released_at is None:
        return False, "result_not_released"
    return True, ""


def next_generation_at(assignment: Assignment, attempt: Attempt) -> Any:
    last = attempt.reports.first()
    if last is None:
        return None
    return last.generated_at + timedelta(minutes=assignment.preset.report_wait_minutes)


def report_generate(*, assignment: Assignment, attempt: Attempt, learner_name: str) -> AdvancedReport:
    """Compute and store a new report with its PDF. 409 with the availability reason, or
    ``report_wait`` (``retry_at``) during the wait period."""
    available, reason = availability(assignment, attempt)
    if not available:
        raise ApplicationError(reason, _("The advanced report is not available yet."), status=409)
    now = timezone.now()
    retry = next_generation_at(assignment, attempt)
    if retry and now < retry:
        raise ApplicationError(
            "report_wait",
            _("A new report can be generated after the wait period."),
            status=409,
            extra={"retry_at": retry.isoformat()},
        )
    cohort = list(
        Attempt.objects.filter(
            assignment__preset_id=assignment.preset_id,
            released_at__isnull=False,
            voided=False,
            score__isnull=False,
        ).prefetch_related("answers")
    )
    questions = list(
        Question.objects.select_related("subject").filter(
            pk__in={qid for t in cohort for qid in t.question_ids} | set(attempt.question_ids)
        )
    )
    by_id = {q.pk: q for q in questions}
    mine = breakdown(attempt, [by_id[q] for q in attempt.question_ids if q in by_id])
    scores = [float(t.score) for t in cohort]
    my = float(attempt.score or 0)
    below = sum(1 for s in scores if s < my)
    equal = sum(1 for s in scores if s == my)
    percentile = round(100 * (below + 0.5 * equal) / len(scores), 1) if scores else 100.0
    top = float(attempt.max_score) or 1.0
    histogram = [0] * 10
    for s in scores:
        histogram[min(9, int(s / top * 10))] += 1
    cohort_percent: dict[str, dict[int, list[float]]] = {d: defaultdict(list) for d in DIMENSIONS}
    for t in cohort:
        for dim, rows in breakdown(t, [by_id[q] for q in t.question_ids if q in by_id]).items():
            for row in rows:
                cohort_percent[dim][row["id"]].append(row["percent"])
    for dim, rows in mine.items():
        for row in rows:
            values = cohort_percent[dim].get(row["id"]) or [row["percent"]]
            row["cohort_percent"] = round(statistics.fmean(values), 1)
    clusters = [r for dim in DIMENSIONS[1:] for r in mine[dim]]
    stimuli = stimulus_breakdown(attempt, [by_id[q] for q in attempt.question_ids if q in by_id])
    if stimuli:  # the cohort's mean percent on each shared stimulus among those who had it
        stimulus_percent: dict[int, list[float]] = defaultdict(list)
        for t in cohort:
            for row in stimulus_breakdown(t, [by_id[q] for q in t.question_ids if q in by_id]):
                stimulus_percent[row["id"]].append(row["percent"])
        titles = {s["id"]: _plain_title(s["title"]) for s in stimuli_shown([row["id"] for row in stimuli])}
        for row in stimuli:
            row["title"] = titles.get(row["id"], {"vi": "", "en": ""})
            row["cohort_percent"] = round(
                statistics.fmean(stimulus_percent.get(row["id"]) or [row["percent"]]), 1
            )
    # The score on the preset's reporting scale, as every screen shows it (decision 0056), and the
    # cohort's mean and median on it; the parts' subtotals.
    scale = Scale.of(assignment.preset)
    shown = attempt_score(attempt, assignment.preset)
    cohort_mean = statistics.fmean(scores) if scores else my
    cohort_median = statistics.median(scores) if scores else my
    data = {
        "test_name": assignment.preset.name,
        "learner_name": learner_name,
        "score": my,
        "max_score": float(attempt.max_score),
        "scale_score": shown["scale_score"],
        "scale_max": shown["scale_max"],
        "scale_cohort_mean": float(to_scale(Decimal(str(cohort_mean)), attempt.max_score, scale)),
        "scale_cohort_median": float(to_scale(Decimal(str(cohort_median)), attempt.max_score, scale)),
        "parts": shown["parts"],
        "percent": round(my / top * 100, 1),
        "result": attempt.result,
        "percentile": percentile,
        "takers": len(scores),
        "cohort_mean": round(cohort_mean, 2),
        "cohort_median": round(cohort_median, 2),
        "histogram": histogram,
        "breakdown": mine,
        "stimuli": stimuli,
        "strengths": [
            r["name"] for r in clusters if r["percent"] >= 75 and r["percent"] >= r["cohort_percent"]
        ],
        "weaknesses": [r["name"] for r in clusters if r["percent"] < 50],
        "generated_at": now.isoformat(),
    }
    report = AdvancedReport.objects.create(attempt=attempt, data=data)
    # A random name: ids made report PDFs guessable (issue 16, item 2).
    name = private_name(kind="reports", extension="pdf", schema_name=connection.schema_name)
    report.pdf = default_storage.save(name, ContentFile(report_pdf(data)))
    report.save(update_fields=["pdf"])
    return report


def _score_cells(row: dict[str, Any]) -> list[str]:
    """A breakdown row's "score/max", percent and cohort percent, in the reader's numbers."""
    return [
        f"{format_number(row['score'])}/{format_number(row['max'])}",
        format_number(row["percent"]),
        format_number(row["cohort_percent"]),
    ]


def _score_table(rows: list[list[Any]], font: str) -> Any:
    """A breakdown table of the report's PDF: the name, score, percent and cohort percent
    columns, its heading row shaded."""
    from reportlab.lib import colors
    from reportlab.lib.units import cm
    from reportlab.platypus import Table, TableStyle

    table = Table(rows, colWidths=[8 * cm, 3 * cm, 2.5 * cm, 2.5 * cm])
    table.setStyle(
        TableStyle(
            [
                ("FONTNAME", (0, 0), (-1, -1), font),
                ("GRID", (0, 0), (-1, -1), 0.3, colors.grey),
                ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#eef2ff")),
            ]
        )
    )
    return table


def report_pdf(data: dict[str, Any]) -> bytes:
    """The report as an A4 PDF: headline figures (the score, each part's subtotal and the cohort's
    mean and median on the preset's reporting scale, "8,75/10": ``config.i18n.format_score``,
    decision 0056), a bar chart of the learner against the cohort by topic, and the breakdown
    tables. Uses reportlab with a Unicode font for Vietnamese; every
    text put into a paragraph is escaped (``config.pdf.markup_text``, issue 16 item 7)."""
    from reportlab.graphics.charts.barcharts import HorizontalBarChart
    from reportlab.graphics.shapes import Drawing
    from reportlab.lib import colors
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.styles import getSampleStyleSheet
    from reportlab.lib.units import cm
    from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

    font = pdf_fonts()[0]
    styles = getSampleStyleSheet()
    for style in styles.byName.values():
        style.fontName = font
    buf = io.BytesIO()
    doc = SimpleDocTemplate(
        buf, pagesize=A4, title=_("Advanced report"), leftMargin=2 * cm, rightMargin=2 * cm
    )
    story = [
        Paragraph(markup_text(_("Advanced report")), styles["Title"]),
        Paragraph(markup_text(f"{data['test_name']} — {data['learner_name']}"), styles["Heading2"]),
        Spacer(1, 0.3 * cm),
    ]
    top = data.get("scale_max")
    if top is None:  # a report stored before decision 0056: raw points
        top, mine = data["max_score"], data["score"]
        mean, median = data["cohort_mean"], data["cohort_median"]
    else:
        mine, mean, median = data["scale_score"], data["scale_cohort_mean"], data["scale_cohort_median"]
    figures = [
        [_("Score"), f"{format_score(mine, top)} ({format_number(data['percent'])} %)"],
        *(
            [part["name"], format_score(part["scale_score"] or 0, part["scale_max"])]
            for part in data.get("parts", [])
        ),
        [_("Percentile"), format_number(data["percentile"])],
        [_("Takers"), str(data["takers"])],
        [_("Cohort mean"), format_score(mean, top)],
        [_("Cohort median"), format_score(median, top)],
    ]
    table = Table(figures, colWidths=[6 * cm, 10 * cm])
    table.setStyle(
        TableStyle([("FONTNAME", (0, 0), (-1, -1), font), ("GRID", (0, 0), (-1, -1), 0.3, colors.grey)])
    )
    story += [table, Spacer(1, 0.4 * cm)]
    topics = data["breakdown"].get("topic", [])[:12]
    if topics:
        drawing = Drawing(16 * cm, max(4, len(topics)) * 0.9 * cm + 1 * cm)
        chart = HorizontalBarChart()
        chart.x, chart.y, chart.width, chart.height = (
            5 * cm,
            0.5 * cm,
            10 * cm,
            max(4, len(topics)) * 0.9 * cm,
        )
        chart.data = [[r["percent"] for r in topics], [r["cohort_percent"] for r in topics]]
        chart.valueAxis.valueMin, chart.valueAxis.valueMax = 0, 100
        chart.categoryAxis.categoryNames = [r["name"][:30] for r in topics]
        chart.categoryAxis.labels.fontName = font
        chart.valueAxis.labels.fontName = font
        chart.bars[0].fillColor = colors.HexColor("#1d4ed8")
        chart.bars[1].fillColor = colors.HexColor("#9ca3af")
        drawing.add(chart)
        story += [
            Paragraph(
                markup_text(_("By topic: you (blue) and the cohort (grey), percent")), styles["Heading3"]
            ),
            drawing,
        ]
    for title, key in ((_("Strengths"), "strengths"), (_("To work on"), "weaknesses")):
        story.append(Paragraph(markup_text(title), styles["Heading3"]))
        story.append(Paragraph(markup_text(", ".join(data[key]) or "—"), styles["BodyText"]))
    if data.get("stimuli"):  # the shared stimuli, named (decision 0054)
        rows = [[_("Shared stimulus"), _("Score"), "%", _("Cohort %")]] + [
            [
                Paragraph(
                    markup_text(
                        _("Questions %(first)d–%(last)d: %(title)s")
                        % {
                            "first": r["first"],
                            "last": r["last"],
                            "title": pick(r["title"]["vi"], r["title"]["en"]),
                        }
                    ),
                    styles["BodyText"],
                ),
                *_score_cells(r),
            ]
            for r in data["stimuli"]
        ]
        story += [Spacer(1, 0.3 * cm), _score_table(rows, font)]
    for dim, title in (
        ("subject", _("Subjects")),
        ("complexity_level", _("Complexity levels")),
        ("cognitive_domain", _("Cognitive domains")),
    ):
        rows = [[title, _("Score"), "%", _("Cohort %")]] + [
            [
                r["name"][:50],
                *_score_cells(r),
            ]
            for r in data["breakdown"].get(dim, [])
        ]
        story += [Spacer(1, 0.3 * cm), _score_table(rows, font)]
    doc.build(story)
    return buf.getvalue()
