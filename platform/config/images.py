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


def read_limited(upload: IO[bytes], limit: int, *, too_large_code: str, message: str | None = None) -> bytes:
    """The upload's bytes; 413 ``too_large_code`` when it is over ``limit`` bytes, with
    ``message`` (default: "The image is larger than N MB.")."""
    data = upload.read(limit + 1)
    if len(data) > limit:
        raise ApplicationError(
            too_large_code,
            message or _("The image is larger than %(mb)d MB.") % {"mb": max(1, limit // (1024 * 1024))},
            status=413,
        )
    return data


_IMAGE_CHUNKS = {b"VP8 ", b"VP8L", b"VP8X", b"ALPH"}


def _bare_webp(raw: bytes) -> bool:
    """``raw`` is a RIFF WebP of image chunks only (``VP8 ``, ``VP8L``, ``VP8X``, ``ALPH``: no
    EXIF, XMP, ICC profile or animation), its RIFF size the file's, nothing after the last
    chunk (the container of the WebP specification, developers.google.com/speed/webp)."""
    if len(raw) < 20 or raw[:4] != b"RIFF" or raw[8:12] != b"WEBP":
        return False
    if int.from_bytes(raw[4:8], "little") + 8 != len(raw):
        return False
    at = 12
    while at < len(raw):
        if at + 8 > len(raw) or raw[at : at + 4] not in _IMAGE_CHUNKS:
            return False
        if raw[at : at + 4] == b"VP8X" and (at + 8 >= len(raw) or raw[at + 8] & 0b0010_1110):
            return False  # the flags of an ICC profile, EXIF, XMP or an animation (alpha is fine)
        size = int.from_bytes(raw[at + 4 : at + 8], "little")
        at += 8 + size + (size & 1)
    return at == len(raw)


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
    ``max_side`` pixels a side. A WebP that is already what this writes (``_bare_webp``: image
    chunks only, no metadata, nothing after them) and small enough is kept byte for byte, so an
    image that goes out in an export and comes back in is not encoded again with a loss each time
    (issue 36's round trips).

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
            if image.format == "WEBP" and max(width, height) <= max_side and _bare_webp(raw):
                image.load()  # decodes: a broken image is refused like any other
                return raw
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
