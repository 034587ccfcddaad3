"""The personal data of the shared apps below the product apps (issue 24, item 5): the account
and its profiles (``accounts``) and the notifications (``notifications``). The product apps
register their own sources in their ``personal_data`` modules (data_requests.sources)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import PurePosixPath
from typing import Any

from accounts.models import Invitation, MembershipEvent, Profile, TokenExchange
from config.dates import in_vietnam
from data_requests.labels import deleted_email
from data_requests.sources import ExportPart, Person, Text, register
from notifications.models import Notification

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
