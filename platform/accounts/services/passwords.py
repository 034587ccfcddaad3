"""Password reset by e-mailed link (spec section 3, "Forgot password"; no account enumeration)."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.tokens import default_token_generator
from django.db import transaction
from django.utils.encoding import force_bytes, force_str
from django.utils.http import urlsafe_base64_decode, urlsafe_base64_encode
from django.utils.translation import gettext as _

from accounts.error_codes import AccountsErrorCode as Code
from accounts.models import (
    User,
)
from accounts.services.checks import (
    check_new_password,
    normalize_email,
)
from config.errors import ApplicationError, FieldErrors
from config.i18n import reader_language
from outbox.services import enqueue


def password_reset_request(*, email: str) -> None:
    """Mail a reset link to an active account with this e-mail; answer the same whether or not
    one exists (no account enumeration). The link carries Django's token generator's token; the
    mail (``accounts.password_reset``) goes through the outbox (``outbox.services.enqueue``)."""
    user = User.objects.filter(email__iexact=normalize_email(email), is_active=True).first()
    if user is None:
        return
    uid = urlsafe_base64_encode(force_bytes(user.pk))
    link = f"{settings.SITE_URL}/reset-password?uid={uid}&token={default_token_generator.make_token(user)}"
    enqueue(
        "accounts.password_reset", user.email, {"name": user.name_or_email, "link": link}, reader_language()
    )


@transaction.atomic
def password_reset_confirm(*, uid: str, token: str, password: str, confirm_password: str) -> User:
    """Set a new password from a reset link; the link then stops working (the token depends on
    the password hash). Raises ``invalid_reset_link`` (400) or ``validation_error``."""
    invalid = ApplicationError(
        Code.INVALID_RESET_LINK, _("Reset Password Failed: the link is invalid or has expired."), status=400
    )
    try:
        user = User.objects.get(pk=force_str(urlsafe_base64_decode(uid or "")))
    except (User.DoesNotExist, ValueError, TypeError, OverflowError) as exc:
        raise invalid from exc
    if not default_token_generator.check_token(user, token or ""):
        raise invalid
    errors = FieldErrors()
    check_new_password(errors, password, confirm_password, user)
    errors.raise_if_any(_("Reset Password Failed"))
    user.set_password(password)
    user.save(update_fields=["password", "updated_at"])
    return user
