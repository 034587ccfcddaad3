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
from privacy import rules
from privacy.models import DeletionRecord
from privacy.registry import (
    Basis,
    Category,
    Facts,
    Measure,
    Recipient,
    Subject,
    columns,
    describe,
    not_personal,
)
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
        "score_corrections": [  # issue 39 item 2: a key corrected after the exam changed the score
            {
                "corrected_at": iso(k.done_at),
                "old_score": _num(k.old_score),
                "new_score": _num(k.new_score),
            }
            for k in t.key_corrections.all()
            if k.done_at is not None and k.old_score != k.new_score
        ]
        if released
        else [],
        "video": file_path(folder, f"attempt-{t.pk}-video", t.video) if t.video else None,
        "answers": [
            {
                "question": {
                    "id": a.question_id,
                    "type": a.question.type,
                    "stem": a.question.content.get("stem") or {},
                    "options": a.question.content.get("options") or [],
                    # what a true/false set's answer judges (issue 39): its statements, a) to f)
                    **(
                        {"statements": a.question.content.get("statements") or []}
                        if a.question.type == "true_false_set"
                        else {}
                    ),
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
                    .prefetch_related("events", "key_corrections")
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


# --- the registry of personal data (issue 37, item 7; decision 0050) -------------------------------

L, M = Subject.LEARNER, Subject.MINOR


def _video_retention(facts: Facts) -> Text:
    days, appeal = facts.video_keep_days, rules.APPEAL_WINDOW_DAYS
    if facts.organization_id is None:
        return Text(
            f"{days} ngày sau khi công bố kết quả (mặc định; mỗi tổ chức đặt từ {rules.VIDEO_KEEP_DAYS_MIN} "
            f"đến {rules.VIDEO_KEEP_DAYS_MAX} ngày, không dưới {appeal} ngày phúc khảo), rồi bị xóa "
            "hằng ngày; xóa ngay khi tài khoản bị xóa.",
            f"{days} days after the result's release (the default; each organization sets "
            f"{rules.VIDEO_KEEP_DAYS_MIN} to {rules.VIDEO_KEEP_DAYS_MAX} days, never under the {appeal}-day "
            "appeal window), then deleted by the daily sweep; at once when the account is deleted.",
        )
    return Text(
        f"{days} ngày sau khi công bố kết quả (chính sách của tổ chức; không dưới {appeal} ngày phúc "
        f"khảo), rồi bị xóa hằng ngày; video môi trường không được dùng: {days} ngày sau khi hết hạn "
        "làm bài; xóa ngay khi tài khoản bị xóa.",
        f"{days} days after the result's release (the organization's policy; never under the "
        f"{appeal}-day appeal window), then deleted by the daily sweep; a surroundings video no "
        f"attempt used: {days} days after the test's window closed; at once when the account is "
        "deleted.",
    )


describe(
    Category(
        key="assignments",
        name=Text("Bài được giao", "Test assignments"),
        data=Text(
            "Bài kiểm tra giao cho người học: tên và e-mail người học, đợt, hạn, trạng thái, số lần làm, "
            "thanh toán, người giao.",
            "The tests assigned to a learner: the learner's name and e-mail, batch, deadline, state, "
            "attempts allowed, payment, who assigned it.",
        ),
        fields=columns(
            "assignments.Assignment",
            "preset batch learner_profile_id learner_user_id learner_name learner_email source status "
            "attempts_allowed due_at requires_purchase purchase_cost paid_at transaction_id "
            "advanced_report assigned_by_profile_id assigned_by_name revoked_at created_at updated_at",
        ),
        subjects=(L, M, Subject.EDUCATOR),
        purposes=Text("Tổ chức kỳ kiểm tra cho người học.", "Running tests for learners."),
        basis=(Basis.CONSENT, Basis.CONTRACT),
        retention=lambda facts: Text(
            "Đến khi tài khoản bị xóa; khi đó tên người học được thay bằng nhãn người đã xóa và e-mail "
            "bị xóa trắng (bài giao được giữ cho số liệu của tổ chức).",
            "Until the account is deleted; then the learner's name is replaced by the "
            "deleted-learner label and the e-mail emptied (the assignment stays for the "
            "organization's figures).",
        ),
        recipients=(Recipient.ORGANIZATION,),
        measures=(Measure.ROLES, Measure.SCHEMA_PER_ORGANIZATION, Measure.CONSENT_GATE, Measure.ERASURE),
    ),
    Category(
        key="attempts",
        name=Text("Bài làm, điểm và báo cáo", "Attempts, scores and reports"),
        data=Text(
            "Các lần làm bài: đề đã nhận, câu trả lời, thời điểm lưu, điểm, kết quả, nhận xét của người "
            "chấm, điểm trước và sau khi sửa đáp án, dấu hiệu gian lận (chuyển tab), báo cáo nâng cao và "
            "tệp PDF của nó.",
            "Attempts: the questions given, the answers and when they were saved, scores, results, "
            "graders' comments, scores before and after a key correction, integrity events (tab "
            "switches), the advanced report and its PDF.",
        ),
        fields=columns(
            "assignments.Attempt",
            "assignment number status question_ids option_orders points parts started_at deadline_at "
            "submitted_at submit_reason device_token tab_switches voided reinstated_reason "
            "reinstated_by_name score max_score result graded_at released_at offline_grace_seconds",
        )
        + columns(
            "assignments.BackupUpload",
            "attempt file_id uploaded_by_profile_id uploaded_by_name uploaded_at file_created_at changes",
        )
        + columns(
            "assignments.AttemptAnswer",
            "attempt question answer flagged seq saved_at score needs_grading comment graded_by_name graded_at",
        )
        + columns("assignments.IntegrityEvent", "attempt kind occurred_at received_at count_after note")
        + columns(
            "assignments.KeyCorrectionAttempt",
            "attempt points old_answer_score new_answer_score old_score new_score max_score released "
            "notified outcome done_at",
        )
        + columns("assignments.AdvancedReport", "attempt data pdf generated_at"),
        subjects=(L, M, Subject.EDUCATOR),
        purposes=Text(
            "Chấm điểm, trả kết quả, bảo đảm tính trung thực của bài làm, báo cáo năng lực.",
            "Grading, releasing results, keeping tests honest, reporting on skills.",
        ),
        basis=(Basis.CONSENT, Basis.CONTRACT),
        retention=lambda facts: Text(
            "Đến khi tài khoản bị xóa; khi đó câu trả lời, dấu hiệu gian lận và báo cáo (cả PDF) bị "
            "xóa, các lần làm bài được giữ với điểm nhưng không còn tên.",
            "Until the account is deleted; then answers, integrity events and reports (with their "
            "PDFs) are deleted, and the attempts stay with their scores but no name.",
        ),
        recipients=(Recipient.ORGANIZATION, Recipient.PARENT, Recipient.STORAGE),
        measures=(
            Measure.ROLES,
            Measure.SCHEMA_PER_ORGANIZATION,
            Measure.PRIVATE_FILES,
            Measure.ACCESS_LOG,
            Measure.CONSENT_GATE,
            Measure.ERASURE,
        ),
        files=True,
    ),
    Category(
        key="proctoring_video",
        name=Text("Video giám sát", "Proctoring video"),
        data=Text(
            "Video 30 giây (hình và tiếng) quay người học và nơi làm bài, sự đồng ý quay video cho bài "
            "đó (thời điểm, địa chỉ IP) và thời điểm xóa.",
            "The 30-second video (picture and sound) of the learner and the room, the consent to "
            "camera proctoring of that test (when, from which IP address) and when it was deleted.",
        ),
        fields=columns(
            "assignments.Assignment", "prep_video camera_consented_at camera_consent_ip prep_video_deleted_at"
        )
        + columns("assignments.Attempt", "camera_mode video video_deleted_at camera_consented_at"),
        subjects=(L, M),
        purposes=Text(
            "Giám sát kỳ kiểm tra và xem xét khi người học phúc khảo.",
            "Proctoring the test and reviewing it when the learner appeals.",
        ),
        basis=(Basis.CONSENT,),
        retention=_video_retention,
        recipients=(Recipient.ORGANIZATION, Recipient.PARENT, Recipient.STORAGE),
        measures=(
            Measure.PRIVATE_FILES,
            Measure.ACCESS_LOG,
            Measure.RETENTION_SWEEP,
            Measure.CONSENT_GATE,
            Measure.ROLES,
            Measure.ERASURE,
        ),
        sensitive=Text(
            "Dữ liệu sinh trắc học (khuôn mặt và giọng nói của người học, phần lớn là trẻ em): dữ liệu cá "
            "nhân nhạy cảm theo Luật Bảo vệ dữ liệu cá nhân số 91/2025/QH15; cần sự đồng ý riêng cho "
            "từng bài (và của cha mẹ với người dưới 16 tuổi).",
            "Biometric data (the face and voice of learners, mostly children): sensitive personal "
            "data under the Law on Personal Data Protection No. 91/2025/QH15; a consent of its own "
            "for each test (and a parent's under 16).",
        ),
        files=True,
    ),
    Category(
        key="accommodations",
        name=Text("Điều chỉnh cho người học", "Accommodations"),
        data=Text(
            "Thời gian làm bài thêm cho một người học, lý do và người cấp.",
            "Extra time given to a learner, the reason and who gave it.",
        ),
        fields=columns(
            "assignments.Accommodation",
            "learner_profile_id learner_name preset factor extra_minutes reason created_by_name created_at",
        ),
        subjects=(L, M, Subject.EDUCATOR),
        purposes=Text(
            "Cho người học cần thêm thời gian được làm bài công bằng.",
            "Fair tests for learners who need more time.",
        ),
        basis=(Basis.CONSENT,),
        retention=lambda facts: Text(
            "Đến khi tài khoản bị xóa; khi đó bị xóa.", "Until the account is deleted; then deleted."
        ),
        recipients=(Recipient.ORGANIZATION,),
        measures=(Measure.ROLES, Measure.SCHEMA_PER_ORGANIZATION, Measure.ERASURE),
        sensitive=Text(
            "Lý do điều chỉnh có thể cho biết tình trạng sức khỏe hay khuyết tật của người học: dữ liệu "
            "cá nhân nhạy cảm theo Luật Bảo vệ dữ liệu cá nhân số 91/2025/QH15.",
            "The reason may reveal a learner's health or disability: sensitive personal data under "
            "the Law on Personal Data Protection No. 91/2025/QH15.",
        ),
    ),
)

not_personal(
    "assignments.KeyCorrection",
    "question old_key new_key created_at status attempts_total attempts_done attempts_changed "
    "learners_notified runs started_at heartbeat_at finished_at error",
    why="a question's answer key corrected after the exam and the progress of its re-scoring, naming no learner",
)
not_personal(
    "assignments.KeyCorrectionAttempt",
    "correction",
    why="the correction a learner's row belongs to (the row's scores are the learner's, above)",
)
not_personal(
    "assignments.ItemAnalysis",
    "preset batch status requested_at started_at heartbeat_at computed_at attempt_count voided_count pending_count "
    "summary error",
    why="statistics of a test over all its attempts, naming no one",
)
not_personal(
    "assignments.ItemAnalysisQuestion",
    "analysis question position n facility discrimination flags figures",
    why="statistics of a question over all its attempts, naming no one",
)
