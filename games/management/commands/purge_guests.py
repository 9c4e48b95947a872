"""Remove the guest accounts never kept and unused for 60 days, with their games."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand
from django.utils.translation import ngettext

from games.models import GUEST_DAYS, Guest
from games.templatetags.numbers import format_number


class Command(BaseCommand):
    help = (
        f"Remove guests (accounts made by 'Score a game') never kept and unused for "
        f"{GUEST_DAYS} days, with their games. Kept accounts are never touched."
    )

    def handle(self, *args: Any, **options: Any) -> None:
        removed = Guest.purge()
        said = ngettext("%(count)s guest removed", "%(count)s guests removed", removed)
        self.stdout.write(said % {"count": format_number(removed)})
