"""Recording hands: every change to a game's hands and its hand in progress, each under the
game's row lock, checked whole by the engine, with the stored result kept up to date."""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum
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
from games.models.hands import Hand, TallyEntry, by_side_names_now, hand_input
from games.models.teams import SIDE_RESULT_FIELDS, Team, side_results


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
            hand.dealer_seat = self.seat_of(dealer)
            hand.revision += 1
            hand.save(update_fields=["dealer_seat", "revision", "before_edit"])
        else:
            hand = Hand.objects.create(
                game=self.as_game(),
                number=number,
                dealer_seat=self.seat_of(dealer),
                form_token=form_token,
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
            "dealer_seat": last.dealer_seat,
            "revision": last.revision,
            "recorded": last.recorded.isoformat(),
            "form_token": last.form_token,
            "entries": [list(e) for e in last.entries.values_list("side", "field", "value")],
        }
        last.delete()
        self.store_result(self.score())
        self.touch(reopened=False, deleted_hand=copy)
        self.check_hand_numbers()

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
        dealer = self.dealer_for(number) if self.first_dealer else self.copied_dealer(copy)
        restored = Hand(
            game=self.as_game(),
            number=number,
            dealer_seat=self.seat_of(dealer),
            form_token=copy.get("form_token", ""),
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
        dealer = self.dealer_for(number) if self.first_dealer else self.copied_dealer(copy)
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
        hand.dealer_seat = self.seat_of(dealer)
        hand.revision += 1
        hand.before_edit = {}
        hand.save(update_fields=["dealer_seat", "revision", "before_edit"])
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
            hand.dealer_seat = self.seat_of(setup.dealer_for(name, hand.number))
        score = setup.score(self.hand_inputs(setup, hands))
        self.refuse_if_locked(score)
        Hand.objects.bulk_update(hands, ["dealer_seat"])
        self.store_result(score)
        self.touch(first_dealer_seat=self.seat_of(name))

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
