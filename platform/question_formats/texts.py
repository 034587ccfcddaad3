"""What the Moodle XML, GIFT, Aiken and QTI readers and writers share (issue 36, item 2): math
delimiters, Moodle's multi-language spans, texts as the bank's HTML, images, option ids, the
problems a candidate can carry and the file-level errors.

- Math: the bank writes LaTeX between ``$...$`` (what the SPA's KaTeX renders). Moodle's TeX
  filters and MathJax read ``$$...$$``, ``\\(...\\)`` and ``\\[...\\]``: all three become
  ``$...$`` on import (``math_to_bank``); on export ``$...$`` becomes ``\\(...\\)``
  (``math_to_moodle``), the inline form MathJax renders in every Moodle.
- Languages: a text in both languages is written as Moodle's multi-language spans
  ``<span lang="vi" class="multilang">…</span><span lang="en" class="multilang">…</span>``
  (``join_languages``); on import those spans, and filter_multilang2's ``{mlang vi}…{mlang}``,
  split a text into its languages (``split_languages``). Text outside any span belongs to every
  language (Moodle shows it in all). A text without any language mark is Vietnamese, the
  product's default language (``config.i18n.LANGUAGES[0]``): a file does not say its language.
- HTML: a candidate's texts are cleaned to the bank's HTML subset (the tags and attributes of
  ``assessments.services.questions``), keeping only images named ``candidate-image:NAME``.
"""

from __future__ import annotations

import html as html_lib
import io
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import unquote

import nh3
from django.utils.formats import number_format
from django.utils.translation import gettext as _
from markdown_it import MarkdownIt
from PIL import Image, UnidentifiedImageError

from assessments.services.questions import (
    ALLOWED_ATTRIBUTES,
    ALLOWED_TAGS,
    MAX_OPTIONS,
    QUESTION_IMAGE_MAX_BYTES,
)
from config.archives import ArchiveErrorCode
from config.errors import ApplicationError
from config.i18n import LANGUAGES
from config.images import IMAGE_TYPES
from question_formats.candidates import IMAGE_SRC_PREFIX, Candidate, CandidateImage, Problem
from question_formats.error_codes_formats import FormatErrorCode

DEFAULT_LANGUAGE = LANGUAGES[0]
MAX_QUESTIONS = 20_000
"""Questions (and categories, and unsupported ones) one file may hold: the question sheet's
``MAX_ROWS`` (issue 4). A 10,000-question Moodle XML file is read within it (the bench)."""

# --- file-level errors ---------------------------------------------------------------------------


def _error(code: str, message: str) -> ApplicationError:
    return ApplicationError(code, message, status=400, errors={"file": [message]})


def unrecognized(format_name: str) -> ApplicationError:
    """400 ``question_file_unrecognized``: the content is not ``format_name`` ("Moodle XML")."""
    return _error(
        FormatErrorCode.QUESTION_FILE_UNRECOGNIZED,
        _("The file is not a %(format)s file.") % {"format": format_name},
    )


def broken(format_name: str, detail: str = "") -> ApplicationError:
    """400 ``question_file_broken``: a ``format_name`` file that cannot be read (``detail`` says
    where, when known)."""
    message = _("The %(format)s file cannot be read.") % {"format": format_name}
    return _error(FormatErrorCode.QUESTION_FILE_BROKEN, f"{message} {detail}".strip())


def too_many_questions() -> ApplicationError:
    """400 ``question_file_too_large``: more than ``MAX_QUESTIONS`` questions."""
    return _error(
        FormatErrorCode.QUESTION_FILE_TOO_LARGE,
        _("The file holds more than %(n)s questions.")
        % {"n": number_format(MAX_QUESTIONS, force_grouping=True)},
    )


def decode_text(data: bytes, format_name: str) -> str:
    """A text file's content: UTF-8 (a BOM dropped), or UTF-16 with its BOM; 400
    ``question_file_unrecognized`` for anything else or a NUL byte (a binary file)."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        try:
            text = data.decode("utf-16")
        except UnicodeDecodeError as exc:
            raise unrecognized(format_name) from exc
    else:
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise unrecognized(format_name) from exc
    if "\x00" in text:
        raise unrecognized(format_name)
    return text.replace("\r\n", "\n").replace("\r", "\n")


def looks_like_text(data: bytes) -> str | None:
    """The first 64 KB of ``data`` as text when it is UTF-8 (or UTF-16 with a BOM) without NUL
    bytes, else ``None``: the sniffers' first test. A cut multi-byte character at the end is
    dropped."""
    head = data[: 64 * 1024]
    if head.startswith((b"\xff\xfe", b"\xfe\xff")):
        text = head.decode("utf-16", errors="ignore")
    else:
        try:
            text = head.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            if exc.start < len(head) - 4:
                return None
            text = head[: exc.start].decode("utf-8-sig")
    return None if "\x00" in text else text


# --- math --------------------------------------------------------------------------------------

_DISPLAY_DOLLARS = re.compile(r"\$\$(.+?)\$\$", re.S)
_DISPLAY_BRACKETS = re.compile(r"\\\[(.+?)\\\]", re.S)
_INLINE_PARENS = re.compile(r"\\\((.+?)\\\)", re.S)
BANK_MATH = re.compile(r"\$([^$]+)\$")
"""LaTeX in the bank's texts: between two ``$`` (the SPA's ``math-html`` rule)."""


def math_to_bank(text: str) -> str:
    """``$$x$$``, ``\\[x\\]`` and ``\\(x\\)`` as the bank's ``$x$`` (the LaTeX kept as it is)."""
    for pattern in (_DISPLAY_DOLLARS, _DISPLAY_BRACKETS, _INLINE_PARENS):
        text = pattern.sub(lambda m: f"${m.group(1).strip()}$", text)
    return text


def math_to_moodle(text: str) -> str:
    """The bank's ``$x$`` as ``\\(x\\)``, which Moodle's MathJax filter renders inline."""
    return BANK_MATH.sub(lambda m: f"\\({m.group(1)}\\)", text)


# --- languages ---------------------------------------------------------------------------------

_SPAN_TAG = re.compile(r"<(/?)span\b([^>]*)>", re.I)
_ATTR = re.compile(r"""([a-zA-Z:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))""")
_MLANG2 = re.compile(r"\{mlang\s+([A-Za-z_,\s-]+)\}(.*?)\{mlang\}", re.S | re.I)


def _language(code: str) -> str:
    """``vi_VN``, ``en-us``, ``EN`` -> ``vi``, ``en``, ``en``."""
    return re.split(r"[_-]", code.strip().lower(), maxsplit=1)[0]


def _multilang_segments(text: str) -> list[tuple[str | None, str]]:
    """``text`` as ``(language or None, part)`` in order: the insides of multilang spans (and
    ``{mlang}`` blocks) with their language, everything else with ``None``."""
    segments: list[tuple[str | None, str]] = []
    position = 0
    for match in _MLANG2.finditer(text):
        segments.extend(_span_segments(text[position : match.start()]))
        for code in match.group(1).split(","):
            segments.append((_language(code), match.group(2)))
        position = match.end()
    segments.extend(_span_segments(text[position:]))
    return segments


def _span_segments(text: str) -> list[tuple[str | None, str]]:
    segments: list[tuple[str | None, str]] = []
    position = 0
    tags = list(_SPAN_TAG.finditer(text))
    index = 0
    while index < len(tags):
        tag = tags[index]
        attrs = {
            m.group(1).lower(): m.group(2) or m.group(3) or m.group(4) or ""
            for m in _ATTR.finditer(tag.group(2))
        }
        if tag.group(1) or "multilang" not in attrs.get("class", "").split() or not attrs.get("lang"):
            index += 1
            continue
        depth, end = 1, index + 1
        while end < len(tags) and depth:
            depth += -1 if tags[end].group(1) else 1
            end += 1
        if depth:  # unclosed: the rest of the text is that language
            close_start = close_end = len(text)
        else:
            close_start, close_end = tags[end - 1].start(), tags[end - 1].end()
        segments.append((None, text[position : tag.start()]))
        segments.append((_language(attrs["lang"]), text[tag.end() : close_start]))
        position, index = close_end, end
    segments.append((None, text[position:]))
    return segments


def split_languages(text: str) -> tuple[dict[str, str], list[str]]:
    """``({"vi": ..., "en": ...}, other languages found)``: the parts of ``text`` in each of the
    bank's languages (module docstring). Without any language mark the whole text is
    Vietnamese and English is ""."""
    segments = _multilang_segments(text)
    marked = {lang for lang, _part in segments if lang}
    if not marked:
        return {
            DEFAULT_LANGUAGE: text.strip(),
            **{lang: "" for lang in LANGUAGES if lang != DEFAULT_LANGUAGE},
        }, []
    result = {}
    for lang in LANGUAGES:
        if lang in marked:
            result[lang] = "".join(part for code, part in segments if code in (None, lang)).strip()
        else:
            result[lang] = ""
    return result, sorted(marked - set(LANGUAGES))


def join_languages(texts: dict[str, Any]) -> str:
    """One text for a file without languages: a Vietnamese text alone as it is, otherwise each
    written language in its multilang span (an English text alone too, so that it is read
    back as English)."""
    written = [(lang, str(texts.get(lang) or "")) for lang in LANGUAGES if str(texts.get(lang) or "").strip()]
    if [lang for lang, _text in written] == [DEFAULT_LANGUAGE]:
        return written[0][1]  # read back as Vietnamese, the language of a text without marks
    return "".join(f'<span lang="{lang}" class="multilang">{text}</span>' for lang, text in written)


# --- HTML --------------------------------------------------------------------------------------

_IMG = re.compile(r"<img\b[^>]*>", re.I)
_IMG_SRC = re.compile(r"""\bsrc\s*=\s*["']([^"']*)["']""", re.I)
_MARKDOWN = MarkdownIt("commonmark", {"html": False})


def plain_to_html(text: str) -> str:
    """Plain text as HTML: escaped, line breaks as ``<br>``."""
    return html_lib.escape(text.strip(), quote=False).replace("\n", "<br>")


def markdown_to_html(text: str, *, inline: bool = False) -> str:
    """Markdown (CommonMark, raw HTML not allowed) as HTML, with markdown-it-py; ``inline``: as
    a phrase (an option), without a paragraph around it."""
    if inline:
        return _MARKDOWN.renderInline(text.strip()).strip()
    return _MARKDOWN.render(text.strip()).strip()


def html_to_plain(html: str) -> str:
    """The text of an HTML fragment (tags dropped, entities decoded, spaces collapsed)."""
    return re.sub(r"\s+", " ", html_lib.unescape(re.sub(r"<[^>]+>", " ", html or ""))).strip()


def clean_html(html: str, problems: list[Problem] | None = None) -> str:
    """``html`` in the bank's HTML subset (``assessments.services.questions.ALLOWED_TAGS``),
    images kept only as ``candidate-image:NAME``. A dropped image from elsewhere (a web
    address the bank would not keep either) is a warning in ``problems``."""
    cleaned = nh3.clean(
        html or "",
        tags=ALLOWED_TAGS,
        attributes=ALLOWED_ATTRIBUTES,
        url_schemes={"http", "https", IMAGE_SRC_PREFIX.rstrip(":")},
        link_rel=None,
    )

    def keep(match: re.Match) -> str:
        src = _IMG_SRC.search(match.group(0))
        if src and src.group(1).startswith(IMAGE_SRC_PREFIX):
            return match.group(0)
        if problems is not None:
            problems.append(
                Problem(
                    "image_not_kept",
                    _("An image from %(src)s is not in the file and is left out.")
                    % {"src": src.group(1) if src else "?"},
                    blocking=False,
                )
            )
        return ""

    return _IMG.sub(keep, cleaned).strip()


# --- images ------------------------------------------------------------------------------------

_PIL_TYPES = {"PNG": "image/png", "JPEG": "image/jpeg", "WEBP": "image/webp", "GIF": "image/gif"}


def image_media_type(data: bytes) -> str:
    """The media type of an image by its content (Pillow reads the header only), or "" when
    Pillow does not know it."""
    try:
        with Image.open(io.BytesIO(data)) as image:
            return _PIL_TYPES.get(image.format or "", f"image/{(image.format or '').lower()}")
    except (UnidentifiedImageError, OSError, ValueError, Image.DecompressionBombError):
        return ""


@dataclass
class ImageBag:
    """The images of one candidate, each under a name unique in it: the same name with the
    same bytes is one image; the same name with other bytes gets ``-2``, ``-3``... before its
    extension. Images the bank cannot store (not JPEG, PNG or WebP, or over its size limit) are
    blocking problems."""

    images: list[CandidateImage] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)

    def add(self, name: str, data: bytes) -> str | None:
        """The ``src`` to write for the image (``candidate-image:NAME``), or ``None`` (with a
        blocking problem) when it cannot be imported."""
        name = unquote(name).rsplit("/", 1)[-1].strip() or "image"
        if len(data) > QUESTION_IMAGE_MAX_BYTES:
            self.problems.append(
                Problem(
                    "image_too_large",
                    _("The image %(name)s is larger than %(mb)d MB.")
                    % {"name": name, "mb": QUESTION_IMAGE_MAX_BYTES // (1024 * 1024)},
                )
            )
            return None
        media_type = image_media_type(data)
        if media_type not in IMAGE_TYPES:
            self.problems.append(
                Problem(
                    "image_unsupported",
                    _("The file %(name)s is not a JPEG, PNG or WebP image.") % {"name": name},
                )
            )
            return None
        stem, dot, extension = name.rpartition(".")
        if not dot:
            stem, extension = name, ""
        candidate, counter = name, 1
        while True:
            same = next((image for image in self.images if image.name == candidate), None)
            if same is None:
                self.images.append(CandidateImage(candidate, data, media_type))
                return IMAGE_SRC_PREFIX + candidate
            if same.data == data:
                return IMAGE_SRC_PREFIX + candidate
            counter += 1
            candidate = f"{stem}-{counter}.{extension}" if extension else f"{stem}-{counter}"


# --- options and problems ----------------------------------------------------------------------

OPTION_IDS = "abcdefghijklmnopqrstuvwxyz"


def option_id(index: int) -> str:
    """The id of the option at ``index``: ``a``, ``b``, ... as the bank's editor names them."""
    return OPTION_IDS[index] if index < len(OPTION_IDS) else f"o{index + 1}"


def unsupported_problem(source_type: str) -> Problem:
    """The blocking problem of a question the bank cannot hold (``source_type``: matching...)."""
    return Problem("unsupported_type", _("Question type not supported: %(type)s") % {"type": source_type})


def choice_problems(options: list[dict[str, Any]], key: dict[str, Any], question_type: str) -> list[Problem]:
    """What keeps a choice question from being imported: fewer than two options, more than
    ``MAX_OPTIONS``, or no option marked as the answer."""
    problems = []
    if len(options) < 2:
        problems.append(Problem("too_few_options", _("The question has fewer than two options.")))
    if len(options) > MAX_OPTIONS:
        problems.append(
            Problem("too_many_options", _("The question has more than %(n)d options.") % {"n": MAX_OPTIONS})
        )
    if (question_type == "single_choice" and not key.get("option")) or (
        question_type == "multiple_choice" and not key.get("options")
    ):
        problems.append(Problem("no_key_marked", _("No option is marked as the answer.")))
    return problems


def stem_problems(stem: dict[str, str]) -> list[Problem]:
    """A blocking problem when the stem has no text in any language (an image counts)."""
    if any(html_to_plain(text) or "<img" in text for text in stem.values()):
        return []
    return [Problem("no_stem", _("The question has no text."))]


def bank_text(html: str, problems: list[Problem]) -> dict[str, str]:
    """An HTML text read from a file as the bank's ``{"vi", "en"}``: math delimiters as
    ``$...$``, split by language, each cleaned. A language other than Vietnamese and English is
    a warning (its text is left out)."""
    texts, others = split_languages(math_to_bank(html))
    if others:
        problems.append(
            Problem(
                "language_not_kept",
                _("Text in %(langs)s is left out (the bank holds Vietnamese and English).")
                % {"langs": ", ".join(others)},
                blocking=False,
            )
        )
    return {lang: clean_html(text, problems) for lang, text in texts.items()}


def empty_text() -> dict[str, str]:
    return {lang: "" for lang in LANGUAGES}


def check_count(candidates: list[Candidate]) -> None:
    """400 ``question_file_too_large`` once a file gave more than ``MAX_QUESTIONS``."""
    if len(candidates) > MAX_QUESTIONS:
        raise too_many_questions()


# --- XML ---------------------------------------------------------------------------------------

_PROLOG_ITEM = re.compile(r"\s*(?:<\?.*?\?>|<!--.*?-->)", re.S)


def refuse_doctype(data: bytes) -> None:
    """400 ``xml_refused`` (``config.archives``) when the XML in ``data`` declares a document
    type before its root element, however long the comments before it: the formats we read
    never declare one, and its entities are how XML bombs and external-entity reads work.
    The parsers themselves never expand entities nor load anything (``resolve_entities=False``,
    ``no_network``, ``load_dtd=False``)."""
    head = data[: 1024 * 1024]
    if head.startswith((b"\xff\xfe", b"\xfe\xff")):
        text = head.decode("utf-16", errors="ignore")
    else:
        text = head.decode("utf-8", errors="ignore").lstrip("\ufeff")
    position = 0
    while (match := _PROLOG_ITEM.match(text, position)) and match.end() > position:
        position = match.end()
    if text[position:].lstrip()[:9].upper() == "<!DOCTYPE":
        message = _("The file's XML declares a document type, which is not allowed.")
        raise ApplicationError(ArchiveErrorCode.XML_REFUSED, message, status=400, errors={"file": [message]})


XML_PARSER_OPTIONS = {
    "resolve_entities": False,
    "no_network": True,
    "load_dtd": False,
    "dtd_validation": False,
    "huge_tree": False,
    "remove_comments": True,
    "remove_pis": True,
}
"""lxml's options for every XML a reader parses (``config.archives.xml_parse`` uses the same)."""


# --- export ------------------------------------------------------------------------------------

ImageLoader = Callable[[str], "tuple[str, bytes] | None"]
"""What a writer asks for a stored image: its ``src`` in the bank's HTML -> ``(file name,
bytes)``, or ``None`` when it is not the bank's own (``question_formats.exports.load_image``)."""


def export_images(
    html: str, load_image: ImageLoader, src_for: Callable[[str], str]
) -> tuple[str, list[tuple[str, bytes]]]:
    """``html`` with each image the bank stores pointed at ``src_for(file name)``, and those
    images' ``(file name, bytes)`` once each. An image ``load_image`` does not know stays as it is."""
    files: dict[str, bytes] = {}

    def swap(match: re.Match) -> str:
        tag = match.group(0)
        src = _IMG_SRC.search(tag)
        found = load_image(html_lib.unescape(src.group(1))) if src else None
        if src is None or found is None:
            return tag
        name, data = found
        files.setdefault(name, data)
        return tag[: src.start(1)] + html_lib.escape(src_for(name)) + tag[src.end(1) :]

    return _IMG.sub(swap, html or ""), list(files.items())
