"""The measured facility of questions (issue 19, section 2; decision 0019): blueprint generation
prefers questions whose facility is known and reports a form's expected mean score.

Facilities are item-analysis figures, stored by the assignments app (``ItemAnalysisQuestion``;
decision 0017). So that assessments does not import assignments (the import contract of issue
17, item 6: assignments sits above assessments), the assignments app registers how to read them
from ``AssignmentsConfig.ready()``, as the surveys app registers its reader with
``assessments.linked_surveys``.
"""

from __future__ import annotations

from collections.abc import Callable

from django.core.exceptions import ImproperlyConfigured

Facilities = Callable[[list[int]], dict[int, float]]
_reader: Facilities | None = None


def measured_facilities_register(reader: Facilities) -> None:
    """Set the function that answers ``{question id: measured facility}`` (a fraction 0..1) for
    the ids that have one in the organization whose schema is active (ids without one left
    out). Called once by the assignments app."""
    global _reader
    _reader = reader


def measured_facilities(ids: list[int]) -> dict[int, float]:
    """``{question id: measured facility}`` for those of ``ids`` that have one (one query; none
    for an empty list). Raises ``ImproperlyConfigured`` when no reader is registered."""
    if _reader is None:
        raise ImproperlyConfigured("No facility reader registered: is the assignments app installed?")
    return _reader(list(ids)) if ids else {}
