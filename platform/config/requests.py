"""The typed request of Ninja endpoints whose auth returns a ``Profile`` (issue 35, item 4):
``request.auth`` is what the router's auth class returned, which Django's ``HttpRequest`` does not
declare. For the type checker only; at run time it is ``HttpRequest`` itself."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.http import HttpRequest

if TYPE_CHECKING:
    from accounts.models import Profile

    class ProfileRequest(HttpRequest):
        auth: Profile

else:
    ProfileRequest = HttpRequest
