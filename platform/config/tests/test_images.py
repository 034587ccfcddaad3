"""Pixel floods refused from the header, before decoding (issue 16, item 8; config/images.py)."""

from __future__ import annotations

import io
import tracemalloc

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from PIL import Image

from config.errors import ApplicationError
from config.images import DEFAULT_MAX_PIXELS, reencode_image
from config.tests.bombs import pixel_flood_png
from conftest import client_for

pytestmark = pytest.mark.django_db

MB = 1024 * 1024
EN = "The image is larger than 25 megapixels: make it smaller and upload it again."
VI = "Ảnh lớn hơn 25 megapixel: hãy thu nhỏ ảnh rồi tải lên lại."


def _post(client, path: str, content: bytes, lang: str):
    return client.post(
        path, {"file": SimpleUploadedFile("flood.png", content, "image/png")}, HTTP_ACCEPT_LANGUAGE=lang
    )


def _stored(root) -> list[str]:
    return sorted(str(p.relative_to(root)) for p in root.rglob("*") if p.is_file())


def test_pixel_flood_profile_photo_refused_before_decoding(learner, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    flood = pixel_flood_png(13_000, 13_000)
    assert len(flood) < 64 * 1024  # 169 megapixels in about 20 KB
    client = client_for(learner)
    tracemalloc.start()
    try:
        res = _post(client, "/api/v1/users/profile/self/upload-photo", flood, "en")
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert res.status_code == 413
    assert res.json() == {
        "success": False,
        "message": EN,
        "code": "image_too_large",
        "errors": {},
    }
    assert peak < 100 * MB
    res = _post(client, "/api/v1/users/profile/self/upload-photo", flood, "vi")
    assert (res.status_code, res.json()["code"], res.json()["message"]) == (413, "image_too_large", VI)
    learner.refresh_from_db()
    assert learner.photo == "" and _stored(tmp_path) == []


def test_pixel_flood_question_image_and_logo_refused(as_educator_a, org_a, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    flood = pixel_flood_png(13_000, 13_000)
    tracemalloc.start()
    try:
        res = _post(as_educator_a, "/api/v1/questions/images", flood, "en")
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert (res.status_code, res.json()["code"], res.json()["message"]) == (413, "image_too_large", EN)
    assert peak < 100 * MB
    res = _post(as_educator_a, "/api/v1/questions/images", flood, "vi")
    assert (res.status_code, res.json()["code"], res.json()["message"]) == (413, "image_too_large", VI)
    # A logo takes at most 16 megapixels: 4,001 x 4,000 is refused, though under the default.
    res = _post(as_educator_a, "/api/v1/organization/settings/logo", pixel_flood_png(4_001, 4_000), "en")
    assert (res.status_code, res.json()["code"], res.json()["message"]) == (
        413,
        "image_too_large",
        "The image is larger than 16 megapixels: make it smaller and upload it again.",
    )
    org_a.refresh_from_db()
    assert org_a.logo == "" and _stored(tmp_path) == []


def test_limit_is_width_times_height_from_the_header():
    """Just over the limit (still under twice it, so Pillow itself only warns) is refused by our
    check; exactly at it is decoded and re-encoded."""
    over = pixel_flood_png(5_001, 5_000)
    with pytest.warns(Image.DecompressionBombWarning), pytest.raises(ApplicationError) as refused:
        reencode_image(over, max_side=512, unsupported_code="unsupported_image")
    assert (refused.value.code, refused.value.status) == ("image_too_large", 413)
    at_limit = pixel_flood_png(5_000, 5_000)
    assert 5_000 * 5_000 == DEFAULT_MAX_PIXELS
    webp = reencode_image(at_limit, max_side=512, unsupported_code="unsupported_image")
    with Image.open(io.BytesIO(webp)) as image:
        assert (image.format, image.size) == ("WEBP", (512, 512))
    assert Image.MAX_IMAGE_PIXELS == DEFAULT_MAX_PIXELS


@pytest.mark.parametrize("mode", ["RGB", "RGBA"])
def test_a_webp_as_written_here_is_kept_byte_for_byte(mode):
    source = io.BytesIO()
    Image.new(mode, (8, 4), (0, 128, 255)).save(source, format="PNG")
    once = reencode_image(source.getvalue(), max_side=1600, unsupported_code="x")
    assert reencode_image(once, max_side=1600, unsupported_code="x") == once
    # Too large a side, or metadata: encoded again (and the metadata dropped).
    assert reencode_image(once, max_side=4, unsupported_code="x") != once
    with_exif = io.BytesIO()
    Image.open(io.BytesIO(once)).save(with_exif, format="WEBP", quality=85, exif=b"Exif\x00\x00MM\x00*")
    again = reencode_image(with_exif.getvalue(), max_side=1600, unsupported_code="x")
    assert again != with_exif.getvalue() and b"EXIF" not in again
    # Anything after the last chunk: encoded again.
    assert reencode_image(once + b"\x00" * 4, max_side=1600, unsupported_code="x") != once + b"\x00" * 4
