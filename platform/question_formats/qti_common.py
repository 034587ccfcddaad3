"""What the QTI 2.1 writer and reader share (issue 36, item 2): namespaces, the package's layout
and how the bank's HTML maps onto QTI's XHTML.

The package (IMS Content Packaging 1.1, decided here and read back by ``readers.qti``):

- ``imsmanifest.xml``: one ``<resource type="imsqti_item_xmlv2p1">`` per item, listing the item
  and the images it shows; the folders as the manifest's ``<organization>``, nested ``<item>``
  elements titled by folder name, each question's item pointing at its Vietnamese resource
  (CP's own way of giving a package a tree; QTI tools without it just see the items).
- One language per item (QTI 2.1 has no multilingual text): a question gives one
  ``assessmentItem`` per language it is written in, ``items/<identifier>-vi.xml`` with
  ``xml:lang="vi"`` and ``items/<identifier>-en.xml`` with ``xml:lang="en"``. Both carry the
  same ``identifier`` (``Q<root question id>``): items sharing an identifier are the language
  variants of one question, which is how the reader puts the languages back together.
- Images under ``images/``, referred to from an item as ``../images/<name>``.
- Math: each ``$...$`` as MathML (``latex2mathml``) inside ``<semantics>`` with the LaTeX kept as
  ``<annotation encoding="application/x-tex">``; the reader takes the LaTeX back from there.
  MathML without that annotation (another tool's) cannot be turned into LaTeX: the formula's
  text is kept and the question is blocked (``formula_unreadable``) for the educator to type it.
- The bank's ``u`` and ``s``, which QTI's XHTML lacks, are ``<span class="u">`` and
  ``<span class="s">``.
"""

from __future__ import annotations

QTI_NS = "http://www.imsglobal.org/xsd/imsqti_v2p1"
QTI_NAMESPACES = {
    QTI_NS,
    "http://www.imsglobal.org/xsd/imsqti_v2p2",
    "http://www.imsglobal.org/xsd/imsqti_v2p0",
}
QTI_SCHEMA_LOCATION = f"{QTI_NS} http://www.imsglobal.org/xsd/qti/qtiv2p1/imsqti_v2p1.xsd"
CP_NS = "http://www.imsglobal.org/xsd/imscp_v1p1"
CP_SCHEMA_LOCATION = f"{CP_NS} http://www.imsglobal.org/xsd/imscp_v1p1.xsd"
MATHML_NS = "http://www.w3.org/1998/Math/MathML"
XSI_NS = "http://www.w3.org/2001/XMLSchema-instance"
XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"
ITEM_RESOURCE_TYPE = "imsqti_item_xmlv2p1"
TEX_ENCODINGS = {"application/x-tex", "tex", "latex", "application/x-latex", "text/x-tex"}
TRUE_FALSE_IDS = ("true", "false")
TRUE_FALSE_TEXTS = {"vi": ("Đúng", "Sai"), "en": ("True", "False")}
DIACRITIC_BLIND_CLASS = "diacritic-insensitive"
"""A ``textEntryInteraction``'s class when accents are not compared (QTI has no such setting)."""
SPAN_FOR_TAG = {"u": "u", "s": "s"}
"""The bank's tags that QTI's XHTML lacks, written as ``<span class=...>``."""
