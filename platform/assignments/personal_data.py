"""A learner's tests in each organization, as personal data (issue 24, item 5; decision 0022):
what the copy of their data holds and what a deletion removes. Registered with
``data_requests.sources``, which imports this module; runs in each of the person's
organizations (``Person.organizations``, from their enrollments), never in every schema.

Export, per organization: ``organizations/<slug>/tests.json`` (assignments, attempts, answers
with the question as shown; scores, results and graders' comments only once released to the
learner, as the learner's own pages show them; integrity events) and the files: the
surroundings video, each attempt's proctoring video, the advanced reports' PDFs.

Deletion: videos and report PDFs deleted from storage (the deletion times recorded), answers,
integrity events, advanced reports and accommodations deleted; assignments and attempts stay,
with the learner's name replaced by the deleted-learner label (in the organization's language)
and no e-mail, so the gradebook's figures and the organization's counts still add up.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.utils import timezone

from assignments.models import (
    Accommodation,
    AdvancedReport,
    Assignment,
    Attempt,
    AttemptAnswer,
    IntegrityEvent,
)
from data_requests.personal_data import file_path, iso
from data_requests.sources import ExportPart, Person, Text, register
from privacy.models import DeletionRecord
from privacy.services import deletion_record_create
from tenants.scope import organization_schema


def _num(value) -> float | None:
    return float(value) if value is not None else None


def _attempt(
    t: Attempt, answers: list[AttemptAnswer], reports: list[AdvancedReport], folder: str
) -> dict[str, Any]:
    released = t.released_at is not None
    return {
        "number": t.number,
        "status": t.status,
        "started_at": iso(t.started_at),
        "submitted_at": iso(t.submitted_at),
        "submit_reason": t.submit_reason,
        "camera_mode": t.camera_mode,
        "camera_consented_at": iso(t.camera_consented_at),
        "tab_switches": t.tab_switches,
        "voided": t.voided,
        "released_at": iso(t.released_at),
        "score": _num(t.score) if released else None,
        "max_score": _num(t.max_score),
        "result": t.result if released else None,
        "video": file_path(folder, f"attempt-{t.pk}-video", t.video) if t.video else None,
        "answers": [
            {
                "question": {
                    "id": a.question_id,
                    "type": a.question.type,
                    "stem": a.question.content.get("stem") or {},
                    "options": a.question.content.get("options") or [],
                },
                "answer": a.answer,
                "flagged": a.flagged,
                "saved_at": iso(a.saved_at),
                "score": _num(a.score) if released else None,
                "comment": a.comment if released else "",
            }
            for a in answers
        ],
        "integrity_events": [
            {"kind": e.kind, "occurred_at": iso(e.occurred_at), "note": e.note} for e in t.events.all()
        ],
        "reports": [
            {
                "generated_at": iso(r.generated_at),
                "pdf": file_path(folder, f"report-{r.pk}", r.pdf) if r.pdf else None,
            }
            for r in reports
        ],
    }


def _assignments(person: Person):
    return (
        Assignment.objects.filter(learner_profile_id__in=person.profile_ids)
        .select_related("preset", "batch")
        .order_by("created_at", "id")
    )


@register
class AssignmentsSource:
    name = "assignments"

    def export(self, person: Person) -> list[ExportPart]:
        parts: list[ExportPart] = []
        for org in person.organizations:
            folder = f"organizations/{org.slug}"
            with organization_schema(org.schema_name):
                assignments = list(_assignments(person))
                if not assignments:
                    continue
                attempts = list(
                    Attempt.objects.filter(assignment__in=assignments)
                    .prefetch_related("events")
                    .order_by("assignment_id", "number")
                )
                answers: dict[int, list[AttemptAnswer]] = {}
                for a in AttemptAnswer.objects.filter(attempt__in=attempts).select_related("question"):
                    answers.setdefault(a.attempt_id, []).append(a)
                reports: dict[int, list[AdvancedReport]] = {}
                for r in AdvancedReport.objects.filter(attempt__in=attempts).order_by("generated_at"):
                    reports.setdefault(r.attempt_id, []).append(r)
                by_assignment: dict[int, list[Attempt]] = {}
                for t in attempts:
                    by_assignment.setdefault(t.assignment_id, []).append(t)
                document = {
                    "organization": org.name,
                    "assignments": [
                        {
                            "test": a.preset.name,
                            "batch": a.batch.name if a.batch else None,
                            "source": a.source,
                            "status": a.status,
                            "created_at": iso(a.created_at),
                            "due_at": iso(a.due_at),
                            "paid_at": iso(a.paid_at),
                            "purchase_cost": a.purchase_cost,
                            "advanced_report": a.advanced_report,
                            "camera_consented_at": iso(a.camera_consented_at),
                            "surroundings_video": (
                                file_path(folder, f"assignment-{a.pk}-surroundings", a.prep_video)
                                if a.prep_video
                                else None
                            ),
                            "attempts": [
                                _attempt(t, answers.get(t.pk, []), reports.get(t.pk, []), folder)
                                for t in by_assignment.get(a.pk, [])
                            ],
                        }
                        for a in assignments
                    ],
                }
                parts.append(
                    ExportPart(
                        path=f"{folder}/tests.json",
                        about=Text(
                            f"Các bài kiểm tra của bạn ở {org.name}: lượt làm, câu trả lời, điểm và kết quả "
                            "(điểm và kết quả chỉ khi đã công bố).",
                            f"Your tests at {org.name}: attempts, answers, scores and results "
                            "(scores and results once released).",
                        ),
                        data=document,
                    )
                )
                for a in assignments:
                    if a.prep_video:
                        parts.append(
                            ExportPart(
                                path=file_path(folder, f"assignment-{a.pk}-surroundings", a.prep_video),
                                about=Text(
                                    f"Video 30 giây quay không gian làm bài ({a.preset.name}).",
                                    f"The 30-second video of your surroundings ({a.preset.name}).",
                                ),
                                storage_name=a.prep_video,
                            )
                        )
                for t in attempts:
                    if t.video:
                        parts.append(
                            ExportPart(
                                path=file_path(folder, f"attempt-{t.pk}-video", t.video),
                                about=Text(
                                    "Video giám sát của một lượt làm bài.",
                                    "The proctoring video of an attempt.",
                                ),
                                storage_name=t.video,
                            )
                        )
                    for r in reports.get(t.pk, []):
                        if r.pdf:
                            parts.append(
                                ExportPart(
                                    path=file_path(folder, f"report-{r.pk}", r.pdf),
                                    about=Text("Báo cáo nâng cao (PDF).", "An advanced report (PDF)."),
                                    storage_name=r.pdf,
                                )
                            )
        return parts

    def erase(self, person: Person, label: Callable[[str], str]) -> dict[str, int]:
        counts = {"answers": 0, "videos": 0, "reports": 0, "events": 0, "accommodations": 0, "assignments": 0}
        now = timezone.now()
        for org in person.organizations:
            with organization_schema(org.schema_name):
                assignments = _assignments(person)
                attempts = Attempt.objects.filter(assignment__in=assignments)
                # Each video still stored leaves a deletion record in the organization (who, which
                # file, why: decision 0020), as the retention sweep's do.
                videos = [
                    ("assignment", a.pk, a.prep_video, a.learner_profile_id)
                    for a in assignments.exclude(prep_video="").filter(prep_video_deleted_at__isnull=True)
                ] + [
                    ("attempt", t.pk, t.video, t.assignment.learner_profile_id)
                    for t in attempts.exclude(video="")
                    .filter(video_deleted_at__isnull=True)
                    .select_related("assignment")
                ]
                stored = {name for _, _, name, _ in videos if name}
                for object_type, object_id, name, profile_id in videos:
                    if name in stored:  # a surroundings video an attempt reuses: one record
                        stored.discard(name)
                        person.files_to_delete.append(name)
                        counts["videos"] += 1
                        deletion_record_create(
                            kind=DeletionRecord.Kind.PROCTORING_VIDEO,
                            object_type=object_type,
                            object_id=object_id,
                            file_name=name,
                            reason=person.deletion_reason,
                            organization_id=org.id,
                            learner_profile_id=profile_id,
                            deleted_at=now,
                        )
                for r in AdvancedReport.objects.filter(attempt__in=attempts).exclude(pdf=""):
                    person.files_to_delete.append(r.pdf)
                counts["reports"] += AdvancedReport.objects.filter(attempt__in=attempts).delete()[0]
                counts["answers"] += AttemptAnswer.objects.filter(attempt__in=attempts).delete()[0]
                counts["events"] += IntegrityEvent.objects.filter(attempt__in=attempts).delete()[0]
                attempts.exclude(video="").filter(video_deleted_at__isnull=True).update(video_deleted_at=now)
                attempts.exclude(video="").update(video="")
                assignments.exclude(prep_video="").filter(prep_video_deleted_at__isnull=True).update(
                    prep_video_deleted_at=now
                )
                assignments.exclude(prep_video="").update(prep_video="")
                counts["accommodations"] += Accommodation.objects.filter(
                    learner_profile_id__in=person.profile_ids
                ).delete()[0]
                counts["assignments"] += assignments.update(
                    learner_name=label(org.language), learner_email="", camera_consent_ip=None
                )
        return counts
