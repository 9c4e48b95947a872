"""A game's fields, and how the game is read: its rules with the house rules, its set-up and
hands for the engine, its score."""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterable, Mapping, Sequence
from datetime import timedelta
from typing import TYPE_CHECKING, Any, ClassVar

from django.conf import settings
from django.db import connection, models
from django.db.models import F, prefetch_related_objects
from django.utils import timezone

from games import rules as engine
from games.models.hands import (
    Hand,
    TallyEntry,
    hand_input,
    recorded_hand_inputs,
    seated_dealer,
)
from games.models.names import told_apart
from games.models.roster import Player
from games.models.seated_read import seated_game_query
from games.models.teams import Seat, seats_with_names
from games.rules.gamefile import write_game_file
from games.rules.own_game import NAME_LENGTH as OWN_GAME_NAME_LENGTH
from games.rules.own_game import OwnGame as OwnGameDefinition
from games.words import rule_set_name

#: Where a game object keeps its set-up once built (GameData.setup).
SETUP_KEPT = "_setup_kept"
#: Where a game read by `GameData.seated_for` keeps its seats (GameData.seating).
SEATS_READ = "_seats_read"

if TYPE_CHECKING:
    from django.db.models.fields.related_descriptors import RelatedManager

    from games.models.teams import Team

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
    # The seating and the sides are the game's Seat and Team rows, and every name is read
    # through the roster (`players`, `sides`): a rename changes one roster row, never a game.
    #: Who dealt hand 1, as a seat (`Seat.order`); None when nobody said.
    first_dealer_seat = models.PositiveSmallIntegerField(null=True, blank=True)
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)
    #: A finished game is closed until its owner reopens it on purpose.
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
    #: The last hand deleted, as it was (number, dealer_seat, revision, entries), so that "Undo"
    #: can bring it back exactly. Empty when there is nothing to undo.
    deleted_hand = models.JSONField(default=dict, blank=True)
    #: Put away by its owner: off the home page's lists, still whole and still open.
    archived = models.BooleanField(default=False)
    #: When the owner deleted it: hidden everywhere, restorable until DELETED_GAMES_KEPT passes.
    deleted = models.DateTimeField(null=True, blank=True)
    #: The table's own game it was started as (RULINGS.md section 15): its name and note as they
    #: were then ("" for none). The rule set and house rules are `rules_slug` and `options`.
    own_game_name = models.CharField(max_length=OWN_GAME_NAME_LENGTH, blank=True)
    own_game_note = models.TextField(blank=True)
    #: The game this one is the rematch of: a game has one rematch, however often it is asked.
    rematch_of = models.OneToOneField(
        "self", models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        abstract = True

    @classmethod
    def version_for_share_token(cls, token: str) -> int | None:
        """The version of the game behind a share link, or None (also for a deleted game, whose
        link stops): the game's own, plus how often its players were renamed (names are read
        through the roster, so a rename changes what the page shows without writing the game;
        both only go up, so any change gives a new number). Every phone following a game asks
        this every 2 seconds (the live view's ETag), so it is one indexed lookup in plain SQL:
        building the same query through the ORM costs about ten times running it."""
        quote = connection.ops.quote_name
        renames = (
            f"SELECT SUM({quote('renamed')}) FROM {quote(Player._meta.db_table)} "
            f"WHERE {quote('id')} IN (SELECT {quote('player_id')} FROM "
            f"{quote(Seat._meta.db_table)} WHERE {quote('game_id')} = game.{quote('id')})"
        )
        sql = (
            f"SELECT game.{quote('version')} + COALESCE(({renames}), 0) "
            f"FROM {quote(cls._meta.db_table)} game "
            f"WHERE game.{quote('share_token')} = %s AND game.{quote('deleted')} IS NULL"
        )
        with connection.cursor() as cursor:
            cursor.execute(sql, [token])
            row = cursor.fetchone()
        return None if row is None else row[0]

    @classmethod
    def seated_for(cls, user_id: int, game_id: int) -> Any | None:
        """Game `game_id` with its seats, their players and sides, if account `user_id` may
        score it (as `games.access.seated_games(scorekeeper_games(user))` reads it); None
        otherwise. One hand-written query (games/models/seated_read.py)."""
        read = seated_game_query(cls).read(user_id, game_id)
        if read is None:
            return None
        game, seats = read
        game.__dict__[SEATS_READ] = seats
        return game

    @property
    def rules(self) -> engine.RuleSet:
        """The rule set as this table plays it: with the game's house rules."""
        return self.setup().rules

    def seating(self) -> list[Seat]:
        """The seats in order, each with its player and team: read once per game object (one
        query here, or none when `seated_games` prefetched them or `seated_for` read them)."""
        if SEATS_READ in self.__dict__:
            return list(self.__dict__[SEATS_READ])
        if "seats" not in getattr(self, "_prefetched_objects_cache", {}):
            prefetch_related_objects([self], seats_with_names())
        return list(self.seats.all())

    @property
    def players(self) -> list[str]:
        """The players' names in seating order (clockwise), as the roster spells them now."""
        return [seat.player.name for seat in self.seating()]

    @property
    def sides(self) -> list[dict[str, Any]]:
        """[{"name": "Ann & Cy", "players": ["Ann", "Cy"]}, ...] in the sides' order: a side
        named after its players takes their names now, another keeps its own."""
        return self.sides_named(lambda seat: seat.player.name)

    def sides_named(self, name_of: Callable[[Seat], str]) -> list[dict[str, Any]]:
        """`sides`, each seat's player called `name_of(seat)` (a rename checks its names)."""
        by_team: dict[int, list[Seat]] = {}
        for seat in self.seating():
            by_team.setdefault(seat.team.order, []).append(seat)
        sides = []
        for order in sorted(by_team):
            seats = sorted(by_team[order], key=lambda seat: seat.place_on_side)
            players = [name_of(seat) for seat in seats]
            sides.append({"name": seats[0].team.side_name(players), "players": players})
        return sides

    @property
    def side_names(self) -> list[str]:
        """The sides' names as the engine reads them (each its own: see `told_apart`)."""
        return told_apart([side["name"] for side in self.sides])

    @property
    def sides_with_results(self) -> list[tuple[str, Team]]:
        """Each side's name as read now (told apart) with its Team row (its stored total and
        win), from the seats alone: no query of its own."""
        teams = {seat.team.order: seat.team for seat in self.seating()}
        return list(zip(self.side_names, (teams[o] for o in sorted(teams)), strict=True))

    @property
    def first_dealer(self) -> str:
        """Who dealt hand 1, by name ("" when nobody said)."""
        return self.name_in_seat(self.first_dealer_seat) or ""

    def name_in_seat(self, seat: int | None) -> str | None:
        """The name of the player in seat `seat` (None for no seat, or one not in the game)."""
        players = self.players
        return players[seat] if seat is not None and 0 <= seat < len(players) else None

    def seat_of(self, name: str | None) -> int | None:
        """The seat of the player called `name` (None for nobody, or a name not in the game)."""
        players = self.players
        return players.index(name) if name in players else None

    def copied_dealer(self, copy: Mapping[str, Any]) -> str | None:
        """The dealer of a hand kept for Undo: a seat, or in a copy made before dealers were
        kept as seats, the name then (None when that name is no longer in the game)."""
        if "dealer_seat" in copy:
            return self.name_in_seat(copy["dealer_seat"])
        return copy.get("dealer") if copy.get("dealer") in self.players else None

    def setup(self) -> engine.GameSetup:
        """The engine's set-up, from the seats and sides as the roster names them now: built
        once per game object, and again once the object is read again (refresh_from_db: the
        row lock, a change saved with `touch`)."""
        built = self.__dict__.get(SETUP_KEPT)
        if built is None:
            built = self.__dict__[SETUP_KEPT] = self.built_setup()
        return built

    def refresh_from_db(
        self,
        using: str | None = None,
        fields: Iterable[str] | None = None,
        from_queryset: models.QuerySet[Any] | None = None,
    ) -> None:
        self.__dict__.pop(SETUP_KEPT, None)
        if fields is None:  # as Django drops what it prefetched
            self.__dict__.pop(SEATS_READ, None)
        super().refresh_from_db(using, fields, from_queryset)

    def built_setup(self) -> engine.GameSetup:
        stored = self.sides
        names = told_apart([side["name"] for side in stored])
        sides = [
            engine.Side(name, tuple(side["players"]))
            for name, side in zip(names, stored, strict=True)
        ]
        rules = engine.get_rule_set(self.rules_slug)
        return rules.new_game(
            self.players, sides, self.options, closed=self.closed, own_game=self.own_game
        )

    @property
    def own_game(self) -> OwnGameDefinition | None:
        """The table's own game it was started as, or None."""
        if not self.own_game_name:
            return None
        return OwnGameDefinition(self.own_game_name, self.own_game_note)

    @property
    def title(self) -> str:
        """What the screens call the game: its own game's name, else its rule set's."""
        return self.own_game_name or rule_set_name(engine.get_rule_set(self.rules_slug))

    def hand_inputs(
        self, setup: engine.GameSetup | None = None, hands: Sequence[Hand] | None = None
    ) -> list[engine.HandInput]:
        """The recorded hands (`hands`, or the game's own), in order, as the engine reads them:
        two queries at most, however many hands (entries are read as plain values; a model
        object per number costs too much). A game read without its hands reads them with their
        entries in one query, with no model object at all (`recorded_hand_inputs`)."""
        setup = setup or self.setup()
        if hands is None:
            if "hands" not in getattr(self, "_prefetched_objects_cache", {}):
                return recorded_hand_inputs(self.pk, setup)
            hands = list(self.hands.all())
        entries: dict[int, list[tuple[int, str, int]]] = {hand.pk: [] for hand in hands}
        # Only the hands read above: a hand saved in between must not half-appear.
        rows = TallyEntry.objects.filter(hand_id__in=entries).values_list(
            "hand_id", "side", "field", "value"
        )
        for hand_id, side, field, value in rows:
            entries[hand_id].append((side, field, value))
        return [
            hand_input(setup, entries[hand.pk], seated_dealer(setup, hand.dealer_seat), hand.upcard)
            for hand in hands
        ]

    def score(self) -> engine.GameScore:
        setup = self.setup()
        return setup.score(self.hand_inputs(setup))

    def failed_openings(self, setup: engine.GameSetup) -> dict[str, int]:
        """Failed openings in the hand in progress, per side (they raise the minimum)."""
        tracker = setup.rules.tracker
        if tracker is None:
            return {}
        return tracker.failed_openings(self.hand_in_progress, setup.side_names)

    def dealer_for(self, hand_number: int, hands: Sequence[engine.HandInput] = ()) -> str | None:
        """Who deals hand `hand_number` after `hands` (the hands recorded so far, which say
        where a dealer deals again; none given: the deal passes every hand)."""
        if not self.first_dealer:
            return None
        return self.setup().dealer_for(self.first_dealer, hand_number, hands)

    def undoable_hand_number(self, hands_recorded: int) -> int | None:
        """The number of the deleted hand that "Undo" can still bring back, if any: only while
        no other hand has taken its place (`hands_recorded`: how many hands there are now)."""
        number = self.deleted_hand.get("number")
        if number is None or hands_recorded != number - 1:
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
