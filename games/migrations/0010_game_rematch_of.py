from django.db import migrations, models


class Migration(migrations.Migration):
    """A game's rematch remembers the game it follows: one rematch per game (issue 23)."""

    dependencies = [
        ("games", "0009_game_closed_by_scorekeeper"),
    ]

    operations = [
        migrations.AddField(
            model_name="game",
            name="rematch_of",
            field=models.OneToOneField(
                blank=True,
                null=True,
                on_delete=models.deletion.SET_NULL,
                related_name="+",
                to="games.game",
            ),
        ),
    ]
