"""Performing a deletion request (issue 24, item 5: "then deletes or anonymizes: photos, videos,
answers and survey answers are deleted; transactions are kept anonymized for accounting; the
e-mail is freed"; decision 0022).

``account_erase`` runs every registered source's ``erase`` (data_requests.sources) and then
closes the account itself, in one transaction across the public schema and the organizations'
schemas (one connection: a schema is only a search path). Stored files are deleted through
``default_storage`` (every backend) once that transaction has committed; sessions are ended in
the shared session store.
"""

from __future__ import annotations

import logging
from importlib import import_module
from typing import Any

from django.conf import settings
from django.contrib.sessions.models import Session
from django.core.files.storage import default_storage
from django.db import transaction
from django.utils import timezone

from accounts.models import User
from data_requests.labels import deleted_email, deleted_learner_label
from data_requests.models import DataRequest
from data_requests.sources import person_for, sources
from privacy.models import DeletionRecord

logger = logging.getLogger(__name__)

SESSION_SCAN_BATCH = 2000


def _close_account(user: User) -> None:
    """The user row stays (purchases, assignments and results point at it through its profiles)
    with nothing that says who it was: the placeholder address (the real one is free for a new
    sign-up), the label as its name, no usable password, inactive (login refused; every session's
    auth hash no longer matches)."""
    user.email = deleted_email(user.pk)
    user.name = deleted_learner_label(user.pk, settings.LANGUAGE_CODE)
    user.set_unusable_password()
    user.is_active = False
    user.email_verified_at = None
    user.save()


def sessions_end(user_ids: set[int]) -> int:
    """Delete every live session of ``user_ids`` from the session store (the database, and the
    cache in front of it with ``cached_db``). Sessions are not indexed by user, so the live
    ones are read in batches and decoded; a deletion run ends the sessions of all its users in
    one pass. Returns the number ended."""
    if not user_ids:
        return 0
    wanted = {str(pk) for pk in user_ids}
    store = import_module(settings.SESSION_ENGINE).SessionStore
    ended = 0
    rows = Session.objects.filter(expire_date__gt=timezone.now()).order_by("pk")
    for session in rows.iterator(chunk_size=SESSION_SCAN_BATCH):
        if str(session.get_decoded().get("_auth_user_id", "")) in wanted:
            store(session_key=session.session_key).delete()
            ended += 1
    return ended


def files_delete(names: list[str]) -> int:
    """Delete stored files (any storage backend); a missing file is not an error. Returns the
    number deleted."""
    deleted = 0
    for name in names:
        try:
            if default_storage.exists(name):
                default_storage.delete(name)
                deleted += 1
        except Exception:  # one unreachable file must not undo the deletion: logged, left
            logger.exception("could not delete stored file %s", name)
    return deleted


def account_erase(*, request: DataRequest) -> dict[str, Any]:
    """Delete or anonymize everything of ``request.user`` (see the module docstring and each
    source's ``erase``), close the account, delete the stored files and end the sessions.
    Returns the summary ``{source: {what: count}, "files": n, "sessions": n}`` kept on the
    request. Raises whatever a source raises (nothing is changed then: one transaction)."""
    user = User.objects.get(pk=request.user_id)
    person = person_for(user)
    person.deletion_reason = (
        DeletionRecord.Reason.CONSENT_WITHDRAWN
        if request.requested_by == DataRequest.RequestedBy.CONSENT_WITHDRAWN
        else DeletionRecord.Reason.REQUEST
    )

    def label(language: str) -> str:
        return deleted_learner_label(user.pk, language)

    summary: dict[str, Any] = {}
    with transaction.atomic():
        for source in sources():
            summary[source.name] = source.erase(person, label)
        exports = DataRequest.objects.filter(user=user, kind=DataRequest.Kind.EXPORT).exclude(file="")
        person.files_to_delete.extend(exports.values_list("file", flat=True))
        exports.update(file="", status=DataRequest.Status.EXPIRED)
        _close_account(user)
    summary["files"] = files_delete(person.files_to_delete)
    summary["sessions"] = sessions_end({user.pk})
    return summary
