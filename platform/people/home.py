"""The educator's /home "needs attention" panel (issue 19, section 1; decision 0018): one read
that gathers what waits for the educator across the organization, so that the SPA derives
nothing. In the request's organization schema (the educator's), a fixed number of queries."""

from __future__ import annotations

from typing import Any

from django.utils import timezone

from accounts.models import Profile
from people.selectors import pending_invitation_counts
from sitting import attention


def educator_attention(*, profile: Profile) -> dict[str, Any]:
    """``HomeAttentionOut`` for ``profile`` (an educator of the active organization):

    - ``answers_to_grade``: answers waiting for a score (the grading list's pending rows);
    - ``running_batches`` (at most ``attention.ATTENTION_ROWS``, the soonest to end first) and
      ``running_batches_total``: batches of approved or published tests open now, with their
      times (aware instants) and ``in_progress`` learners;
    - ``releases`` (per batch, at most ``ATTENTION_ROWS``) and ``results_to_release``: graded
      results not released yet (the count ``POST /batches/{id}/release`` would release);
    - ``invitations``: open invitations per role (``educators``, ``learners``) for organization
      admins, who alone manage invitations (``people.api``); ``None`` for other educators.

    Five queries (six for an admin)."""
    running, running_total = attention.running_batches(now=timezone.now())
    releases, to_release = attention.results_to_release()
    invitations = None
    if profile.is_admin:
        counts = pending_invitation_counts(organization=profile.organization)
        invitations = {
            "educators": counts[Profile.Role.EDUCATOR],
            "learners": counts[Profile.Role.LEARNER],
        }
    return {
        "answers_to_grade": attention.answers_to_grade_count(),
        "running_batches": running,
        "running_batches_total": running_total,
        "releases": releases,
        "results_to_release": to_release,
        "invitations": invitations,
    }
