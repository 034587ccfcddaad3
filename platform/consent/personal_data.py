"""A person's consents, as personal data (issue 24, items 1 and 5; decisions 0021, 0022).
Registered with ``data_requests.sources``.

Export: ``consents.json``: every consent of the learner's own or of a parent for them (whose, how,
the versions, when, from which address, the parent's e-mail or who recorded it on paper, and the
withdrawal; the relationship and the child's date of birth the parent confirmed, issue 37), the
requests mailed to parents (address, state, when; never the link), the changes of date of birth
held for confirmation (issue 37, item 5), and the history of steps.

Deletion: the consents are kept as the record that the processing had a legal basis (versions and
times), with nothing that names anyone: addresses, the parent's e-mail, the recorder's name, the
note and the child's date of birth the parent confirmed are emptied; the requests to parents, the
changes of date of birth and the history are deleted.
"""

from __future__ import annotations

from collections.abc import Callable

from consent.models import BirthDateChange, Consent, ConsentEvent, ParentRequest, parent_link_ttl
from data_requests.personal_data import iso
from data_requests.sources import ExportPart, Person, Text, register
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


@register
class ConsentsSource:
    name = "consents"

    def export(self, person: Person) -> list[ExportPart]:
        user = person.user
        consents = Consent.objects.filter(user=user).select_related("terms_version", "privacy_version")
        data = {
            "consents": [
                {
                    "subject": c.subject,
                    "source": c.source,
                    "terms_version": c.terms_version.version,
                    "privacy_version": c.privacy_version.version,
                    "given_at": iso(c.given_at),
                    "ip": c.ip,
                    "language": c.language,
                    "parent_email": c.parent_email,
                    "recorded_by": c.recorded_by_name,
                    "note": c.note,
                    "relationship": c.relationship,
                    "child_birth_date": c.child_birth_date.isoformat() if c.child_birth_date else None,
                    "withdrawn_at": iso(c.withdrawn_at),
                    "withdrawn_by": c.withdrawn_by,
                }
                for c in consents.order_by("given_at", "id")
            ],
            "parent_requests": [
                {
                    "parent_email": r.parent_email,
                    "status": r.status,
                    "sent_at": iso(r.sent_at),
                    "mails": r.sends,
                }
                for r in ParentRequest.objects.filter(user=user).order_by("id")
            ],
            "birth_date_changes": [
                {
                    "previous": b.previous.isoformat() if b.previous else None,
                    "requested": b.requested.isoformat(),
                    "status": b.status,
                    "confirmer": b.confirmer,
                    "parent_email": b.parent_email,
                    "requested_at": iso(b.requested_at),
                    "decided_at": iso(b.decided_at),
                    "decided_by": b.decided_by_name,
                }
                for b in BirthDateChange.objects.filter(user=user).order_by("id")
            ],
            "history": [
                {"kind": e.kind, "at": iso(e.at), "ip": e.ip, "by": e.actor_name, "detail": e.detail}
                for e in ConsentEvent.objects.filter(user=user).order_by("at", "id")
            ],
        }
        return [
            ExportPart(
                path="consents.json",
                about=Text(
                    "Sự đồng ý của bạn và của cha mẹ bạn với điều khoản và chính sách bảo mật "
                    "(phiên bản, thời điểm, địa chỉ), các yêu cầu gửi phụ huynh và lịch sử.",
                    "Your consents and your parent's to the terms and the privacy policy (versions, "
                    "times, addresses), the requests mailed to your parent, and their history.",
                ),
                data=data,
            )
        ]

    def erase(self, person: Person, label: Callable[[str], str]) -> dict[str, int]:
        user = person.user
        anonymized = Consent.objects.filter(user=user).update(
            ip=None,
            withdrawn_ip=None,
            parent_email="",
            recorded_by_name="",
            withdrawn_by_name="",
            note="",
            child_birth_date=None,
        )
        requests, _ = ParentRequest.objects.filter(user=user).delete()
        changes, _ = BirthDateChange.objects.filter(user=user).delete()
        events, _ = ConsentEvent.objects.filter(user=user).delete()
        return {
            "consents_anonymized": anonymized,
            "parent_requests": requests,
            "birth_date_changes": changes,
            "consent_events": events,
        }


# --- the registry of personal data (issue 37, item 7; decision 0050) -------------------------------


def _consents_retention(facts: Facts) -> Text:
    days = parent_link_ttl().days
    return Text(
        "Sự đồng ý được giữ cả sau khi tài khoản bị xóa, không còn địa chỉ, e-mail, tên, ghi chú hay "
        "ngày sinh (bằng chứng về căn cứ xử lý); yêu cầu gửi cha mẹ, yêu cầu đổi ngày sinh và lịch "
        "sử bị xóa cùng tài khoản. Đường "
        f"dẫn gửi cha mẹ dùng để đồng ý được {days} ngày kể từ lần gửi cuối.",
        "Consents are kept after the account's deletion, without addresses, e-mails, names, "
        "notes or dates of birth (the proof of the legal basis); the requests to parents, the "
        f"changes of date of birth and the history are deleted with the account. A parent's link can consent for {days} days after it was "
        "last sent.",
    )


describe(
    Category(
        key="consents",
        name=Text("Sự đồng ý và yêu cầu gửi cha mẹ", "Consents and requests to parents"),
        data=Text(
            "Sự đồng ý của người học và của cha mẹ: phiên bản điều khoản và thông báo, thời điểm, địa "
            "chỉ IP, ngôn ngữ, e-mail của cha mẹ, quan hệ với người học và ngày sinh của con do cha mẹ "
            "xác nhận, người ghi nhận đồng ý trên giấy và ghi chú, việc rút lại; thư gửi cha mẹ, các "
            "yêu cầu đổi ngày sinh qua mốc 16 tuổi (ngày cũ và mới, người xác nhận, kết quả) và lịch "
            "sử các bước.",
            "The learner's and the parent's consents: the versions of the terms and the notice, "
            "when, the IP address, the language, the parent's e-mail, the relationship to the "
            "learner and the child's date of birth the parent confirmed, who recorded a paper "
            "consent and the note, the withdrawal; the mails to parents, the changes of date of "
            "birth across 16 (the dates, who confirms, the outcome) and the history of steps.",
        ),
        fields=columns(
            "consent.Consent",
            "user subject source terms_version privacy_version given_at ip language parent_email "
            "request organization recorded_by recorded_by_name note withdrawn_at withdrawn_ip "
            "withdrawn_by withdrawn_by_name relationship child_birth_date",
        )
        + columns("consent.ConsentEvent", "user kind at ip actor_name detail")
        + columns(
            "consent.BirthDateChange",
            "user profile previous requested status confirmer organization parent_email token_hash "
            "language requested_at requested_ip decided_at decided_by_name",
        )
        + columns(
            "consent.ParentRequest",
            "user parent_email token_hash language status sent_at sends responded_at created_at",
        ),
        subjects=(Subject.LEARNER, Subject.MINOR, Subject.PARENT, Subject.EDUCATOR),
        purposes=Text(
            "Xin và chứng minh sự đồng ý (của cha mẹ với người học dưới 16 tuổi), và dừng xử lý khi "
            "sự đồng ý bị rút lại.",
            "Asking for and proving consent (a parent's for a learner under 16), and stopping the "
            "processing when it is withdrawn.",
        ),
        basis=(Basis.LEGAL_OBLIGATION,),
        retention=_consents_retention,
        recipients=(Recipient.ORGANIZATION, Recipient.PARENT, Recipient.MAIL),
        measures=(Measure.TLS, Measure.TOKENS_HASHED, Measure.RATE_LIMITS, Measure.ERASURE),
    )
)

not_personal(
    "consent.NoticeVersion",
    "kind version effective_on summary_vi summary_en created_at",
    why="the versions of the notices, the same for everyone",
)
