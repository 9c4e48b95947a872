"""What we keep: the roster, games, their sides and seats, their hands and stored results.
Scoring itself lives in games/rules/."""

from __future__ import annotations

import secrets
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime, timedelta
from enum import Enum
from typing import Any

from django.conf import settings
from django.db import IntegrityError, connection, models, transaction
from django.db.models import Case, F, Max, Q, When
from django.utils import timezone

from games import rules as engine
from games.rules.gamefile import NAME_LENGTH, SIDE_NAME_LENGTH, write_game_file

#: Games (and their teams) written back per query when a player is renamed.
RENAME_BATCH = 500
#: The hand form's one-time token (secrets.token_urlsafe(16) is 22 characters).
FORM_TOKEN_LENGTH = 32


#: Characters that show nothing (or move the text around them) yet are not a space: Hangul
#: fillers. Controls, format characters (zero-width, bidi overrides and isolates, the BOM) and
#: unassigned or private code points are found by their Unicode category.
INVISIBLE = frozenset("\u115f\u1160\u3164\uffa0")
UNSEEN_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
#: Joiners that shape the letters around them (Persian, Indic scripts, emoji sequences).
JOINERS = frozenset("\u200c\u200d")


def unseen_characters(name: str) -> list[str]:
    """The characters of `name` that a reader cannot see: controls, zero-width and bidi
    formatting, fillers. A joiner counts only where it joins nothing (at an end, by a space or
    by another unseen character)."""
    unseen = []
    for index, char in enumerate(name):
        if char in JOINERS:
            around = name[index - 1 : index], name[index + 1 : index + 2]
            joins = all(side and not side.isspace() and side not in JOINERS for side in around)
            if joins and not unseen_characters("".join(around)):
                continue
        elif char not in INVISIBLE and unicodedata.category(char) not in UNSEEN_CATEGORIES:
            continue
        unseen.append(char)
    return unseen


def refuse_unseen_characters(names: Iterable[str]) -> None:
    """RosterError naming the first name that holds a character nobody can see."""
    for name in names:
        unseen = unseen_characters(name)
        if unseen:
            shown = "".join(char for char in name if char not in unseen)
            raise RosterError(
                f"“{shown}” holds an invisible character (U+{ord(unseen[0]):04X}). Type the name "
                "again without it."
            )


def roster_name(name: str) -> str:
    """A name as the roster keeps and compares it: Unicode NFKC, so "Ｐ２" is "P2" (as logins
    are compared), with the spaces at its ends trimmed."""
    return unicodedata.normalize("NFKC", name).strip()


def told_apart(names: Sequence[str]) -> list[str]:
    """Side names, each its own: a name an earlier side already has gets the side's place
    ("Lou & Ned & Max (2)"). Only a game whose data holds two sides of one name (a rename made
    before such renames were refused) needs it; the engine keys sides by name and refuses such
    a game, so without it every page of that game failed."""
    distinct: list[str] = []
    for place, name in enumerate(names, start=1):
        shown, tries = name, place
        while shown in distinct or (shown != name and shown in names):
            shown, tries = f"{name} ({tries})", tries + 1
        distinct.append(shown)
    return distinct


def team_name(players: Sequence[str]) -> str:
    """The name a side gets from its players: "Ann & Cy" (or just "Ann")."""
    return " & ".join(players)


#: How long a deleted game waits in "Recently deleted" before it is gone for good.
DELETED_GAMES_KEPT = timedelta(days=30)


def new_share_token() -> str:
    return secrets.token_urlsafe(24)


SIDE_RESULT_FIELDS = ("total", "best_hand", "won", "pennies_paid", "pennies_won")


def side_results(score: engine.GameScore) -> list[dict[str, Any]]:
    """What a Team keeps of `score`, side by side in seating order."""
    pot = score.pot()
    winners = set(score.winners)
    # The best hand is the one that brings the side nearest a win: the lowest where the
    # lowest total wins (Ten Pennies).
    best = max if score.game.rules.high_score_wins else min
    return [
        {
            "total": score.totals[name],
            "best_hand": best((hand.scores[name] for hand in score.hands), default=None),
            "won": name in winners,
            "pennies_paid": pot.pennies[name] if pot else 0,
            "pennies_won": pot.payout.get(name, 0) if pot else 0,
        }
        for name in score.game.side_names
    ]


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


class Rotation(Enum):
    """`Game.record_hand`'s dealer when the caller leaves it to the game."""

    IN_FORCE = "the rotation in force"


class RosterError(Exception):
    """A roster change refused, with the reason in the player's words."""

    def __init__(self, message: str) -> None:
        self.message = message
        super().__init__(message)


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
        ordering = ["-updated"]

    def __str__(self) -> str:
        return f"{self.rules.name}: {' v '.join(self.side_names)}"

    @classmethod
    @transaction.atomic
    def start(cls, owner: Any, setup: engine.GameSetup, first_dealer: str | None = None) -> Game:
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
            players=list(setup.players),
            sides=[{"name": side.name, "players": list(side.players)} for side in setup.sides],
            first_dealer=first_dealer if first_dealer in setup.players else "",
        )
        game.seat_players(roster)
        return game

    def seat_players(self, roster: Mapping[str, Player]) -> None:
        """Teams and seats as rows, from the seating and sides the engine reads."""
        teams = Team.objects.bulk_create(
            Team(
                game=self,
                order=order,
                name=side["name"],
                named_after_players=side["name"] == team_name(side["players"]),
            )
            for order, side in enumerate(self.sides)
        )
        team_of = {
            name: team
            for team, side in zip(teams, self.sides, strict=True)
            for name in side["players"]
        }
        Seat.objects.bulk_create(
            Seat(game=self, order=order, player=roster[name], team=team_of[name])
            for order, name in enumerate(self.players)
        )

    def rename_player(self, old_name: str, new_name: str) -> list[Team]:
        """The names the engine reads, after a roster rename, changed here but not saved (the
        caller writes every game and the returned teams in bulk; teams prefetched). RosterError,
        nothing changed, if two sides would end up with one name (the engine refuses such a
        game)."""

        def renamed(name: str) -> str:
            return new_name if name == old_name else name

        teams = list(self.teams.all())
        seated = [[renamed(name) for name in side["players"]] for side in self.sides]
        names: list[str] = [
            team_name(players) if team.named_after_players else side["name"]
            for team, side, players in zip(teams, self.sides, seated, strict=True)
        ]
        clash = next((name for name in names if names.count(name) > 1), None)
        if clash is not None:
            raise RosterError(
                f"Not renamed: in {self.rules.name} “{' v '.join(self.side_names)}” (started "
                f"{self.created.day} {self.created:%b %Y}) two sides would both be called "
                f"“{clash}”."
            )
        self.players = [renamed(name) for name in self.players]
        self.first_dealer = renamed(self.first_dealer)
        if "dealer" in self.deleted_hand:  # the copy Undo brings back
            self.deleted_hand["dealer"] = renamed(self.deleted_hand["dealer"])
        self.sides = [
            {"name": name, "players": players} for name, players in zip(names, seated, strict=True)
        ]
        for team, name in zip(teams, names, strict=True):
            team.name = name
        return teams

    def store_result(self, score: engine.GameScore) -> None:
        """Keep `score`'s result (finished, totals, winners, hands played, pennies), so lists
        and statistics never replay hands. Called inside every change to the hands."""
        teams = list(Team.objects.filter(game=self))
        for team, result in zip(teams, side_results(score), strict=True):
            for field, value in result.items():
                setattr(team, field, value)
        Team.objects.bulk_update(teams, list(SIDE_RESULT_FIELDS))
        self.finished = score.finished
        self.hands_played = len(score.hands)
        self.last_hand_at = Hand.objects.filter(game=self).aggregate(last=Max("recorded"))["last"]
        Game.objects.filter(pk=self.pk).update(
            finished=self.finished, hands_played=self.hands_played, last_hand_at=self.last_hand_at
        )

    @transaction.atomic
    def rescore(self) -> engine.GameScore:
        """Score the recorded hands again (after an engine change) and store the result."""
        self.lock()
        setup = self.setup()
        score = setup.score(self.hand_inputs(setup, self.hands_now()))
        self.store_result(score)
        return score

    @classmethod
    @transaction.atomic
    def from_hands(
        cls,
        owner: Any,
        setup: engine.GameSetup,
        hands: list[engine.HandInput],
        first_dealer: str | None,
    ) -> Game:
        """A new game holding `hands` (a whole game file): the engine checks the whole game
        once (RulesError: nothing is saved), then every hand and tally is written with bulk
        inserts, in one transaction. Time and queries grow with the file, never faster."""
        score = setup.score(hands)
        game = cls.start(owner, setup, first_dealer)
        game.lock()
        rows = Hand.objects.bulk_create(
            Hand(game=game, number=scored.number, dealer=hand.dealer or "")
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
        return tracker.failed_openings(self.hand_in_progress, setup.side_names)

    def dealer_for(self, hand_number: int) -> str | None:
        if not self.first_dealer:
            return None
        return self.setup().dealer_for(self.first_dealer, hand_number)

    def dealer_under_lock(self, hand_number: int, hand: Hand | None = None) -> str | None:
        """Who deals `hand_number` as the game stands now (call under the lock): the rotation
        from the first dealer, or with no first dealer `hand`'s own (None for a new hand)."""
        if self.first_dealer:
            return self.dealer_for(hand_number)
        return (hand.dealer or None) if hand is not None else None

    def as_game_file(self) -> dict[str, Any]:
        extra = {"first_dealer": self.first_dealer} if self.first_dealer else {}
        return write_game_file(self.setup(), self.hand_inputs(), extra)

    def touch(self, **changes: Any) -> None:
        """Save `changes` (field values) and record that something changed (live viewers
        refresh), in one UPDATE that never writes back a field it was not given."""
        changes = {**changes, "version": F("version") + 1, "updated": timezone.now()}
        Game.objects.filter(pk=self.pk).update(**changes)
        self.refresh_from_db(fields=list(changes))

    def lock(self) -> None:
        """Take the game row's lock and re-read the row. Every change to the game's hands and
        to its hand in progress takes this lock first, so changes queue one behind the other in
        the same order (no deadlock), and each decides on what is there now, not on what was
        read before it waited."""
        self.refresh_from_db(from_queryset=Game.objects.select_for_update())

    def hands_now(self) -> list[Hand]:
        """The recorded hands, in order, read under the lock: numbered 1..n, or refused."""
        hands = list(Hand.objects.filter(game=self).order_by("number"))
        self.refuse_broken_numbering([hand.number for hand in hands])
        return hands

    def check_hand_numbers(self) -> None:
        """The last check of every change to the hands, in its transaction: hand numbers still
        run 1..n, or the change is undone."""
        numbers = Hand.objects.filter(game=self).order_by("number").values_list("number", flat=True)
        self.refuse_broken_numbering(list(numbers))

    def refuse_broken_numbering(self, numbers: list[int]) -> None:
        if numbers != list(range(1, len(numbers) + 1)):
            raise HandNumbersBroken(self.rules.hand_word, numbers)

    @transaction.atomic
    def record_hand(
        self,
        number: int,
        tallies: Mapping[str, Mapping[str, Any]],
        dealer: str | None | Rotation = Rotation.IN_FORCE,
        revision: int | None = None,
        form_token: str = "",
    ) -> Hand:
        """Save hand `number`: a new hand (`revision` None) or an edit of the revision the
        scorekeeper was shown. The engine must accept the whole game with it; otherwise
        RulesError is raised and nothing changes. HandConflict means someone else got there
        first (or the same form was sent twice); GameLocked that the game is over.
        `dealer` left out: the dealer the rotation says under the lock (a first-dealer change
        just before counts), or for a game without one the edited hand's own. A new hand keeps
        its form's `form_token`: a hand already saved from that form is AlreadySaved."""
        self.lock()
        existing = {hand.number: hand for hand in self.hands_now()}
        self.refuse_unless_next_or_shown(number, revision, form_token, existing)
        if dealer is Rotation.IN_FORCE:
            dealer = self.dealer_under_lock(number, existing.get(number))
        setup = self.setup()
        tallies = by_side_names_now(tallies, setup.side_names)
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
        changes: dict[str, Any] = {"reopened": self.reopened and not score.finished}
        if number in existing:
            hand = existing[number]
            hand.before_edit = hand.copy_for_undo()
            hand.entries.all().delete()
            hand.dealer = dealer or ""
            hand.revision += 1
            hand.save(update_fields=["dealer", "revision", "before_edit"])
        else:
            hand = Hand.objects.create(
                game=self, number=number, dealer=dealer or "", form_token=form_token
            )
            changes["hand_in_progress"] = {}  # a new hand in progress
        hand.save_tallies(setup, score.hands[number - 1].tallies, tallies)
        self.store_result(score)
        self.touch(**changes)
        self.check_hand_numbers()
        return hand

    def refuse_unless_next_or_shown(
        self, number: int, revision: int | None, form_token: str, existing: Mapping[int, Hand]
    ) -> None:
        """A new hand must be the next one and not already saved from its form; an edit must be
        of the revision the scorekeeper was shown (read under the lock: `existing`)."""
        if revision is None and form_token:
            for saved in existing.values():
                if saved.form_token == form_token:
                    raise AlreadySaved(saved, self.rules.hand_word)
        if revision is None and number in existing:
            raise HandConflict(existing[number])
        if revision is not None and (
            number not in existing or existing[number].revision != revision
        ):
            raise HandConflict(existing.get(number))
        if not 1 <= number <= len(existing) + 1:  # not the next hand, nor a recorded one
            raise HandConflict(None)

    @transaction.atomic
    def delete_last_hand(self, number: int) -> None:
        """Delete hand `number`, which must still be the last one (NotTheLastHand) of a game
        that is not over (GameLocked), when the lock is ours. A copy of it stays behind for
        `restore_deleted_hand` (Undo)."""
        self.lock()
        hands = self.hands_now()
        if not hands or hands[-1].number != number:
            raise NotTheLastHand(self.rules.hand_word, len(hands))
        self.refuse_if_locked(self.score())
        last = hands[-1]
        copy = {
            "number": last.number,
            "dealer": last.dealer,
            "revision": last.revision,
            "recorded": last.recorded.isoformat(),
            "form_token": last.form_token,
            "entries": [list(e) for e in last.entries.values_list("side", "field", "value")],
        }
        last.delete()
        self.store_result(self.score())
        self.touch(reopened=False, deleted_hand=copy)
        self.check_hand_numbers()

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
        copy = self.deleted_hand
        if not copy:
            raise RestoreRefused("There is no deleted hand to bring back.")
        number = copy["number"]
        hands = self.hands_now()
        word = self.rules.hand_word
        if len(hands) != number - 1:
            raise RestoreRefused(
                f"{word} {number} can't come back: another {word.lower()} was saved since."
            )
        setup = self.setup()
        # Dealt as the rotation says now (the first dealer may have changed since the delete).
        dealer = self.dealer_for(number) if self.first_dealer else copy["dealer"]
        restored = Hand(
            game=self, number=number, dealer=dealer or "", form_token=copy.get("form_token", "")
        )
        entries = [tuple(entry) for entry in copy["entries"]]
        try:
            score = setup.score(
                [*self.hand_inputs(setup, hands), restored.as_input(setup, entries)]
            )
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
        self.store_result(score)
        self.touch(deleted_hand={})
        self.check_hand_numbers()
        return restored

    @transaction.atomic
    def undo_hand_edit(self, number: int, revision: int) -> Hand:
        """Undo: hand `number` as it was before its last edit, while it is still the `revision`
        that edit made (RestoreRefused otherwise, or when the game no longer accepts it)."""
        self.lock()
        hands = self.hands_now()
        word = self.rules.hand_word
        hand = hands[number - 1] if 1 <= number <= len(hands) else None
        if hand is None or hand.revision != revision or not hand.before_edit:
            raise RestoreRefused(
                f"{word} {number} was changed again since (or deleted): nothing was undone."
            )
        setup = self.setup()
        score = setup.score(self.hand_inputs(setup, hands))
        self.refuse_if_locked(score)
        copy = hand.before_edit
        entries = [tuple(entry) for entry in copy["entries"]]
        dealer = self.dealer_for(number) if self.first_dealer else copy["dealer"]
        inputs = self.hand_inputs(setup, hands)
        inputs[number - 1] = hand_input(setup, entries, dealer or "")
        try:
            score = setup.score(inputs)
        except engine.RulesError as error:
            raise RestoreRefused(f"{word} {number} can't go back: {error.message}") from None
        hand.entries.all().delete()
        TallyEntry.objects.bulk_create(
            TallyEntry(hand=hand, side=side, field=field, value=value)
            for side, field, value in entries
        )
        hand.dealer = dealer or ""
        hand.revision += 1
        hand.before_edit = {}
        hand.save(update_fields=["dealer", "revision", "before_edit"])
        self.store_result(score)
        self.touch(reopened=self.reopened and not score.finished)
        self.check_hand_numbers()
        return hand

    @transaction.atomic
    def change_first_dealer(self, name: str) -> None:
        """Who dealt hand 1; the hands recorded so far get the dealers that follow from it,
        and the engine must accept the whole game with them (RulesError otherwise; GameLocked
        once the game is over)."""
        self.lock()
        setup = self.setup()
        if name not in setup.players:
            raise engine.RulesError(f"{name} does not play in this game")
        hands = self.hands_now()
        for hand in hands:
            hand.dealer = setup.dealer_for(name, hand.number)
        score = setup.score(self.hand_inputs(setup, hands))
        self.refuse_if_locked(score)
        Hand.objects.bulk_update(hands, ["dealer"])
        self.store_result(score)
        self.touch(first_dealer=name)

    @transaction.atomic
    def rematch(self) -> tuple[Game, bool]:
        """A new game at the same table: same players and seats, sides, options, owner and
        co-scorekeepers; the first deal passes to the left of this game's first dealer. One per
        game, under the game's lock: a second tap (or phone) gets the one made already, with
        False ("not new"); a rematch deleted since gives way to a new one."""
        self.lock()
        made = Game.objects.filter(rematch_of=self).first()
        if made is not None and made.deleted is None:
            return made, False
        if made is not None:
            Game.objects.filter(pk=made.pk).update(rematch_of=None)
        setup = self.setup()
        first = setup.dealer_for(self.first_dealer, 2) if self.first_dealer else None
        game = Game.start(self.owner, setup, first)
        Game.objects.filter(pk=game.pk).update(rematch_of=self)
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
        Game.purge_expired(self.owner_id, self.deleted)

    @staticmethod
    @transaction.atomic
    def purge_expired(owner_id: int, now: datetime) -> None:
        """Delete for good the owner's games deleted longer than DELETED_GAMES_KEPT before
        `now`. Each game's row lock is taken first (in one order), and what is deleted is what
        is still expired once the lock is ours: a game restored meanwhile stays."""
        expired = Q(owner_id=owner_id, deleted__lt=now - DELETED_GAMES_KEPT)
        locked = list(
            Game.objects.select_for_update().filter(expired).order_by("pk").values_list("pk")
        )
        if locked:
            Game.objects.filter(expired, pk__in=[pk for (pk,) in locked]).delete()

    @transaction.atomic
    def restore(self) -> None:
        """Bring a deleted game back, under its lock (as the purge takes it): GameGone if the
        purge deleted it first or DELETED_GAMES_KEPT has passed meanwhile."""
        try:
            self.lock()
        except Game.DoesNotExist:
            raise GameGone() from None
        if self.deleted is not None and self.deleted < timezone.now() - DELETED_GAMES_KEPT:
            raise GameGone()
        self.touch(deleted=None)

    @transaction.atomic
    def reopen(self) -> None:
        self.lock()
        if self.closed:
            # A game the scorekeeper finished goes on: hands can be added again.
            self.touch(closed=False)
            self.store_result(self.score())
        else:
            self.touch(reopened=True)

    @transaction.atomic
    def finish(self) -> None:
        """The scorekeeper ends a game that has no end of its own (a score pad with neither a
        target nor a number of hands); GameLocked if the game ends by itself or is over."""
        self.lock()
        setup = self.setup()
        if not setup.rules.ends_by_scorekeeper:
            raise GameLocked("This game ends by itself: it can't be finished by hand.")
        if self.closed:
            raise GameLocked("The game is already over.")
        self.touch(closed=True, reopened=False)
        self.store_result(self.score())

    @transaction.atomic
    def track(self, action: str, side: str | None, hand_number: int | None = None) -> None:
        """Record an action of the hand in progress (the rule set's tracker says which there
        are), under the game's lock and on the table as it is now. `hand_number` is the hand
        the tapper was shown (None: whatever hand is in progress): TableMoved if it was saved
        meanwhile, so a tap never lands on the next hand. GameLocked once the game is over;
        TrackerRefused for an unknown action or side."""
        self.lock()
        setup = self.setup()
        tracker = setup.rules.tracker
        if tracker is None:
            raise engine.TrackerRefused(f"{setup.rules.name} keeps no hand in progress")
        score = setup.score(self.hand_inputs(setup))
        if score.finished:
            raise GameLocked("The game is over: there is no hand in progress.")
        if hand_number is not None and hand_number != score.next_hand_number:
            word = setup.rules.hand_word
            raise TableMoved(
                f"{word} {hand_number} was just saved by another scorekeeper, so that tap was "
                f"not counted. This is {word.lower()} {score.next_hand_number}."
            )
        state = tracker.act(self.hand_in_progress, action, side, len(setup.sides))
        self.touch(hand_in_progress=state)

    def renew_share_token(self) -> None:
        self.share_token = new_share_token()
        self.save(update_fields=["share_token", "updated"])


class Team(models.Model):
    """One side of a game, as a row: its name and place, and its part of the stored result."""

    game = models.ForeignKey(Game, models.CASCADE, related_name="teams")
    #: The side's place in the game (its index in `Game.sides` and in each hand's tallies).
    order = models.PositiveSmallIntegerField()
    name = models.CharField(max_length=SIDE_NAME_LENGTH)
    #: Named after its players ("Ann & Cy"), so renaming a player renames the side.
    named_after_players = models.BooleanField(default=True)
    total = models.IntegerField(default=0)
    #: The side's best hand score: its highest, or its lowest where the lowest total wins
    #: (None before the first hand).
    best_hand = models.IntegerField(null=True, blank=True)
    won = models.BooleanField(default=False)
    #: Ten Pennies: pennies put into the pot, and taken from it.
    pennies_paid = models.PositiveIntegerField(default=0)
    pennies_won = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["order"]
        constraints = [models.UniqueConstraint(fields=["game", "order"], name="one_team_per_place")]

    def __str__(self) -> str:
        return self.name


class Seat(models.Model):
    """Which roster player sits where (clockwise order) in a game, on which side."""

    game = models.ForeignKey(Game, models.CASCADE, related_name="seats")
    team = models.ForeignKey(Team, models.CASCADE, related_name="seats")
    #: RESTRICT: a player who sat in a game stays in the roster while the game is kept.
    player = models.ForeignKey(Player, models.RESTRICT, related_name="seats")
    order = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["order"]
        constraints = [
            models.UniqueConstraint(fields=["game", "order"], name="one_player_per_seat"),
            models.UniqueConstraint(fields=["game", "player"], name="one_seat_per_player"),
        ]

    def __str__(self) -> str:
        return f"{self.player} in seat {self.order + 1}"


class GameChangeRefused(Exception):
    """A change to a game refused because of what others did to it meanwhile (or because it is
    over); `message` says so in the player's words."""

    def __init__(self, message: str) -> None:
        self.message = message
        super().__init__(message)

    def __str__(self) -> str:
        return self.message


class GameLocked(GameChangeRefused):
    """The game is over (and not reopened): its hands and hand in progress can't change."""


class NotTheLastHand(GameChangeRefused):
    def __init__(self, hand_word: str, last: int) -> None:
        self.last = last
        if last:
            self.message = (
                f"Only the last {hand_word.lower()} can be deleted. {hand_word} {last} is the "
                "last one; nothing was deleted."
            )
        else:
            self.message = f"There is no {hand_word.lower()} to delete."
        super().__init__(self.message)


class RestoreRefused(GameChangeRefused):
    """A deleted hand cannot come back (another hand took its number, or the game changed)."""


class GameGone(GameChangeRefused):
    """A deleted game whose time in "Recently deleted" ran out: it can't be restored."""

    def __init__(self) -> None:
        super().__init__("That game is gone for good")


class TableMoved(GameChangeRefused):
    """A tap for a hand that is no longer the one in progress."""


class HandNumbersBroken(GameChangeRefused):
    """Never expected: every change takes the lock. The check stays, so a gap is never saved."""

    def __init__(self, hand_word: str, numbers: list[int]) -> None:
        self.message = (
            f"The {hand_word.lower()}s of this game are out of order; nothing was changed. "
            "Please reload the game."
        )
        super().__init__(self.message)
        self.numbers = numbers


class HandConflict(GameChangeRefused):
    """The hand changed (or was recorded) since the scorekeeper's form was drawn."""

    def __init__(self, current: Hand | None) -> None:
        self.current = current
        self.message = "The hand was changed by another scorekeeper. Nothing was saved."
        super().__init__(self.message)


class AlreadySaved(GameChangeRefused):
    """The hand form was sent again after it was saved: `hand` was saved from it already."""

    def __init__(self, hand: Hand, word: str) -> None:
        self.hand = hand
        self.message = f"{word} {hand.number} was already saved from this form."
        super().__init__(self.message)


class Hand(models.Model):
    game = models.ForeignKey(Game, models.CASCADE, related_name="hands")
    number = models.PositiveSmallIntegerField()
    dealer = models.CharField(max_length=NAME_LENGTH, blank=True)
    #: Goes up with each edit, so a second scorekeeper's stale edit can be spotted.
    revision = models.PositiveIntegerField(default=1)
    recorded = models.DateTimeField(auto_now_add=True)
    #: The one-time token of the form this hand was first saved from: the same form sent again
    #: (the browser's Back, a second copy in the outbox) is refused, never a second hand.
    form_token = models.CharField(max_length=FORM_TOKEN_LENGTH, blank=True, default="")
    #: The hand as it was before its last edit (dealer, entries), for Undo; {} when none.
    before_edit = models.JSONField(default=dict, blank=True)
    #: The number of the hand before this one (None for hand 1), worked out by the database. On
    #: PostgreSQL a foreign key (game, previous_number) -> (game, number), checked at commit,
    #: makes "hand numbers run 1..n" the database's own rule (migration 0005).
    previous_number = models.GeneratedField(
        expression=Case(When(number__gt=1, then=F("number") - 1), default=None),
        output_field=models.PositiveSmallIntegerField(null=True),
        db_persist=True,
    )

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
        return hand_input(setup, entries, self.dealer)

    def copy_for_undo(self) -> dict[str, Any]:
        """What Undo needs to put this hand back as it is now."""
        return {
            "dealer": self.dealer,
            "entries": [list(e) for e in self.entries.values_list("side", "field", "value")],
        }

    def save_tallies(
        self,
        setup: engine.GameSetup,
        checked: Mapping[str, Mapping[str, int | bool] | None],
        raw: Mapping[str, Mapping[str, Any]],
    ) -> None:
        TallyEntry.objects.bulk_create(self.tally_entries(setup, checked, raw))

    def tally_entries(
        self,
        setup: engine.GameSetup,
        checked: Mapping[str, Mapping[str, int | bool] | None],
        raw: Mapping[str, Mapping[str, Any]],
    ) -> list[TallyEntry]:
        """The rows of this hand's tallies: the engine's checked tallies (None: a bare total,
        read from `raw`), leaving out the fields at their blank value."""
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
        return rows


def by_side_names_now(
    tallies: Mapping[str, Mapping[str, Any]], side_names: Sequence[str]
) -> Mapping[str, Mapping[str, Any]]:
    """Tallies typed on a form drawn before a rename changed a side's name ("Ann & Cy" is now
    "Annie & Cy"): the form sends every side in seating order, so they are read by place.
    Tallies that name only sides of the game now are returned as they are."""
    if set(tallies) <= set(side_names) or len(tallies) != len(side_names):
        return tallies
    return dict(zip(side_names, tallies.values(), strict=True))


def hand_input(
    setup: engine.GameSetup, entries: Sequence[tuple[int, str, int]], dealer: str
) -> engine.HandInput:
    """A hand for the engine from its stored entries (side index, field, value)."""
    names = setup.side_names
    tallies: dict[str, dict[str, Any]] = {name: {} for name in names}
    fields = setup.fields_by_name
    for side, name, value in entries:
        field = fields.get(name)
        yes_no = field is not None and field.kind is engine.FieldKind.YES_NO
        tallies[names[side]][name] = bool(value) if yes_no else value
    return engine.HandInput(tallies=tallies, dealer=dealer or None)


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
