from django.db import migrations, models


class Migration(migrations.Migration):
    """Games read names through the roster (issue 23): the first dealer and each hand's dealer
    become seats, a seat knows its place on its side, a side named after its players keeps no
    name of its own, and a player counts its renames (live views' ETags add them). 0015 fills
    these from the names; 0016 drops the copies of the names."""

    dependencies = [
        ("games", "0013_rename_table_hand_in_progress"),
    ]

    operations = [
        migrations.AddField(
            model_name="game",
            name="first_dealer_seat",
            field=models.PositiveSmallIntegerField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="hand",
            name="dealer_seat",
            field=models.PositiveSmallIntegerField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="seat",
            name="place_on_side",
            field=models.PositiveSmallIntegerField(default=0),
        ),
        migrations.AddField(
            model_name="player",
            name="renamed",
            field=models.PositiveIntegerField(default=0),
        ),
        migrations.AlterField(
            model_name="team",
            name="name",
            field=models.CharField(blank=True, max_length=400),
        ),
    ]
