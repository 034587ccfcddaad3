"""TestScheduled notifications store the batch's start as an instant (issue 17, item 1).

They used to store ``body_args["start"]``, a time already formatted as "H:i d/m/Y" in UTC (the
former ``TIME_ZONE``), so readers saw 01:00 for an 08:00 batch in Vietnam time and the same
format in both languages. The text now reads ``body_args["starts_at"]`` (ISO 8601) and formats
it for each reader when read (``notifications.messages``); this turns the stored texts back into
instants. A value that cannot be read is left as it was."""

from datetime import UTC, datetime

from django.db import migrations

OLD_FORMAT = "%H:%M %d/%m/%Y"


def forwards(apps, schema_editor):
    if schema_editor.connection.schema_name != "public":
        return
    Notification = apps.get_model("notifications", "Notification")
    changed = []
    for row in Notification.objects.filter(body_args__has_key="start").iterator():
        try:
            instant = datetime.strptime(row.body_args["start"], OLD_FORMAT).replace(tzinfo=UTC)
        except (TypeError, ValueError):
            continue
        args = {k: v for k, v in row.body_args.items() if k != "start"}
        args["starts_at"] = instant.isoformat()
        row.body_args = args
        changed.append(row)
    Notification.objects.bulk_update(changed, ["body_args"], batch_size=500)


class Migration(migrations.Migration):
    dependencies = [("notifications", "0001_initial")]

    operations = [migrations.RunPython(forwards, migrations.RunPython.noop)]
