"""Defaults of every new organization (issue 4, items 2 and 3): Vietnamese school subjects, the
four complexity levels of Vietnamese school tests and the six cognitive domains of Bloom's revised
taxonomy. All are editable afterwards."""

from django.db import migrations

SUBJECTS = [
    ("toan", "Toán", "Mathematics"),
    ("ngu-van", "Ngữ văn", "Vietnamese Literature"),
    ("tieng-anh", "Tiếng Anh", "English"),
    ("vat-ly", "Vật lý", "Physics"),
    ("hoa-hoc", "Hóa học", "Chemistry"),
    ("sinh-hoc", "Sinh học", "Biology"),
    ("lich-su", "Lịch sử", "History"),
    ("dia-ly", "Địa lý", "Geography"),
    ("tin-hoc", "Tin học", "Informatics"),
    ("gdcd", "Giáo dục công dân", "Civic Education"),
    ("khtn", "Khoa học tự nhiên", "Natural Sciences"),
    ("cong-nghe", "Công nghệ", "Technology"),
]
COMPLEXITY = [
    ("NB", "Nhận biết (Recognition)"),
    ("TH", "Thông hiểu (Comprehension)"),
    ("VD", "Vận dụng (Application)"),
    ("VDC", "Vận dụng cao (High application)"),
]
COGNITIVE = [
    ("REM", "Ghi nhớ (Remember)"),
    ("UND", "Hiểu (Understand)"),
    ("APP", "Vận dụng (Apply)"),
    ("ANA", "Phân tích (Analyze)"),
    ("EVA", "Đánh giá (Evaluate)"),
    ("CRE", "Sáng tạo (Create)"),
]


def seed(apps, schema_editor):
    if schema_editor.connection.schema_name == "public":
        return
    Subject = apps.get_model("assessments", "Subject")
    MatrixCluster = apps.get_model("assessments", "MatrixCluster")
    for position, (code, vi, en) in enumerate(SUBJECTS):
        Subject.objects.get_or_create(code=code, defaults={"name_vi": vi, "name_en": en, "position": position})
    for kind, rows in (("complexity_level", COMPLEXITY), ("cognitive_domain", COGNITIVE)):
        for position, (code, description) in enumerate(rows):
            MatrixCluster.objects.get_or_create(
                type=kind, code=code, defaults={"description": description, "position": position}
            )


class Migration(migrations.Migration):
    dependencies = [("assessments", "0001_initial")]
    operations = [migrations.RunPython(seed, migrations.RunPython.noop)]
