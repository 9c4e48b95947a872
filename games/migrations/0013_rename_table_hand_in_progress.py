from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0012_hand_before_edit'),
    ]

    operations = [
        migrations.RenameField(
            model_name='game',
            old_name='table',
            new_name='hand_in_progress',
        ),
    ]
