"""The educator's /home (issue 19, section 1), in the style of spec section 7:
GET /api/v1/home/attention, what needs the educator now. Educators only (learners 403); the
organization is the session profile's, so another organization's work is never counted."""

from __future__ import annotations

from ninja import Router

from accounts.auth import EducatorSessionAuth
from config.envelope import Envelope, ok
from config.requests import ProfileRequest
from people.home import educator_attention
from people.schemas import HomeAttentionOut

router = Router(tags=["home"], auth=EducatorSessionAuth())


@router.get("attention", response=Envelope[HomeAttentionOut])
def home_attention(request: ProfileRequest):
    """What needs the educator now (``HomeAttentionOut``): answers to grade, batches running now
    (at most 10, soonest to end first, with the total), results waiting for release per batch
    (at most 10, with the total) and, for organization admins, open invitations per role (null
    for other educators). Times are ISO 8601 instants (UTC). A fixed number of queries."""
    return ok(educator_attention(profile=request.auth))
