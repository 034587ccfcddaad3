"""A learner's places on waiting lists, as personal data (issue 24, item 5; decision 0022).
Registered with ``data_requests.sources``; runs in each of the person's organizations.

Export: the entries are listed in ``organizations/<slug>/waiting-lists.json``. Deletion: the
entries are deleted (a place in a queue has no use once the account is gone)."""

from __future__ import annotations

from collections.abc import Callable

from assessments.models import WaitingListEntry
from data_requests.personal_data import iso
from data_requests.sources import ExportPart, Person, Text, register
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
