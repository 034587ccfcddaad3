"""Issue 39 item 2 (decision 0056): a preset's parts (phần) and its reporting scale.

Presets made before this migration keep raw points: the column is added with the default ``raw``
(every existing row takes it), then the default becomes ``ten`` for the presets made from now on.
Their passing scores were raw points and stay comparable with the raw score."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('assessments', '0012_shared_stimulus'),
    ]

    operations = [
        migrations.AddField(
            model_name='testpreset',
            name='scale_max',
            field=models.PositiveSmallIntegerField(blank=True, help_text='The maximum of a ``custom`` scale (1 to 1000); empty otherwise.', null=True, verbose_name='scale maximum'),
        ),
        # Existing presets: raw points (what their scores and passing scores have meant so far).
        migrations.AddField(
            model_name='testpreset',
            name='score_scale',
            field=models.CharField(choices=[('ten', 'Out of 10'), ('raw', 'Raw points'), ('custom', 'Out of another maximum')], default='raw', help_text='Decision 0056: new presets report out of 10; presets made before it keep raw points.', max_length=8, verbose_name='reporting scale'),
        ),
        # New presets: out of 10.
        migrations.AlterField(
            model_name='testpreset',
            name='score_scale',
            field=models.CharField(choices=[('ten', 'Out of 10'), ('raw', 'Raw points'), ('custom', 'Out of another maximum')], default='ten', help_text='Decision 0056: new presets report out of 10; presets made before it keep raw points.', max_length=8, verbose_name='reporting scale'),
        ),
        migrations.AlterField(
            model_name='testpreset',
            name='passing_score',
            field=models.DecimalField(blank=True, decimal_places=2, help_text='On the reporting scale (decision 0056): compared with the score as it is shown.', max_digits=7, null=True, verbose_name='passing score'),
        ),
        migrations.CreateModel(
            name='PresetPart',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('position', models.PositiveSmallIntegerField(default=0)),
                ('name_vi', models.CharField(blank=True, max_length=60)),
                ('name_en', models.CharField(blank=True, max_length=60)),
                ('question_type', models.CharField(choices=[('single_choice', 'Single choice'), ('multiple_choice', 'Multiple choice'), ('true_false', 'True/false'), ('short_text', 'Short text answer'), ('essay', 'Essay'), ('true_false_set', 'True/false set'), ('numeric', 'Numeric answer')], max_length=20, verbose_name='question type')),
                ('points_per_question', models.DecimalField(decimal_places=2, max_digits=6, verbose_name='points per question')),
                ('preset', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='parts', to='assessments.testpreset')),
            ],
            options={
                'ordering': ['position', 'id'],
            },
        ),
        migrations.AddField(
            model_name='blueprintitem',
            name='part',
            field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.CASCADE, related_name='items', to='assessments.presetpart'),
        ),
        migrations.AddConstraint(
            model_name='presetpart',
            constraint=models.UniqueConstraint(fields=('preset', 'position'), name='preset_part_position_once'),
        ),
        migrations.AddConstraint(
            model_name='presetpart',
            constraint=models.CheckConstraint(condition=models.Q(('points_per_question__gt', 0)), name='preset_part_points_positive'),
        ),
    ]
