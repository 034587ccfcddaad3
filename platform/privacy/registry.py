"""The registry of the product's personal data (issue 37, item 7; decision 0050): the one place
that says, for every category of personal data the product keeps, what data (which columns),
whose, why, on which legal basis, whether it is sensitive, how long it is kept, who receives it,
where it is stored and how it is protected. The controller's record of processing
(``privacy.record``) is printed from it, and a test walks every column of every model and fails
on one the registry neither describes nor lists as not personal.

Declarations live beside the data, in each app's ``personal_data.py`` (the modules that already
say how a person's data is copied and erased, decision 0022; ``DataRequestsConfig.ready()``
imports them all): an app calls :func:`describe` with its categories and :func:`not_personal`
with the columns of its models that say nothing about a person. A category is declared once, in
the module of the app that holds most of it; its columns may be in other apps' models (named by
label, ``"assignments.Attempt.video"``, never imported). The apps below ``data_requests`` in the
import contract (``accounts``, ``notifications``, ``privacy``, ``tenants``, ``jobs`` and Django's
own) are declared in ``data_requests/personal_data.py``, as their copy and erasure already are.

Texts are pairs (:class:`Text`, Vietnamese and English) written where the category is declared,
as the export README's are (decision 0022); retention is a function of :class:`Facts` (the
organization's retention policy), so the numbers are read from the rules that apply them
(``privacy.rules``, ``data_requests.services``, ``consent.models``, the settings), never written
again here.

This module is in ``privacy`` (the lowest layer that every app with personal data may import)
and imports nothing above it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum

from config.i18n import pick


@dataclass(frozen=True)
class Text:
    """A text in both languages (the export's README and the record of processing are
    bilingual)."""

    vi: str
    en: str

    def shown(self, language: str | None = None) -> str:
        """The reader's half (``config.i18n.pick``: ``language`` or the active one)."""
        return pick(self.vi, self.en, language=language)


class Subject(StrEnum):
    """Whose data: the data subjects a category concerns."""

    LEARNER = "learner"
    MINOR = "minor"
    PARENT = "parent"
    EDUCATOR = "educator"
    STAFF = "staff"


class Basis(StrEnum):
    """The legal basis of the processing: the data subject's consent (a parent's too, under 16),
    the performance of a contract the data subject is party to (a purchase, an educator's work
    for their organization), or an obligation the law puts on the controller (accounting,
    answering requests, keeping the proof of consent and the security records)."""

    CONSENT = "consent"
    CONTRACT = "contract"
    LEGAL_OBLIGATION = "legal_obligation"


class Recipient(StrEnum):
    """Who receives the data besides the platform itself: people (the organization's staff, a
    parent, the SuperAdmin) and processors (the file storage, the mail provider, the payment
    provider, the session store), which the record names from the settings."""

    ORGANIZATION = "organization"
    PARENT = "parent"
    PLATFORM = "platform"
    STORAGE = "storage"
    MAIL = "mail"
    PAYMENT = "payment"
    SESSIONS = "sessions"


class Measure(StrEnum):
    """How the data is protected (the record says what each means in this installation)."""

    TLS = "tls"
    ROLES = "roles"
    SCHEMA_PER_ORGANIZATION = "schema_per_organization"
    CCCD_ENCRYPTED = "cccd_encrypted"
    PASSWORD_HASHED = "password_hashed"
    TOKENS_HASHED = "tokens_hashed"
    PRIVATE_FILES = "private_files"
    ACCESS_LOG = "access_log"
    RETENTION_SWEEP = "retention_sweep"
    CONSENT_GATE = "consent_gate"
    ERASURE = "erasure"
    RATE_LIMITS = "rate_limits"


@dataclass(frozen=True)
class Facts:
    """What a record is made for, as the retention texts need it: one organization (its shown
    name, its schema and its retention policy) or the public schema (``organization_id`` None,
    the default periods)."""

    organization_id: int | None
    organization_name: str
    schema_name: str
    video_keep_days: int
    file_keep_hours: int


Retention = Callable[[Facts], Text]


@dataclass(frozen=True)
class Category:
    """One category of personal data.

    ``fields`` are ``"app_label.Model.field"`` (:func:`columns` builds them); ``files`` when the
    category includes stored files (then the file storage is a place and a processor);
    ``sensitive`` says why the category is sensitive personal data (``None``: it is not);
    ``for_organizations`` False for the platform's own records (the Django admin's history),
    which an organization's record leaves out."""

    key: str
    name: Text
    data: Text
    fields: tuple[str, ...]
    subjects: tuple[Subject, ...]
    purposes: Text
    basis: tuple[Basis, ...]
    retention: Retention
    recipients: tuple[Recipient, ...]
    measures: tuple[Measure, ...]
    sensitive: Text | None = None
    files: bool = False
    for_organizations: bool = True


def columns(model: str, names: str) -> tuple[str, ...]:
    """``columns("accounts.User", "email name")`` -> ``("accounts.User.email",
    "accounts.User.name")``: the fields of one model, by label and space-separated names."""
    return tuple(f"{model}.{name}" for name in names.split())


_CATEGORIES: dict[str, Category] = {}
_NOT_PERSONAL: dict[str, str] = {}


def describe(*categories: Category) -> None:
    """Register ``categories`` (a later declaration of the same key replaces the earlier one,
    so a module imported twice is harmless)."""
    for category in categories:
        _CATEGORIES[category.key] = category


def not_personal(model: str, names: str, *, why: str) -> None:
    """Declare fields of ``model`` (space-separated names) as saying nothing about a person,
    with the reason (for the reviewer; not shown to users)."""
    for field in columns(model, names):
        _NOT_PERSONAL[field] = why


def categories() -> list[Category]:
    """Every registered category, in the order of declaration (the apps' order in
    ``INSTALLED_APPS``, then each module's order)."""
    return list(_CATEGORIES.values())


def described_fields() -> dict[str, list[str]]:
    """``{"app_label.Model.field": [category keys]}`` of every field a category names."""
    found: dict[str, list[str]] = {}
    for category in _CATEGORIES.values():
        for field in category.fields:
            found.setdefault(field, []).append(category.key)
    return found


def not_personal_fields() -> dict[str, str]:
    """``{"app_label.Model.field": reason}`` of the fields declared not personal."""
    return dict(_NOT_PERSONAL)
