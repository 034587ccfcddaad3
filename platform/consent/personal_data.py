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

from consent.models import BirthDateChange, Consent, ConsentEvent, ParentRequest
from data_requests.personal_data import iso
from data_requests.sources import ExportPart, Person, Text, register


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
