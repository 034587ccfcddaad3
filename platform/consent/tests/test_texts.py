"""The law cited right (issue 37, item 1; decision 0048): every text shown or mailed to users names
the Law on Personal Data Protection No. 91/2025/QH15, in force since 1 January 2026, and none
names Decree 13/2023/ND-CP as the rule in force: a text that mentions Decree 13 must say, in the
same text, that it was replaced.

Read where users' texts live: the SPA's catalogues (``frontend/src/locales/{vi,en}.json``), the
server's templates (mails and pages) and the server's translations (every ``msgid`` and
``msgstr`` of ``platform/locale/{vi,en}/LC_MESSAGES/django.po``; English shows the ``msgid``).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import polib
import pytest
from django.core import mail
from django.test import Client

from consent.services import NOTICE_SUMMARY

ROOT = Path(__file__).resolve().parents[3]
PLATFORM = ROOT / "platform"
LOCALES = [ROOT / "frontend" / "src" / "locales" / f"{language}.json" for language in ("vi", "en")]
POS = [PLATFORM / "locale" / language / "LC_MESSAGES" / "django.po" for language in ("vi", "en")]

DECREE_13 = re.compile(r"13/2023|Decree 13\b|Nghị định (số )?13\b", re.IGNORECASE)
REPLACED = re.compile(r"replac|thay thế|superseded", re.IGNORECASE)
LAW = {
    "vi": "Luật Bảo vệ dữ liệu cá nhân số 91/2025/QH15",
    "en": "Law on Personal Data Protection No. 91/2025/QH15",
}


def user_texts() -> list[tuple[str, str]]:
    """(where, text) of every user-visible text: catalogue entries, template files, .po entries."""
    texts = []
    for path in LOCALES:
        for key, value in json.loads(path.read_text(encoding="utf-8")).items():
            texts.append((f"{path.name}:{key}", value))
    for template in PLATFORM.glob("*/templates/**/*"):
        if template.is_file():
            texts.append((str(template.relative_to(ROOT)), template.read_text(encoding="utf-8")))
    for path in POS:
        for entry in polib.pofile(str(path)):  # obsolete entries (#~) are not shown to anyone
            texts.append((f"{path.relative_to(ROOT)}:{entry.msgid[:40]}", entry.msgid))
            if entry.msgstr:
                texts.append((f"{path.relative_to(ROOT)}:{entry.msgid[:40]} (msgstr)", entry.msgstr))
    return texts


def decree_13_in_force(text: str) -> bool:
    """True when ``text`` names Decree 13 without saying it was replaced."""
    return bool(DECREE_13.search(text)) and not REPLACED.search(text)


def test_the_rule_recognises_decree_13_named_as_in_force_and_as_replaced():
    assert decree_13_in_force("Learners under 16 need a parent's consent (Decree 13/2023/ND-CP).")
    assert decree_13_in_force("Theo Nghị định 13/2023/NĐ-CP về bảo vệ dữ liệu cá nhân")
    assert not decree_13_in_force("Decree 356/2025/ND-CP, which replaced Decree 13/2023/ND-CP")
    assert not decree_13_in_force("Nghị định 356/2025/NĐ-CP (thay thế Nghị định 13/2023/NĐ-CP)")
    assert not decree_13_in_force("Luật Bảo vệ dữ liệu cá nhân số 91/2025/QH15, Điều 24")


def test_no_user_visible_text_names_decree_13_as_the_rule_in_force():
    texts = user_texts()
    assert len(texts) > 5000  # the catalogues, the templates and both .po files were read
    offending = [where for where, text in texts if decree_13_in_force(text)]
    assert not offending, "texts naming Decree 13/2023/ND-CP as in force: " + ", ".join(offending)


@pytest.mark.parametrize("language", ["vi", "en"])
def test_the_notices_and_the_pages_about_personal_data_name_the_law(language):
    catalogue = json.loads(
        (ROOT / "frontend" / "src" / "locales" / f"{language}.json").read_text(encoding="utf-8")
    )
    law = LAW[language]
    for key in (
        "privacy.intro",  # the privacy policy page
        "terms.intro",  # the terms page
        "terms.s1.b",
        "privacy.s8.b",  # the version history: 1.0 cited Decree 13, since replaced
        "parentConsent.intro",  # the parent's page
        "parentData.intro",  # the data requests, on the parent's page
        "profile.data.intro",  # the data requests, on the profile page
        "privacy.retention.intro",  # the retention notice
    ):
        assert law in catalogue[key], key
    article_24 = "Điều 24" if language == "vi" else "Article 24"
    assert article_24 in catalogue["parentConsent.intro"] and article_24 in catalogue["privacy.s3.b"]
    decree = "Nghị định 356/2025/NĐ-CP" if language == "vi" else "Decree 356/2025/ND-CP"
    assert decree in catalogue["privacy.intro"]
    assert law in NOTICE_SUMMARY[language]  # the version's "what changed", shown with the notices


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "sentence"),
    [
        ("vi", "Theo Luật Bảo vệ dữ liệu cá nhân (số 91/2025/QH15, Điều 24)"),
        ("en", "Under Vietnam's Law on Personal Data Protection (No. 91/2025/QH15, Article 24)"),
    ],
)
def test_the_parents_mail_names_the_law(language, sentence, django_capture_on_commit_callbacks):
    from accounts.tests.test_api import SIGNUP
    from consent.services import NOTICE_VERSION

    body = {
        **SIGNUP,
        "email": f"con.{language}@example.vn",
        "date_of_birth": "01/06/2011",
        "cccd": "079211001234",  # born in 2011 (digits 4-6; issue 37, item 5)
        "parent_email": f"me.{language}@example.vn",
        "terms_version": NOTICE_VERSION,
        "privacy_version": NOTICE_VERSION,
    }
    with django_capture_on_commit_callbacks(execute=True):
        res = Client().post(
            "/public/api/users/register", body, content_type="application/json", HTTP_ACCEPT_LANGUAGE=language
        )
    assert res.status_code == 201, res.json()
    (parent,) = [m for m in mail.outbox if m.to == [f"me.{language}@example.vn"]]
    for text in (parent.body, parent.alternatives[0][0]):
        flat = " ".join(text.split())
        assert sentence in flat and not decree_13_in_force(flat)
