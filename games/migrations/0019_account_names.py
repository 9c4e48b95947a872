"""Every account's username as two names are compared, unique (games/models/account_names.py),
filled in for the accounts there are; and the
row per address that the signup limit locks while it counts. Two existing accounts whose names read the same (allowed
before) both keep their username: the later one's row gets its id appended, so it blocks no one
and nobody is locked out."""

from typing import Any

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

from games.rules.names import folded

KEY_LENGTH = 600


def fill_in_the_names(apps: Any, schema_editor: Any) -> None:
    User = apps.get_model(*settings.AUTH_USER_MODEL.split("."))
    AccountName = apps.get_model("games", "AccountName")
    seen: set[str] = set()
    rows = []
    for pk, username in User.objects.order_by("pk").values_list("pk", "username"):
        key = folded(username)[:KEY_LENGTH]
        if key in seen:
            key = f"{key[: KEY_LENGTH - 24]}#{pk}"
        seen.add(key)
        rows.append(AccountName(user_id=pk, key=key))
    AccountName.objects.bulk_create(rows, batch_size=500)


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0018_guests"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name="AccountName",
            fields=[
                (
                    "user",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE,
                        primary_key=True,
                        related_name="account_name",
                        serialize=False,
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
                ("key", models.CharField(max_length=600, unique=True)),
            ],
        ),
        migrations.RunPython(fill_in_the_names, migrations.RunPython.noop),
        migrations.CreateModel(
            name="SignupAddress",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("address", models.GenericIPAddressField(unique=True)),
            ],
        ),
    ]
