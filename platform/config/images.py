"""Uploaded images: checked by content (never by name or browser MIME type), re-encoded to WebP.

Used by profile photos and question images. Raises ``ApplicationError`` with the caller's codes.
"""

from __future__ import annotations

import io

import puremagic
from django.utils.translation import gettext as _
from PIL import Image, UnidentifiedImageError

from config.errors import ApplicationError

IMAGE_TYPES = {"image/jpeg", "image/png", "image/webp"}


def read_limited(upload, limit: int, *, too_large_code: str) -> bytes:
    """The upload's bytes; 413 ``too_large_code`` when it is over ``limit`` bytes."""
    data = upload.read(limit + 1)
    if len(data) > limit:
        raise ApplicationError(
            too_large_code,
            _("The image is larger than %(mb)d MB.") % {"mb": max(1, limit // (1024 * 1024))},
            status=413,
        )
    return data


def reencode_image(raw: bytes, *, max_side: int, unsupported_code: str) -> bytes:
    """A WebP (quality 85, metadata dropped) of a real JPEG, PNG or WebP image, at most
    ``max_side`` pixels a side. Anything else -> 400 ``unsupported_code``."""
    unsupported = ApplicationError(
        unsupported_code, _("The file is not a JPEG, PNG or WebP image."), status=400
    )
    try:
        mime = puremagic.from_string(raw, mime=True)
    except puremagic.PureError as exc:
        raise unsupported from exc
    if mime not in IMAGE_TYPES:
        raise unsupported
    try:
        with Image.open(io.BytesIO(raw)) as image:
            if image.format not in {"JPEG", "PNG", "WEBP"}:
                raise unsupported
            image.load()
            image = image.convert("RGBA" if image.mode in ("RGBA", "LA", "P") else "RGB")
            image.thumbnail((max_side, max_side))
            out = io.BytesIO()
            image.save(out, format="WEBP", quality=85)
    except (UnidentifiedImageError, OSError, Image.DecompressionBombError) as exc:
        raise unsupported from exc
    return out.getvalue()
