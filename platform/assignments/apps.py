from django.apps import AppConfig


class AssignmentsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "assignments"

    def ready(self) -> None:
        """Register the test listing kind with the marketplace (issue 17, item 6): buying a test
        gives an assignment, so the handler lives with assignments, above assessments."""
        from assignments.listing_kind import TestListingKind
        from marketplace.listing_kinds import register

        register("test", TestListingKind())
