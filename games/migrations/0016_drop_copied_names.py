from django.db import migrations


class Migration(migrations.Migration):
    """The copies of the players' names each game kept (seating, sides, first dealer, each
    hand's dealer) go: 0015 turned them into seats, and the roster holds the names."""

    dependencies = [
        ("games", "0015_names_become_seats"),
    ]

    operations = [
        migrations.RemoveField(model_name="game", name="players"),
        migrations.RemoveField(model_name="game", name="sides"),
        migrations.RemoveField(model_name="game", name="first_dealer"),
        migrations.RemoveField(model_name="hand", name="dealer"),
    ]
