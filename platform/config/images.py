"""Uploaded images: checked by content (never by name or browser MIME type), re-encoded to WebP.

Used by profile photos, question images, survey listing covers and organization logos. Raises
``ApplicationError`` with the caller's codes.

Pixel limits (issue 16, item 8): an image is refused from its header, before a single pixel is
decoded, when width x height is above the caller's ``max_pixels``. A small file can declare a huge
canvas (a 641 KB PNG of 13,000 x 13,000 pixels decodes to 2.1 GB); decoding costs about 4 bytes
a pixel, so the default of 25 megapixels (``DEFAULT_MAX_PIXELS``: a 24 MP camera photo, 6,000 x
4,000, still fits) bounds one decode near 100 MB. Every caller stores a much smaller re-encoded copy
(question images 1,600 px a side, covers 1,200, profile photos and logos 512), so nothing useful is
lost: profile photos and covers keep the default because they come straight from phone cameras;
logos are drawings and take at most ``LOGO_MAX_PIXELS`` (people/services.py). Pillow's own
``Image.MAX_IMAGE_PIXELS`` is lowered to the same default, so any other ``Image.open`` in the process
refuses (``DecompressionBombError``) above twice that.
"""

from __future__ import annotations

import io
from typing import IO

import puremagic
from django.utils.translation import gettext as _
from PIL import Image, UnidentifiedImageError

from config.errors import ApplicationError

IMAGE_TYPES = {"image/jpeg", "image/png", "image/webp"}
DEFAULT_MAX_PIXELS = 25_000_000
Image.MAX_IMAGE_PIXELS = DEFAULT_MAX_PIXELS


def read_limited(upload: IO[bytes], limit: int, *, too_large_code: str) -> bytes:
    """The upload's bytes; 413 ``too_large_code`` when it is over ``limit`` bytes."""
    data = upload.read(limit + 1)
    if len(data) > limit:
        raise ApplicationError(
            too_large_code,
            _("The image is larger than %(mb)d MB.") % {"mb": max(1, limit // (1024 * 1024))},
            status=413,
        )
    return data


def too_many_pixels(max_pixels: int, code: str) -> ApplicationError:
    """413 ``code``: "The image is larger than N megapixels." (issue 16, item 8)."""
    return ApplicationError(
        code,
        _("The image is larger than %(mp)d megapixels: make it smaller and upload it again.")
        % {"mp": max(1, max_pixels // 1_000_000)},
        status=413,
    )


def reencode_image(
    raw: bytes,
    *,
    max_side: int,
    unsupported_code: str,
    max_pixels: int = DEFAULT_MAX_PIXELS,
    too_large_code: str = "image_too_large",
) -> bytes:
    """A WebP (quality 85, metadata dropped) of a real JPEG, PNG or WebP image, at most
    ``max_side`` pixels a side.

    Anything else -> 400 ``unsupported_code``. An image whose header declares more than
    ``max_pixels`` pixels (width x height) -> 413 ``too_large_code`` before any decoding (issue 16,
    item 8); JPEGs are decoded at a reduced scale (``draft``) when they are much larger than
    ``max_side``, so a 25 MP photo does not cost its full size in memory.
    """
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
        # Image.open reads only the header: size and format are known, no pixel is decoded yet.
        with Image.open(io.BytesIO(raw)) as image:
            if image.format not in {"JPEG", "PNG", "WEBP"}:
                raise unsupported
            width, height = image.size
            if width * height > max_pixels:
                raise too_many_pixels(max_pixels, too_large_code)
            image.draft(None, (max_side * 2, max_side * 2))
            image.load()
            converted = image.convert("RGBA" if image.mode in ("RGBA", "LA", "P") else "RGB")
            converted.thumbnail((max_side, max_side))
            out = io.BytesIO()
            converted.save(out, format="WEBP", quality=85)
    except Image.DecompressionBombError as exc:
        raise too_many_pixels(max_pixels, too_large_code) from exc
    except (UnidentifiedImageError, OSError) as exc:
        raise unsupported from exc
    return out.getvalue()
