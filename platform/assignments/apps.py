from django.apps import AppConfig


class AssignmentsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "assignments"

    def ready(self) -> None:
        """Register the test listing kind with the marketplace (issue 17, item 6): buying a test
        gives an assignment, so the handler lives with assignments, above assessments; and the
        reader of measured facilities with assessments' generation (decision 0019)."""
        from assessments.measured import measured_facilities_register
        from assignments.item_selectors import measured_facilities
        from assignments.item_services import item_analysis_changed
        from assignments.listing_kind import TestListingKind
        from assignments.outcome import result_changed_register
        from marketplace.listing_kinds import register

        register("test", TestListingKind())
        # Decision 0019: generation reads the measured facility of questions from item analysis.
        measured_facilities_register(measured_facilities)
        result_changed_register(item_analysis_changed)
