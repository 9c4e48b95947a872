"""Recording hands: every change to a game's hands and its hand in progress, each under the
game's row lock, checked whole by the engine, with the stored result kept up to date."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from enum import Enum
from functools import cached_property
from typing import Any

from django.db import transaction
from django.db.models import Max

from games import rules as engine
from games.models.errors import (
    AlreadySaved,
    GameLocked,
    HandConflict,
    HandNumbersBroken,
    NotTheLastHand,
    RestoreRefused,
    TableMoved,
)
from games.models.game_data import GameData
from games.models.hands import Hand, by_side_names_now, hand_input
from games.models.teams import SIDE_RESULT_FIELDS, Team, side_results


@dataclass
class Recorded:
    """A game's hands as read under its lock, for a change to decide on."""

    setup: engine.GameSetup
    hands: list[Hand]
    #: The hands as the engine reads them, in order.
    inputs: list[engine.HandInput]

    @cached_property
    def score(self) -> engine.GameScore:
        """The game as it stands, before the change."""
        return self.setup.score(self.inputs)


@dataclass(frozen=True)
class HandChange:
    """What one change does to a game's hands, decided on what is recorded now; applied by
    `RecordsHands.change_hands`."""

    #: Every hand as the engine will read it once the change is made.
    inputs: list[engine.HandInput]
    #: Writes the change (the engine has accepted `inputs`, scored as given) and returns the
    #: hand it saved, if any.
    write: Callable[[engine.GameScore], Hand | None]
    #: The game's own fields the change sets, from the game's new score.
    marks: Callable[[engine.GameScore], dict[str, Any]]
    #: A finished game refuses the change until it is reopened.
    only_while_open: bool = True
    #: The change adds one hand at the end: only that hand needs scoring.
    appends: bool = False
    #: The engine's refusal becomes RestoreRefused starting with these words (Undo, restore).
    refused_as: str = ""


class Rotation(Enum):
    """`Game.record_hand`'s dealer when the caller leaves it to the game."""

    IN_FORCE = "the rotation in force"


class RecordsHands(GameData):
    """What a game does with its hands: record, edit, delete and bring back a hand, change
    the first dealer, track the hand in progress, keep the stored result."""

    class Meta:
        abstract = True

    def store_result(self, score: engine.GameScore) -> None:
        """Keep `score`'s result (finished, totals, winners, hands played, pennies), so lists
        and statistics never replay hands. Called inside every change to the hands."""
        teams = list(Team.objects.filter(game_id=self.pk))
        for team, result in zip(teams, side_results(score), strict=True):
            for field, value in result.items():
                setattr(team, field, value)
        Team.objects.bulk_update(teams, list(SIDE_RESULT_FIELDS))
        self.finished = score.finished
        self.hands_played = len(score.hands)
        self.last_hand_at = Hand.objects.filter(game_id=self.pk).aggregate(last=Max("recorded"))[
            "last"
        ]
        type(self).objects.filter(pk=self.pk).update(
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

    def is_locked(self, score: engine.GameScore) -> bool:
        return score.finished and not self.reopened

    def refuse_if_locked(self, score: engine.GameScore) -> None:
        if self.is_locked(score):
            raise GameLocked("The game is over. Reopen it to change a hand.")

    def dealer_under_lock(self, hand_number: int, hand: Hand | None = None) -> str | None:
        """Who deals `hand_number` as the game stands now (call under the lock): the rotation
        from the first dealer, or with no first dealer `hand`'s own (None for a new hand)."""
        if self.first_dealer:
            return self.dealer_for(hand_number)
        return self.name_in_seat(hand.dealer_seat) if hand is not None else None

    def lock(self) -> None:
        """Take the game row's lock and re-read the row. Every change to the game's hands and
        to its hand in progress takes this lock first, so changes queue one behind the other in
        the same order (no deadlock), and each decides on what is there now, not on what was
        read before it waited."""
        self.refresh_from_db(from_queryset=type(self).objects.select_for_update())

    def hands_now(self) -> list[Hand]:
        """The recorded hands, in order, read under the lock: numbered 1..n, or refused."""
        hands = list(Hand.objects.filter(game_id=self.pk).order_by("number"))
        self.refuse_broken_numbering([hand.number for hand in hands])
        return hands

    def check_hand_numbers(self) -> None:
        """The last check of every change to the hands, in its transaction: hand numbers still
        run 1..n, or the change is undone."""
        numbers = (
            Hand.objects.filter(game_id=self.pk).order_by("number").values_list("number", flat=True)
        )
        self.refuse_broken_numbering(list(numbers))

    def refuse_broken_numbering(self, numbers: list[int]) -> None:
        if numbers != list(range(1, len(numbers) + 1)):
            raise HandNumbersBroken(self.rules.hand_word, numbers)

    @transaction.atomic
    def change_hands(self, decide: Callable[[Recorded], HandChange]) -> Hand | None:
        """The one sequence every change to the hands goes through (save, edit, delete, undo,
        restore, a new first dealer): take the lock, read the hands as they are now, let
        `decide` say what changes (or refuse), have the engine score the whole game with it,
        refuse it on a game that is over, write it, store the result, mark the game changed
        (live viewers refresh) and check that the hands still run 1..n. A refusal anywhere
        changes nothing."""
        self.lock()
        setup = self.setup()
        hands = self.hands_now()
        recorded = Recorded(setup, hands, self.hand_inputs(setup, hands))
        change = decide(recorded)
        if change.only_while_open:
            self.refuse_if_locked(recorded.score)
        score = self.score_with(recorded, change)
        hand = change.write(score)
        self.store_result(score)
        self.touch(**change.marks(score))
        self.check_hand_numbers()
        return hand

    @staticmethod
    def score_with(recorded: Recorded, change: HandChange) -> engine.GameScore:
        """The game scored with `change`: only the new hand when it adds one at the end."""
        try:
            if change.appends:
                score = recorded.score
                score.hands.append(recorded.setup.score_next_hand(score, change.inputs[-1]))
                return score
            return recorded.setup.score(change.inputs)
        except engine.RulesError as error:
            if not change.refused_as:
                raise
            raise RestoreRefused(f"{change.refused_as}: {error.message}") from None

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

        def decide(recorded: Recorded) -> HandChange:
            existing = {hand.number: hand for hand in recorded.hands}
            self.refuse_unless_next_or_shown(number, revision, form_token, existing)
            edited = existing.get(number)
            dealt_by = dealer
            if dealt_by is Rotation.IN_FORCE:
                dealt_by = self.dealer_under_lock(number, edited)
            named = by_side_names_now(tallies, recorded.setup.side_names)
            candidate = engine.HandInput(tallies=named, dealer=dealt_by)

            def write(score: engine.GameScore) -> Hand:
                hand = self.write_hand(number, self.seat_of(dealt_by), form_token, edited)
                hand.save_tallies(recorded.setup, score.hands[number - 1].tallies, named)
                return hand

            if edited is None:
                # A new hand in progress; the engine refuses a hand after the game's end.
                return HandChange(
                    inputs=[*recorded.inputs, candidate],
                    write=write,
                    marks=lambda score: {**self.still_reopened(score), "hand_in_progress": {}},
                    only_while_open=False,
                    appends=True,
                )
            inputs = list(recorded.inputs)
            inputs[number - 1] = candidate
            return HandChange(inputs=inputs, write=write, marks=self.still_reopened)

        hand = self.change_hands(decide)
        assert hand is not None
        return hand

    def still_reopened(self, score: engine.GameScore) -> dict[str, Any]:
        """A reopened game stays open while the change leaves it unfinished."""
        return {"reopened": self.reopened and not score.finished}

    def write_hand(
        self, number: int, dealer_seat: int | None, form_token: str, edited: Hand | None
    ) -> Hand:
        """The hand row of a save: a new one, or `edited` with its entries cleared, its old
        entries kept for Undo and its revision moved on."""
        if edited is None:
            return Hand.objects.create(
                game=self.as_game(), number=number, dealer_seat=dealer_seat, form_token=form_token
            )
        edited.before_edit = edited.copy_for_undo()
        edited.entries.all().delete()
        edited.dealer_seat = dealer_seat
        edited.revision += 1
        edited.save(update_fields=["dealer_seat", "revision", "before_edit"])
        return edited

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

    def delete_last_hand(self, number: int) -> None:
        """Delete hand `number`, which must still be the last one (NotTheLastHand) of a game
        that is not over (GameLocked), when the lock is ours. A copy of it stays behind for
        `restore_deleted_hand` (Undo)."""

        def decide(recorded: Recorded) -> HandChange:
            hands = recorded.hands
            if not hands or hands[-1].number != number:
                raise NotTheLastHand(self.rules.hand_word, len(hands))
            last = hands[-1]
            copy = {
                "number": last.number,
                "dealer_seat": last.dealer_seat,
                "revision": last.revision,
                "recorded": last.recorded.isoformat(),
                "form_token": last.form_token,
                "entries": [list(e) for e in last.entries.values_list("side", "field", "value")],
            }

            def write(score: engine.GameScore) -> None:
                last.delete()

            return HandChange(
                inputs=recorded.inputs[:-1],
                write=write,
                marks=lambda score: {"reopened": False, "deleted_hand": copy},
            )

        self.change_hands(decide)

    def restore_deleted_hand(self) -> Hand:
        """Bring back the last deleted hand exactly (entries, dealer, number), under the same
        lock as saving. RestoreRefused if another hand was saved in the meantime or the game,
        changed since, no longer accepts it; nothing changes then."""

        def decide(recorded: Recorded) -> HandChange:
            copy = self.deleted_hand
            if not copy:
                raise RestoreRefused("There is no deleted hand to bring back.")
            number = copy["number"]
            word = self.rules.hand_word
            if len(recorded.hands) != number - 1:
                raise RestoreRefused(
                    f"{word} {number} can't come back: another {word.lower()} was saved since."
                )
            # Dealt as the rotation says now (the first dealer may have changed since the delete).
            dealer = self.dealer_for(number) if self.first_dealer else self.copied_dealer(copy)
            restored = Hand(
                game=self.as_game(),
                number=number,
                dealer_seat=self.seat_of(dealer),
                form_token=copy.get("form_token", ""),
                revision=copy["revision"] + 1,
            )
            entries = [tuple(entry) for entry in copy["entries"]]

            def write(score: engine.GameScore) -> Hand:
                restored.save()
                # Keep when it was first recorded (auto_now_add sets it on create).
                Hand.objects.filter(pk=restored.pk).update(recorded=copy["recorded"])
                restored.replace_entries(entries)
                return restored

            return HandChange(
                inputs=[*recorded.inputs, restored.as_input(recorded.setup, entries)],
                write=write,
                marks=lambda score: {"deleted_hand": {}},
                only_while_open=False,
                refused_as=f"{word} {number} can't come back",
            )

        hand = self.change_hands(decide)
        assert hand is not None
        return hand

    def undo_hand_edit(self, number: int, revision: int) -> Hand:
        """Undo: hand `number` as it was before its last edit, while it is still the `revision`
        that edit made (RestoreRefused otherwise, or when the game no longer accepts it)."""

        def decide(recorded: Recorded) -> HandChange:
            hands = recorded.hands
            word = self.rules.hand_word
            hand = hands[number - 1] if 1 <= number <= len(hands) else None
            if hand is None or hand.revision != revision or not hand.before_edit:
                raise RestoreRefused(
                    f"{word} {number} was changed again since (or deleted): nothing was undone."
                )
            copy = hand.before_edit
            entries = [tuple(entry) for entry in copy["entries"]]
            dealer = self.dealer_for(number) if self.first_dealer else self.copied_dealer(copy)
            inputs = list(recorded.inputs)
            inputs[number - 1] = hand_input(recorded.setup, entries, dealer or "")

            def write(score: engine.GameScore) -> Hand:
                hand.replace_entries(entries)
                hand.dealer_seat = self.seat_of(dealer)
                hand.revision += 1
                hand.before_edit = {}
                hand.save(update_fields=["dealer_seat", "revision", "before_edit"])
                return hand

            return HandChange(
                inputs=inputs,
                write=write,
                marks=self.still_reopened,
                refused_as=f"{word} {number} can't go back",
            )

        hand = self.change_hands(decide)
        assert hand is not None
        return hand

    def change_first_dealer(self, name: str) -> None:
        """Who dealt hand 1; the hands recorded so far get the dealers that follow from it,
        and the engine must accept the whole game with them (RulesError otherwise; GameLocked
        once the game is over)."""

        def decide(recorded: Recorded) -> HandChange:
            setup = recorded.setup
            if name not in setup.players:
                raise engine.RulesError(f"{name} does not play in this game")
            dealers = [setup.dealer_for(name, hand.number) for hand in recorded.hands]
            inputs = [
                replace(hand_in, dealer=dealer)
                for hand_in, dealer in zip(recorded.inputs, dealers, strict=True)
            ]

            def write(score: engine.GameScore) -> None:
                for hand, dealer in zip(recorded.hands, dealers, strict=True):
                    hand.dealer_seat = self.seat_of(dealer)
                Hand.objects.bulk_update(recorded.hands, ["dealer_seat"])

            return HandChange(
                inputs=inputs,
                write=write,
                marks=lambda score: {"first_dealer_seat": self.seat_of(name)},
            )

        self.change_hands(decide)

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
