from django.db import migrations, models


class Migration(migrations.Migration):
    """A hand keeps what it was before its last edit, so that Undo can put it back (issue 19)."""

    dependencies = [
        ("games", "0011_hand_form_token"),
    ]

    operations = [
        migrations.AddField(
            model_name="hand",
            name="before_edit",
            field=models.JSONField(blank=True, default=dict),
        ),
    ]
