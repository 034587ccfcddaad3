"""The unique index on a bank's place and name key (issue 38 item 6, decision 0052), built after
0008 filled the keys (a separate migration: Postgres does not alter a table with the row
updates' deferred checks still pending in the same transaction)."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("assessments", "0008_question_bank_name_key"),
    ]

    operations = [
        migrations.AddConstraint(
            model_name="questionbank",
            constraint=models.UniqueConstraint(
                fields=("parent", "name_key"),
                name="question_bank_name_unique_in_place",
                nulls_distinct=False,
            ),
        ),
    ]
