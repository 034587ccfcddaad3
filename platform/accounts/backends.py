"""The authentication backend of every password login, the Django admin's included (issue 16,
item 3): Django's ``ModelBackend`` (which runs the password hasher for unknown e-mails too, so
the answer takes as long whether or not the account exists) under the login limits of
``accounts.throttling``."""

from __future__ import annotations

from django.contrib.auth.backends import ModelBackend
from django.core.exceptions import PermissionDenied

from accounts import throttling
from config.errors import ApplicationError


class ThrottledModelBackend(ModelBackend):
    """``ModelBackend`` that counts each attempt and each failure per account and client IP.

    A refused attempt raises ``PermissionDenied``, which makes ``django.contrib.auth.authenticate``
    stop and answer "wrong e-mail or password" (the admin's login form); the public login calls
    ``accounts.throttling`` itself to answer 429.
    """

    def authenticate(self, request, username=None, password=None, **kwargs):
        email = (username or kwargs.get("email") or "").strip().lower()
        if request is None or not email:
            return super().authenticate(request, username=username, password=password, **kwargs)
        try:
            throttling.login_attempt(request, email)
        except ApplicationError as exc:
            raise PermissionDenied(exc.message) from exc
        user = super().authenticate(request, username=username, password=password, **kwargs)
        if user is None:
            throttling.login_failed(request, email)
        return user
