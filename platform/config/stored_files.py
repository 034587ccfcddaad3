"""Which columns point at stored files (issue 37, item 4; decision 0049): the one place that says
how a model holds the name of a file in ``default_storage``, so that the orphan sweep
(``privacy.orphans``) finds every reference by walking the models, in the public schema and in
every organization's, and a new file column is covered without touching the sweep.

The product keeps storage names in plain columns, not Django's ``FileField`` (a name is copied
from one row to another, e.g. start copies ``Assignment.prep_video`` into ``Attempt.video``, and
deleted through ``privacy.services.storage_delete``). Three kinds of column count:

- ``StoredFileField``: a ``CharField`` whose value is one storage name (a photo, a logo, a
  proctoring video, a report PDF, an export or import of a job, a copy of one's data);
- ``FileMentionsJSONField``: a ``JSONField`` whose text may name stored files anywhere inside it
  (a question's HTML with ``<img src=".../media/question-images/...">``, a question file's list
  of pictures ``[{"path": ...}]``);
- Django's own ``FileField`` and ``ImageField``, should one ever be used.

Both markers deconstruct as the plain Django field, so marking a column changes no migration.
``config/tests/test_stored_files.py`` fails when a model gains a column named like a file
(``photo``, ``logo``, ``video``, ``pdf``, ``file``, ``image``, ``cover``, ``path``...) that is
neither marked nor listed there as not a storage name.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from django.apps import apps
from django.conf import settings
from django.db import models

if TYPE_CHECKING:  # django-stubs' fields are generic in the checker only
    _CharField = models.CharField[str, str]
    _JSONField = models.JSONField[Any, Any]
else:
    _CharField = models.CharField
    _JSONField = models.JSONField


class StoredFileField(_CharField):
    """A column holding one storage name of ``default_storage`` ("" for none). A ``CharField`` in
    the database and in migrations; the marker is what ``file_references`` looks for."""

    def deconstruct(self) -> Any:
        name, _path, args, kwargs = super().deconstruct()
        return name, "django.db.models.CharField", args, kwargs


class FileMentionsJSONField(_JSONField):
    """A JSON column whose text may name stored files (inside HTML or a list of pictures). A
    ``JSONField`` in the database and in migrations; ``file_references`` reports it as
    ``mentions``: a file is referenced when its storage name appears anywhere in the text."""

    def deconstruct(self) -> Any:
        name, _path, args, kwargs = super().deconstruct()
        return name, "django.db.models.JSONField", args, kwargs


@dataclass(frozen=True)
class FileReference:
    """One column that may point at stored files: its model and field, whether the value is the
    name itself (``mentions`` false) or text that may contain names (true), and where the table
    lives (``public`` for a shared app's model, ``tenant`` for an organization's; both for an app
    in both lists)."""

    model: type[models.Model]
    field: models.Field[Any, Any]
    mentions: bool
    public: bool
    tenant: bool

    @property
    def label(self) -> str:
        return f"{self.model._meta.label}.{self.field.name}"


def _listed(app_name: str, entries: list[str]) -> bool:
    """True when the app ``app_name`` is in ``entries`` (by name, or by its ``<name>.apps.<Config>``)."""
    return any(entry == app_name or entry.startswith(f"{app_name}.apps.") for entry in entries)


def file_references() -> list[FileReference]:
    """Every column of every installed, concrete, managed model that may point at stored files
    (see the module's docstring), with the schemas its table lives in (``SHARED_APPS`` ->
    public, ``TENANT_APPS`` -> every organization). Proxies are skipped (their table is their
    concrete model's), as are fields inherited from a concrete parent (counted there)."""
    found: list[FileReference] = []
    for model in apps.get_models():
        meta = model._meta
        if meta.proxy or not meta.managed:
            continue
        app_name = meta.app_config.name if meta.app_config else meta.app_label
        public = _listed(app_name, settings.SHARED_APPS)
        tenant = _listed(app_name, settings.TENANT_APPS)
        for field in meta.local_concrete_fields:
            if isinstance(field, (StoredFileField, models.FileField)):
                found.append(FileReference(model, field, mentions=False, public=public, tenant=tenant))
            elif isinstance(field, FileMentionsJSONField):
                found.append(FileReference(model, field, mentions=True, public=public, tenant=tenant))
    return found
