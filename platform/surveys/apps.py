from django.apps import AppConfig


class SurveysConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "surveys"
    verbose_name = "Surveys"

    def ready(self) -> None:
        """Register the survey listing kind with the marketplace, and the reader of survey states
        with assessments' linked surveys (issue 17, item 6: neither imports surveys)."""
        from assessments.linked_surveys import survey_states_register
        from marketplace.listing_kinds import register
        from surveys.listing_kind import SurveyListingKind
        from surveys.selectors import survey_states

        register("survey", SurveyListingKind())
        survey_states_register(survey_states)
