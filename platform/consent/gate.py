"""The consent gate (issue 24, item 1; decisions 0021 and 0048): the one check that a learner's
data may be processed. It stands in front of every learner operation that processes the child's
data, as the operation's authentication (as the roles do, decision 0041): buying (checkout,
payment, an assigned test's payment), starting a test, uploading the surroundings video,
generating an advanced report, joining a waiting list, a profile photo, and the career survey
(its account, taking it, answering, finishing, buying its report). Browsing, the cart, consent
itself, data requests and corrections stay open; ``consent/tests/test_gate_walk.py`` walks every
write operation of both OpenAPI documents and holds the list of the open ones, each with why.

The verdict itself is ``consent.selectors.consent_verdict``, which the learner's state
(``GET /api/v1/consent/me``) also shows, so the banner and the refusal never disagree.
"""

from __future__ import annotations

from accounts.auth import LearnerSessionAuth, ProfileSessionAuth
from accounts.models import Profile
from config.errors import ApplicationError
from consent.selectors import Verdict, consent_verdict
from consent.statements import gate_facts


def consent_gate(profile: Profile) -> None:
    """Return when ``profile`` may be processed; an EDUCATOR profile always may (educators are
    not asked, decision 0021). Otherwise raise 403 with a stable code and a localized message:

    - ``consent_required``: no consent of the learner's own to the current terms and privacy
      notice (never given, given for an earlier version, or withdrawn);
    - ``date_of_birth_required``: no date of birth, so the age cannot be checked;
    - ``parental_consent_required``: under 16 and no parent's or guardian's consent to the
      current notices (not given yet by the mailed link or on paper, given for an earlier
      version, or withdrawn).

    One statement (``consent.statements.gate_facts``, the twin of ``consent.rules.consent_facts``)."""
    if profile.is_educator:
        return
    verdict = consent_verdict_of(profile.user_id)
    if verdict is not None:
        raise ApplicationError(verdict.code, verdict.message, status=403)


class ConsentedLearnerAuth(LearnerSessionAuth):
    """Role ``learner`` behind the consent gate: a LEARNER profile (an educator gets the role's
    refusal, or ``code``/``message`` as ``LearnerSessionAuth``) whose data may be processed now
    (``consent_gate``: 403 ``consent_required``, ``date_of_birth_required`` or
    ``parental_consent_required``), checked before the operation reads its input."""

    consent_gated = True

    def permit(self, profile) -> None:
        super().permit(profile)
        consent_gate(profile)


class ConsentedProfileAuth(ProfileSessionAuth):
    """Role ``signed_in`` behind the consent gate: any profile; a LEARNER's only when their data
    may be processed now (``consent_gate``; an educator is not asked), before the input is read."""

    consent_gated = True

    def permit(self, profile) -> None:
        super().permit(profile)
        consent_gate(profile)


def consent_verdict_of(user_id: int) -> Verdict | None:
    """The gate's verdict for the learner ``user_id`` (None: may be processed), for a refusal
    that must say the same as the gate: a save on a sitting a withdrawal ended (issue 37, item 6;
    ``sitting.rules.consent_refusal``). One statement (``gate_facts``)."""
    return consent_verdict(gate_facts(user_id))
