"""Writing a copy of a person's data (issue 24, item 5: "builds, in a task with progress, a zip
of the learner's profile, consents, purchases, answers, results, survey answers and files (JSON
plus the files, with a short README in both languages)"; decision 0022).

Memory stays bounded whatever the videos weigh: the zip is written to a temporary file, each
stored file is copied into it in chunks (``default_storage.open``, any backend), and the finished
zip is saved to storage in chunks. JSON documents are one person's rows, built per source.
"""

from __future__ import annotations

import json
import shutil
import tempfile
import zipfile
from collections.abc import Callable
from typing import IO

from django.core.files import File
from django.core.files.storage import default_storage

from config.dates import format_datetime, in_vietnam
from config.media import private_name
from data_requests.sources import ExportPart, Person, sources

CHUNK = 1024 * 1024  # bytes copied at a time from a stored file into the zip
README = "README.txt"


def parts_for(person: Person) -> list[ExportPart]:
    """Every source's parts, in the sources' order (data_requests.sources.sources)."""
    return [part for source in sources() for part in source.export(person)]


def _json_bytes(data) -> bytes:
    return json.dumps(data, ensure_ascii=False, indent=2, sort_keys=False, default=str).encode()


def readme_text(*, written: list[ExportPart], missing: list[ExportPart], person: Person, made_at) -> str:
    """The README of the zip: what each file holds, in Vietnamese, then in English."""
    lines = [
        "BẢN SAO DỮ LIỆU CÁ NHÂN",
        f"Tài khoản: {person.user.email}. Tạo lúc: {format_datetime(made_at, language='vi')} (giờ Việt Nam).",
        "Các tệp .json là văn bản UTF-8 (JSON); thời điểm theo ISO 8601, giờ Việt Nam (+07:00).",
        "",
    ]
    lines += [f"- {part.path}: {part.about.vi}" for part in written]
    if missing:
        lines += ["", "Không còn lưu trữ (đã xoá theo chính sách lưu trữ):"]
        lines += [f"- {part.path}" for part in missing]
    lines += [
        "",
        "",
        "COPY OF YOUR PERSONAL DATA",
        f"Account: {person.user.email}. Made at: {format_datetime(made_at, language='en')} (Vietnam time).",
        "The .json files are UTF-8 text (JSON); instants in ISO 8601, Vietnam time (+07:00).",
        "",
    ]
    lines += [f"- {part.path}: {part.about.en}" for part in written]
    if missing:
        lines += ["", "No longer stored (deleted under the retention policy):"]
        lines += [f"- {part.path}" for part in missing]
    return "\n".join(lines) + "\n"


def write_zip(
    person: Person, parts: list[ExportPart], handle: IO[bytes], *, made_at, progress: Callable[[int], None]
) -> list[str]:
    """Write the zip of ``parts`` and its README into ``handle``; ``progress(done)`` after each
    part. A stored file that is gone (deleted under the retention policy) is listed in the README
    instead. Returns the zip's file names, README first."""
    written: list[ExportPart] = []
    missing: list[ExportPart] = []
    stamp = in_vietnam(made_at).timetuple()[:6]  # zip entries carry a local time without zone
    with zipfile.ZipFile(handle, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for done, part in enumerate(parts, start=1):
            if part.storage_name:
                if default_storage.exists(part.storage_name):
                    info = zipfile.ZipInfo(part.path, date_time=stamp)
                    info.compress_type = zipfile.ZIP_STORED  # videos and PDFs are compressed already
                    with (
                        default_storage.open(part.storage_name, "rb") as src,
                        archive.open(info, "w", force_zip64=True) as dst,
                    ):
                        shutil.copyfileobj(src, dst, CHUNK)
                    written.append(part)
                else:
                    missing.append(part)
            else:
                data = part.data if isinstance(part.data, bytes) else _json_bytes(part.data)
                archive.writestr(zipfile.ZipInfo(part.path, date_time=stamp), data, zipfile.ZIP_DEFLATED)
                written.append(part)
            progress(done)
        text = readme_text(written=written, missing=missing, person=person, made_at=made_at)
        archive.writestr(zipfile.ZipInfo(README, date_time=stamp), text.encode(), zipfile.ZIP_DEFLATED)
    return [README, *(p.path for p in written)]


def export_store(
    person: Person, parts: list[ExportPart], *, made_at, progress: Callable[[int], None]
) -> tuple[str, int]:
    """Write the zip to a temporary file, then save it to storage under a random private name
    (``config.media.private_name``: ``data-exports/<token>.zip``, never served by URL). Returns
    ``(storage name, size in bytes)``."""
    with tempfile.TemporaryFile() as handle:
        write_zip(person, parts, handle, made_at=made_at, progress=progress)
        size = handle.tell()
        handle.seek(0)
        name = private_name(kind="data-exports", extension="zip")
        return default_storage.save(name, File(handle, name=name)), size
