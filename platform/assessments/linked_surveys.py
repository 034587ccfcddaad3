"""The surveys a test preset may link (spec section 5, "linked surveys"; issue 8, item 2).

A preset names surveys of its organization by id (``TestPreset.survey_ids``); the surveys app
reads those links when a learner holding the test opens one. So that assessments does not import
surveys (the import contract of issue 17, item 6: surveys sits above assessments), the surveys app
registers how to read its surveys' publication state from ``SurveysConfig.ready()``.
"""

from __future__ import annotations

from collections.abc import Callable

from django.core.exceptions import ImproperlyConfigured

SurveyStates = Callable[[list[int]], dict[int, bool]]
_reader: SurveyStates | None = None


def survey_states_register(reader: SurveyStates) -> None:
    """Set the function that answers ``{survey id: published?}`` for the ids that are surveys of
    the current organization (ids of no survey left out). Called once by the surveys app."""
    global _reader
    _reader = reader


def survey_states(ids: list[int]) -> dict[int, bool]:
    """``{survey id: published?}`` for those of ``ids`` that are surveys of the organization whose
    schema is active. Raises ``ImproperlyConfigured`` when no surveys app registered a reader."""
    if _reader is None:
        raise ImproperlyConfigured("No survey reader registered: is the surveys app installed?")
    return _reader(ids) if ids else {}
