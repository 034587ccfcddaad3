"""Carry the rows of the two job tables this one replaces (issue 35, item 3; decision 0040):
``imports_importjob`` and ``analytics_exportjob`` become ``jobs_job`` rows with the same ids, so
that a poller of an id answered before the upgrade still finds its job. An export's ``error``
becomes ``error_message`` (with ``export_failed`` as its code). The old tables are dropped by
``imports`` 0002 and ``analytics`` 0002, which run after this one."""

from django.db import migrations


def carry(apps, schema_editor):
    Job = apps.get_model("jobs", "Job")
    ImportJob = apps.get_model("imports", "ImportJob")
    ExportJob = apps.get_model("analytics", "ExportJob")
    batch = []
    for job in ImportJob.objects.all().iterator(chunk_size=500):
        batch.append(
            Job(
                id=job.id,
                kind=job.kind,
                status=job.status,
                organization_id=job.organization_id,
                schema_name=job.schema_name,
                user_id=job.user_id,
                profile_id=job.profile_id,
                language=job.language,
                dry_run=job.dry_run,
                params=job.params,
                file=job.file,
                file_name=job.file_name,
                rows_total=job.rows_total,
                rows_done=job.rows_done,
                result=job.result,
                error_code=job.error_code,
                error_message=job.error_message,
                started_at=job.started_at,
                heartbeat_at=job.started_at,
                finished_at=job.finished_at,
            )
        )
    for job in ExportJob.objects.all().iterator(chunk_size=500):
        batch.append(
            Job(
                id=job.id,
                kind=job.kind,
                status=job.status,
                user_id=job.user_id,
                language=job.language,
                params=job.params,
                file=job.file,
                file_name=job.file_name,
                content_type=job.content_type,
                rows_total=job.rows_total,
                rows_done=job.rows_done,
                error_code="export_failed" if job.status == "failed" else "",
                error_message=job.error,
                started_at=job.started_at,
                heartbeat_at=job.started_at,
                finished_at=job.finished_at,
            )
        )
    Job.objects.bulk_create(batch, batch_size=500)
    # created_at is auto_now_add: written as it was, after the insert
    for model in (ImportJob, ExportJob):
        for pk, created_at in model.objects.values_list("id", "created_at").iterator(chunk_size=500):
            Job.objects.filter(pk=pk).update(created_at=created_at)


class Migration(migrations.Migration):
    dependencies = [
        ("jobs", "0001_initial"),
        ("imports", "0001_initial"),
        ("analytics", "0001_initial"),
    ]

    operations = [migrations.RunPython(carry, migrations.RunPython.noop)]
