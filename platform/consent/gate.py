"""The consent gate (issue 24, item 1; decision 0021): the one check that a learner's data may be
processed before buying (checkout, payment, an assigned test's payment), starting a test and
uploading the surroundings video. Browsing stays open.

Called by ``marketplace.purchases`` (``checkout``, ``pay``, ``assignment_pay``) and
``sitting.services`` (``attempt_start``, ``prep_video_save``); the verdict itself is
``consent.selectors.consent_verdict``, which the learner's state (``GET /api/v1/consent/me``)
also shows, so the banner and the refusal never disagree.
"""

from __future__ import annotations

from accounts.models import Profile
from config.errors import ApplicationError
from consent.selectors import Verdict, consent_verdict
from consent.statements import gate_facts


def consent_gate(profile: Profile) -> None:
    """Return when ``profile`` may be processed; an EDUCATOR profile always may (educators are
    not asked, decision 0021). Otherwise raise 403 with a stable code and a localized message:

    - ``consent_required``: no consent of the learner's own to the current terms and privacy
      notice (never given, a new version in force, or withdrawn);
    - ``date_of_birth_required``: no date of birth, so the age cannot be checked;
    - ``parental_consent_required``: under 16 and no parent's or guardian's consent in force
      (not given yet by the mailed link or on paper, or withdrawn).

    One statement (``consent.statements.gate_facts``, the twin of ``consent.rules.consent_facts``)."""
    if profile.is_educator:
        return
    verdict = consent_verdict(gate_facts(profile.user_id))
    if verdict is not None:
        raise ApplicationError(verdict.code, verdict.message, status=403)


def consent_verdict_of(user_id: int) -> Verdict | None:
    """The gate's verdict for the learner ``user_id`` (None: may be processed), for a refusal
    that must say the same as the gate: a save on a sitting a withdrawal ended (issue 37, item 6;
    ``sitting.rules.consent_refusal``). One statement (``gate_facts``)."""
    return consent_verdict(gate_facts(user_id))
