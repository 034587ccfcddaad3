"""``<link rel="modulepreload">`` for the chunks of the page a request opens (issue 20): the
server names the route's layout and page chunks, and every chunk they import, in ``index.html``,
so the browser loads them beside the entry instead of after it (one round trip and the entry's
download less before a signed-in page can render).

Read from the SPA's build: ``frontend/dist/.vite/manifest.json`` (Vite's manifest: each source
module's chunk and its static imports), ``frontend/dist/.vite/routes.json`` (the route table's
paths and the modules their lazy loaders import, ``frontend/route-chunks-plugin.ts``) and
``frontend/dist/.vite/texts.json`` (which chunks carry which groups of texts, and each group's
English chunk, ``frontend/messages-plugin.ts``). They are read again when the build changes
(their modification times), as ``index.html`` is.

An English reader's page also names its English texts: the English core and the English chunk of
every group its chunks carry. The SPA would otherwise ask for them only once the entry has run,
and then for the groups once the core has arrived: two round trips more (decision 0035).

``config.views.spa_index`` calls ``with_preloads(html, request.path_info, language=...)`` with the
reader's language (decisions 0029 and 0035).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from django.conf import settings

BUILD = settings.BASE_DIR / "frontend" / "dist" / ".vite"
STATIC = "/static/"
ENTRY = "index.html"


@dataclass(frozen=True)
class _Route:
    pattern: re.Pattern[str]
    rank: tuple[int, int, int]
    modules: tuple[str, ...]


def _pattern(path: str) -> tuple[re.Pattern[str], tuple[int, int, int]]:
    """A route path (``/take-test/:id``, ``/question-bank/form/:id/:load?``, ``/*``) as a regex,
    and its rank as React Router ranks matches: static segments first, then dynamic, splat last."""
    parts, static, dynamic, splat = [], 0, 0, 0
    for segment in [s for s in path.split("/") if s]:
        if segment == "*":
            parts.append("(?:/.*)?")
            splat += 1
        elif segment.startswith(":"):
            optional = segment.endswith("?")
            parts.append("(?:/[^/]+)?" if optional else "/[^/]+")
            dynamic += 1
        else:
            parts.append("/" + re.escape(segment))
            static += 1
    return re.compile("^" + "".join(parts) + "/?$"), (static, dynamic, -splat)


class Preloads:
    """The chunks of a build's routes; ``links(path)`` for one request's path."""

    def __init__(self, build: Path):
        self.build = build
        self._stamp: tuple[float, float, float | None] | None = None
        self._manifest: dict[str, dict[str, Any]] = {}
        self._routes: list[_Route] = []
        self._groups: dict[str, list[str]] = {}
        self._english: dict[str, str] = {}

    def _load(self) -> None:
        manifest, routes = self.build / "manifest.json", self.build / "routes.json"
        texts = self.build / "texts.json"
        try:
            built = (manifest.stat().st_mtime, routes.stat().st_mtime)
        except FileNotFoundError:  # not built (or built before issue 20): no links
            self._stamp, self._manifest, self._routes = None, {}, []
            return
        texts_time: float | None
        try:  # a build before decision 0035 has no texts.json: its chunks without English texts
            texts_time = texts.stat().st_mtime
        except FileNotFoundError:
            texts_time = None
        stamp = (*built, texts_time)
        if stamp == self._stamp:
            return
        found = json.loads(texts.read_text(encoding="utf-8")) if stamp[2] is not None else {}
        self._groups, self._english = found.get("groups", {}), found.get("english", {})
        self._manifest = json.loads(manifest.read_text(encoding="utf-8"))
        self._routes = sorted(
            (
                _Route(*_pattern(route["path"]), modules=tuple(route["modules"]))
                for route in json.loads(routes.read_text(encoding="utf-8"))
            ),
            key=lambda route: route.rank,
            reverse=True,
        )
        self._stamp = stamp

    def files(self, path: str, language: str = "vi") -> list[str]:
        """The JavaScript files (under ``/static/``) of the best route for ``path`` and their
        static imports, in load order, without the entry (``index.html`` names it); ``[]`` when
        no route matches or the build has no manifest. For ``language`` ``"en"``, followed by the
        English core's file and the English file of each group of texts those files carry."""
        self._load()
        route = next((r for r in self._routes if r.pattern.match(path)), None)
        if route is None:
            return []
        seen: dict[str, None] = {}

        def add(key: str) -> None:
            if key == ENTRY or key in seen or key not in self._manifest:
                return
            seen[key] = None
            for imported in self._manifest[key].get("imports", []):
                add(imported)

        for module in route.modules:
            add(module)
        files = [self._manifest[key]["file"] for key in seen]
        if language != "en":
            return files
        groups = sorted({group for file in files for group in self._groups.get(file, [])})
        texts = [self._english.get(name) for name in ["core", *groups]]
        return files + [file for file in texts if file]

    def links(self, path: str, language: str = "vi") -> str:
        """``<link rel="modulepreload" href="/static/...">`` for each of ``files(path, language)``."""
        return "".join(
            f'<link rel="modulepreload" crossorigin href="{STATIC}{file}">'
            for file in self.files(path, language)
        )


PRELOADS = Preloads(BUILD)


def with_preloads(html: str, path: str, preloads: Preloads = PRELOADS, *, language: str = "vi") -> str:
    """``index.html`` with the modulepreload links of ``path``'s chunks (and, for ``language``
    ``"en"``, their English texts) before ``</head>``."""
    links = preloads.links(path, language)
    return html.replace("</head>", f"{links}</head>", 1) if links else html
