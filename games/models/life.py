"""A game's life around its hands: started (from a set-up or a game file), seated, renamed,
shared, archived, finished, reopened, deleted for a while and restored, played again."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from datetime import datetime
from typing import Any, Self

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.dateformat import format as format_date
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from games import rules as engine
from games.models.errors import GameGone, GameOver
from games.models.game_data import DELETED_GAMES_KEPT, new_share_token
from games.models.hands import Hand, TallyEntry
from games.models.names import RosterError, team_name
from games.models.recording import RecordsHands
from games.models.roster import Player
from games.models.teams import Seat, Team
from games.words import rule_set_name


class GameLife(RecordsHands):
    """What happens to a game as a whole: it starts, is shared, ends, is deleted or played
    again."""

    class Meta:
        abstract = True

    @classmethod
    @transaction.atomic
    def start(cls, owner: Any, setup: engine.GameSetup, first_dealer: str | None = None) -> Self:
        """A new game of a checked set-up; its players join the owner's roster (the same name
        is the same player) and take their seats."""
        roster = {
            name: Player.objects.update_or_create(owner=owner, name=name)[0]
            for name in setup.players
        }
        game = cls.objects.create(
            owner=owner,
            rules_slug=setup.rules.slug,
            options=setup.chosen_options,
            closed=setup.closed,
            own_game_name=setup.own_game.name if setup.own_game else "",
            own_game_note=setup.own_game.note if setup.own_game else "",
            first_dealer_seat=(
                setup.players.index(first_dealer) if first_dealer in setup.players else None
            ),
        )
        game.seat_players(setup, roster)
        return game

    def seat_players(self, setup: engine.GameSetup, roster: Mapping[str, Player]) -> None:
        """Teams and seats as rows, from the engine's seating and sides. A side named after its
        players keeps no name of its own: it is read from the roster (`GameData.sides`)."""
        teams = Team.objects.bulk_create(
            Team(
                game_id=self.pk,
                order=order,
                name="" if side.name == team_name(side.players) else side.name,
                named_after_players=side.name == team_name(side.players),
            )
            for order, side in enumerate(setup.sides)
        )
        place = {
            name: (team, index)
            for team, side in zip(teams, setup.sides, strict=True)
            for index, name in enumerate(side.players)
        }
        Seat.objects.bulk_create(
            Seat(
                game_id=self.pk,
                order=order,
                player=roster[name],
                team=place[name][0],
                place_on_side=place[name][1],
            )
            for order, name in enumerate(setup.players)
        )

    def side_names_renamed(self, player_id: int, new_name: str) -> list[str]:
        """The sides' names once the player `player_id` is called `new_name` (seats read
        through `seating`). RosterError, naming the game, if two sides would share a name (the
        engine refuses such a game)."""
        renamed = self.sides_named(
            lambda seat: new_name if seat.player_id == player_id else seat.player.name
        )
        names = [side["name"] for side in renamed]
        clash = next((name for name in names if names.count(name) > 1), None)
        if clash is not None:
            # Translators: between two sides' names, "Ann & Cy v Bo & Di"; keep the spaces.
            versus = pgettext("between sides' names", " v ")
            said = _(
                "Not renamed: in %(game)s “%(sides)s” (started %(day)s) two sides would both be "
                "called “%(clash)s”."
            )
            raise RosterError(
                said
                % {
                    "game": rule_set_name(self.rules),
                    "sides": versus.join(self.side_names),
                    # Translators: a date as "4 Mar 2025" (Django's date format letters).
                    "day": format_date(self.created, _("j M Y")),
                    "clash": clash,
                }
            )
        return names

    @classmethod
    @transaction.atomic
    def from_hands(
        cls,
        owner: Any,
        setup: engine.GameSetup,
        hands: list[engine.HandInput],
        first_dealer: str | None,
    ) -> Self:
        """A new game holding `hands` (a whole game file): the engine checks the whole game
        once (RulesError: nothing is saved), then every hand and tally is written with bulk
        inserts, in one transaction. Time and queries grow with the file, never faster."""
        score = setup.score(hands)
        game = cls.start(owner, setup, first_dealer)
        game.lock_row()
        rows = Hand.objects.bulk_create(
            Hand(
                game_id=game.pk,
                number=scored.number,
                dealer_seat=game.seat_of(hand.dealer),
                upcard=hand.upcard,
            )
            for scored, hand in zip(score.hands, hands, strict=True)
        )
        TallyEntry.objects.bulk_create(
            entry
            for row, scored, hand in zip(rows, score.hands, hands, strict=True)
            for entry in row.tally_entries(setup, scored.tallies, hand.tallies)
        )
        game.store_result(score)
        game.touch()
        game.check_hand_numbers()
        return game

    @transaction.atomic
    def rematch(self) -> tuple[Self, bool]:
        """A new game at the same table: same players and seats, sides, options, owner and
        co-scorekeepers; the first deal passes to the left of this game's first dealer. One per
        game, under the game's lock: a second tap (or phone) gets the one made already, with
        False ("not new"); a rematch deleted since gives way to a new one."""
        self.lock_row()
        made = type(self).objects.filter(rematch_of=self).first()
        if made is not None and made.deleted is None:
            return made, False
        if made is not None:
            type(self).objects.filter(pk=made.pk).update(rematch_of=None)
        # The same table and house rules, not the ending: a game its scorekeeper finished by
        # hand (closed) starts its rematch open.
        setup = replace(self.setup(), closed=False)
        # The next seat from this game's first dealer, whoever dealt its last hand.
        first = setup.dealer_after(self.first_dealer, 1) if self.first_dealer else None
        game = self.start(self.owner, setup, first)
        type(self).objects.filter(pk=game.pk).update(rematch_of=self)
        game.co_scorekeepers.set(self.co_scorekeepers.all())
        return game, True

    def set_archived(self, archived: bool) -> None:
        self.archived = archived
        self.save(update_fields=["archived"])

    @transaction.atomic
    def delete_for_a_while(self) -> None:
        """Hide the game everywhere (its live link stops at the next poll); the owner can
        restore it until DELETED_GAMES_KEPT passes. The owner's games deleted longer ago than
        that go for good now."""
        self.touch(deleted=timezone.now())
        assert self.deleted is not None
        self.purge_expired(self.owner_id, self.deleted)

    @classmethod
    @transaction.atomic
    def purge_expired(cls, owner_id: int, now: datetime) -> None:
        """Delete for good the owner's games deleted longer than DELETED_GAMES_KEPT before
        `now`. Each game's row lock is taken first (in one order), and what is deleted is what
        is still expired once the lock is ours: a game restored meanwhile stays."""
        expired = Q(owner_id=owner_id, deleted__lt=now - DELETED_GAMES_KEPT)
        locked = list(
            cls.objects.select_for_update().filter(expired).order_by("pk").values_list("pk")
        )
        if locked:
            cls.objects.filter(expired, pk__in=[pk for (pk,) in locked]).delete()

    @transaction.atomic
    def restore(self) -> None:
        """Bring a deleted game back, under its lock (as the purge takes it): GameGone if the
        purge deleted it first or DELETED_GAMES_KEPT has passed meanwhile."""
        try:
            self.lock_row()
        except self.DoesNotExist:
            raise GameGone() from None
        if self.deleted is not None and self.deleted < timezone.now() - DELETED_GAMES_KEPT:
            raise GameGone()
        self.touch(deleted=None)

    @transaction.atomic
    def reopen(self) -> None:
        self.lock_row()
        if self.closed:
            # A game the scorekeeper finished goes on: hands can be added again.
            self.touch(closed=False)
            self.store_result(self.score())
        else:
            self.touch(reopened=True)

    @transaction.atomic
    def finish(self) -> None:
        """The scorekeeper ends a game that has no end of its own (a score pad with neither a
        target nor a number of hands); GameOver if the game ends by itself or is over."""
        self.lock_row()
        setup = self.setup()
        if not setup.rules.ends_by_scorekeeper:
            raise GameOver(_("This game ends by itself: it can't be finished by hand."))
        if self.closed:
            raise GameOver(_("The game is already over."))
        self.touch(closed=True, reopened=False)
        self.store_result(self.score())

    def renew_share_token(self) -> None:
        self.share_token = new_share_token()
        self.save(update_fields=["share_token", "updated"])
