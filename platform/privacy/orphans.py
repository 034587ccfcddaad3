"""Stored files no row points to (issue 37, item 4; decision 0049): a daily check lists every file
of ``default_storage`` (the embedded ``FileSystemStorage`` under ``MEDIA_ROOT`` or the S3 bucket
of django-storages), keeps those modified within the grace period (an upload in flight, a file
whose row is being written), looks every older one up in every column that may point at a stored
file (``config.stored_files.file_references``: found by walking the models, in the public schema
and in every ready organization's schema), and deletes the rest with a ``DeletionRecord`` each
(kind ``orphan_file``, reason ``orphaned``).

Nothing is deleted unless every schema answered: a failing lookup stops the run (the files stay
for the next day), since a reference not read is a live file deleted. The huey task
``privacy.tasks.orphan_files_sweep`` runs it daily; ``manage.py orphan_files`` runs it by hand
(``--dry-run`` lists only).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from functools import reduce
from operator import or_

from django.conf import settings
from django.core.files.storage import Storage, default_storage
from django.db.models import Q, TextField
from django.db.models.functions import Cast
from django.utils import timezone

from config.stored_files import FileReference, file_references
from privacy.models import DeletionRecord
from privacy.services import deletion_record_create, storage_delete
from tenants.scope import organization_schema

logger = logging.getLogger(__name__)

LOOKUP_BATCH = 200
"""Names looked up together (one query per column and schema for each batch)."""


def grace_hours() -> int:
    """Hours a stored file is left alone after it was last modified, referenced or not
    (``ORPHAN_FILE_GRACE_HOURS``, 24): an upload in flight or a file whose row is not written yet
    is never deleted."""
    return int(getattr(settings, "ORPHAN_FILE_GRACE_HOURS", 24))


def max_per_run() -> int:
    """Files deleted at most in one run (``ORPHAN_FILES_MAX_PER_RUN``, 5,000); the next run goes on."""
    return int(getattr(settings, "ORPHAN_FILES_MAX_PER_RUN", 5000))


# --- what is stored ---------------------------------------------------------------------------


@dataclass(frozen=True)
class StoredFile:
    """One stored file: its storage name and when it was last modified (UTC)."""

    name: str
    modified: datetime


def _s3_files(storage: Storage) -> Iterator[StoredFile]:
    """Every object of the S3 bucket under the storage's ``location``, by one paginated listing
    (its ``LastModified`` comes with it; no request per file)."""
    location = (getattr(storage, "location", "") or "").strip("/")
    prefix = f"{location}/" if location else ""
    for obj in storage.bucket.objects.filter(Prefix=prefix):  # type: ignore[attr-defined]
        name = obj.key[len(prefix) :]
        if name and not name.endswith("/"):
            yield StoredFile(name, obj.last_modified)


def _walk(storage: Storage, folder: str) -> Iterator[StoredFile]:
    try:
        folders, files = storage.listdir(folder)
    except FileNotFoundError:  # no MEDIA_ROOT yet: nothing stored
        return
    for name in sorted(files):
        path = f"{folder}/{name}" if folder else name
        yield StoredFile(path, storage.get_modified_time(path))
    for sub in sorted(folders):
        yield from _walk(storage, f"{folder}/{sub}" if folder else sub)


def stored_files(storage: Storage | None = None) -> Iterator[StoredFile]:
    """Every file in ``storage`` (``default_storage``): an S3 bucket by its listing, any other
    backend through ``listdir`` and ``get_modified_time`` (the file system: ``MEDIA_ROOT``)."""
    storage = storage or default_storage
    try:
        from storages.backends.s3 import S3Storage  # type: ignore[import-untyped]
    except ImportError:  # pragma: no cover - django-storages is a dependency
        S3Storage = ()  # type: ignore[assignment,misc]  # noqa: N806
    if isinstance(storage, S3Storage):  # default_storage, a lazy proxy, answers for its class
        yield from _s3_files(storage)
    else:
        yield from _walk(storage, "")


# --- what is referenced -------------------------------------------------------------------------


def _found_in(reference: FileReference, names: Sequence[str]) -> set[str]:
    """Which of ``names`` ``reference``'s column points at, in the connection's schema: equal
    for a storage name column, contained in the text for a column that mentions files."""
    manager = reference.model._base_manager
    column = reference.field.attname
    if not reference.mentions:
        return set(manager.filter(**{f"{column}__in": names}).values_list(column, flat=True))
    texts = (
        manager.annotate(_text=Cast(column, TextField()))
        .filter(reduce(or_, (Q(_text__contains=name) for name in names)))
        .values_list("_text", flat=True)
    )
    pattern = re.compile("|".join(re.escape(name) for name in sorted(names, key=len, reverse=True)))
    found: set[str] = set()
    for text in texts.iterator(chunk_size=200):
        found.update(pattern.findall(text or ""))
    return found


def referenced_names(names: Sequence[str], *, schemas: Sequence[str]) -> set[str]:
    """Which of ``names`` any row points at: every column of ``file_references`` read in the
    public schema (shared apps) and in each of ``schemas`` (the organizations' schemas, for the
    tenant apps). An error propagates: the caller then deletes nothing."""
    names = list(names)
    if not names:
        return set()
    references = file_references()
    found: set[str] = set()
    with organization_schema(settings.PUBLIC_SCHEMA_NAME):
        for reference in references:
            if reference.public:
                found |= _found_in(reference, names)
    for schema_name in schemas:
        with organization_schema(schema_name):
            for reference in references:
                if reference.tenant:
                    found |= _found_in(reference, names)
    return found


# --- the sweep -----------------------------------------------------------------------------------


@dataclass
class SweepResult:
    """What a run saw: files ``listed``, ``recent`` ones left for the grace period, ``orphans``
    (their names, older than the grace period and pointed to by no row), how many were
    ``deleted`` and how many could not be (``failed``, left for the next run)."""

    listed: int = 0
    recent: int = 0
    orphans: list[str] = field(default_factory=list)
    deleted: int = 0
    failed: int = 0


def _organizations() -> tuple[list[str], dict[str, int]]:
    """The ready organizations' schema names (id order) and ``{schema name: organization id}``."""
    from tenants.models import Organization
    from tenants.scope import ready_schema_names

    schemas = ready_schema_names()
    ids = dict(Organization.objects.filter(schema_name__in=schemas).values_list("schema_name", "id"))
    return schemas, ids


def _organization_of(name: str, ids: dict[str, int]) -> int | None:
    """The organization a stored name belongs to when it carries its schema (private files are
    ``<schema>/<kind>/...``, question images ``question-images/<schema>/...``), else None."""
    for segment in name.split("/")[:2]:
        if segment in ids:
            return ids[segment]
    return None


def orphans_sweep(
    *, now: datetime | None = None, delete: bool = True, grace: int | None = None
) -> SweepResult:
    """List the stored files that no row points to and are older than ``grace`` hours
    (``grace_hours()`` by default) and, when ``delete``, delete them (``storage_delete``) with a
    ``DeletionRecord`` each (kind ``orphan_file``, object ``storage``, reason ``orphaned``, the
    organization when the name carries its schema), at most ``max_per_run()`` a run. Looks names
    up ``LOOKUP_BATCH`` at a time (``referenced_names``); a failing lookup raises before anything
    of its batch is deleted. A file that cannot be deleted is logged and counted in ``failed``."""
    now = now or timezone.now()
    cutoff = now - timedelta(hours=grace_hours() if grace is None else grace)
    schemas, ids = _organizations()
    result = SweepResult()
    batch: list[str] = []

    def settle(names: list[str]) -> None:
        referenced = referenced_names(names, schemas=schemas)
        for name in names:
            if name in referenced:
                continue
            result.orphans.append(name)
            if not delete or result.deleted >= max_per_run():
                continue
            try:
                found = storage_delete(name)
            except Exception:
                logger.exception("orphan files: could not delete %s", name)
                result.failed += 1
                continue
            deletion_record_create(
                kind=DeletionRecord.Kind.ORPHAN_FILE,
                object_type="storage",
                object_id="",
                file_name=name,
                reason=DeletionRecord.Reason.ORPHANED,
                organization_id=_organization_of(name, ids),
                file_found=found,
                deleted_at=timezone.now(),
            )
            result.deleted += 1

    for stored in stored_files():
        result.listed += 1
        if stored.modified >= cutoff:
            result.recent += 1
            continue
        batch.append(stored.name)
        if len(batch) >= LOOKUP_BATCH:
            settle(batch)
            batch = []
    settle(batch)
    return result
