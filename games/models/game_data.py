"""A game's fields, and how the game is read: its rules with the house rules, its set-up and
hands for the engine, its score."""

from __future__ import annotations

import secrets
from datetime import timedelta
from typing import TYPE_CHECKING, Any, ClassVar, cast

from django.conf import settings
from django.db import connection, models
from django.db.models import F
from django.utils import timezone

from games import rules as engine
from games.models.hands import Hand, TallyEntry
from games.models.names import told_apart

if TYPE_CHECKING:
    from django.db.models.fields.related_descriptors import RelatedManager

    from games.models.game import Game
    from games.models.teams import Seat, Team
from games.rules.gamefile import NAME_LENGTH, write_game_file

#: How long a deleted game waits in "Recently deleted" before it is gone for good.
DELETED_GAMES_KEPT = timedelta(days=30)


def new_share_token() -> str:
    return secrets.token_urlsafe(24)


class GameData(models.Model):
    """The game as kept: rules, seating and sides, state, the stored result; and how it is read.
    Abstract: `Game` is the one table, built on this through `RecordsHands` and `GameLife`."""

    if TYPE_CHECKING:  # what the concrete Game has, for the parts built on this one
        objects: ClassVar[models.Manager[Any]]
        hands: RelatedManager[Hand]
        teams: RelatedManager[Team]
        seats: RelatedManager[Seat]

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, models.CASCADE, related_name="games")
    co_scorekeepers = models.ManyToManyField(
        settings.AUTH_USER_MODEL, related_name="shared_games", blank=True
    )
    #: Choices read from the engine when asked: a new rule set needs no migration.
    rules_slug = models.CharField(max_length=40, choices=engine.rule_set_choices)
    options = models.JSONField(default=dict, blank=True)
    #: Seating order, clockwise.
    players = models.JSONField(default=list)
    #: [{"name": "Ann & Cy", "players": ["Ann", "Cy"]}, ...]
    sides = models.JSONField(default=list)
    first_dealer = models.CharField(max_length=NAME_LENGTH, blank=True)
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)
    #: A finished game is locked until its owner reopens it on purpose.
    reopened = models.BooleanField(default=False)
    #: The scorekeeper said the game is over: for a rule set whose game has no end of its own (a
    #: score pad with neither a target nor a number of hands). Reopening clears it.
    closed = models.BooleanField(default=False)
    #: Goes up with every change, so live viewers can ask "anything new?" cheaply.
    version = models.PositiveIntegerField(default=1)
    #: The hand in progress, for a rule set with a tracker (its state, e.g. Miromar's failed
    #: openings per side index, openings made, the turn card). Cleared when a hand is saved.
    hand_in_progress = models.JSONField(default=dict, blank=True)
    share_token = models.CharField(max_length=64, default=new_share_token, unique=True)
    # The stored result, rewritten with every change to the hands (`store_result`) and rebuilt
    # from the hands by `manage.py rescore`; each side's total and win are on its Team.
    finished = models.BooleanField(default=False)
    hands_played = models.PositiveSmallIntegerField(default=0)
    #: When the last hand was recorded (None before the first).
    last_hand_at = models.DateTimeField(null=True, blank=True)
    #: The last hand deleted, as it was (number, dealer, revision, entries), so that "Undo" can
    #: bring it back exactly. Empty when there is nothing to undo.
    deleted_hand = models.JSONField(default=dict, blank=True)
    #: Put away by its owner: off the home page's lists, still whole and still open.
    archived = models.BooleanField(default=False)
    #: When the owner deleted it: hidden everywhere, restorable until DELETED_GAMES_KEPT passes.
    deleted = models.DateTimeField(null=True, blank=True)
    #: The game this one is the rematch of: a game has one rematch, however often it is asked.
    rematch_of = models.OneToOneField(
        "self", models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        abstract = True

    @classmethod
    def version_for_share_token(cls, token: str) -> int | None:
        """The version of the game behind a share link, or None (also for a deleted game, whose
        link stops). Every phone following a game asks this every 2 seconds (the live view's
        ETag), so it is one indexed lookup in plain SQL: building the same query through the ORM
        costs about ten times running it."""
        quote = connection.ops.quote_name
        sql = (
            f"SELECT {quote('version')} FROM {quote(cls._meta.db_table)} "
            f"WHERE {quote('share_token')} = %s AND {quote('deleted')} IS NULL"
        )
        with connection.cursor() as cursor:
            cursor.execute(sql, [token])
            row = cursor.fetchone()
        return None if row is None else row[0]

    def as_game(self) -> Game:
        """This game as the concrete `Game` (what it always is), for the rows that point to it."""
        return cast("Game", self)

    @property
    def rules(self) -> engine.RuleSet:
        """The rule set as this table plays it: with the game's house rules."""
        return engine.get_rule_set(self.rules_slug).with_options(self.options, len(self.players))

    @property
    def side_names(self) -> list[str]:
        """The sides' names as the engine reads them (each its own: see `told_apart`)."""
        return told_apart([side["name"] for side in self.sides])

    def setup(self) -> engine.GameSetup:
        sides = [
            engine.Side(name, tuple(side["players"]))
            for name, side in zip(self.side_names, self.sides, strict=True)
        ]
        rules = engine.get_rule_set(self.rules_slug)
        return rules.new_game(self.players, sides, self.options, closed=self.closed)

    def hand_inputs(
        self, setup: engine.GameSetup | None = None, hands: list[Hand] | None = None
    ) -> list[engine.HandInput]:
        """The recorded hands, in order, as the engine reads them: two queries, however many
        hands (entries are read as plain values; a model object per number costs too much)."""
        setup = setup or self.setup()
        hands = list(self.hands.all()) if hands is None else hands
        entries: dict[int, list[tuple[int, str, int]]] = {hand.pk: [] for hand in hands}
        # Only the hands read above: a hand saved in between must not half-appear.
        rows = TallyEntry.objects.filter(hand_id__in=entries).values_list(
            "hand_id", "side", "field", "value"
        )
        for hand_id, side, field, value in rows:
            entries[hand_id].append((side, field, value))
        return [hand.as_input(setup, entries[hand.pk]) for hand in hands]

    def score(self) -> engine.GameScore:
        setup = self.setup()
        return setup.score(self.hand_inputs(setup))

    def failed_openings(self, setup: engine.GameSetup) -> dict[str, int]:
        """Failed openings in the hand in progress, per side (they raise the minimum)."""
        tracker = setup.rules.tracker
        if tracker is None:
            return {}
        return tracker.failed_openings(self.hand_in_progress, setup.side_names)

    def dealer_for(self, hand_number: int) -> str | None:
        if not self.first_dealer:
            return None
        return self.setup().dealer_for(self.first_dealer, hand_number)

    @property
    def undoable_hand_number(self) -> int | None:
        """The number of the deleted hand that "Undo" can still bring back, if any: only while
        no other hand has taken its place (`hands` prefetched or not)."""
        number = self.deleted_hand.get("number")
        if number is None or len(self.hands.all()) != number - 1:
            return None
        return number

    def as_game_file(self) -> dict[str, Any]:
        extra = {"first_dealer": self.first_dealer} if self.first_dealer else {}
        return write_game_file(self.setup(), self.hand_inputs(), extra)

    def touch(self, **changes: Any) -> None:
        """Save `changes` (field values) and record that something changed (live viewers
        refresh), in one UPDATE that never writes back a field it was not given."""
        changes = {**changes, "version": F("version") + 1, "updated": timezone.now()}
        type(self).objects.filter(pk=self.pk).update(**changes)
        self.refresh_from_db(fields=list(changes))
