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
from privacy.registry import Basis, Category, Measure, Recipient, Subject, columns, describe, not_personal
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


# --- the registry of personal data (issue 37, item 7; decision 0050) -------------------------------

describe(
    Category(
        key="survey_submissions",
        name=Text("Khảo sát hướng nghiệp", "Career surveys"),
        data=Text(
            "Bài khảo sát của người học: tên, e-mail, câu trả lời từng mệnh đề, điểm theo nhóm, mã "
            "Holland (hồ sơ sở thích nghề nghiệp), các thời điểm, báo cáo đã mở khóa.",
            "A learner's survey: name, e-mail, the answer to each statement, the scores by group, "
            "the Holland code (a profile of career interests), the times, the unlocked report.",
        ),
        fields=columns(
            "surveys.Submission",
            "survey learner_profile_id learner_user_id learner_name learner_email enrollment_id source "
            "status order started_at deadline_at completed_at closed_at scores holland_code "
            "report_unlocked report_transaction_id created_at updated_at",
        )
        + columns("surveys.SubmissionAnswer", "submission statement value saved_at"),
        subjects=(Subject.LEARNER, Subject.MINOR),
        purposes=Text(
            "Định hướng nghề nghiệp cho người học và báo cáo cho họ.",
            "Career guidance for the learner and their report.",
        ),
        basis=(Basis.CONSENT,),
        retention=lambda facts: Text(
            "Đến khi tài khoản bị xóa; khi đó câu trả lời, điểm và mã Holland bị xóa, bài khảo sát được "
            "giữ không còn tên.",
            "Until the account is deleted; then the answers, scores and Holland code are deleted "
            "and the submission stays with no name.",
        ),
        recipients=(Recipient.ORGANIZATION, Recipient.PARENT),
        measures=(Measure.ROLES, Measure.SCHEMA_PER_ORGANIZATION, Measure.ACCESS_LOG, Measure.ERASURE),
    )
)

not_personal(
    "surveys.Survey",
    "name name_en description description_en scale groups time_limit_minutes starts_at ends_at "
    "status is_default published_at closed_at created_at updated_at",
    why="the survey as written, the same for every learner (its author is in the authorship category)",
)
not_personal("surveys.SurveyStatement", "survey group text position", why="the survey's statements")
