"""Word (.docx) exams -> candidates (issue 36, item 1).

The layouts Vietnamese teachers use (the conventions exam tools such as Azota accept):

- a question opens with "Câu 1." / "Câu 1:", "Bài 1.", "Question 1." or "1.";
- a group opens with a Roman numeral ("I.", "II. Tự luận") or "Phần"/"Part"/"Nhóm" and a number
  ("PHẦN I" of the 2025 national format): it becomes the candidates' ``folder``;
- options "A." to "H." (or "A)") on their own lines, several on one line separated by tabs or
  spaces, or in the cells of a table;
- the key: the option (its letter or its whole text) underlined, in red or in bold (a mark that
  every option carries, such as bold letters, is layout and not a key); else an "Đáp án: B" line
  in the question; else the answer table after "HẾT" ("BẢNG ĐÁP ÁN": cells or lines "1.A",
  "1-A", "1a", or a row of numbers over a row of letters);
- "Lời giải", "Hướng dẫn giải", "Hướng dẫn chi tiết" or "Giải thích chi tiết" opens the
  explanation, inline after the options or in a section after the key table ("Câu 3. ...");
- the national format's true/false statements "a)" to "d)", a numeric key "Đáp án: -1,5" and a
  shared passage ("Đọc đoạn văn sau và trả lời các câu từ 1 đến 5") are read as ``unsupported``
  candidates (``source_type`` ``true_false_set``, ``numeric``, ``stimulus``) with a "not yet
  supported" problem: listed, never dropped.

Equations (OMML ``m:oMath``) become LaTeX through pandoc's OMML reader (``pypandoc-binary``): all
of a document's equations are copied into one small .docx, one paragraph each behind a marker,
converted by one pandoc run to its JSON AST, whose ``Math`` elements hold the TeX (about 0.1 s
for 500 equations). Texts hold math as ``$...$``. Pictures (DrawingML and VML) become
``CandidateImage`` (JPEG, PNG and WebP as they are; GIF, BMP and TIFF converted to PNG; WMF and
EMF, which no browser shows, flagged). A MathType (or Equation 3.0) OLE object keeps its preview
picture, with the flag ``equation_as_picture`` and a warning.

Bounds: the zip's entries, unpacked size and compression ratio (``config.archives``) and no
``<!DOCTYPE`` in any XML part, checked before python-docx parses anything (python-docx's parser
never resolves entities).
"""

from __future__ import annotations

import copy
import html
import io
import json
import re
import zipfile
from dataclasses import dataclass, field
from typing import Any

import puremagic
import pypandoc
from django.utils.translation import gettext as _
from lxml import etree
from PIL import Image

from config.archives import MB, ZIP_READ_ERRORS, open_zip_checked
from config.errors import ApplicationError
from question_formats.candidates import IMAGE_SRC_PREFIX, Candidate, CandidateImage, Problem
from question_formats.checks import candidate_check, merge_problems
from question_formats.error_codes import QuestionFileErrorCode as Code

FORMAT = "docx"

MAX_ENTRIES = 5000
MAX_UNZIPPED_BYTES = 300 * MB
MAX_RATIO = 100
MAX_QUESTIONS = 5000
MAX_IMAGE_BYTES = 5 * MB  # assessments.services.questions.QUESTION_IMAGE_MAX_BYTES, refused at import
PANDOC_TIMEOUT_SECONDS = 120

W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
M = "http://schemas.openxmlformats.org/officeDocument/2006/math"
R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
A = "http://schemas.openxmlformats.org/drawingml/2006/main"
V = "urn:schemas-microsoft-com:vml"
OFFICE = "urn:schemas-microsoft-com:office:office"
MC = "http://schemas.openxmlformats.org/markup-compatibility/2006"


def _q(ns: str, tag: str) -> str:
    return f"{{{ns}}}{tag}"


# Formatting bits of a text piece.
BOLD, UNDERLINE, RED, ITALIC, SUB, SUP = 1, 2, 4, 8, 16, 32
KEY_MARKS = (UNDERLINE, RED, BOLD)  # in this order: the first that marks some options but not all
OBJECT = "\ufffc"  # a formula or a picture in a line's flat text
_EQUATION_INDEX = "{urn:x-question-formats}equation"  # set on each m:oMath read (in memory only)


def _unreadable() -> ApplicationError:
    message = _("The Word file could not be read: it is damaged or not a real .docx file.")
    return ApplicationError(Code.FILE_UNREADABLE, message, status=400, errors={"file": [message]})


# --- sniffing ---------------------------------------------------------------------------------


def sniff(data: bytes, filename: str) -> bool:
    """True when ``data`` is a zip holding ``word/document.xml`` (a .docx by its content; the
    name is not looked at: no other format of ours is a zip with that part)."""
    if not data.startswith(b"PK\x03\x04"):
        return False
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            names = set(archive.namelist())
    except (zipfile.BadZipFile, OSError, ValueError, EOFError):
        return False
    return "word/document.xml" in names and "[Content_Types].xml" in names


# --- lines: a document as a list of lines of formatted pieces ---------------------------------


@dataclass
class Piece:
    """A run of text with its formatting bits, a formula (``tex``) or a picture (``image``)."""

    text: str = ""
    fmt: int = 0
    tex: str | None = None
    image: int | None = None

    @property
    def flat(self) -> str:
        return self.text if self.tex is None and self.image is None else OBJECT


@dataclass
class Line:
    pieces: list[Piece] = field(default_factory=list)
    table: list[list[list[Line]]] | None = None  # a table: rows of cells of lines

    @property
    def text(self) -> str:
        return "".join(p.flat for p in self.pieces)


@dataclass
class Picture:
    data: bytes
    media_type: str
    name: str
    equation: bool = False
    problem: str = ""  # "wmf", "too_large": why the bank cannot take it


def _is_red(color: str | None) -> bool:
    if not color or len(color) != 6:
        return False
    try:
        r, g, b = int(color[0:2], 16), int(color[2:4], 16), int(color[4:6], 16)
    except ValueError:
        return False
    return r >= 0xB0 and g <= 0x60 and b <= 0x60


def _on(element: etree._Element | None) -> bool:
    if element is None:
        return False
    return element.get(_q(W, "val"), "true").lower() not in ("false", "0", "off", "none")


def _run_fmt(run: etree._Element) -> int:
    props = run.find(_q(W, "rPr"))
    if props is None:
        return 0
    fmt = 0
    if _on(props.find(_q(W, "b"))):
        fmt |= BOLD
    if _on(props.find(_q(W, "u"))):
        fmt |= UNDERLINE
    if _on(props.find(_q(W, "i"))):
        fmt |= ITALIC
    color = props.find(_q(W, "color"))
    if color is not None and _is_red(color.get(_q(W, "val"))):
        fmt |= RED
    align = props.find(_q(W, "vertAlign"))
    if align is not None:
        fmt |= {"subscript": SUB, "superscript": SUP}.get(align.get(_q(W, "val"), ""), 0)
    return fmt


class _Walker:
    """Turns the document body into ``Line``s, with every equation's TeX (one pandoc run) and
    every picture read once."""

    def __init__(self, document) -> None:
        self.part = document.part
        self.body = document.element.body
        self.pictures: list[Picture] = []
        self._picture_of: dict[str, int] = {}
        self.tex = self._convert_equations()

    # equations
    def _convert_equations(self) -> dict[int, str]:
        maths = [m for m in self.body.iter(_q(M, "oMath")) if not _has_math_ancestor(m)]
        if not maths:
            return {}
        from docx import Document  # python-docx: the minimal document holding the equations

        holder = Document()
        body = holder.element.body
        for index, math in enumerate(maths):
            paragraph = body.makeelement(_q(W, "p"), {})
            run = etree.SubElement(paragraph, _q(W, "r"))
            etree.SubElement(run, _q(W, "t")).text = f"EQ{index}Q"
            paragraph.append(copy.deepcopy(math))
            math.set(_EQUATION_INDEX, str(index))  # lxml's proxies have no stable id(): mark it
            body.insert(len(body) - 1, paragraph)  # before the section properties
        buffer = io.BytesIO()
        holder.save(buffer)
        try:
            out = pypandoc.convert_text(
                buffer.getvalue(),
                "json",
                format="docx",
                extra_args=["--sandbox"],
            )
        except (RuntimeError, OSError) as exc:
            raise _unreadable() from exc
        found: dict[int, str] = {}
        for block in json.loads(out).get("blocks", []):
            if block.get("t") != "Para":
                continue
            number: int | None = None
            parts: list[str] = []
            for inline in block.get("c", []):
                if inline.get("t") == "Str" and number is None:
                    match = re.fullmatch(r"EQ(\d+)Q", inline.get("c", ""))
                    if match:
                        number = int(match.group(1))
                        continue
                if inline.get("t") == "Math":
                    parts.append(inline["c"][1].strip())
            if number is not None and number < len(maths):
                found[number] = " ".join(p for p in parts if p)
        return found

    def _tex(self, math: etree._Element) -> str:
        index = math.get(_EQUATION_INDEX)
        return self.tex.get(int(index), "") if index is not None and index.isdigit() else ""

    # pictures
    def _picture(self, rel_id: str | None, *, equation: bool = False) -> int | None:
        if not rel_id:
            return None
        if rel_id in self._picture_of:
            index = self._picture_of[rel_id]
            if equation:
                self.pictures[index].equation = True
            return index
        try:
            blob = self.part.related_parts[rel_id].blob
        except (KeyError, AttributeError):
            return None
        picture = _picture_from(blob, len(self.pictures) + 1)
        picture.equation = equation
        self.pictures.append(picture)
        self._picture_of[rel_id] = len(self.pictures) - 1
        return len(self.pictures) - 1

    # lines
    def lines(self) -> list[Line]:
        out: list[Line] = []
        for child in self.body.iterchildren():
            self._block(child, out)
        return out

    def _block(self, element: etree._Element, out: list[Line]) -> None:
        tag = element.tag
        if tag == _q(W, "p"):
            out.extend(self._paragraph(element))
        elif tag == _q(W, "tbl"):
            rows = []
            for row in element.iterchildren(_q(W, "tr")):
                cells = []
                for cell in row.iterchildren(_q(W, "tc")):
                    cell_lines: list[Line] = []
                    for inner in cell.iterchildren():
                        self._block(inner, cell_lines)
                    cells.append(cell_lines)
                rows.append(cells)
            out.append(Line(table=rows))
        elif tag == _q(W, "sdt"):
            content = element.find(_q(W, "sdtContent"))
            if content is not None:
                for inner in content.iterchildren():
                    self._block(inner, out)

    def _paragraph(self, paragraph: etree._Element) -> list[Line]:
        lines = [Line()]
        self._inline(paragraph, lines)
        return lines

    def _inline(self, element: etree._Element, lines: list[Line]) -> None:
        for child in element.iterchildren():
            tag = child.tag
            if tag == _q(W, "r"):
                self._run(child, lines)
            elif tag == _q(M, "oMath"):
                lines[-1].pieces.append(Piece(tex=self._tex(child)))
            elif tag == _q(M, "oMathPara"):
                for math in child.iter(_q(M, "oMath")):
                    if not _has_math_ancestor(math):
                        lines[-1].pieces.append(Piece(tex=self._tex(math)))
            elif tag in (
                _q(W, "hyperlink"),
                _q(W, "ins"),
                _q(W, "smartTag"),
                _q(W, "fldSimple"),
                _q(W, "customXml"),
                _q(W, "sdtContent"),
                _q(W, "sdt"),
                _q(W, "moveTo"),
            ):
                self._inline(child, lines)
            elif tag == _q(MC, "AlternateContent"):
                choice = child.find(_q(MC, "Choice"))
                self._inline(choice if choice is not None else child, lines)

    def _run(self, run: etree._Element, lines: list[Line]) -> None:
        fmt = _run_fmt(run)
        for child in run.iterchildren():
            tag = child.tag
            if tag == _q(W, "t"):
                lines[-1].pieces.append(Piece(text=child.text or "", fmt=fmt))
            elif tag in (_q(W, "tab"), _q(W, "ptab")):
                lines[-1].pieces.append(Piece(text="\t", fmt=fmt))
            elif tag in (_q(W, "br"), _q(W, "cr")):
                lines.append(Line())
            elif tag == _q(W, "noBreakHyphen"):
                lines[-1].pieces.append(Piece(text="-", fmt=fmt))
            elif tag == _q(W, "sym"):
                char = child.get(_q(W, "char"), "")
                try:
                    code = int(char, 16)
                except ValueError:
                    continue
                if code >= 0xF000:  # Symbol-font private area: the Latin-1 symbol it stands for
                    code -= 0xF000
                if 0x20 <= code < 0xF000:
                    lines[-1].pieces.append(Piece(text=_SYMBOL.get(code, chr(code)), fmt=fmt))
            elif tag == _q(W, "drawing"):
                for blip in child.iter(_q(A, "blip")):
                    index = self._picture(blip.get(_q(R, "embed")))
                    if index is not None:
                        lines[-1].pieces.append(Piece(image=index))
            elif tag in (_q(W, "pict"), _q(W, "object")):
                ole = child.find(f".//{_q(OFFICE, 'OLEObject')}")
                prog = (ole.get("ProgID") or "") if ole is not None else ""
                equation = prog.startswith(("Equation.", "MathType"))
                for data in child.iter(_q(V, "imagedata")):
                    index = self._picture(data.get(_q(R, "id")), equation=equation)
                    if index is not None:
                        lines[-1].pieces.append(Piece(image=index))
                        break
            elif tag == _q(MC, "AlternateContent"):
                choice = child.find(_q(MC, "Choice"))
                holder = etree.Element(_q(W, "r"))
                for inner in choice if choice is not None else []:
                    holder.append(copy.deepcopy(inner))
                self._run(holder, lines)


# The Symbol font's Greek and math characters that Word inserts with w:sym (the common ones).
_SYMBOL = {
    0x61: "α", 0x62: "β", 0x67: "γ", 0x64: "δ", 0x70: "π", 0x6A: "φ", 0x6C: "λ", 0x6D: "μ",
    0x71: "θ", 0x73: "σ", 0x77: "ω", 0x44: "Δ", 0x57: "Ω", 0xB0: "°", 0xB1: "±", 0xB4: "×",
    0xB8: "÷", 0xA3: "≤", 0xB3: "≥", 0xB9: "≠", 0xBB: "≈", 0xAE: "→", 0xDE: "⇒", 0xDB: "⇔",
    0xCE: "∈", 0xCF: "∉", 0xC7: "∩", 0xC8: "∪", 0xC6: "∅", 0xA5: "∞", 0xD6: "√",
}  # fmt: skip


def _has_math_ancestor(element: etree._Element) -> bool:
    parent = element.getparent()
    while parent is not None:
        if parent.tag == _q(M, "oMath"):
            return True
        parent = parent.getparent()
    return False


_CONVERTIBLE = {"image/gif", "image/bmp", "image/x-ms-bmp", "image/tiff"}
_KEPT = {"image/png", "image/jpeg", "image/webp"}
_EXTENSIONS = {"image/png": "png", "image/jpeg": "jpg", "image/webp": "webp"}


def _picture_from(blob: bytes, number: int) -> Picture:
    """A picture of the document by its content: JPEG, PNG and WebP kept; GIF, BMP and TIFF
    converted to PNG; WMF, EMF and anything else kept with ``problem`` set."""
    try:
        mime = puremagic.from_string(blob, mime=True)
    except (puremagic.PureError, ValueError):
        mime = ""
    if len(blob) > MAX_IMAGE_BYTES:
        return Picture(blob, mime or "application/octet-stream", f"image{number}.bin", problem="too_large")
    if mime in _CONVERTIBLE:
        try:
            with Image.open(io.BytesIO(blob)) as image:
                out = io.BytesIO()
                image.convert("RGBA").save(out, format="PNG")
            blob, mime = out.getvalue(), "image/png"
        except (OSError, ValueError, Image.DecompressionBombError):
            mime = ""
    if mime in _KEPT:
        return Picture(blob, mime, f"image{number}.{_EXTENSIONS[mime]}")
    kind = (
        "wmf"
        if blob[:4] in (b"\xd7\xcd\xc6\x9a", b"\x01\x00\x09\x00")
        else ("emf" if blob[40:44] == b" EMF" else "unknown")
    )
    return Picture(blob, mime or "application/octet-stream", f"image{number}.{kind}", problem=kind)


# --- rendering pieces as the product's HTML ---------------------------------------------------


def _html(pieces: list[Piece], *, keep_marks: bool) -> str:
    """The pieces as HTML: text escaped, italics, sub- and superscripts kept (and bold and
    underline unless ``keep_marks`` is false: in options they may be the key's mark), formulas as
    ``$tex$``, pictures as ``<img src="candidate-image:NAME">`` (names resolved later)."""
    out = []
    for piece in pieces:
        if piece.tex is not None:
            if piece.tex:
                out.append(f"${html.escape(piece.tex, quote=False)}$")
            continue
        if piece.image is not None:
            out.append(f'<img src="{IMAGE_SRC_PREFIX}@{piece.image}" alt="">')
            continue
        text = html.escape(piece.text.replace("\t", " "), quote=False)
        if not text:
            continue
        fmt = piece.fmt if keep_marks else piece.fmt & ~(BOLD | UNDERLINE | RED)
        for bit, tag in ((SUB, "sub"), (SUP, "sup"), (ITALIC, "em"), (UNDERLINE, "u"), (BOLD, "strong")):
            if fmt & bit:
                text = f"<{tag}>{text}</{tag}>"
        out.append(text)
    joined = "".join(out)
    for tag in ("strong", "u", "em", "sub", "sup"):  # "<b>x</b><b>y</b>" -> "<b>xy</b>"
        joined = joined.replace(f"</{tag}><{tag}>", "")
    return re.sub(r"\s+", " ", joined).strip()


def _cut(pieces: list[Piece], start: int, end: int | None = None) -> list[Piece]:
    """The pieces between two offsets of the line's flat text (a formula or picture is one
    character, ``OBJECT``)."""
    out, position = [], 0
    for piece in pieces:
        length = len(piece.flat)
        lo, hi = position, position + length
        position = hi
        if hi <= start or (end is not None and lo >= end):
            continue
        if piece.tex is not None or piece.image is not None:
            out.append(piece)
            continue
        a = max(start - lo, 0)
        b = length if end is None else min(end - lo, length)
        out.append(Piece(text=piece.text[a:b], fmt=piece.fmt))
    return out


def _fmt_at(pieces: list[Piece], offset: int) -> int:
    position = 0
    for piece in pieces:
        length = len(piece.flat)
        if position <= offset < position + length:
            return piece.fmt
        position += length
    return 0


def _all_marked(pieces: list[Piece], bit: int) -> bool:
    texts = [p for p in pieces if p.tex is None and p.image is None and p.text.strip()]
    return bool(texts) and all(p.fmt & bit for p in texts)


# --- the layout's patterns --------------------------------------------------------------------

_QUESTION = re.compile(
    r"^\s*(?:(?P<word>Câu|Cau|CÂU|Bài|BÀI|Question|QUESTION|Q)\s*(?P<n>\d{1,4})\s*[.:)\-–]?|(?P<bare>\d{1,4})\s*[.)])\s*"
)
_GROUP = re.compile(
    r"^\s*(?:(?P<word>PHẦN|Phần|PART|Part|NHÓM|Nhóm)\s+(?P<n>[IVXLC]{1,6}|\d{1,3})\b|(?P<roman>[IVX]{1,5})\s*[.)])\s*[.:\-–]?\s*"
)
_OPTION = re.compile(r"(?:(?<=\s)|^)(?P<letter>[A-H])\s*[.)]\s*")
_STATEMENT = re.compile(r"^\s*(?P<letter>[a-d])\s*\)\s*")
_EXPLANATION = re.compile(
    r"^\s*(?:Lời giải(?: chi tiết)?|Hướng dẫn giải|Hướng dẫn chi tiết|Giải thích chi tiết|Giải thích|Solution|Explanation)\s*[:.]?\s*",
    re.IGNORECASE,
)
_INLINE_KEY = re.compile(r"^\s*(?:Đáp án|Answer)\s*[:.]?\s*(?P<value>.+?)\s*\.?\s*$", re.IGNORECASE)
_CHOSEN = re.compile(r"(?:^|\s)Chọn\s+(?:đáp án\s+)?(?P<letter>[A-H])\b\s*\.?\s*$")
_TRUE_FALSE_KEY = re.compile(r"^(?:[a-d]\s*[-:)]?\s*)?[ĐS](?:[\s,;]+(?:[a-d]\s*[-:)]?\s*)?[ĐS])*$")
_NUMBER = re.compile(r"^[-−–]?\s*\d+(?:[.,]\d+)?$")
_END = re.compile(r"^[\s\-–—_.*=]*H\s*Ế\s*T[\s\-–—_.*=!]*$", re.IGNORECASE)
_KEY_HEADING = re.compile(r"^\s*(?:BẢNG\s+ĐÁP\s+ÁN|ĐÁP\s+ÁN(?:\s+VÀ\s+.*)?|ANSWER\s+KEY|ANSWERS)\s*[:.]?\s*$")
_SOLUTIONS_HEADING = re.compile(
    r"^\s*(?:LỜI GIẢI(?: CHI TIẾT)?|HƯỚNG DẪN GIẢI(?: CHI TIẾT)?|HƯỚNG DẪN CHI TIẾT|GIẢI THÍCH CHI TIẾT|SOLUTIONS)\b.*$"
)
_KEY_TOKEN = re.compile(r"(?:Câu\s*)?(?P<n>\d{1,4})\s*[.\-:)]?\s*(?P<letter>[A-Ha-h])(?![A-Za-zÀ-ỹ])")
_STIMULUS = re.compile(
    r"(?:đọc|dựa vào|sử dụng|read|use).{0,120}?(?:trả lời|answer).{0,40}?(?:câu|questions?)\s*(?:hỏi\s*)?(?:từ\s*)?\d+\s*(?:đến|tới|-|–|and|to)\s*(?:câu\s*)?\d+",
    re.IGNORECASE,
)


def _group_name(match: re.Match, text: str) -> str:
    """The label and the first sentence of its title when that is short ("PHẦN I. Câu trắc
    nghiệm nhiều phương án lựa chọn", "II. Tự luận"), else the label alone ("PHẦN I")."""
    if match.group("word"):
        label = f"{match.group('word')} {match.group('n')}"
    else:
        label = match.group("roman")
    rest = re.split(r"\.\s", text[match.end() :].strip(), maxsplit=1)[0].strip().rstrip(".:")
    if rest and len(rest) <= 80:
        return f"{label}. {rest}"
    return label


# --- the parse --------------------------------------------------------------------------------


@dataclass
class _Draft:
    ref: str
    number: int | None
    part: int
    folder: tuple[str, ...]
    stem: list[list[Piece]] = field(default_factory=list)
    options: list[tuple[str, list[Piece]]] = field(default_factory=list)  # (letter, pieces incl. letter)
    statements: list[list[Piece]] = field(default_factory=list)
    explanation: list[list[Piece]] = field(default_factory=list)
    stem_tables: list[str] = field(default_factory=list)
    target: str = "stem"
    inline_key: str = ""
    numeric_key: str = ""
    chosen: str = ""
    stimulus: bool = False


class _Parser:
    def __init__(self, lines: list[Line]) -> None:
        self.lines = lines
        self.drafts: list[_Draft] = []
        self.current: _Draft | None = None
        self.folder: tuple[str, ...] = ()
        self.part = 0
        self.section = "questions"
        self.key_parts: list[dict[int, str]] = []
        self.solution_parts: list[dict[int, list[list[Piece]]]] = []
        self._solution_target: int | None = None
        self._last_key_number = 0

    # helpers
    def _finish(self) -> None:
        self.current = None

    def _start(self, ref: str, number: int | None, *, stimulus: bool = False) -> _Draft:
        draft = _Draft(ref=ref, number=number, part=self.part, folder=self.folder, stimulus=stimulus)
        self.drafts.append(draft)
        self.current = draft
        return draft

    def run(self) -> None:
        for line in self.lines:
            if line.table is not None:
                self._table(line.table)
            else:
                self._line(line)

    # tables
    def _table(self, rows: list[list[list[Line]]]) -> None:
        if self.section != "questions":
            self._key_table(rows)
            return
        cell_texts = [" ".join(ln.text for ln in cell).strip() for row in rows for cell in row]
        if self.current is not None and any(_OPTION.match(t) for t in cell_texts):
            for row in rows:  # options laid out in a table: its cells in reading order
                for cell in row:
                    for inner in cell:
                        self._line(inner)
            return
        if any(_KEY_TOKEN.fullmatch(t.strip()) for t in cell_texts if t.strip()) and self.current is None:
            self._key_table(rows)
            return
        if self.current is None:
            return
        body = "".join(
            "<tr>"
            + "".join(
                "<td>" + "<br>".join(_html(ln.pieces, keep_marks=True) for ln in cell if ln.pieces) + "</td>"
                for cell in row
            )
            + "</tr>"
            for row in rows
        )
        self.current.stem_tables.append(f"<table><tbody>{body}</tbody></table>")

    def _key_table(self, rows: list[list[list[Line]]]) -> None:
        texts = [[" ".join(ln.text for ln in cell).strip() for cell in row] for row in rows]
        for index, row in enumerate(texts):
            numbers = [re.fullmatch(r"(?:Câu\s*)?(\d{1,4})", t, re.IGNORECASE) for t in row]
            following = texts[index + 1] if index + 1 < len(texts) else []
            if sum(1 for n in numbers if n) >= 2 and following:
                for n, answer in zip(numbers, following, strict=False):
                    letter = answer.strip().rstrip(".")
                    if n and re.fullmatch(r"[A-Ha-h]", letter):
                        self._key(int(n.group(1)), letter)
                continue
            for text in row:
                self._key_line(text)

    # keys
    def _key(self, number: int, letter: str) -> None:
        if not self.key_parts or number <= self._last_key_number and number in self.key_parts[-1]:
            self.key_parts.append({})
        self.key_parts[-1][number] = letter.upper()
        self._last_key_number = number

    def _key_line(self, text: str) -> None:
        for match in _KEY_TOKEN.finditer(text):
            self._key(int(match.group("n")), match.group("letter"))

    # lines
    def _line(self, line: Line) -> None:
        text = line.text
        stripped = text.strip()
        if not stripped:
            return
        if _END.match(stripped):
            self._finish()
            self.section = "keys"
            return
        if (
            _SOLUTIONS_HEADING.match(stripped)
            and stripped == stripped.upper()
            and self.section != "questions"
        ):
            self.section = "solutions"
            self.solution_parts.append({})
            return
        if _KEY_HEADING.match(stripped) and stripped == stripped.upper():
            self._finish()
            self.section = "keys"
            return
        if self.section == "keys":
            group = _GROUP.match(stripped)
            if group and not _KEY_TOKEN.match(stripped):
                self.key_parts.append({})
                self._last_key_number = 0
                return
            if _SOLUTIONS_HEADING.match(stripped):
                self.section = "solutions"
                self.solution_parts.append({})
                return
            self._key_line(text)
            return
        if self.section == "solutions":
            self._solution_line(line)
            return
        self._question_line(line)

    def _solution_line(self, line: Line) -> None:
        text = line.text
        if not self.solution_parts:
            self.solution_parts.append({})
        group = _GROUP.match(text)
        question = _QUESTION.match(text)
        if group and not question:
            if self.solution_parts[-1]:
                self.solution_parts.append({})
            self._solution_target = None
            return
        if question:
            number = int(question.group("n") or question.group("bare"))
            if number in self.solution_parts[-1]:
                self.solution_parts.append({})
            self._solution_target = number
            rest = _cut(line.pieces, question.end())
            rest_text = "".join(p.flat for p in rest)
            explanation = _EXPLANATION.match(rest_text)
            if explanation:
                rest = _cut(rest, explanation.end())
            self.solution_parts[-1][number] = [rest] if "".join(p.flat for p in rest).strip() else []
            return
        if self._solution_target is not None:
            self.solution_parts[-1][self._solution_target].append(line.pieces)

    def _question_line(self, line: Line) -> None:
        text = line.text
        current = self.current
        group = _GROUP.match(text)
        question = _QUESTION.match(text)
        in_options = current is not None and current.target == "options"
        if group and not question and not (in_options and _OPTION.match(text)):
            self._finish()
            self.part += 1
            self.folder = (_group_name(group, text.strip()),)
            return
        if question:
            word, number = question.group("word"), int(question.group("n") or question.group("bare"))
            ref = f"{word} {number}" if word else f"Câu {number}"
            draft = self._start(ref, number)
            rest = _cut(line.pieces, question.end())
            if "".join(p.flat for p in rest).strip():
                self._content(draft, rest)
            return
        if _STIMULUS.search(text) and (current is None or current.target != "stem" or current.stimulus):
            count = sum(1 for d in self.drafts if d.stimulus) + 1
            draft = self._start(_("Passage %(n)d") % {"n": count}, None, stimulus=True)
            draft.stem.append(line.pieces)
            return
        if current is None:
            return  # the title, the time allowed, the exam code: not a question
        self._content(current, line.pieces)

    def _content(self, draft: _Draft, pieces: list[Piece]) -> None:
        text = "".join(p.flat for p in pieces)
        explanation = _EXPLANATION.match(text)
        if explanation and not draft.stimulus:
            draft.target = "explanation"
            rest = _cut(pieces, explanation.end())
            if "".join(p.flat for p in rest).strip():
                draft.explanation.append(rest)
            return
        if draft.target == "explanation":
            chosen = _CHOSEN.search(text)
            if chosen:
                draft.chosen = chosen.group("letter")
            draft.explanation.append(pieces)
            return
        inline = _INLINE_KEY.match(text)
        if inline and not draft.stimulus:
            value = inline.group("value").strip()
            if re.fullmatch(r"[A-H]", value):
                draft.inline_key = value
                return
            if _NUMBER.match(value):
                draft.numeric_key = value.replace("−", "-").replace("–", "-").replace(" ", "")
                return
            if _TRUE_FALSE_KEY.match(value):
                draft.stem.append(pieces)  # a true/false set's keys: shown with its statements
                return
        option = _OPTION.match(text)
        expected = chr(ord("A") + len(draft.options))
        if (
            option
            and not draft.stimulus
            and option.group("letter") == expected
            and draft.target != "statements"
        ):
            self._options(draft, pieces, text)
            draft.target = "options"
            return
        statement = _STATEMENT.match(text)
        if statement and not draft.stimulus and not draft.options:
            draft.statements.append(_cut(pieces, statement.end()))
            draft.target = "statements"
            return
        if draft.target == "options" and draft.options:
            letter, previous = draft.options[-1]
            draft.options[-1] = (letter, [*previous, Piece(text=" "), *pieces])
            return
        if draft.target == "statements" and draft.statements:
            draft.statements[-1] = [*draft.statements[-1], Piece(text=" "), *pieces]
            return
        draft.stem.append(pieces)

    def _options(self, draft: _Draft, pieces: list[Piece], text: str) -> None:
        """Split a line holding one or more options ("A. 1\tB. 2\tC. 3\tD. 4") at each next
        letter in sequence."""
        starts: list[tuple[int, str]] = []
        expected = ord("A") + len(draft.options)
        for match in _OPTION.finditer(text):
            if ord(match.group("letter")) == expected:
                starts.append((match.start("letter"), match.group("letter")))
                expected += 1
        for index, (start, letter) in enumerate(starts):
            end = starts[index + 1][0] if index + 1 < len(starts) else None
            draft.options.append((letter, _cut(pieces, start, end)))

    # candidates
    def candidates(self, pictures: list[Picture]) -> list[Candidate]:
        keyed = self._table_keys()
        solved = self._solutions()
        out = []
        for index, draft in enumerate(self.drafts):
            out.append(self._candidate(draft, keyed.get(index, ""), solved.get(index), pictures))
        return out

    def _question_parts(self) -> list[list[int]]:
        parts: dict[int, list[int]] = {}
        for index, draft in enumerate(self.drafts):
            if draft.number is not None:
                parts.setdefault(draft.part, []).append(index)
        return list(parts.values())

    def _by_parts(self, tables: list[dict[int, Any]]) -> dict[int, Any]:
        """Each entry of ``tables`` (one dict number -> value per part of the key section) to the
        draft it names: the i-th part to the i-th group of questions; a single part to every
        question by its number (the first question with that number)."""
        found: dict[int, Any] = {}
        parts = self._question_parts()
        if len(tables) == 1:
            seen: set[int] = set()
            for indices in parts:
                for index in indices:
                    number = self.drafts[index].number
                    if number in tables[0] and number not in seen:
                        found[index] = tables[0][number]
                        seen.add(number)
            return found
        for table, indices in zip(tables, parts, strict=False):
            for index in indices:
                number = self.drafts[index].number
                if number is not None and number in table:
                    found[index] = table[number]
        return found

    def _table_keys(self) -> dict[int, str]:
        return self._by_parts(self.key_parts)

    def _solutions(self) -> dict[int, list[list[Piece]]]:
        return self._by_parts(self.solution_parts)

    def _candidate(
        self, draft: _Draft, table_key: str, solution: list[list[Piece]] | None, pictures: list[Picture]
    ) -> Candidate:
        paragraphs = [_html(p, keep_marks=True) for p in draft.stem]
        stem = "".join(f"<p>{p}</p>" for p in paragraphs if p) + "".join(draft.stem_tables)
        explanation_lines = draft.explanation or (solution or [])
        explanation = "".join(
            f"<p>{h}</p>" for h in (_html(p, keep_marks=True) for p in explanation_lines) if h
        )
        problems: list[Problem] = []
        candidate = Candidate(ref=draft.ref, type="single_choice", folder=draft.folder)
        if draft.stimulus:
            candidate.type, candidate.source_type = "unsupported", "stimulus"
        elif draft.statements:
            candidate.type, candidate.source_type = "unsupported", "true_false_set"
            items = "".join(
                f"<li>{chr(ord('a') + i)}) {_html(s, keep_marks=False)}</li>"
                for i, s in enumerate(draft.statements)
            )
            stem += f"<ol>{items}</ol>"
        elif not draft.options and draft.numeric_key:
            candidate.type, candidate.source_type = "unsupported", "numeric"
            explanation = explanation or ""
            stem += f"<p>{html.escape(_('Answer in the file: %(value)s') % {'value': draft.numeric_key})}</p>"
        elif not draft.options:
            candidate.type = "essay"
            candidate.answer_key = {"rubric": explanation}
        content: dict[str, Any] = {
            "stem": {"vi": stem, "en": ""},
            "explanation": {"vi": explanation, "en": ""},
        }
        if candidate.type == "single_choice":
            options, marked = [], []
            for letter, pieces in draft.options:
                body = pieces
                match = _OPTION.match("".join(p.flat for p in pieces))
                if match:
                    body = _cut(pieces, match.end())
                options.append({"id": letter.lower(), "vi": _html(body, keep_marks=False), "en": ""})
            for bit in KEY_MARKS:
                hits = [
                    letter.lower()
                    for letter, pieces in draft.options
                    if _fmt_at(pieces, 0) & bit or _all_marked(pieces, bit)
                ]
                if hits and len(hits) < len(draft.options):
                    marked = hits
                    break
            if not marked:
                fallback = (draft.inline_key or draft.chosen or table_key).lower()
                if fallback:
                    marked = [fallback]
            content["options"] = options
            ids = {o["id"] for o in options}
            if len(marked) > 1:
                problems.append(
                    Problem(
                        "two_keys",
                        _("%(ref)s: %(n)d options are marked as the answer of a single-choice question.")
                        % {"ref": draft.ref, "n": len(marked)},
                    )
                )
            elif marked and marked[0] in ids:
                candidate.answer_key = {"option": marked[0]}
            elif marked:
                problems.append(
                    Problem(
                        "key_not_an_option",
                        _("%(ref)s: the answer %(key)s is not one of the options.")
                        % {"ref": draft.ref, "key": marked[0].upper()},
                    )
                )
        candidate.content = content
        self._attach_pictures(candidate, pictures, problems)
        candidate.problems = merge_problems(problems, candidate_check(candidate))
        return candidate

    def _attach_pictures(
        self, candidate: Candidate, pictures: list[Picture], problems: list[Problem]
    ) -> None:
        used: list[int] = []

        def rename(match: re.Match) -> str:
            index = int(match.group(1))
            if index not in used:
                used.append(index)
            return f"{IMAGE_SRC_PREFIX}{pictures[index].name}"

        pattern = re.compile(re.escape(IMAGE_SRC_PREFIX) + r"@(\d+)")
        content = candidate.content
        for key in ("stem", "explanation"):
            content[key]["vi"] = pattern.sub(rename, content[key]["vi"])
        for option in content.get("options", []):
            option["vi"] = pattern.sub(rename, option["vi"])
        if candidate.answer_key.get("rubric"):
            candidate.answer_key["rubric"] = pattern.sub(rename, candidate.answer_key["rubric"])
        for index in used:
            picture = pictures[index]
            candidate.images.append(CandidateImage(picture.name, picture.data, picture.media_type))
            if picture.equation:
                candidate.flags.add("equation_as_picture")
            if picture.problem == "too_large":
                problems.append(
                    Problem(
                        "image_too_large",
                        _("%(ref)s: a picture is larger than %(mb)d MB.")
                        % {"ref": candidate.ref, "mb": MAX_IMAGE_BYTES // MB},
                    )
                )
            elif picture.problem:
                problems.append(
                    Problem(
                        "image_unsupported",
                        _(
                            "%(ref)s: a picture is in a format browsers cannot show (%(format)s);"
                            " replace it, or skip the question."
                        )
                        % {"ref": candidate.ref, "format": picture.problem.upper()},
                    )
                )
        if "equation_as_picture" in candidate.flags:
            problems.append(
                Problem(
                    "equation_as_picture",
                    _("%(ref)s: an equation is a MathType object, kept as its picture.")
                    % {"ref": candidate.ref},
                    blocking=False,
                )
            )


# --- the reader -------------------------------------------------------------------------------


def _check_archive(data: bytes) -> None:
    """The zip's bounds (``config.archives``) and no DTD in any XML part, before python-docx."""
    archive = open_zip_checked(
        data,
        max_entries=MAX_ENTRIES,
        max_total_bytes=MAX_UNZIPPED_BYTES,
        max_ratio=MAX_RATIO,
        unsupported=_unreadable(),
    )
    with archive:
        for info in archive.infolist():
            if not info.filename.endswith((".xml", ".rels")):
                continue
            try:
                with archive.open(info) as stream:
                    tail = b""
                    while chunk := stream.read(1024 * 1024):
                        window = tail + chunk
                        if b"<!DOCTYPE" in window or b"<!ENTITY" in window:
                            raise _unreadable()
                        tail = window[-16:]
            except ZIP_READ_ERRORS as exc:
                raise _unreadable() from exc


def read(data: bytes) -> list[Candidate]:
    """Every question of the Word file ``data`` as a ``Candidate`` (module docstring), in the
    file's order. Raises 400 ``archive_too_large`` past the zip's bounds, 400
    ``question_file_unreadable`` for a damaged file or one whose XML declares a DTD, 400
    ``too_many_questions`` past ``MAX_QUESTIONS``. Nothing is written."""
    if not sniff(data, ""):
        raise _unreadable()
    _check_archive(data)
    from docx import Document

    try:
        document = Document(io.BytesIO(data))
    except Exception as exc:  # python-docx raises many types for a broken package
        raise _unreadable() from exc
    walker = _Walker(document)
    parser = _Parser(walker.lines())
    parser.run()
    if len(parser.drafts) > MAX_QUESTIONS:
        message = _("The file holds more than %(n)d questions: split it.") % {"n": MAX_QUESTIONS}
        raise ApplicationError(Code.TOO_MANY_QUESTIONS, message, status=400, errors={"file": [message]})
    return parser.candidates(walker.pictures)
