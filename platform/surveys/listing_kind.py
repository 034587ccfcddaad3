"""The "survey" listing kind (issue 17, item 6): what the marketplace sells of a survey, its full
report (issue 8), without batches or slots. Registered with ``marketplace.listing_kinds`` from
``SurveysConfig.ready()``; a survey lists itself (``surveys.services.survey_market_publish``)."""

from __future__ import annotations

from typing import Any

from accounts.models import Profile
from marketplace.listing_kinds import ListingKindBase
from surveys.services import survey_report_purchased


class SurveyListingKind(ListingKindBase):
    """A survey on the marketplace: the survey-report add-on, unlocked on payment."""

    def fulfil(self, *, line: Any, profile: Profile, transaction_id: int) -> int | None:
        """Unlock the full report of the learner's submission of the line's survey (creating the
        submission when they bought before taking it); returns the submission id."""
        return survey_report_purchased(
            survey_id=line.preset_id, profile=profile, transaction_id=transaction_id
        )
