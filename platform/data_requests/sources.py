"""Where a person's data lives, app by app (issue 24, item 5; decision 0022): the registry of
personal data sources, after Moodle's privacy providers.

Each app that stores personal data writes a ``personal_data.py`` module that registers one
``PersonalDataSource`` with ``@register``; ``DataRequestsConfig.ready()`` imports every installed
app's ``personal_data`` module (Django's ``autodiscover_modules``, as the admin finds
``admin.py``). So this app depends on no product app, the apps depend on it, and a new app with
personal data adds its module without touching this one. A source:

- ``export(person)`` returns the ``ExportPart``s of its data: JSON documents and stored files
  (named, never read here: ``data_requests.export`` streams them into the zip);
- ``erase(person, label)`` deletes or anonymizes its data for a deletion request, returning
  ``{what: count}`` for the request's summary. It runs in a transaction; stored files are
  deleted by the caller after the commit (``person.files_to_delete``), so a failure leaves no
  row pointing at a missing file.

Tenant data: a source reads ``person.organizations`` (the organizations the person has an
``accounts.Enrollment`` in or a profile of) and opens each with ``tenants.scope.organization_schema``;
no source scans every schema.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from accounts.models import Enrollment, Profile, User
from privacy.registry import Text

__all__ = [
    "ExportPart",
    "Organization",
    "Person",
    "PersonalDataSource",
    "Text",
    "person_for",
    "register",
    "sources",
]


@dataclass
class ExportPart:
    """One file of the export zip: ``path`` inside the zip (``/``-separated, no leading slash),
    and either ``data`` (written as UTF-8 JSON, indented) or ``storage_name`` (a file in
    ``default_storage``, streamed into the zip). ``about`` explains it in the README."""

    path: str
    about: Text
    data: Any = None
    storage_name: str = ""


@dataclass
class Organization:
    """An organization whose schema holds some of the person's data; ``language`` is its default
    language (the deleted learner's label in its rows is written in it)."""

    id: int
    name: str
    slug: str
    schema_name: str
    language: str


@dataclass
class Person:
    """The subject of a data request: the user, every profile of theirs (active or not) and the
    organizations holding their data. ``files_to_delete`` collects the storage names an erasure
    removes once its transaction committed; ``deletion_reason`` is recorded with each deleted
    proctoring video (``privacy.DeletionRecord``)."""

    user: User
    profiles: list[Profile]
    organizations: list[Organization]
    files_to_delete: list[str] = field(default_factory=list)
    # Why an erasure runs: a ``privacy.DeletionRecord.Reason`` (``request``, or
    # ``consent_withdrawn`` when a withdrawn consent started it), written on each deletion record.
    deletion_reason: str = "request"

    @property
    def profile_ids(self) -> list[int]:
        return [p.pk for p in self.profiles]


def person_for(user: User) -> Person:
    """The ``Person`` of ``user``: their profiles, and the organizations named by their
    enrollments (the public index of assignments and survey submissions), their profiles'
    memberships, or a source's ``organization_ids(profile_ids)`` (public rows that name an
    organization, such as purchases). Never every schema."""
    from tenants.models import Organization as Org

    profiles = list(Profile.objects.filter(user=user).order_by("id"))
    ids = [p.pk for p in profiles]
    org_ids = set(
        Enrollment.objects.filter(profile_id__in=ids).values_list("organization_id", flat=True).distinct()
    ) | {p.organization_id for p in profiles if p.organization_id}
    for source in sources():  # e.g. the organizations of purchases and of the cart
        more = getattr(source, "organization_ids", None)
        if more is not None:
            org_ids |= more(ids)
    organizations = [
        Organization(
            id=org.pk,
            name=org.shown_name,
            slug=org.slug,
            schema_name=org.schema_name,
            language=org.default_language or "vi",
        )
        for org in Org.objects.filter(
            pk__in=org_ids, provisioning_status=Org.ProvisioningStatus.READY
        ).order_by("id")
    ]
    return Person(user=user, profiles=profiles, organizations=organizations)


class PersonalDataSource(Protocol):
    """What an app registers (see the module docstring)."""

    name: str

    def export(self, person: Person) -> list[ExportPart]: ...

    def erase(self, person: Person, label: Callable[[str], str]) -> dict[str, int]: ...

    # Optional: ``organization_ids(profile_ids) -> set[int]``, organizations named by this
    # source's public rows, added to ``Person.organizations``.


_SOURCES: dict[str, PersonalDataSource] = {}


def register(source_class: type) -> type:
    """Class decorator: register an instance of ``source_class`` under its ``name`` (a later
    registration of the same name replaces the earlier one, so a module imported twice is
    harmless)."""
    source = source_class()
    _SOURCES[source.name] = source
    return source_class


def sources() -> list[PersonalDataSource]:
    """The registered sources, by name (a stable order for the export and the summary)."""
    return [_SOURCES[name] for name in sorted(_SOURCES)]
