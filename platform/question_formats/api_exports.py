"""Question bank exports as Moodle XML and QTI 2.1 (issue 36, item 2). Educators only (403
``forbidden_role`` for learners); the bank is of the caller's organization's schema, so another
organization's bank id answers 404. Each download is written to the access log
(``privacy.access.private_file``) like the bank's .xlsx export.

Mounted at /api/v1/ by ``config.api``.
"""

from __future__ import annotations

from typing import Literal

from django.http import FileResponse, HttpRequest
from ninja import Router

from accounts.auth import EducatorSessionAuth
from assessments.selectors import bank_subject
from config.fields import Id
from privacy.access import private_file
from privacy.models import AccessLogEntry
from privacy.services import AccessSubject
from question_formats import exports

router = Router(tags=["question-formats"], auth=EducatorSessionAuth())


def _subject(bank_id: int, export_format: str) -> AccessSubject:
    """The access log's subject: the bank, as for its .xlsx export (``bank_subject``)."""
    return bank_subject(bank_id)


@router.get("question-banks/{bank_id}/export/{export_format}", response={200: None})
@private_file(AccessLogEntry.Kind.QUESTION_BANK_EXPORT, subject=_subject)
def bank_export(request: HttpRequest, bank_id: Id, export_format: Literal["moodle_xml", "qti"]):
    """The bank, its folders and their questions (current versions) as ``moodle_xml``
    (``question-bank-<id>.xml``, application/xml) or ``qti`` (a QTI 2.1 content package,
    ``question-bank-<id>.zip``, application/zip), streamed as an attachment. 404 for a bank
    of another organization; 422 for another format."""
    found = exports.bank_export(bank_id=bank_id, export_format=export_format)
    return FileResponse(found.file, as_attachment=True, filename=found.name, content_type=found.media_type)
