"""The Vietnamese catalogue is complete: every message of the back end has a reviewed translation
(no empty or fuzzy entry), and placeholders match the English source."""

import re
from pathlib import Path

import polib
from django.conf import settings


def test_vietnamese_catalogue_is_complete():
    po = polib.pofile(str(Path(settings.LOCALE_PATHS[0]) / "vi" / "LC_MESSAGES" / "django.po"))
    untranslated = [e.msgid for e in po.untranslated_entries()]
    fuzzy = [e.msgid for e in po.fuzzy_entries()]
    assert not untranslated, untranslated
    assert not fuzzy, fuzzy
    placeholder = re.compile(r"%\(\w+\)[sd]")
    for entry in po.translated_entries():
        # A plural entry (ngettext) has one form in Vietnamese (nplurals=1), in msgstr[0].
        texts = list(entry.msgstr_plural.values()) if entry.msgid_plural else [entry.msgstr]
        for text in texts:
            assert sorted(placeholder.findall(entry.msgid)) == sorted(placeholder.findall(text)), entry.msgid
