from django.apps import AppConfig


class QuestionFormatsConfig(AppConfig):
    """Questions in and out of the bank in teachers' formats, and paper tests (issue 36)."""

    name = "question_formats"
    verbose_name = "Question formats"
