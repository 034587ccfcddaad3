"""The personal data of the shared apps below the product apps (issue 24, item 5): the account
and its profiles (``accounts``) and the notifications (``notifications``). The product apps
register their own sources in their ``personal_data`` modules (data_requests.sources)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import PurePosixPath
from typing import Any

from django.conf import settings

from accounts.models import Invitation, MembershipEvent, Profile, TokenExchange, invitation_ttl
from config.dates import in_vietnam
from data_requests.labels import deleted_email
from data_requests.services import export_keep_days, grace_days
from data_requests.sources import ExportPart, Person, Text, register
from notifications.models import Notification
from outbox.services import keep_days as outbox_keep_days
from privacy import rules
from privacy.registry import (
    Basis,
    Category,
    Facts,
    Measure,
    Recipient,
    Retention,
    Subject,
    columns,
    describe,
    not_personal,
)

# Profile fields that say who the person is: emptied by a deletion. ``grade`` and
# ``province_code`` stay: market figures count purchases by them (decision 0010), and alone they
# identify no one (decision 0022).
PROFILE_PERSONAL_FIELDS = {
    "job_title": "",
    "level": "",
    "class_name": "",
    "school_name": "",
    "district_text": "",
    "curriculum": "",
    "phone": "",
    "alternate_email": "",
    "photo": "",
    "gender": "",
    "date_of_birth": None,
    "cccd": "",
}


def iso(value) -> str | None:
    """An instant in ISO 8601 at Vietnam time (``+07:00``), or a date as ``YYYY-MM-DD``."""
    if value is None:
        return None
    if hasattr(value, "hour"):
        return in_vietnam(value).replace(microsecond=0).isoformat()
    return value.isoformat()


def file_path(folder: str, stem: str, storage_name: str) -> str:
    """``<folder>/<stem><suffix of the stored name>``: a readable name inside the zip."""
    return f"{folder}/{stem}{PurePosixPath(storage_name).suffix.lower()}"


def _profile(profile: Profile) -> dict[str, Any]:
    return {
        "id": profile.pk,
        "role": profile.pandai_profile_role,
        "organization": profile.organization.shown_name if profile.organization else None,
        "status": profile.status,
        "is_admin": profile.is_admin,
        "joined_at": iso(profile.joined_at),
        "job_title": profile.job_title,
        "grade": profile.grade,
        "level": profile.level,
        "class_name": profile.class_name,
        "school_name": profile.school_name,
        "district": profile.district_text,
        "province_code": profile.province_code,
        "curriculum": profile.curriculum,
        "phone": profile.phone,
        "alternate_email": profile.alternate_email,
        "gender": profile.gender,
        "date_of_birth": iso(profile.date_of_birth),
        "cccd": profile.cccd,  # the owner's own number, in full (accounts.cccd: cccd_shown)
        "photo": file_path("files", f"profile-photo-{profile.pk}", profile.photo) if profile.photo else None,
        "created_at": iso(profile.created_at),
    }


@register
class AccountSource:
    """The account, its profiles and their photos, and the notifications sent to them."""

    name = "account"

    def export(self, person: Person) -> list[ExportPart]:
        user = person.user
        profiles = list(Profile.objects.filter(user=user).select_related("organization").order_by("id"))
        parts = [
            ExportPart(
                path="profile.json",
                about=Text(
                    "Tài khoản (e-mail, họ tên, ngôn ngữ) và các hồ sơ của bạn: vai trò, tổ chức, "
                    "lớp, trường, ngày sinh, số CCCD, điện thoại.",
                    "Your account (e-mail, name, language) and your profiles: role, organization, "
                    "class, school, date of birth, CCCD number, phone.",
                ),
                data={
                    "user": {
                        "id": user.pk,
                        "email": user.email,
                        "name": user.name,
                        "preferred_language": user.preferred_language,
                        "email_verified_at": iso(user.email_verified_at),
                        "created_at": iso(user.created_at),
                    },
                    "profiles": [_profile(p) for p in profiles],
                },
            )
        ]
        for p in profiles:
            if p.photo:
                parts.append(
                    ExportPart(
                        path=file_path("files", f"profile-photo-{p.pk}", p.photo),
                        about=Text("Ảnh hồ sơ của bạn.", "Your profile photo."),
                        storage_name=p.photo,
                    )
                )
        notifications = Notification.objects.filter(recipient_id__in=person.profile_ids).order_by("id")
        parts.append(
            ExportPart(
                path="notifications.json",
                about=Text("Các thông báo đã gửi cho bạn.", "The notifications sent to you."),
                data=[
                    {
                        "type": n.notifiable_type,
                        "title_key": n.title_key,
                        "title_args": n.title_args,
                        "body_key": n.body_key,
                        "body_args": n.body_args,
                        "has_read": n.has_read,
                        "created_at": iso(n.created_at),
                    }
                    for n in notifications
                ],
            )
        )
        return parts

    def erase(self, person: Person, label: Callable[[str], str]) -> dict[str, int]:
        """Photos deleted (after the commit), the profiles' personal fields emptied and the
        profiles made inactive (they stay: purchases point at them), notifications, one-time
        tokens and invitations to the address deleted, the address in membership events
        replaced by the placeholder."""
        user = person.user
        photos = 0
        for profile in Profile.objects.filter(user=user):
            if profile.photo:
                person.files_to_delete.append(profile.photo)
                photos += 1
            for name, value in PROFILE_PERSONAL_FIELDS.items():
                setattr(profile, name, value)
            profile.status = Profile.Status.INACTIVE
            profile.has_pandai_survey_account = False
            profile.save()  # save(), not update(): the CCCD's hash follows the number
        notifications, _ = Notification.objects.filter(recipient__user=user).delete()
        TokenExchange.objects.filter(profile__user=user).delete()
        invitations, _ = Invitation.objects.filter(email__iexact=user.email).delete()
        MembershipEvent.objects.filter(email__iexact=user.email).update(email=deleted_email(user.pk))
        return {"photos": photos, "notifications": notifications, "invitations": invitations}


# --- the registry of personal data (issue 37, item 7; decision 0050) -------------------------------
# The shared apps below data_requests in the import contract (accounts, notifications, privacy,
# tenants, jobs, Django's own) and data_requests itself: their categories and the columns that say
# nothing about a person. Texts as pairs, retention read from the rules that apply it.

L, M, P, E, S = Subject.LEARNER, Subject.MINOR, Subject.PARENT, Subject.EDUCATOR, Subject.STAFF


def _until_deleted(then_vi: str, then_en: str) -> Retention:
    """Kept while the account lives; ``then``: what its deletion does (the deletion runs
    ``grace_days()`` days after it is asked for)."""

    def retention(facts: Facts) -> Text:
        days = grace_days()
        return Text(
            f"Đến khi tài khoản bị xóa (việc xóa chạy {days} ngày sau khi được yêu cầu: bởi chính "
            f"người đó, cha mẹ, hoặc khi sự đồng ý bị rút lại); khi đó {then_vi}.",
            f"Until the account is deleted (the deletion runs {days} days after it is asked for: by "
            f"the person, a parent, or a withdrawn consent); then {then_en}.",
        )

    return retention


def _session_retention(facts: Facts) -> Text:
    days = settings.SESSION_COOKIE_AGE // 86400
    invitation_days = invitation_ttl().days
    return Text(
        f"Phiên đăng nhập: {days} ngày kể từ lần đăng nhập, hoặc đến khi đăng xuất; mã đăng nhập "
        f"một lần: đến khi dùng hoặc hết hạn. Lời mời: dùng được {invitation_days} ngày kể từ lần gửi "
        "cuối.",
        f"Sign-in sessions: {days} days from the sign-in, or until sign-out; one-time sign-in "
        f"codes: until used or expired. Invitations: usable {invitation_days} days after the last "
        "send.",
    )


def _requests_retention(facts: Facts) -> Text:
    days = export_keep_days()
    return Text(
        f"Bản sao dữ liệu được giữ {days} ngày rồi bị xóa; các yêu cầu được giữ lại (hồ sơ cho thấy "
        "yêu cầu đã được nhận và trả lời khi nào).",
        f"A copy of one's data is kept {days} days, then deleted; the requests are kept (the "
        "record that they were received and answered, and when).",
    )


def _jobs_retention(facts: Facts) -> Text:
    hours = facts.file_keep_hours
    if facts.organization_id is None:
        return Text(
            f"Xóa cùng tệp {hours} giờ sau khi tạo (mặc định; mỗi tổ chức đặt từ "
            f"{rules.FILE_KEEP_HOURS_MIN} đến {rules.FILE_KEEP_HOURS_MAX} giờ).",
            f"Deleted with its file {hours} hours after it was made (the default; each organization "
            f"sets {rules.FILE_KEEP_HOURS_MIN} to {rules.FILE_KEEP_HOURS_MAX} hours).",
        )
    return Text(
        f"Xóa cùng tệp {hours} giờ sau khi tạo (chính sách lưu giữ của tổ chức).",
        f"Deleted with its file {hours} hours after it was made (the organization's retention policy).",
    )


def _kept(vi: str, en: str) -> Retention:
    return lambda facts: Text(vi, en)


_CLEARED = (
    "các thông tin cá nhân bị xóa trắng và hồ sơ ngừng hoạt động (lớp và tỉnh/thành được giữ cho "
    "số liệu thị trường, tự chúng không xác định được ai)",
    "the personal fields are emptied and the profile made inactive (grade and province stay for "
    "the market figures; alone they identify no one)",
)

describe(
    Category(
        key="account",
        name=Text("Tài khoản", "Account"),
        data=Text(
            "E-mail đăng nhập, họ tên, mật khẩu (chỉ lưu dạng băm), ngôn ngữ, thời điểm xác minh "
            "e-mail và đăng nhập, vai trò quản trị nền tảng.",
            "Sign-in e-mail, name, password (stored only as a hash), language, when the e-mail was "
            "verified and the last sign-in, platform administration flags.",
        ),
        fields=columns(
            "accounts.User",
            "email name password last_login is_active is_superuser is_staff email_verified_at "
            "preferred_language created_at updated_at groups user_permissions",
        ),
        subjects=(L, M, E, S),
        purposes=Text(
            "Đăng nhập, liên lạc với người dùng (thư xác minh, thông báo) và hiển thị tên của họ.",
            "Signing in, contacting the user (verification mail, notices) and showing their name.",
        ),
        basis=(Basis.CONSENT, Basis.CONTRACT),
        retention=_until_deleted(
            "địa chỉ được thay bằng địa chỉ giữ chỗ, tên bằng nhãn người đã xóa, mật khẩu bị vô hiệu",
            "the address is replaced by a placeholder, the name by the deleted-learner label, and "
            "the password made unusable",
        ),
        recipients=(Recipient.ORGANIZATION, Recipient.MAIL, Recipient.PLATFORM),
        measures=(Measure.TLS, Measure.PASSWORD_HASHED, Measure.RATE_LIMITS, Measure.ERASURE),
    ),
    Category(
        key="profile",
        name=Text("Hồ sơ người học và giáo viên", "Learner and educator profiles"),
        data=Text(
            "Vai trò, tổ chức, lớp, khối, trường, quận/huyện và tỉnh/thành, chương trình học, điện "
            "thoại, e-mail phụ, giới tính, ngày sinh, chức danh, người mời và ngày tham gia.",
            "Role, organization, class, grade, school, district and province, curriculum, phone, "
            "alternate e-mail, gender, date of birth, job title, who invited them and when they "
            "joined.",
        ),
        fields=columns(
            "accounts.Profile",
            "user pandai_profile_role organization is_admin status invited_by joined_at job_title "
            "grade level class_name school_name district_text province_code curriculum phone "
            "alternate_email has_pandai_survey_account gender date_of_birth created_at updated_at",
        ),
        subjects=(L, M, E),
        purposes=Text(
            "Xác định người học và lứa tuổi (sự đồng ý của cha mẹ dưới 16 tuổi), xếp lớp và giao bài "
            "kiểm tra, thống kê thị trường theo khối và tỉnh/thành.",
            "Identifying the learner and their age (a parent's consent under 16), classes and "
            "test assignments, market figures by grade and province.",
        ),
        basis=(Basis.CONSENT, Basis.CONTRACT),
        retention=_until_deleted(*_CLEARED),
        recipients=(Recipient.ORGANIZATION, Recipient.PLATFORM),
        measures=(Measure.TLS, Measure.ROLES, Measure.CONSENT_GATE, Measure.ERASURE),
    ),
    Category(
        key="cccd",
        name=Text("Số căn cước công dân (CCCD)", "Citizen identity card number (CCCD)"),
        data=Text(
            "Số CCCD 12 chữ số (mã hóa khi lưu) và mã băm có khóa để tra trùng.",
            "The 12-digit CCCD number (encrypted at rest) and its keyed hash for finding duplicates.",
        ),
        fields=columns("accounts.Profile", "cccd cccd_hash"),
        subjects=(L, M),
        purposes=Text(
            "Xác định một người chỉ có một tài khoản, và đối chiếu năm sinh.",
            "Making sure one person holds one account, and checking the year of birth.",
        ),
        basis=(Basis.CONSENT,),
        retention=_until_deleted("số CCCD bị xóa", "the number is deleted"),
        recipients=(Recipient.PLATFORM,),
        measures=(Measure.TLS, Measure.CCCD_ENCRYPTED, Measure.ROLES, Measure.ERASURE),
    ),
    Category(
        key="profile_photo",
        name=Text("Ảnh hồ sơ", "Profile photo"),
        data=Text(
            "Ảnh chân dung người dùng tải lên (chuyển sang WebP).",
            "The photo the user uploads (re-encoded as WebP).",
        ),
        fields=columns("accounts.Profile", "photo"),
        subjects=(L, M, E),
        purposes=Text(
            "Hiển thị người dùng cho giáo viên và chính họ.",
            "Showing the user to their educators and themselves.",
        ),
        basis=(Basis.CONSENT,),
        retention=_until_deleted("ảnh bị xóa khỏi kho tệp", "the photo is deleted from the file storage"),
        recipients=(Recipient.ORGANIZATION, Recipient.STORAGE),
        measures=(Measure.TLS, Measure.ROLES, Measure.ERASURE),
        files=True,
    ),
    Category(
        key="sessions",
        name=Text("Phiên đăng nhập và lời mời", "Sign-in sessions and invitations"),
        data=Text(
            "Phiên đăng nhập (hồ sơ đang dùng), mã đăng nhập một lần, lời mời vào tổ chức (e-mail, "
            "vai trò, người mời) và lịch sử thành viên.",
            "Sign-in sessions (the current profile), one-time sign-in codes, invitations to an "
            "organization (e-mail, role, who invited) and the membership history.",
        ),
        fields=columns("sessions.Session", "session_key session_data expire_date")
        + columns("accounts.TokenExchange", "digest profile expires_at used_at created_at")
        + columns(
            "accounts.Invitation",
            "token_hash email role organization status invited_by job_title sent_at resend_count "
            "responded_at created_at",
        )
        + columns(
            "accounts.MembershipEvent",
            "organization profile invitation email kind actor actor_name created_at",
        ),
        subjects=(L, M, E, S),
        purposes=Text(
            "Giữ người dùng đăng nhập, mời người học và giáo viên vào tổ chức, ghi lại ai thêm hay "
            "gỡ thành viên.",
            "Keeping users signed in, inviting learners and educators into an organization, "
            "recording who added or removed a member.",
        ),
        basis=(Basis.CONSENT, Basis.CONTRACT),
        retention=_session_retention,
        recipients=(Recipient.ORGANIZATION, Recipient.MAIL, Recipient.SESSIONS),
        measures=(Measure.TLS, Measure.TOKENS_HASHED, Measure.RATE_LIMITS, Measure.ERASURE),
    ),
    Category(
        key="enrollments",
        name=Text("Danh mục bài của người học", "Index of a learner's tests and surveys"),
        data=Text(
            "Người học nào có bài kiểm tra hay khảo sát nào, ở tổ chức nào.",
            "Which learner holds which test or survey, in which organization.",
        ),
        fields=columns(
            "accounts.Enrollment", "profile organization kind object_id item_id name is_active created_at"
        ),
        subjects=(L, M),
        purposes=Text(
            "Liệt kê bài của người học mà không đọc mọi tổ chức.",
            "Listing a learner's tests without reading every organization.",
        ),
        basis=(Basis.CONSENT,),
        retention=_until_deleted(
            "các dòng được giữ nhưng hồ sơ đã bị xóa trắng", "the rows stay but point at an emptied profile"
        ),
        recipients=(Recipient.PLATFORM,),
        measures=(Measure.ROLES, Measure.SCHEMA_PER_ORGANIZATION),
    ),
    Category(
        key="notifications",
        name=Text("Thông báo", "Notifications"),
        data=Text(
            "Thông báo gửi cho hồ sơ, nội dung và đã đọc hay chưa.",
            "Notifications sent to a profile, their content and whether they were read.",
        ),
        fields=columns(
            "notifications.Notification",
            "recipient notifiable_type title_key body_key title_args body_args actions has_read read_at created_at",
        ),
        subjects=(L, M, E),
        purposes=Text(
            "Báo cho người dùng việc cần làm (lời mời, bài kiểm tra, hạn trả lời).",
            "Telling users what needs doing (invitations, tests, deadlines).",
        ),
        basis=(Basis.CONSENT, Basis.CONTRACT),
        retention=_until_deleted("thông báo bị xóa", "the notifications are deleted"),
        recipients=(Recipient.PLATFORM,),
        measures=(Measure.ROLES, Measure.ERASURE),
    ),
    Category(
        key="data_requests",
        name=Text("Yêu cầu của chủ thể dữ liệu", "Data subjects' requests"),
        data=Text(
            "Yêu cầu bản sao, xóa, chỉnh sửa: ai yêu cầu, khi nào, hạn trả lời, câu trả lời, tệp bản sao "
            "và tóm tắt những gì đã xóa.",
            "Requests for a copy, a deletion, a correction: who asked, when, the answer's deadline, "
            "the answer, the copy's file and the summary of what was deleted.",
        ),
        fields=columns(
            "data_requests.DataRequest",
            "kind status user requested_by reason language due_at cancelled_at cancelled_by steps_total "
            "steps_done file file_size expires_at summary error_code error_message created_at "
            "started_at finished_at answer_due_on organization answer answered_at answered_by_name",
        ),
        subjects=(L, M, P, E),
        purposes=Text(
            "Thực hiện quyền của chủ thể dữ liệu đúng hạn và giữ bằng chứng đã thực hiện.",
            "Carrying out data subjects' rights on time and keeping the proof that it was done.",
        ),
        basis=(Basis.LEGAL_OBLIGATION,),
        retention=_requests_retention,
        recipients=(Recipient.ORGANIZATION, Recipient.PARENT, Recipient.STORAGE, Recipient.MAIL),
        measures=(Measure.TLS, Measure.PRIVATE_FILES, Measure.RETENTION_SWEEP, Measure.ROLES),
        files=True,
    ),
    Category(
        key="jobs",
        name=Text("Tệp xuất và nhập", "Exports and imports"),
        data=Text(
            "Bảng tính và PDF giáo viên xuất (sổ điểm, thống kê) hoặc nhập (danh sách người học), "
            "người tạo, tham số và báo cáo lỗi.",
            "Spreadsheets and PDFs educators export (gradebooks, analytics) or import (learner "
            "lists), who made them, their parameters and error reports.",
        ),
        fields=columns("jobs.Job", "user profile params file file_name result error_message"),
        subjects=(L, M, E),
        purposes=Text(
            "Cho giáo viên tải sổ điểm, thống kê và nhập danh sách người học.",
            "Letting educators download gradebooks and figures and import learner lists.",
        ),
        basis=(Basis.CONTRACT,),
        retention=_jobs_retention,
        recipients=(Recipient.ORGANIZATION, Recipient.STORAGE),
        measures=(Measure.PRIVATE_FILES, Measure.ACCESS_LOG, Measure.RETENTION_SWEEP, Measure.ROLES),
        files=True,
    ),
    Category(
        key="access_log",
        name=Text("Nhật ký truy cập tệp riêng tư", "Access log of private files"),
        data=Text(
            "Ai (tên, vai trò) đã xem hay tải tệp riêng tư nào, của người học nào, khi nào, từ địa "
            "chỉ IP và trình duyệt nào.",
            "Who (name, role) viewed or downloaded which private file, of which learner, when, from "
            "which IP address and browser.",
        ),
        fields=columns(
            "privacy.AccessLogEntry",
            "organization actor_user_id actor_profile_id actor_name actor_role kind object_type object_id "
            "object_label learner_profile_id learner_name ip user_agent created_at",
        ),
        subjects=(L, M, E, S),
        purposes=Text(
            "Cho người học biết ai đã xem dữ liệu của họ và phát hiện truy cập sai.",
            "Telling learners who viewed their data and finding wrongful access.",
        ),
        basis=(Basis.LEGAL_OBLIGATION,),
        retention=_kept(
            "Được giữ; sản phẩm không xóa dòng nào (hồ sơ trách nhiệm giải trình).",
            "Kept; the product deletes no entry (the accountability record).",
        ),
        recipients=(Recipient.ORGANIZATION, Recipient.PLATFORM),
        measures=(Measure.ROLES, Measure.SCHEMA_PER_ORGANIZATION),
    ),
    Category(
        key="outbox_mail",
        name=Text("Thư đang gửi", "Mail being sent"),
        data=Text(
            "Địa chỉ e-mail người nhận và nội dung thư giao dịch (xác minh, đặt lại mật khẩu, lời "
            "mời, yêu cầu cha mẹ đồng ý) trong lúc chờ gửi; sau khi gửi chỉ giữ phần đầu thư.",
            "The recipient's e-mail address and the transactional mail's content (verification, "
            "password reset, invitation, a parent's consent request) while it waits to be sent; once "
            "sent only its headers are kept.",
        ),
        fields=columns("outbox.Mail", "to subject text html last_error"),
        subjects=(L, M, P, E),
        purposes=Text(
            "Gửi thư mà tài khoản và sự đồng ý cần, không mất thư khi máy gửi dừng (quyết định 0045).",
            "Sending the mail accounts and consent need, none lost when a sender stops (decision 0045).",
        ),
        basis=(Basis.CONTRACT, Basis.CONSENT),
        retention=lambda facts: Text(
            f"Xóa {outbox_keep_days()} ngày sau khi gửi xong hay gửi không thành công.",
            f"Deleted {outbox_keep_days()} days after it was sent or failed.",
        ),
        recipients=(Recipient.PLATFORM, Recipient.MAIL),
        measures=(Measure.TLS, Measure.RETENTION_SWEEP),
    ),
    Category(
        key="deletion_records",
        name=Text("Hồ sơ tệp đã xóa", "Record of deleted files"),
        data=Text(
            "Tệp nào của người học nào đã bị xóa, khi nào, vì sao (hết hạn lưu giữ, theo yêu cầu, rút "
            "lại sự đồng ý).",
            "Which file of which learner was deleted, when and why (retention, a request, a "
            "withdrawn consent).",
        ),
        fields=columns(
            "privacy.DeletionRecord",
            "organization kind object_type object_id file_name file_found learner_profile_id reason deleted_at",
        ),
        subjects=(L, M),
        purposes=Text("Chứng minh dữ liệu đã được xóa đúng hạn.", "Proving that data was deleted on time."),
        basis=(Basis.LEGAL_OBLIGATION,),
        retention=_kept("Được giữ sau khi tệp đã bị xóa.", "Kept after the file is gone."),
        recipients=(Recipient.PLATFORM,),
        measures=(Measure.ROLES,),
    ),
    Category(
        key="organization_contact",
        name=Text("Liên hệ của tổ chức", "Organization's contact"),
        data=Text(
            "E-mail liên hệ của tổ chức (có thể là của một người).",
            "The organization's contact e-mail (may be a person's).",
        ),
        fields=columns("tenants.Organization", "contact_email"),
        subjects=(E,),
        purposes=Text("Liên lạc với tổ chức.", "Reaching the organization."),
        basis=(Basis.CONTRACT,),
        retention=_kept("Khi tổ chức còn hoạt động.", "While the organization exists."),
        recipients=(Recipient.PLATFORM,),
        measures=(Measure.ROLES,),
    ),
    Category(
        key="admin_log",
        name=Text("Lịch sử trang quản trị", "Administration history"),
        data=Text(
            "Thao tác của quản trị nền tảng trong trang quản trị Django: ai, khi nào, trên đối tượng nào.",
            "What the platform's administrators did in the Django admin: who, when, on which object.",
        ),
        fields=columns(
            "admin.LogEntry", "action_time user content_type object_id object_repr action_flag change_message"
        ),
        subjects=(S, L, E),
        purposes=Text(
            "Trách nhiệm giải trình của quản trị nền tảng.",
            "Accountability of the platform's administrators.",
        ),
        basis=(Basis.LEGAL_OBLIGATION,),
        retention=_kept("Được giữ (lịch sử của Django).", "Kept (Django's history)."),
        recipients=(Recipient.PLATFORM,),
        measures=(Measure.ROLES, Measure.TLS),
        for_organizations=False,
    ),
)

_KEYS = "the row's technical keys, kinds and states"
_RANDOM_KEY = "a random key naming the row, not a person"
not_personal("data_requests.DataRequest", "id", why=_RANDOM_KEY)
not_personal("jobs.Job", "id", why=_RANDOM_KEY)
not_personal("contenttypes.ContentType", "app_label model", why="Django's table of models")
not_personal("auth.Permission", "name content_type codename", why="Django's permissions")
not_personal("auth.Group", "name permissions", why="Django's permission groups")
not_personal(
    "tenants.Organization",
    "schema_name name slug survey_management_allowed provisioning_status provisioning_error "
    "display_name logo default_language created_at",
    why="the organization itself (a legal person), not a natural person",
)
not_personal("tenants.Domain", "domain tenant is_primary", why="the organization's domains")
not_personal(
    "jobs.Job",
    "kind status organization schema_name language dry_run content_type rows_total rows_done "
    "error_code created_at started_at heartbeat_at finished_at",
    why=_KEYS + " and progress; the person, the parameters and the file are the jobs category",
)
not_personal(
    "privacy.RetentionPolicy",
    "organization video_keep_days file_keep_hours updated_at",
    why="the organization's periods",
)
not_personal(
    "outbox.Mail",
    "kind language state attempts next_attempt_at lease_until claim message_id created_at sent_at failed_at",
    why=_KEYS + "; the address and the content are the outbox_mail category",
)
