"""The roster: the names a scorekeeper picks with one tap."""

from __future__ import annotations

from django.conf import settings
from django.db import IntegrityError, models, transaction
from django.db.models import F

from games.models.names import RosterError, refuse_unseen_characters, roster_name
from games.rules.gamefile import NAME_LENGTH

#: Games (and their teams) written back per query when a player is renamed.
RENAME_BATCH = 500


class Player(models.Model):
    """A name in someone's roster, so the next game picks it with one tap."""

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, models.CASCADE, related_name="players")
    name = models.CharField(max_length=NAME_LENGTH)
    last_played = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-last_played", "name"]
        constraints = [
            models.UniqueConstraint(fields=["owner", "name"], name="unique_player_name_per_owner")
        ]

    def __str__(self) -> str:
        return self.name

    @transaction.atomic
    def rename(self, new_name: str) -> None:
        """Fix a typo everywhere at once: the roster, every game's seating, dealers (also of a
        deleted hand Undo can bring back) and the names of sides built from the players' names.
        RosterError if the name is taken (compared after NFKC: "Ｐ２" is "P2") or holds a
        character nobody can see."""
        # Imported here: the games import the roster (a game seats its players).
        from games.models.game import Game
        from games.models.hands import Hand
        from games.models.teams import Team

        new_name = roster_name(new_name)
        if not new_name:
            raise RosterError("A player needs a name.")
        if len(new_name) > NAME_LENGTH:
            raise RosterError(f"A name is at most {NAME_LENGTH} letters.")
        refuse_unseen_characters([new_name])
        if new_name == self.name:
            return
        roster = Player.objects.filter(owner_id=self.owner_id).exclude(pk=self.pk)
        names = roster.values_list("name", flat=True)
        taken = next((name for name in names if roster_name(name) == new_name), None)
        if taken is not None:
            raise RosterError(f"There is already a player called “{taken}”.")
        old_name = self.name
        self.name = new_name
        try:
            with transaction.atomic():
                self.save(update_fields=["name"])
        except IntegrityError:  # a new game just added that name to the roster
            raise RosterError(f"There is already a player called “{new_name}”.") from None
        # Every game the player sat in, locked in one order and written back in a few bulk
        # queries (not two per game), so a save waiting on one of them waits a moment only.
        games = list(
            Game.objects.select_for_update(of=("self",))
            .filter(seats__player=self)
            .order_by("pk")
            .prefetch_related("teams")
        )
        teams = [team for game in games for team in game.rename_player(old_name, new_name)]
        for game in games:
            game.version = F("version") + 1
        renamed = ["players", "first_dealer", "sides", "deleted_hand", "version"]
        Game.objects.bulk_update(games, renamed, batch_size=RENAME_BATCH)
        Team.objects.bulk_update(teams, ["name"], batch_size=RENAME_BATCH)
        Hand.objects.filter(game__seats__player=self, dealer=old_name).update(dealer=new_name)
