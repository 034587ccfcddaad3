"""Keys that protect personal data at rest (issue 24, item 6; decision 0023).

The CCCD number (``accounts.Profile.cccd``) is stored as a Fernet token and found through an
HMAC-SHA256 of the number. Two settings, read once by ``config.settings``:

- ``CCCD_KEYS``: Fernet keys (url-safe base64 of 32 bytes), comma-separated. The first encrypts;
  every key decrypts (``cryptography.fernet.MultiFernet``), so a new key is put first and the
  old ones kept until ``manage.py cccd_reencrypt`` has rewritten every row.
- ``CCCD_HASH_KEY``: the HMAC key of the lookup hash, at least 32 characters. Changing it needs
  ``manage.py cccd_reencrypt`` too (it recomputes every hash from the decrypted number).

In production (``DEBUG`` off, not under tests, and ``SECRET_KEY`` given by the environment) both
are required: ``data_keys`` raises ``ImproperlyConfigured`` and the process does not start. In the
embedded set-up (no ``SECRET_KEY`` in the environment: the one generated once under ``.data/``),
under tests or with ``DEBUG`` on, a missing key is derived from ``SECRET_KEY`` with HKDF-SHA256
and a label per key: the same in every process that reads the same ``SECRET_KEY``, never random.
"""

from __future__ import annotations

import base64
from collections.abc import Mapping

from cryptography.fernet import Fernet
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from django.core.exceptions import ImproperlyConfigured

ENCRYPTION_LABEL = b"platform cccd encryption v1"
HASH_LABEL = b"platform cccd lookup hash v1"
HASH_KEY_MIN_LENGTH = 32


def derived_key(secret_key: str, label: bytes) -> bytes:
    """32 bytes derived from ``secret_key`` for ``label`` (HKDF-SHA256, no salt)."""
    return HKDF(algorithm=hashes.SHA256(), length=32, salt=None, info=label).derive(secret_key.encode())


def data_keys(environ: Mapping[str, str], *, secret_key: str, production: bool) -> tuple[list[str], str]:
    """``(CCCD_KEYS, CCCD_HASH_KEY)`` from ``environ``, or derived from ``secret_key`` when a
    variable is unset and ``production`` is false.

    Raises ``ImproperlyConfigured`` when ``production`` and a variable is unset, when a Fernet key
    is malformed, or when the hash key is shorter than 32 characters."""
    keys = [k.strip() for k in environ.get("CCCD_KEYS", "").split(",") if k.strip()]
    hash_key = environ.get("CCCD_HASH_KEY", "").strip()
    missing = [name for name, value in (("CCCD_KEYS", keys), ("CCCD_HASH_KEY", hash_key)) if not value]
    if missing and production:
        raise ImproperlyConfigured(
            f"{' and '.join(missing)} must be set in production (DEBUG off and SECRET_KEY from the "
            "environment): they encrypt and hash the CCCD numbers (README, Configuration)."
        )
    if not keys:
        keys = [base64.urlsafe_b64encode(derived_key(secret_key, ENCRYPTION_LABEL)).decode()]
    if not hash_key:
        hash_key = base64.urlsafe_b64encode(derived_key(secret_key, HASH_LABEL)).decode()
    for key in keys:
        try:
            Fernet(key)
        except (ValueError, TypeError) as exc:
            raise ImproperlyConfigured(
                "CCCD_KEYS: each key must be a Fernet key (url-safe base64 of 32 bytes), e.g. the output "
                'of python -c "from cryptography.fernet import Fernet; print(Fernet.generate_key().decode())"'
            ) from exc
    if len(hash_key) < HASH_KEY_MIN_LENGTH:
        raise ImproperlyConfigured(f"CCCD_HASH_KEY must be at least {HASH_KEY_MIN_LENGTH} characters long.")
    return keys, hash_key
