from django.apps import AppConfig


class QuestionFormatsConfig(AppConfig):
    """Question files in and out (issue 36): the readers of Word, Moodle XML, GIFT, Aiken and QTI,
    the preview of what a file holds, its import as draft questions (tenant schema), the Moodle XML
    and QTI exports, and paper tests in versions."""

    name = "question_formats"
    verbose_name = "Question files"
