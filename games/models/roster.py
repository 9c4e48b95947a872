"""The roster: the names a scorekeeper picks with one tap."""

from __future__ import annotations

from django.apps import apps
from django.conf import settings
from django.db import IntegrityError, models, transaction
from django.db.models import F, Prefetch
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.models.names import RosterError, refuse_unseen_characters, roster_name
from games.rules.gamefile import NAME_LENGTH
from games.templatetags.numbers import format_number


class Player(models.Model):
    """A name in someone's roster, so the next game picks it with one tap."""

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, models.CASCADE, related_name="players")
    name = models.CharField(max_length=NAME_LENGTH)
    last_played = models.DateTimeField(auto_now=True)
    #: Goes up with every rename: a live view's ETag adds its players' counts to the game's
    #: version (`Game.version_for_share_token`), so a phone following a game shows a new name
    #: at its next poll, although the rename wrote no game.
    renamed = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["-last_played", "name"]
        constraints = [
            models.UniqueConstraint(fields=["owner", "name"], name="unique_player_name_per_owner")
        ]

    def __str__(self) -> str:
        return self.name

    @transaction.atomic
    def rename(self, new_name: str) -> None:
        """Fix a typo everywhere at once: games read their players' names (seating, dealers,
        sides named after their players) through the roster, so this is one UPDATE of this row
        (its name and its count of renames, which live views follow) and no game is locked or
        written. RosterError if the name is taken (compared after NFKC: "Ｐ２" is "P2"), holds
        a character nobody can see, or would give two sides of one of the player's games the
        same name (that game named)."""
        new_name = roster_name(new_name)
        if not new_name:
            raise RosterError(_("A player needs a name."))
        if len(new_name) > NAME_LENGTH:
            said = ngettext(
                "A name is at most %(count)s letter.",
                "A name is at most %(count)s letters.",
                NAME_LENGTH,
            )
            raise RosterError(said % {"count": format_number(NAME_LENGTH)})
        refuse_unseen_characters([new_name])
        if new_name == self.name:
            return
        # This row only (FOR NO KEY UPDATE: seats may still be added that point to it): a new
        # game or import seating this player waits for the rename, so its sides are checked below.
        Player.objects.select_for_update(no_key=True).filter(pk=self.pk).first()
        roster = Player.objects.filter(owner_id=self.owner_id).exclude(pk=self.pk)
        names = roster.values_list("name", flat=True)
        taken = next((name for name in names if roster_name(name) == new_name), None)
        if taken is not None:
            raise RosterError(_("There is already a player called “%(name)s”.") % {"name": taken})
        self.refuse_side_name_clash(new_name)
        try:
            with transaction.atomic():
                Player.objects.filter(pk=self.pk).update(name=new_name, renamed=F("renamed") + 1)
        except IntegrityError:  # a new game just added that name to the roster
            said = _("There is already a player called “%(name)s”.")
            raise RosterError(said % {"name": new_name}) from None
        self.name = new_name

    def refuse_side_name_clash(self, new_name: str) -> None:
        """RosterError naming the first of the player's games in which two sides would be
        called alike after the rename. Read without any game's lock: two queries, however many
        games."""
        # The games seat their players (games/models/teams.py imports this module): they are
        # named through Django's registry, as a ForeignKey("games.Game") names them.
        game_model, seat_model = apps.get_model("games", "Game"), apps.get_model("games", "Seat")
        seats = Prefetch("seats", queryset=seat_model.objects.select_related("player", "team"))
        games = game_model.objects.filter(seats__player=self).order_by("pk")
        games = games.only("rules_slug", "options", "created")  # what naming a game reads
        for game in games.prefetch_related(seats):
            game.side_names_renamed(self.pk, new_name)
