from django.db import migrations, models


class Migration(migrations.Migration):
    """Each new hand keeps the one-time token of the form it was saved from: the same form sent
    again (Back, the outbox's second copy) is refused (issue 19)."""

    dependencies = [
        ("games", "0010_game_rematch_of"),
    ]

    operations = [
        migrations.AddField(
            model_name="hand",
            name="form_token",
            field=models.CharField(blank=True, default="", max_length=32),
        ),
    ]
