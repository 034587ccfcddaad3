"""Issue 37, item 8 (decision 0050): the day by which the Law requires each request to be
answered (``answer_due_on``, backfilled for the existing rows from their kind and the day they
were received: ``data_requests.deadlines``), and correction requests (the organization asked,
the answer, when and by whom)."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

from data_requests.deadlines import ANSWER_DAYS


def answer_due_backfill(apps, schema_editor):
    """Each existing request is due ``ANSWER_DAYS[kind]`` Vietnam days (``TIME_ZONE``) after the
    day it was received: one UPDATE per kind (Postgres: a date plus whole days is a date)."""
    table = apps.get_model("data_requests", "DataRequest")._meta.db_table
    with schema_editor.connection.cursor() as cursor:
        for kind, days in ANSWER_DAYS.items():
            cursor.execute(
                f"UPDATE {schema_editor.quote_name(table)} SET answer_due_on = "
                "(created_at AT TIME ZONE %s)::date + %s "
                "WHERE kind = %s AND answer_due_on IS NULL",
                [settings.TIME_ZONE, days, kind],
            )


class Migration(migrations.Migration):

    dependencies = [
        ('data_requests', '0001_initial'),
        ('tenants', '0003_organization_contact_email_and_more'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name='datarequest',
            name='answer_due_on',
            field=models.DateField(help_text='The Vietnam day by the end of which the Law requires an answer (data_requests.deadlines).', null=True),
        ),
        migrations.RunPython(answer_due_backfill, migrations.RunPython.noop),
        migrations.AlterField(
            model_name='datarequest',
            name='answer_due_on',
            field=models.DateField(help_text='The Vietnam day by the end of which the Law requires an answer (data_requests.deadlines).'),
        ),
        migrations.AddField(
            model_name='datarequest',
            name='answer',
            field=models.CharField(blank=True, help_text='Correction: what was done, or why not.', max_length=1000),
        ),
        migrations.AddField(
            model_name='datarequest',
            name='answered_at',
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name='datarequest',
            name='answered_by_name',
            field=models.CharField(blank=True, max_length=200),
        ),
        migrations.AddField(
            model_name='datarequest',
            name='organization',
            field=models.ForeignKey(blank=True, help_text='Correction: the organization asked to correct (none: the platform).', null=True, on_delete=django.db.models.deletion.CASCADE, related_name='+', to='tenants.organization'),
        ),
        migrations.AlterField(
            model_name='datarequest',
            name='kind',
            field=models.CharField(choices=[('export', 'Copy of my data'), ('deletion', 'Account deletion'), ('correction', 'Correction of my data')], max_length=10),
        ),
        migrations.AlterField(
            model_name='datarequest',
            name='reason',
            field=models.CharField(blank=True, help_text='Deletion: a short note; correction: what is wrong and what it should be.', max_length=1000),
        ),
        migrations.AlterField(
            model_name='datarequest',
            name='status',
            field=models.CharField(choices=[('queued', 'Queued'), ('running', 'Running'), ('ready', 'Ready to download'), ('expired', 'Expired'), ('scheduled', 'Scheduled'), ('cancelled', 'Cancelled'), ('done', 'Done'), ('failed', 'Failed'), ('open', 'Waiting for an answer'), ('refused', 'Refused')], max_length=10),
        ),
        migrations.AddIndex(
            model_name='datarequest',
            index=models.Index(fields=['status', 'answer_due_on'], name='data_reques_status_34a16f_idx'),
        ),
        migrations.AddIndex(
            model_name='datarequest',
            index=models.Index(fields=['organization', 'status'], name='data_reques_organiz_8af24c_idx'),
        ),
    ]
