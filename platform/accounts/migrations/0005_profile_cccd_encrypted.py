"""CCCD numbers encrypted at rest, with a keyed lookup hash (issue 24, item 6; decision 0023).

The column becomes text (a Fernet token is about 100 characters) and every stored number is
encrypted with the first of ``CCCD_KEYS`` and hashed with ``CCCD_HASH_KEY`` (``accounts.cccd``).
Reversible: going back decrypts every row into the 12-digit column again (the keys are needed for
that, as for reading). Raw SQL, because the historical model's field would decrypt on read.
"""

import django.core.validators
from django.db import migrations, models

import accounts.cccd

SELECT = "SELECT id, cccd FROM accounts_profile WHERE cccd <> '' ORDER BY id"
UPDATE = "UPDATE accounts_profile SET cccd = %s, cccd_hash = %s WHERE id = %s"


def encrypt_existing(apps, schema_editor):
    with schema_editor.connection.cursor() as cursor:
        cursor.execute(SELECT)
        rows = cursor.fetchall()
        cursor.executemany(
            UPDATE,
            [
                (accounts.cccd.cccd_encrypt(number), accounts.cccd.cccd_digest(number), pk)
                for pk, number in rows
            ],
        )


def decrypt_existing(apps, schema_editor):
    with schema_editor.connection.cursor() as cursor:
        cursor.execute(SELECT)
        rows = cursor.fetchall()
        cursor.executemany(UPDATE, [(accounts.cccd.cccd_decrypt(token), "", pk) for pk, token in rows])


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0004_token_exchange_shared_cache"),
    ]

    operations = [
        migrations.AddField(
            model_name="profile",
            name="cccd_hash",
            field=accounts.cccd.CccdHashField(source="cccd"),
        ),
        migrations.AlterField(
            model_name="profile",
            name="cccd",
            field=accounts.cccd.CccdField(
                blank=True,
                validators=[
                    django.core.validators.RegexValidator(
                        "^\\d{12}$", "The CCCD number must be exactly 12 digits.", "invalid_cccd"
                    )
                ],
                verbose_name="CCCD number",
            ),
        ),
        migrations.AddIndex(
            model_name="profile",
            index=models.Index(fields=["cccd_hash"], name="profile_cccd_hash"),
        ),
        migrations.RunPython(encrypt_existing, decrypt_existing),
    ]
