from django.apps import AppConfig


class ItemAnalysisConfig(AppConfig):
    """Item analysis of tests' results (issue 19, decision 0017; its own app since decision 0039,
    its models stay in ``assignments``)."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "item_analysis"

    def ready(self) -> None:
        """Register, without either importing this app: the reader of measured facilities with
        assessments' generation (decision 0019), and the listener of result changes with
        ``assignments.outcome`` (a submission, a grade, a release queues the analyses again)."""
        from assessments.measured import measured_facilities_register
        from assignments.outcome import result_changed_register
        from item_analysis.selectors import measured_facilities
        from item_analysis.services import item_analysis_changed

        measured_facilities_register(measured_facilities)
        result_changed_register(item_analysis_changed)
