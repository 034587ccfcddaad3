"""What a question file holds, read but not yet written (issue 36): every reader (Word, Moodle
XML, GIFT, Aiken, QTI) turns a file into a list of ``Candidate``; the preview shows them, the
educator fixes or skips some, and the import job writes the rest as draft questions through
``assessments.services.questions.question_create``. Nothing is written while a file is read.

A candidate's ``content`` and ``answer_key`` have exactly the request shapes that
``question_create`` reads (``assessments.content``: ``QuestionContentIn`` and the answer-key union):

    content = {"stem": {"vi": html, "en": html},
               "options": [{"id": "a", "vi": html, "en": html}, ...],   # choice types only
               "explanation": {"vi": html, "en": html}}
    answer_key = {"option": "a"} | {"options": ["a", "c"]} | {"value": True}
               | {"accepted": ["..."], "case_sensitive": False, "diacritic_sensitive": True}
               | {"rubric": html, "max_score": 1}

Texts are the product's HTML subset with math as LaTeX between ``$...$`` (what KaTeX renders in
the SPA). An image is written into the HTML as ``<img src="candidate-image:NAME">``; the import
stores each image through ``question_image_save`` (its pixel and size limits) and replaces the
source with the stored URL. A file's language that is not given stays "".
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

IMAGE_SRC_PREFIX = "candidate-image:"
"""The ``src`` of an ``<img>`` in a candidate's HTML that names one of its ``images``."""


@dataclass(frozen=True)
class CandidateImage:
    """A picture a question carries: ``name`` (unique in its candidate), the file's bytes and
    its media type as read from the content (``image/png``, ``image/jpeg``, ...)."""

    name: str
    data: bytes
    media_type: str


@dataclass(frozen=True)
class Problem:
    """Something the educator must see before importing: a stable ``code`` (``no_key_marked``,
    ``too_few_options``, ``unsupported_type``, ``equation_as_picture``, ...) and its message in
    the reader's language (``gettext`` at the raise site). ``blocking``: the question cannot be
    imported as it stands (fix or skip it); otherwise it is a warning."""

    code: str
    message: str
    blocking: bool = True


@dataclass
class Candidate:
    """One question as read from a file.

    - ``ref``: the file's own label for it, as the educator reads it there ("Câu 7",
      "Question 3", Moodle's ``<name>``, a QTI item's identifier), used in problem messages.
    - ``type``: a ``Question.Type`` value, or ``"unsupported"`` for what the bank cannot hold
      (``source_type`` then says what: ``matching``, ``cloze``, ``ddwtos``, ``calculated``...).
    - ``folder``: the folder path below the folder the educator chooses, outermost first (a
      Word file's "PHẦN I", a Moodle category path); ``()`` for the chosen folder itself.
    - ``flags``: facts shown beside the question (``equation_as_picture``: a MathType object kept
      as its preview picture).
    """

    ref: str
    type: str
    content: dict[str, Any] = field(default_factory=dict)
    answer_key: dict[str, Any] = field(default_factory=dict)
    folder: tuple[str, ...] = ()
    images: list[CandidateImage] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    flags: set[str] = field(default_factory=set)
    source_type: str = ""
    difficulty: str = ""
    score_weight: float | None = None

    @property
    def blocked(self) -> bool:
        """True when a blocking problem keeps it out of the import until fixed or skipped."""
        return self.type == "unsupported" or any(p.blocking for p in self.problems)
