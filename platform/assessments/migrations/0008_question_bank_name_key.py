"""One question bank name per place (issue 38 item 6, decision 0052).

Runs in every organization's schema (``migrate_schemas``). ``name_key`` is filled from ``name``
by the same rule as the model (``config.text.fold``, diacritics kept). Banks that already share a
name in one place (made before the rule) keep the oldest as it is; each later one is renamed
"<name> (2)", "(3)", ... so the unique index can be built and no bank or question is lost.
"""

from collections import defaultdict

from django.db import migrations, models

from config.text import fold


def _key(name: str) -> str:
    return fold(name, diacritic_sensitive=True)[:200]


def fill_name_keys(apps, schema_editor) -> None:
    """Fill ``name_key`` for every bank, renaming the later duplicates of one place."""
    QuestionBank = apps.get_model("assessments", "QuestionBank")
    banks = list(QuestionBank.objects.order_by("pk").only("pk", "name", "parent_id"))
    taken: dict[int | None, set[str]] = defaultdict(set)
    for bank in banks:
        taken[bank.parent_id].add(_key(bank.name))
    seen: dict[int | None, set[str]] = defaultdict(set)
    for bank in banks:
        key = _key(bank.name)
        if key in seen[bank.parent_id]:
            number, base = 2, " ".join(bank.name.split())
            while True:
                suffix = f" ({number})"
                candidate = base[: 200 - len(suffix)] + suffix
                if _key(candidate) not in taken[bank.parent_id]:
                    break
                number += 1
            bank.name, key = candidate, _key(candidate)
            taken[bank.parent_id].add(key)
        seen[bank.parent_id].add(key)
        QuestionBank.objects.filter(pk=bank.pk).update(name=bank.name, name_key=key)


class Migration(migrations.Migration):
    dependencies = [
        ("assessments", "0007_preset_prefer_measured"),
    ]

    operations = [
        migrations.AddField(
            model_name="questionbank",
            name="name_key",
            field=models.CharField(default="", editable=False, max_length=200),
            preserve_default=False,
        ),
        migrations.RunPython(fill_name_keys, migrations.RunPython.noop),
    ]
