"""Every organization starts with the default career-orientation survey (issue 8, item 1) as an
editable draft: the content of ``surveys/fixtures/default_survey.json`` (48 statements, the
5-point scale and the six RIASEC groups with careers and fields of study, in Vietnamese and
English). Educators of an organization allowed to manage surveys publish or copy it."""

import json
from pathlib import Path

from django.db import migrations

FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "default_survey.json"


def seed(apps, schema_editor):
    if schema_editor.connection.schema_name == "public":
        return
    Survey = apps.get_model("surveys", "Survey")
    SurveyStatement = apps.get_model("surveys", "SurveyStatement")
    if Survey.objects.filter(is_default=True).exists():
        return
    content = json.loads(FIXTURE.read_text(encoding="utf-8"))
    survey = Survey.objects.create(
        name=content["name"]["vi"],
        name_en=content["name"]["en"],
        description=content["description"]["vi"],
        description_en=content["description"]["en"],
        scale=content["scale"],
        groups=content["groups"],
        time_limit_minutes=content.get("time_limit_minutes"),
        is_default=True,
        created_by_name="",
    )
    SurveyStatement.objects.bulk_create(
        SurveyStatement(survey=survey, group=item["group"], text=item["text"], position=position)
        for position, item in enumerate(content["statements"])
    )


class Migration(migrations.Migration):
    dependencies = [("surveys", "0001_initial")]
    operations = [migrations.RunPython(seed, migrations.RunPython.noop)]
