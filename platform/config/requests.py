"""The request of a Ninja endpoint behind a profile's session auth, typed for the checker (issue 35
item 4): ``request.auth`` is the ``accounts.models.Profile`` the auth class returned. At run time
it is Django's ``HttpRequest``; only mypy sees the attribute."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.http import HttpRequest

if TYPE_CHECKING:
    from accounts.models import Profile

    class ProfileRequest(HttpRequest):
        auth: Profile

else:
    ProfileRequest = HttpRequest
