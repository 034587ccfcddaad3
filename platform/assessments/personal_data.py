"""A learner's places on waiting lists, as personal data (issue 24, item 5; decision 0022).
Registered with ``data_requests.sources``; runs in each of the person's organizations.

Export: the entries are listed in ``organizations/<slug>/waiting-lists.json``. Deletion: the
entries are deleted (a place in a queue has no use once the account is gone)."""

from __future__ import annotations

from collections.abc import Callable

from assessments.models import WaitingListEntry
from data_requests.personal_data import iso
from data_requests.sources import ExportPart, Person, Text, register
from privacy.registry import Basis, Category, Measure, Recipient, Subject, columns, describe, not_personal
from tenants.scope import organization_schema


@register
class WaitingListsSource:
    name = "waiting_lists"

    def export(self, person: Person) -> list[ExportPart]:
        parts = []
        for org in person.organizations:
            with organization_schema(org.schema_name):
                entries = list(
                    WaitingListEntry.objects.filter(learner_profile_id__in=person.profile_ids)
                    .select_related("preset")
                    .order_by("created_at", "id")
                )
            if entries:
                parts.append(
                    ExportPart(
                        path=f"organizations/{org.slug}/waiting-lists.json",
                        about=Text(
                            f"Các danh sách chờ bạn đã đăng ký ở {org.name}.",
                            f"The waiting lists you joined at {org.name}.",
                        ),
                        data=[
                            {"test": e.preset.name, "status": e.status, "joined_at": iso(e.created_at)}
                            for e in entries
                        ],
                    )
                )
        return parts

    def erase(self, person: Person, label: Callable[[str], str]) -> dict[str, int]:
        deleted = 0
        for org in person.organizations:
            with organization_schema(org.schema_name):
                deleted += WaitingListEntry.objects.filter(
                    learner_profile_id__in=person.profile_ids
                ).delete()[0]
        return {"waiting_list_entries": deleted}


# --- the registry of personal data (issue 37, item 7; decision 0050) -------------------------------


describe(
    Category(
        key="waiting_lists",
        name=Text("Danh sách chờ", "Waiting lists"),
        data=Text(
            "Chỗ của người học trong danh sách chờ một bài kiểm tra: tên, trạng thái, đợt được mời và "
            "hạn giữ chỗ.",
            "A learner's place on a test's waiting list: name, state, the batch offered and how "
            "long it is held.",
        ),
        fields=columns(
            "assessments.WaitingListEntry",
            "preset learner_profile_id learner_name status offered_batch claim_expires_at created_at",
        ),
        subjects=(Subject.LEARNER, Subject.MINOR),
        purposes=Text("Mời người học khi có chỗ trống.", "Offering a learner a slot when one frees up."),
        basis=(Basis.CONSENT, Basis.CONTRACT),
        retention=lambda facts: Text(
            "Đến khi tài khoản bị xóa; khi đó chỗ trong danh sách chờ bị xóa.",
            "Until the account is deleted; then the place is deleted.",
        ),
        recipients=(Recipient.ORGANIZATION,),
        measures=(Measure.ROLES, Measure.SCHEMA_PER_ORGANIZATION, Measure.ERASURE),
    ),
    Category(
        key="authorship",
        name=Text("Tên giáo viên trên công việc của họ", "Educators' names on their work"),
        data=Text(
            "Ai soạn, duyệt, xuất bản câu hỏi, đề, khảo sát và bài bán; nhận xét duyệt; ai tải tệp "
            "câu hỏi lên; ai sửa đáp án sau khi thi và lý do; ai đổi chính sách lưu giữ.",
            "Who wrote, reviewed and published questions, tests, surveys and listings; review "
            "comments; who uploaded a question file; who corrected a key after the exam and why; who "
            "changed the retention policy.",
        ),
        fields=columns("assessments.QuestionBank", "created_by_profile_id created_by_name")
        + columns("assessments.Question", "created_by_profile_id created_by_name reviewed_by_profile_id")
        + columns("assessments.QuestionTransition", "actor_profile_id actor_name comment")
        + columns("assessments.Stimulus", "created_by_profile_id created_by_name reviewed_by_profile_id")
        + columns("assessments.TestBank", "created_by_profile_id created_by_name")
        + columns("assignments.KeyCorrection", "created_by_profile_id created_by_name reason")
        + columns(
            "assessments.TestPreset",
            "created_by_profile_id created_by_name reviewed_by_profile_id review_comment",
        )
        + columns("surveys.Survey", "created_by_profile_id created_by_name")
        + columns("question_formats.QuestionFile", "profile_id")
        + columns("marketplace.Listing", "published_by_profile_id")
        + columns("privacy.RetentionPolicy", "updated_by_name"),
        subjects=(Subject.EDUCATOR,),
        purposes=Text(
            "Quy trình soạn và duyệt đề của tổ chức, và biết ai chịu trách nhiệm về nội dung.",
            "The organization's writing and review of tests, and knowing who answers for the content.",
        ),
        basis=(Basis.CONTRACT,),
        retention=lambda facts: Text(
            "Được giữ cùng công việc mà nó mô tả (câu hỏi, đề, khảo sát).",
            "Kept with the work it describes (questions, tests, surveys).",
        ),
        recipients=(Recipient.ORGANIZATION,),
        measures=(Measure.ROLES, Measure.SCHEMA_PER_ORGANIZATION),
    ),
)

_CONTENT = "the organization's teaching material and its structure, the same for every learner"
not_personal("assessments.QuestionBank", "name name_key parent created_at updated_at", why=_CONTENT)
not_personal("assessments.Subject", "code name_vi name_en position", why=_CONTENT)
not_personal(
    "assessments.MatrixCluster",
    "code description type parent subject position created_at updated_at",
    why=_CONTENT,
)
not_personal(
    "assessments.Question",
    "bank root version type grade subject difficulty score_weight content answer_key search_text "
    "topic subtopic complexity_level cognitive_domain status stimulus stimulus_position submitted_at "
    "published_at created_at updated_at",
    why=_CONTENT,
)
not_personal(
    "assessments.Stimulus",
    "bank root version grade subject content search_text status submitted_at published_at created_at "
    "updated_at",
    why=_CONTENT,
)
not_personal("assessments.QuestionTransition", "question from_status to_status created_at", why=_CONTENT)
not_personal("assessments.TestBank", "name description created_at updated_at questions presets", why=_CONTENT)
not_personal(
    "assessments.Round",
    "name starts_at expires_at closed_at required_round passed_message_vi passed_message_en "
    "failed_message_vi failed_message_en created_at updated_at",
    why=_CONTENT,
)
not_personal(
    "assessments.TestPreset",
    "name description grade duration_minutes starts_at ends_at offline_grace_seconds passing_score score_scale "
    "scale_max auto_release_result "
    "camera_proctoring allow_no_camera survey_ids attribute_requirements attribute_outcomes round "
    "required_round form_mode report_wait_minutes generation_seed generated_at prefer_measured "
    "previous_form_ids previous_generated_at status created_at updated_at",
    why=_CONTENT,
)
not_personal("assessments.PresetSubject", "preset subject position", why=_CONTENT)
not_personal(
    "assessments.PresetPart",
    "preset position name_vi name_en question_type points_per_question",
    why=_CONTENT,
)
not_personal("assessments.BlueprintItem", "preset_subject part cluster complexity_level count", why=_CONTENT)
not_personal("assessments.PresetQuestion", "preset question blueprint_item position", why=_CONTENT)
not_personal(
    "assessments.Batch",
    "preset name starts_at expires_at slots available pending taken low_slot_notified_at created_at",
    why="a batch's dates and counts of slots, of no one in particular",
)
