"""The 30-second surroundings video recorded before a proctored test (issue 7, item 2): checked
by content (``puremagic`` reads the file's signature; the browser's content type is not
trusted), by size and by duration (PyAV demuxes the file: MediaRecorder's WebM carries no
duration header, so the last packet's end time is used), then stored through the storage
backend under the organization's prefix."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

import av
import puremagic
from django.conf import settings
from django.core.files.storage import default_storage
from django.utils.translation import gettext as _

from config.errors import ApplicationError
from config.media import private_name

if TYPE_CHECKING:
    from django.core.files.uploadedfile import UploadedFile

ALLOWED = {"video/webm": "webm", "video/x-matroska": "webm", "video/mp4": "mp4", "video/quicktime": "mp4"}
CODE = "unsupported_video"


def _refuse(reason: str) -> ApplicationError:
    return ApplicationError(CODE, _("Unsupported video: %(reason)s") % {"reason": reason}, status=400)


def video_duration(upload: UploadedFile[bytes]) -> float:
    """Seconds from the first to the end of the last video packet; raises ValueError when the
    file cannot be demuxed."""
    upload.seek(0)
    try:
        with av.open(upload, mode="r") as container:
            if not container.streams.video:
                raise ValueError("no video stream")
            stream = container.streams.video[0]
            end = Fraction(0)
            for packet in container.demux(stream):
                if packet.pts is not None and packet.time_base is not None:
                    end = max(end, (packet.pts + (packet.duration or 0)) * packet.time_base)
            if end == 0 and container.duration:
                end = Fraction(container.duration, 1_000_000)
            return float(end)
    except av.error.FFmpegError as exc:
        raise ValueError(str(exc)) from exc
    finally:
        upload.seek(0)


def video_check_and_store(upload: UploadedFile[bytes], *, schema_name: str, assignment_id: int) -> str:
    """Check ``upload`` (400 ``unsupported_video`` with the reason: type, size, length) and store
    it; returns the storage path ``<schema>/prep-videos/<random token>.<ext>``: no id in the name,
    never under a public prefix (``config.media.private_name``; issue 16, item 2). ``assignment_id``
    is no longer part of the name."""
    if upload.size is None or upload.size > settings.PREP_VIDEO_MAX_BYTES:  # None: never from Django
        raise _refuse(
            _("the file is larger than %(mb)d MB.") % {"mb": settings.PREP_VIDEO_MAX_BYTES // (1024 * 1024)}
        )
    head = upload.read(8192)
    upload.seek(0)
    try:
        mime = puremagic.from_string(head, mime=True)
    except puremagic.PureError:
        mime = ""
    if mime not in ALLOWED:
        raise _refuse(_("use a WebM or MP4 video."))
    try:
        seconds = video_duration(upload)
    except ValueError as exc:
        raise _refuse(_("the file could not be read.")) from exc
    low = settings.PREP_VIDEO_SECONDS - settings.PREP_VIDEO_TOLERANCE_SECONDS
    high = settings.PREP_VIDEO_SECONDS + settings.PREP_VIDEO_TOLERANCE_SECONDS
    if not low <= seconds <= high:
        raise _refuse(
            _("the video lasts %(s).1f seconds; record %(n)d seconds.")
            % {"s": seconds, "n": settings.PREP_VIDEO_SECONDS}
        )
    name = private_name(kind="prep-videos", extension=ALLOWED[mime], schema_name=schema_name)
    return default_storage.save(name, upload)


def content_type_of(path: str) -> str:
    """The content type a stored video is served with (its extension was set from its content)."""
    return "video/mp4" if path.endswith(".mp4") else "video/webm"
