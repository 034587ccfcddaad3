"""The CCCD number at rest and on the way out (issue 24, item 6; decision 0023).

- At rest: ``Profile.cccd`` is a ``CccdField``: the column holds a Fernet token made with the
  first of ``settings.CCCD_KEYS`` (``MultiFernet``: every key decrypts); the model attribute is
  the plain 12 digits. ``Profile.cccd_hash`` (a ``CccdHashField``) holds the HMAC-SHA256 of the
  number under ``settings.CCCD_HASH_KEY``, written on every save, so that equality is checked
  without decrypting (``cccd_digest``; uniqueness in ``accounts.services.registration``). A
  ``QuerySet.update(cccd=...)`` encrypts but leaves the hash as it was: change or clear a number
  through ``save()`` (or ``bulk_create``), and run ``manage.py cccd_reencrypt`` after a bulk
  update.
- On the way out: ``cccd_shown`` is the one rule: the number in full to its owner (the user of
  the profile), ``cccd_masked`` ("********1234") to anyone else, in every API answer and export.
"""

from __future__ import annotations

import functools
import hashlib
import hmac

from cryptography.fernet import Fernet, InvalidToken, MultiFernet
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.db import models

VISIBLE_DIGITS = 4
MASK_CHAR = "*"


@functools.lru_cache(maxsize=4)
def _fernet(keys: tuple[str, ...]) -> MultiFernet:
    return MultiFernet([Fernet(k) for k in keys])


def _cipher() -> MultiFernet:
    return _fernet(tuple(settings.CCCD_KEYS))


def cccd_encrypt(number: str) -> str:
    """The Fernet token of ``number`` under the first key; "" stays "" (no number)."""
    if not number:
        return ""
    return _cipher().encrypt(number.encode()).decode()


def cccd_decrypt(token: str | None) -> str:
    """The number in ``token`` ("" for "" or NULL). Raises ``ImproperlyConfigured`` when no key
    of ``CCCD_KEYS`` opens it (a key was removed before ``cccd_reencrypt`` ran)."""
    if not token:
        return ""
    try:
        return _cipher().decrypt(token.encode()).decode()
    except InvalidToken as exc:
        raise ImproperlyConfigured(
            "A CCCD number cannot be decrypted with CCCD_KEYS: keep the old key after the new one "
            "until manage.py cccd_reencrypt has run."
        ) from exc


def cccd_rotate(token: str) -> str:
    """``token`` encrypted again under the first key ("" stays "")."""
    return _cipher().rotate(token.encode()).decode() if token else ""


def cccd_digest(number: str) -> str:
    """HMAC-SHA256 (hex, 64 characters) of ``number`` under ``CCCD_HASH_KEY``; "" for no number."""
    if not number:
        return ""
    return hmac.new(settings.CCCD_HASH_KEY.encode(), number.encode(), hashlib.sha256).hexdigest()


def cccd_masked(number: str) -> str:
    """``number`` with all but its last 4 digits replaced by "*" ("********1234"); "" for none."""
    if not number:
        return ""
    hidden = max(len(number) - VISIBLE_DIGITS, 0)
    return MASK_CHAR * hidden + number[hidden:]


def cccd_shown(profile, *, viewer_user_id: int | None) -> str:
    """The CCCD of ``profile`` as ``viewer_user_id`` may see it: in full for the profile's own
    user, masked for anyone else (an educator, an organization admin, a parent, nobody)."""
    number = profile.cccd
    return number if viewer_user_id is not None and profile.user_id == viewer_user_id else cccd_masked(number)


class CccdField(models.TextField):
    """Text encrypted in the column (a Fernet token), plain on the model. Only "" (no number) can
    be looked up by value: tokens differ at each save, so compare ``cccd_hash`` instead."""

    description = "Fernet-encrypted text"

    def from_db_value(self, value, expression, connection):
        return cccd_decrypt(value)

    def get_prep_value(self, value):
        return cccd_encrypt(super().get_prep_value(value) or "")


class CccdHashField(models.CharField):
    """The lookup hash of another field of the same model (``source``), computed at each save
    (``save()`` and ``bulk_create``) with ``cccd_digest``."""

    def __init__(self, *args, source: str = "cccd", **kwargs):
        self.source = source
        kwargs.setdefault("max_length", 64)
        kwargs.setdefault("blank", True)
        kwargs.setdefault("editable", False)
        super().__init__(*args, **kwargs)

    def deconstruct(self):
        name, path, args, kwargs = super().deconstruct()
        kwargs["source"] = self.source
        for key, default in (("max_length", 64), ("blank", True), ("editable", False)):
            if kwargs.get(key) == default:
                kwargs.pop(key)
        return name, path, args, kwargs

    def pre_save(self, model_instance, add):
        value = cccd_digest(getattr(model_instance, self.source) or "")
        setattr(model_instance, self.attname, value)
        return value
