"""A learner's career surveys in each organization, as personal data (issue 24, item 5;
decision 0022). Registered with ``data_requests.sources``; runs in each of the person's
organizations (``Person.organizations``), never in every schema.

Export, per organization: ``organizations/<slug>/surveys.json`` (each submission: the survey,
status, times, every answer with its statement and the scale's label, the scores and the
Holland code) and, for an unlocked completed report, its PDF as the learner downloads it.

Deletion: the answers, the scores and the Holland code deleted (the code is the answers'
summary: a profile of the person's interests); the submission stays with its status and
times, the learner's name replaced by the deleted-learner label and no e-mail, so the survey's
counts still add up.
"""

from __future__ import annotations

from collections.abc import Callable

from data_requests.personal_data import iso
from data_requests.sources import ExportPart, Person, Text, register
from surveys import reports
from surveys.models import Submission, SubmissionAnswer
from tenants.scope import organization_schema


def _submissions(person: Person):
    return Submission.objects.filter(learner_profile_id__in=person.profile_ids).select_related("survey")


@register
class SurveysSource:
    name = "surveys"

    def export(self, person: Person) -> list[ExportPart]:
        parts: list[ExportPart] = []
        for org in person.organizations:
            folder = f"organizations/{org.slug}"
            with organization_schema(org.schema_name):
                submissions = list(_submissions(person).order_by("created_at", "id"))
                if not submissions:
                    continue
                answers: dict[int, list[SubmissionAnswer]] = {}
                for a in (
                    SubmissionAnswer.objects.filter(submission__in=submissions)
                    .select_related("statement")
                    .order_by("statement__position", "id")
                ):
                    answers.setdefault(a.submission_id, []).append(a)
                document = {
                    "organization": org.name,
                    "surveys": [
                        {
                            "survey": s.survey.shown_name,
                            "status": s.status,
                            "started_at": iso(s.started_at),
                            "completed_at": iso(s.completed_at),
                            "holland_code": s.holland_code,
                            "scores": s.scores,
                            "answers": [
                                {
                                    "group": a.statement.group,
                                    "statement": a.statement.text,
                                    "value": a.value,
                                    "label": next(
                                        (x.get("label") for x in s.survey.scale if x.get("value") == a.value),
                                        None,
                                    ),
                                    "saved_at": iso(a.saved_at),
                                }
                                for a in answers.get(s.pk, [])
                            ],
                        }
                        for s in submissions
                    ],
                }
                parts.append(
                    ExportPart(
                        path=f"{folder}/surveys.json",
                        about=Text(
                            f"Các khảo sát hướng nghiệp của bạn ở {org.name}: câu trả lời, điểm theo nhóm, mã Holland.",
                            f"Your career surveys at {org.name}: answers, group scores, Holland code.",
                        ),
                        data=document,
                    )
                )
                for s in submissions:
                    if s.report_unlocked and s.status == Submission.Status.COMPLETED:
                        parts.append(
                            ExportPart(
                                path=f"{folder}/survey-report-{s.pk}.pdf",
                                about=Text(
                                    "Báo cáo hướng nghiệp đầy đủ (PDF).", "The full career report (PDF)."
                                ),
                                data=reports.report_pdf(submission=s, organization_name=org.name),
                            )
                        )
        return parts

    def erase(self, person: Person, label: Callable[[str], str]) -> dict[str, int]:
        counts = {"survey_answers": 0, "submissions": 0}
        for org in person.organizations:
            with organization_schema(org.schema_name):
                submissions = _submissions(person)
                counts["survey_answers"] += SubmissionAnswer.objects.filter(
                    submission__in=submissions
                ).delete()[0]
                counts["submissions"] += submissions.update(
                    learner_name=label(org.language), learner_email="", scores={}, holland_code="", order=[]
                )
        return counts
