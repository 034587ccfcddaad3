"""Formulas of the paper PDF (decision 0042): the LaTeX between ``$...$`` typeset by matplotlib's
mathtext (a TeX math layout engine with its own TeX fonts, no TeX installation) into a PNG at
``DPI``, drawn inline by reportlab at the formula's own size with its baseline on the line's.

mathtext reads most of what a school test writes (fractions, roots, powers, indices, Greek,
relations, arrows, ``\\overrightarrow``, ``\\widehat``, ``\\text``, ``\\mathbb``, ``\\lim``,
``\\int``, ``\\binom``); what it cannot read (environments such as ``cases`` or ``matrix``) is
printed as its LaTeX source, as KaTeX shows a formula it cannot parse. The spellings KaTeX takes
and mathtext does not are renamed first (``\\tfrac`` -> ``\\frac``, ``\\textrm``/``\\mbox`` ->
``\\text``, and the short relations school tests write: ``\\ge``/``\\le`` -> ``\\geq``/``\\leq``,
``\\lt``/``\\gt``, ``\\implies``, ``\\iff``, ``\\land``, ``\\lor``, ``\\lnot``; the demo's
"$x \\ge 0$" was printed as its source). Layout runs under a lock: matplotlib's text machinery
is not thread-safe and the huey consumer runs threads.
"""

from __future__ import annotations

import hashlib
import io
import re
import threading
from dataclasses import dataclass
from pathlib import Path

DPI = 300
FORMULA = re.compile(r"\$([^$]+)\$")
"""A formula in a question's text: the same rule as the SPA's KaTeX (``math-html.tsx``: ``$...$``
within one text, never empty)."""

_RENAMED = (
    (re.compile(r"\\tfrac(?![A-Za-z])"), r"\\frac"),
    (re.compile(r"\\(?:textrm|mbox)(?![A-Za-z])"), r"\\text"),
    *(
        (re.compile(rf"\\{short}(?![A-Za-z])"), long)
        for short, long in (
            ("ge", r"\\geq"),
            ("le", r"\\leq"),
            ("lt", "<"),
            ("gt", ">"),
            ("implies", r"\\Longrightarrow"),
            ("iff", r"\\Longleftrightarrow"),
            ("land", r"\\wedge"),
            ("lor", r"\\vee"),
            ("lnot", r"\\neg"),
        )
    ),
)
_LOCK = threading.Lock()


@dataclass(frozen=True)
class Formula:
    """A typeset formula: the PNG's path and its size in points (``width``, ``height``, and
    ``depth``, how far it reaches below the baseline)."""

    path: Path
    width: float
    height: float
    depth: float


class FormulaRenderer:
    """Typesets formulas into ``directory`` at ``size`` points, each distinct LaTeX once (a
    paper's versions repeat the same formulas)."""

    def __init__(self, directory: Path, *, size: float) -> None:
        self.directory, self.size = directory, size
        self._done: dict[str, Formula | None] = {}

    def render(self, latex: str) -> Formula | None:
        """The formula of ``latex`` (without its ``$``), or None when mathtext cannot read it."""
        if latex not in self._done:
            self._done[latex] = self._render(latex)
        return self._done[latex]

    def _render(self, latex: str) -> Formula | None:
        from matplotlib import mathtext
        from matplotlib.font_manager import FontProperties

        source = latex.strip()
        for pattern, replacement in _RENAMED:
            source = pattern.sub(replacement, source)
        if not source:
            return None
        prop = FontProperties(size=self.size)
        name = hashlib.sha256(source.encode()).hexdigest()[:24] + ".png"
        path = self.directory / name
        with _LOCK:
            try:
                box = mathtext.MathTextParser("path").parse(f"${source}$", dpi=72, prop=prop)
                out = io.BytesIO()
                mathtext.math_to_image(f"${source}$", out, prop=prop, dpi=DPI, format="png")
            except Exception:  # noqa: BLE001 - parse errors are ValueError; any other failure of one
                return None  # formula prints its source rather than failing the whole export
        path.write_bytes(out.getvalue())
        return Formula(path=path, width=box.width, height=box.height, depth=box.depth)
