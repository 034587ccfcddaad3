"""Stored files: the route that serves the public kinds, and the names of the private kinds
(issue 16, item 2; ARCHITECTURE.md "Files").

- Public kinds (profile photos, organization logos, question images, listing covers) live under
  ``PUBLIC_MEDIA_PREFIXES`` and are served by URL by ``public_media`` when the embedded
  FileSystemStorage is used (an S3 bucket serves its own). The view refuses any path that is not
  plainly a file under one of those folders: backslashes, NUL and other control characters,
  ``.``/``..`` and empty segments, and any ``%`` left after the server decoded the URL once
  (double encoding). It then resolves the real path (symlinks included) and serves it only when
  it is still inside ``MEDIA_ROOT/<prefix>``. A refusal is a plain 404, like a missing file.
- Private kinds (proctoring videos, report PDFs, exports, imports) are never served by URL: they
  are streamed by the API to those allowed to see them. ``private_name`` names them with a random
  token (no ids, no timestamps) under a prefix that is never public.
"""

from __future__ import annotations

import secrets
from pathlib import Path

from django.conf import settings
from django.http import Http404, HttpRequest
from django.http.response import HttpResponseBase
from django.views.static import serve

PUBLIC_MEDIA_PREFIXES = ("profiles", "organizations", "question-images", "listing-covers")

# 32 URL-safe characters: 192 random bits.
PRIVATE_TOKEN_BYTES = 24


def _public_target(path: str) -> tuple[Path, str] | None:
    """``(folder, relative path)`` of the public file ``path`` names under ``MEDIA_ROOT``, or
    None when the path is not plainly such a file (see the module docstring)."""
    if not path or "%" in path or "\\" in path or any(ord(c) < 32 or ord(c) == 127 for c in path):
        return None
    segments = path.split("/")
    if any(s in ("", ".", "..") for s in segments) or segments[0] not in PUBLIC_MEDIA_PREFIXES:
        return None
    folder = (Path(settings.MEDIA_ROOT) / segments[0]).resolve()
    try:
        target = folder.joinpath(*segments[1:]).resolve(strict=True)
    except (OSError, RuntimeError):  # missing, or a symlink loop
        return None
    if target == folder or not target.is_relative_to(folder) or not target.is_file():
        return None
    return folder, target.relative_to(folder).as_posix()


def public_media(request: HttpRequest, path: str) -> HttpResponseBase:
    """GET ``/media/<path>``: the public file at ``path`` (``<prefix>/...``, the prefix one of
    ``PUBLIC_MEDIA_PREFIXES``), with the content type, ``Last-Modified`` and conditional GET of
    ``django.views.static.serve``. Raises Http404 for anything else, whatever its encoding: a
    private file, a path that leaves its folder (``..``, ``%2e%2e``, ``%2f``, ``%252e``,
    backslashes, NUL, symlinks), a folder or a missing file (issue 16, item 2)."""
    found = _public_target(path)
    if found is None:
        raise Http404("Not found")
    folder, relative = found
    return serve(request, relative, document_root=str(folder))


def private_name(*, kind: str, extension: str, schema_name: str = "") -> str:
    """A storage name for a private file: ``[<schema>/]<kind>/<token>.<extension>``, the token
    32 random URL-safe characters (``secrets.token_urlsafe``), so that names carry no id or time
    and cannot be guessed (issue 16, item 2). ``kind`` is a folder such as ``prep-videos`` or
    ``reports``. Raises ValueError if the name would start with a public prefix."""
    first = schema_name or kind
    if first in PUBLIC_MEDIA_PREFIXES or not first or "/" in first or first.startswith("."):
        raise ValueError(f"not a private prefix: {first!r}")
    token = secrets.token_urlsafe(PRIVATE_TOKEN_BYTES)
    folder = f"{schema_name}/{kind}" if schema_name else kind
    return f"{folder}/{token}.{extension.lstrip('.')}"
