"""Recording hands: every change to a game's hands (games/models/hand_changes.py) and its hand
in progress, each under the game's row lock, checked whole by the engine, with the stored
result kept up to date."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from games import rules as engine
from games.models.errors import GameOver, HandNumbersBroken, RestoreRefused, TableMoved
from games.models.game_data import GameData
from games.models.hand_changes import (
    DeleteLastHand,
    HandChange,
    NewFirstDealer,
    Recorded,
    RestoreDeletedHand,
    Rotation,
    SaveHand,
    UndoHandEdit,
)
from games.models.hands import Hand
from games.models.teams import SIDE_RESULT_FIELDS, Team, side_results
from games.templatetags.numbers import format_number
from games.words import hand_word, hand_word_in_sentence


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
        self.lock_row()
        setup = self.setup()
        score = setup.score(self.hand_inputs(setup, self.hands_now()))
        self.store_result(score)
        return score

    def is_closed(self, score: engine.GameScore) -> bool:
        return score.finished and not self.reopened

    def refuse_if_closed(self, score: engine.GameScore) -> None:
        if self.is_closed(score):
            raise GameOver(_("The game is over. Reopen it to change a hand."))

    def lock_row(self) -> None:
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
    def change_hands(self, change: HandChange) -> Hand | None:
        """The one sequence every change to the hands goes through (games/models/
        hand_changes.py: save, edit, delete, undo, restore, a new first dealer): take the lock,
        read the hands as they are now, let the change decide what it does (or refuse), have
        the engine score the whole game with it, refuse it on a game that is over, write it,
        store the result, mark the game changed (live viewers refresh) and check that the hands
        still run 1..n. A refusal anywhere changes nothing."""
        self.lock_row()
        setup = self.setup()
        hands = self.hands_now()
        recorded = Recorded(setup, hands, self.hand_inputs(setup, hands))
        inputs = change.decide(recorded)
        if change.only_while_open:
            self.refuse_if_closed(recorded.score)
        score = self.score_with(recorded, change, inputs)
        hand = change.write(score)
        self.store_result(score)
        self.touch(**change.marks(score))
        self.check_hand_numbers()
        return hand

    @staticmethod
    def score_with(
        recorded: Recorded, change: HandChange, inputs: list[engine.HandInput]
    ) -> engine.GameScore:
        """The game scored with every hand as `inputs` has it after `change`: only the new
        hand when the change adds one at the end."""
        try:
            if change.appends:
                score = recorded.score
                score.hands.append(recorded.setup.score_next_hand(score, inputs[-1]))
                return score
            return recorded.setup.score(inputs)
        except engine.RulesError as error:
            refused = change.refused_as(error)
            if refused is None:
                raise
            raise RestoreRefused(refused) from None

    def record_hand(
        self,
        number: int,
        tallies: Mapping[str, Mapping[str, Any]],
        dealer: str | None | Rotation = Rotation.IN_FORCE,
        revision: int | None = None,
        form_token: str = "",
        upcard: str | None = None,
    ) -> Hand:
        """Save hand `number` (SaveHand): a new hand or an edit. The engine must accept the
        whole game with it; otherwise RulesError is raised and nothing changes. HandConflict
        means someone else got there first (or the same form was sent twice); GameOver that
        the game is over. `upcard`: the hand's first upcard, where its rule set asks one."""
        saving = SaveHand(self, number, tallies, dealer, revision, form_token, upcard)
        hand = self.change_hands(saving)
        assert hand is not None
        return hand

    def delete_last_hand(self, number: int) -> None:
        """Delete hand `number`, still the last one, of a game that is not over (GameOver)."""
        self.change_hands(DeleteLastHand(self, number))

    def restore_deleted_hand(self) -> Hand:
        """Undo a delete: the last deleted hand comes back as it was (RestoreRefused)."""
        hand = self.change_hands(RestoreDeletedHand(self))
        assert hand is not None
        return hand

    def undo_hand_edit(self, number: int, revision: int) -> Hand:
        """Undo an edit: hand `number` as it was before it (RestoreRefused)."""
        hand = self.change_hands(UndoHandEdit(self, number, revision))
        assert hand is not None
        return hand

    def change_first_dealer(self, name: str) -> None:
        """Who dealt hand 1, and so every hand since (RulesError; GameOver once it is over)."""
        self.change_hands(NewFirstDealer(self, name))

    @transaction.atomic
    def track(self, action: str, side: str | None, hand_number: int | None = None) -> None:
        """Record an action of the hand in progress (the rule set's tracker says which there
        are), under the game's lock and on the table as it is now. `hand_number` is the hand
        the tapper was shown (None: whatever hand is in progress): TableMoved if it was saved
        meanwhile, so a tap never lands on the next hand. GameOver once the game is over;
        TrackerRefused for an unknown action or side."""
        self.lock_row()
        setup = self.setup()
        tracker = setup.rules.tracker
        if tracker is None:
            raise engine.TrackerRefused("no_hand_in_progress", rule_set=setup.rules.slug)
        score = setup.score(self.hand_inputs(setup))
        if score.finished:
            raise GameOver(_("The game is over: there is no hand in progress."))
        if hand_number is not None and hand_number != score.next_hand_number:
            said = _(
                "%(Hand)s %(number)s was just saved by another scorekeeper, so that tap was not "
                "counted. This is %(hand)s %(next)s."
            )
            code = setup.rules.hand_word
            place = {"Hand": hand_word(code), "number": format_number(hand_number)}
            now = {
                "hand": hand_word_in_sentence(code),
                "next": format_number(score.next_hand_number),
            }
            raise TableMoved(said % {**place, **now})
        state = tracker.act(self.hand_in_progress, action, side, len(setup.sides))
        self.touch(hand_in_progress=state)
