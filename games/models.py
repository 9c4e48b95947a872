"""What we keep: the roster, games and their hands. Scoring itself lives in games/rules/."""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import connection, models, transaction
from django.db.models import F, Q
from django.utils import timezone

from games import rules as engine
from games.rules.gamefile import write_game_file

NAME_LENGTH = 60
#: How long a deleted game waits in "Recently deleted" before it is gone for good.
DELETED_GAMES_KEPT = timedelta(days=30)


def new_share_token() -> str:
    return secrets.token_urlsafe(24)


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


class Game(models.Model):
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
    #: Goes up with every change, so live viewers can ask "anything new?" cheaply.
    version = models.PositiveIntegerField(default=1)
    #: The hand in progress, for a rule set with a tracker (its state, e.g. Miromar's failed
    #: openings per side index, openings made, the turn card). Cleared when a hand is saved.
    table = models.JSONField(default=dict, blank=True)
    share_token = models.CharField(max_length=64, default=new_share_token, unique=True)
    #: The last hand deleted, as it was (number, dealer, revision, entries), so that "Undo" can
    #: bring it back exactly. Empty when there is nothing to undo.
    deleted_hand = models.JSONField(default=dict, blank=True)
    #: Put away by its owner: off the home page's lists, still whole and still open.
    archived = models.BooleanField(default=False)
    #: When the owner deleted it: hidden everywhere, restorable until DELETED_GAMES_KEPT passes.
    deleted = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-updated"]

    def __str__(self) -> str:
        return f"{self.rules.name}: {' v '.join(self.side_names)}"

    @classmethod
    @transaction.atomic
    def start(cls, owner: Any, setup: engine.GameSetup, first_dealer: str | None = None) -> Game:
        """A new game of a checked set-up; its players join the owner's roster."""
        for name in setup.players:
            Player.objects.update_or_create(owner=owner, name=name)
        return cls.objects.create(
            owner=owner,
            rules_slug=setup.rules.slug,
            options=dict(setup.options),
            players=list(setup.players),
            sides=[{"name": side.name, "players": list(side.players)} for side in setup.sides],
            first_dealer=first_dealer if first_dealer in setup.players else "",
        )

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

    @property
    def rules(self) -> engine.RuleSet:
        return engine.get_rule_set(self.rules_slug)

    @property
    def side_names(self) -> list[str]:
        return [side["name"] for side in self.sides]

    def setup(self) -> engine.GameSetup:
        sides = [engine.Side(side["name"], tuple(side["players"])) for side in self.sides]
        return self.rules.new_game(self.players, sides, self.options)

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

    def is_locked(self, score: engine.GameScore) -> bool:
        return score.finished and not self.reopened

    def refuse_if_locked(self, score: engine.GameScore) -> None:
        if self.is_locked(score):
            raise GameLocked("The game is over. Reopen it to change a hand.")

    def failed_openings(self, setup: engine.GameSetup) -> dict[str, int]:
        """Failed openings in the hand in progress, per side (they raise the minimum)."""
        tracker = setup.rules.tracker
        if tracker is None:
            return {}
        return tracker.failed_openings(self.table, setup.side_names)

    def dealer_for(self, hand_number: int) -> str | None:
        if not self.first_dealer:
            return None
        return self.setup().dealer_for(self.first_dealer, hand_number)

    def as_game_file(self) -> dict[str, Any]:
        extra = {"first_dealer": self.first_dealer} if self.first_dealer else {}
        return write_game_file(self.setup(), self.hand_inputs(), extra)

    def touch(self) -> None:
        """Record that something changed (live viewers refresh)."""
        Game.objects.filter(pk=self.pk).update(version=F("version") + 1)
        self.refresh_from_db(fields=["version", "updated"])

    @transaction.atomic
    def record_hand(
        self,
        number: int,
        tallies: Mapping[str, Mapping[str, Any]],
        dealer: str | None,
        revision: int | None = None,
    ) -> Hand:
        """Save hand `number`: a new hand (`revision` None) or an edit of the revision the
        scorekeeper was shown. The engine must accept the whole game with it; otherwise
        RulesError is raised and nothing changes. HandConflict means someone else got there
        first (or the same form was sent twice); GameLocked that the game is over."""
        Game.objects.select_for_update().filter(pk=self.pk).first()
        existing = {hand.number: hand for hand in Hand.objects.filter(game=self)}
        if revision is None and number in existing:
            raise HandConflict(existing[number])
        if revision is not None and (
            number not in existing or existing[number].revision != revision
        ):
            raise HandConflict(existing.get(number))
        if not 1 <= number <= len(existing) + 1:  # not the next hand, nor a recorded one
            raise HandConflict(None)
        setup = self.setup()
        inputs = self.hand_inputs(setup, [existing[n] for n in sorted(existing)])
        score = setup.score(inputs)
        candidate = engine.HandInput(tallies=tallies, dealer=dealer)
        if number in existing:
            self.refuse_if_locked(score)
            inputs[number - 1] = candidate
            score = setup.score(inputs)
        else:
            # One more hand: only it needs scoring (the engine refuses it once the game is over).
            score.hands.append(setup.score_next_hand(score, candidate))
        if number in existing:
            hand = existing[number]
            hand.entries.all().delete()
            hand.dealer = dealer or ""
            hand.revision += 1
            hand.save(update_fields=["dealer", "revision"])
        else:
            hand = Hand.objects.create(game=self, number=number, dealer=dealer or "")
            self.table = {}
        hand.save_tallies(setup, score.hands[number - 1].tallies, tallies)
        self.reopened = self.reopened and not score.finished
        self.save(update_fields=["table", "reopened", "updated"])
        self.touch()
        return hand

    def lock(self) -> None:
        """Take the game row's lock: every change to the hands waits its turn behind it."""
        Game.objects.select_for_update().filter(pk=self.pk).first()

    @transaction.atomic
    def delete_last_hand(self) -> Hand | None:
        """Delete the last hand, keeping a copy of it that `restore_deleted_hand` brings back;
        GameLocked if the game is over and not reopened."""
        self.lock()
        self.refresh_from_db(fields=["reopened"])
        hands = list(Hand.objects.filter(game=self))  # read under the lock, not a prefetch
        setup = self.setup()
        self.refuse_if_locked(setup.score(self.hand_inputs(setup, hands)))
        last = hands[-1] if hands else None
        if last is None:
            return None
        self.deleted_hand = {
            "number": last.number,
            "dealer": last.dealer,
            "revision": last.revision,
            "recorded": last.recorded.isoformat(),
            "entries": [list(e) for e in last.entries.values_list("side", "field", "value")],
        }
        last.delete()
        self.reopened = False
        self.save(update_fields=["deleted_hand", "reopened", "updated"])
        self.touch()
        return last

    @property
    def undoable_hand_number(self) -> int | None:
        """The number of the deleted hand that "Undo" can still bring back, if any: only while
        no other hand has taken its place (`hands` prefetched or not)."""
        number = self.deleted_hand.get("number")
        if number is None or len(self.hands.all()) != number - 1:
            return None
        return number

    @transaction.atomic
    def restore_deleted_hand(self) -> Hand:
        """Bring back the last deleted hand exactly (entries, dealer, number), under the same
        lock as saving. RestoreRefused if another hand was saved in the meantime or the game,
        changed since, no longer accepts it; nothing changes then."""
        self.lock()
        self.refresh_from_db(fields=["deleted_hand", "reopened", "first_dealer"])
        copy = self.deleted_hand
        if not copy:
            raise RestoreRefused("There is no deleted hand to bring back.")
        number = copy["number"]
        hands = list(Hand.objects.filter(game=self))
        word = self.rules.hand_word
        if len(hands) != number - 1:
            raise RestoreRefused(
                f"{word} {number} can't come back: another {word.lower()} was saved since."
            )
        setup = self.setup()
        restored = Hand(game=self, number=number, dealer=copy["dealer"])
        entries = [tuple(entry) for entry in copy["entries"]]
        try:
            setup.score([*self.hand_inputs(setup, hands), restored.as_input(setup, entries)])
        except engine.RulesError as error:
            raise RestoreRefused(f"{word} {number} can't come back: {error.message}") from None
        restored.revision = copy["revision"] + 1
        restored.save()
        # Keep when it was first recorded (auto_now_add sets it on create).
        Hand.objects.filter(pk=restored.pk).update(recorded=copy["recorded"])
        TallyEntry.objects.bulk_create(
            TallyEntry(hand=restored, side=side, field=field, value=value)
            for side, field, value in entries
        )
        self.deleted_hand = {}
        self.save(update_fields=["deleted_hand", "updated"])
        self.touch()
        return restored

    @transaction.atomic
    def change_first_dealer(self, name: str) -> None:
        """Who dealt hand 1; the hands recorded so far get the dealers that follow from it,
        and the engine must accept the whole game with them (RulesError otherwise)."""
        self.lock()
        setup = self.setup()
        if name not in setup.players:
            raise engine.RulesError(f"{name} does not play in this game")
        hands = list(Hand.objects.filter(game=self))
        for hand in hands:
            hand.dealer = setup.dealer_for(name, hand.number)
        self.refresh_from_db(fields=["reopened"])
        self.refuse_if_locked(setup.score(self.hand_inputs(setup, hands)))
        Hand.objects.bulk_update(hands, ["dealer"])
        self.first_dealer = name
        self.save(update_fields=["first_dealer", "updated"])
        self.touch()

    def rematch(self) -> Game:
        """A new game at the same table: same players and seats, sides, options, owner and
        co-scorekeepers; the first deal passes to the left of this game's first dealer."""
        setup = self.setup()
        first = setup.dealer_for(self.first_dealer, 2) if self.first_dealer else None
        game = Game.start(self.owner, setup, first)
        game.co_scorekeepers.set(self.co_scorekeepers.all())
        return game

    def set_archived(self, archived: bool) -> None:
        self.archived = archived
        self.save(update_fields=["archived"])

    @transaction.atomic
    def delete_for_a_while(self) -> None:
        """Hide the game everywhere; the owner can restore it until DELETED_GAMES_KEPT passes.
        Games deleted longer ago than that go for good now."""
        self.deleted = timezone.now()
        self.save(update_fields=["deleted"])
        self.touch()  # the live view stops at its next poll
        long_ago = self.deleted - DELETED_GAMES_KEPT
        Game.objects.filter(owner_id=self.owner_id, deleted__lt=long_ago).delete()

    def restore(self) -> None:
        self.deleted = None
        self.save(update_fields=["deleted"])
        self.touch()

    def reopen(self) -> None:
        self.reopened = True
        self.save(update_fields=["reopened", "updated"])
        self.touch()

    def track(self, action: str, side: str | None) -> None:
        """Record an action of the hand in progress (the rule set's tracker says which there
        are). GameLocked once the game is over; TrackerRefused for an unknown action or side."""
        setup = self.setup()
        tracker = setup.rules.tracker
        if tracker is None:
            raise engine.TrackerRefused(f"{setup.rules.name} keeps no hand in progress")
        if setup.score(self.hand_inputs(setup)).finished:
            raise GameLocked("The game is over: there is no hand in progress.")
        self.table = tracker.act(self.table, action, side, len(setup.sides))
        self.save(update_fields=["table", "updated"])
        self.touch()

    def renew_share_token(self) -> None:
        self.share_token = new_share_token()
        self.save(update_fields=["share_token", "updated"])


class Refused(Exception):
    """A change the game refuses; `message` says why, in the players' words."""

    def __init__(self, message: str) -> None:
        self.message = message
        super().__init__(message)


class GameLocked(Refused):
    """The game is over (and not reopened): its hands and hand in progress can't change."""


class RestoreRefused(Refused):
    """A deleted hand cannot come back (another hand took its number, or the game changed)."""


class HandConflict(Exception):
    """The hand changed (or was recorded) since the scorekeeper's form was drawn."""

    def __init__(self, current: Hand | None) -> None:
        self.current = current
        super().__init__("the hand was changed by someone else")


class Hand(models.Model):
    game = models.ForeignKey(Game, models.CASCADE, related_name="hands")
    number = models.PositiveSmallIntegerField()
    dealer = models.CharField(max_length=NAME_LENGTH, blank=True)
    #: Goes up with each edit, so a second scorekeeper's stale edit can be spotted.
    revision = models.PositiveIntegerField(default=1)
    recorded = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="one_hand_per_number"),
            models.CheckConstraint(condition=Q(number__gte=1), name="hand_numbers_start_at_1"),
        ]

    def __str__(self) -> str:
        return f"Hand {self.number}"

    def as_input(
        self, setup: engine.GameSetup, entries: list[tuple[int, str, int]] | None = None
    ) -> engine.HandInput:
        """This hand for the engine, from `entries` (side, field, value) or from the database."""
        if entries is None:
            entries = list(self.entries.values_list("side", "field", "value"))
        names = setup.side_names
        tallies: dict[str, dict[str, Any]] = {name: {} for name in names}
        fields = setup.fields_by_name
        for side, name, value in entries:
            field = fields.get(name)
            yes_no = field is not None and field.kind is engine.FieldKind.YES_NO
            tallies[names[side]][name] = bool(value) if yes_no else value
        return engine.HandInput(tallies=tallies, dealer=self.dealer or None)

    def save_tallies(
        self,
        setup: engine.GameSetup,
        checked: Mapping[str, Mapping[str, int | bool] | None],
        raw: Mapping[str, Mapping[str, Any]],
    ) -> None:
        rows = []
        for index, name in enumerate(setup.side_names):
            tally = checked[name]
            if tally is None:
                rows.append(
                    TallyEntry(hand=self, side=index, field="total", value=raw[name]["total"])
                )
                continue
            rows.extend(
                TallyEntry(hand=self, side=index, field=field, value=int(value))
                for field, value in tally.items()
                if value != _blank(setup, field)
            )
        TallyEntry.objects.bulk_create(rows)


def _blank(setup: engine.GameSetup, field_name: str) -> int | bool:
    field = setup.rules.field_named(setup, field_name)
    return field.blank if field else 0


class TallyEntry(models.Model):
    """One number of one side's tally (a count, card points, yes as 1, or a bare total)."""

    hand = models.ForeignKey(Hand, models.CASCADE, related_name="entries")
    side = models.PositiveSmallIntegerField()
    field = models.CharField(max_length=40)
    value = models.IntegerField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["hand", "side", "field"], name="one_entry_per_field"),
            models.CheckConstraint(
                condition=Q(field="total") | Q(value__gte=0), name="counts_never_negative"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.field}={self.value}"


class Signup(models.Model):
    """An account made from an address, kept for the signup limit's window (games/accounts.py).
    A table rather than Django's cache, which is per process: every worker shares the count."""

    address = models.GenericIPAddressField()
    when = models.DateTimeField(db_index=True)

    def __str__(self) -> str:
        return f"signup from {self.address} at {self.when:%Y-%m-%d %H:%M}"
