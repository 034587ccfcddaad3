"""The registry of personal data (issue 37, item 7; decision 0050): every column of every model is
either described by a category or declared not personal, with nothing named twice and nothing
named that does not exist; and every category says what the record needs."""

from __future__ import annotations

from django.apps import apps

from privacy import registry
from privacy.registry import Facts


def model_fields() -> set[str]:
    """``"app_label.Model.field"`` of every column (and many-to-many field) of every model of
    every installed app (Django's own included), proxies left out (their columns are their
    concrete model's). A primary key Django adds by itself (``id``, a row number) is left out:
    it names a row, not a person."""
    found = set()
    for model in apps.get_models():
        if model._meta.proxy:
            continue
        for field in model._meta.get_fields():
            if not (field.concrete or (field.many_to_many and not field.auto_created)):
                continue
            if field.primary_key and field.auto_created:
                continue
            found.add(f"{model._meta.label}.{field.name}")
    return found


def test_every_field_is_described_or_declared_not_personal():
    """A model that gains a column fails here until its app's ``personal_data.py`` puts the
    column in a category (``privacy.registry.describe``) or declares it not personal
    (``privacy.registry.not_personal``, with the reason)."""
    fields = model_fields()
    assert len(fields) > 500
    known = set(registry.described_fields()) | set(registry.not_personal_fields())
    assert sorted(fields - known) == []


def test_the_registry_names_only_fields_that_exist():
    fields = model_fields()
    assert sorted(set(registry.described_fields()) - fields) == []
    assert sorted(set(registry.not_personal_fields()) - fields) == []


def test_no_field_is_in_two_places():
    described = registry.described_fields()
    assert {field: keys for field, keys in described.items() if len(keys) > 1} == {}
    assert sorted(set(described) & set(registry.not_personal_fields())) == []


def test_every_category_says_what_the_record_needs():
    facts = Facts(None, "", "public", 90, 24)
    keys = [c.key for c in registry.categories()]
    assert len(keys) == len(set(keys))
    for category in registry.categories():
        assert category.fields and category.subjects and category.basis, category.key
        assert category.recipients and category.measures, category.key
        for text in (category.name, category.data, category.purposes, category.retention(facts)):
            assert text.vi.strip() and text.en.strip() and text.vi != text.en, category.key


def test_the_face_video_is_sensitive_and_so_are_only_the_categories_that_say_why():
    sensitive = {c.key for c in registry.categories() if c.sensitive}
    assert sensitive == {"proctoring_video", "accommodations"}
    video = next(c for c in registry.categories() if c.key == "proctoring_video")
    assert "assignments.Attempt.video" in video.fields and "assignments.Assignment.prep_video" in video.fields
    assert "91/2025/QH15" in video.sensitive.vi and "91/2025/QH15" in video.sensitive.en
