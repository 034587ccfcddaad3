"""A listed survey's card in the reader's language (issue 38 item 6): copy each survey's English
name, and its English description where the card shows the survey's own description (not a text
the educator wrote for the card), to the organization's active survey listings. Runs in every
organization's schema; the listings are in ``public`` (on the search path)."""

from django.db import migrations


def fill(apps, schema_editor) -> None:
    schema = schema_editor.connection.schema_name
    if schema == "public":
        return
    Survey = apps.get_model("surveys", "Survey")
    Listing = apps.get_model("marketplace", "Listing")
    listings = Listing.objects.filter(organization__schema_name=schema, kind="survey")
    surveys = Survey.objects.in_bulk({listing.preset_id for listing in listings})
    for listing in listings:
        survey = surveys.get(listing.preset_id)
        if survey is None:
            continue
        listing.name_en = survey.name_en
        if listing.description == survey.description:
            listing.description_en = survey.description_en
        listing.save(update_fields=["name_en", "description_en"])


class Migration(migrations.Migration):
    dependencies = [
        ("surveys", "0002_default_survey"),
        ("marketplace", "0005_listing_english_texts"),
    ]

    operations = [migrations.RunPython(fill, migrations.RunPython.noop)]
