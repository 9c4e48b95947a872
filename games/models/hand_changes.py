"""The changes a game's hands go through, each a small class with two steps that
`RecordsHands.change_hands` runs under the game's row lock: `decide` reads the hands as they
are now and says every hand as the engine will read them after the change (or refuses it);
`write` makes the change once the engine has scored the game with them. `marks` are the game's
own fields the change sets from the new score."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from enum import Enum
from functools import cached_property
from typing import Any

from django.utils.translation import gettext as _

from games import rules as engine
from games.models.errors import AlreadySaved, HandConflict, NotTheLastHand, RestoreRefused
from games.models.game_data import GameData
from games.models.hands import Hand, by_side_names_now, hand_input
from games.templatetags.numbers import format_number
from games.words import hand_word, hand_word_in_sentence, say


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


class Rotation(Enum):
    """`Game.record_hand`'s dealer when the caller leaves it to the game."""

    IN_FORCE = "the rotation in force"


class HandChange:
    """One change to a game's hands (the base: subclasses decide and write)."""

    #: A finished game refuses the change until it is reopened.
    only_while_open = True
    #: The change adds one hand at the end: only that hand needs scoring.
    appends = False

    def __init__(self, game: GameData) -> None:
        self.game = game
        #: Later hands whose dealer the change moved (`redeal_after`), to be saved with it.
        self.redealt: list[Hand] = []

    def redeal_after(
        self, recorded: Recorded, inputs: list[engine.HandInput], number: int
    ) -> list[engine.HandInput]:
        """`inputs` with the hands after hand `number` moved to the dealer the rotation now
        gives them, where the change moved it (a hand made dead, or no longer dead, where a
        dead hand is dealt again). Nothing moves in a game with no first dealer."""
        first = self.game.first_dealer
        if not first:
            return inputs
        setup = recorded.setup
        before, dealers = setup.dealers(first, recorded.inputs), setup.dealers(first, inputs)
        moved = list(inputs)
        for index in range(number, len(inputs)):
            if before[index] != dealers[index]:
                moved[index] = replace(inputs[index], dealer=dealers[index])
                hand = recorded.hands[index]
                hand.dealer_seat = self.game.seat_of(dealers[index])
                self.redealt.append(hand)
        return moved

    def save_redealt(self) -> None:
        if self.redealt:
            Hand.objects.bulk_update(self.redealt, ["dealer_seat"])

    def refused_as(self, why: engine.RulesError) -> str | None:
        """The engine's refusal `why` as this change's own refusal's words, for a change that
        undoes (Undo, restore: "Hand 3 can't come back: ..."); None: the refusal stands."""
        return None

    def place(self, number: int) -> dict[str, str]:
        """A hand's place in a sentence: "Hand 3" as "%(Hand)s %(number)s", or "hand 3"."""
        code = self.game.rules.hand_word
        return {
            "Hand": hand_word(code),
            "hand": hand_word_in_sentence(code),
            "number": format_number(number),
        }

    def decide(self, recorded: Recorded) -> list[engine.HandInput]:
        """Every hand as the engine will read it once the change is made (or a refusal)."""
        raise NotImplementedError

    def write(self, score: engine.GameScore) -> Hand | None:
        """Make the change (the engine has accepted it, scored as `score`); the hand saved."""
        raise NotImplementedError

    def marks(self, score: engine.GameScore) -> dict[str, Any]:
        """The game's own fields the change sets: a reopened game stays open while the change
        leaves it unfinished."""
        return {"reopened": self.game.reopened and not score.finished}


class SaveHand(HandChange):
    """Hand `number`: a new hand (`revision` None) or an edit of the revision the scorekeeper
    was shown. HandConflict if someone else got there first; AlreadySaved if a hand was saved
    from the same form (`form_token`) already. `dealer` left to the rotation: the one it says
    under the lock (a first-dealer change just before counts), or for a game without one the
    edited hand's own. `upcard`: the hand's first upcard, where its rule set asks one."""

    def __init__(
        self,
        game: GameData,
        number: int,
        tallies: Mapping[str, Mapping[str, Any]],
        dealer: str | None | Rotation,
        revision: int | None,
        form_token: str,
        upcard: str | None = None,
    ) -> None:
        super().__init__(game)
        self.number, self.tallies, self.dealer = number, tallies, dealer
        self.revision, self.form_token, self.upcard = revision, form_token, upcard
        self.edited: Hand | None = None
        self.named: Mapping[str, Mapping[str, Any]] = {}
        self.setup: engine.GameSetup | None = None

    def decide(self, recorded: Recorded) -> list[engine.HandInput]:
        existing = {hand.number: hand for hand in recorded.hands}
        self.refuse_unless_next_or_shown(existing)
        self.edited = existing.get(self.number)
        if self.dealer is Rotation.IN_FORCE:
            self.dealer = self.dealer_now(self.edited, recorded.inputs)
        self.setup = recorded.setup
        self.named = by_side_names_now(self.tallies, recorded.setup.side_names)
        candidate = engine.HandInput(tallies=self.named, dealer=self.dealer, upcard=self.upcard)
        # A new hand goes on a finished game too: the engine refuses a hand after its end.
        self.appends = self.edited is None
        self.only_while_open = not self.appends
        if self.appends:
            return [*recorded.inputs, candidate]
        inputs = list(recorded.inputs)
        inputs[self.number - 1] = candidate
        return self.redeal_after(recorded, inputs, self.number)

    def dealer_now(self, edited: Hand | None, inputs: Sequence[engine.HandInput]) -> str | None:
        """Who deals the hand as the game stands now (after the recorded `inputs`): the
        rotation from the first dealer, or with no first dealer the edited hand's own (None for
        a new hand)."""
        game = self.game
        if game.first_dealer:
            return game.dealer_for(self.number, inputs)
        return game.name_in_seat(edited.dealer_seat) if edited is not None else None

    def refuse_unless_next_or_shown(self, existing: Mapping[int, Hand]) -> None:
        """A new hand must be the next one and not already saved from its form; an edit must be
        of the revision the scorekeeper was shown (read under the lock: `existing`)."""
        number, revision = self.number, self.revision
        if revision is None and self.form_token:
            for saved in existing.values():
                if saved.form_token == self.form_token:
                    raise AlreadySaved(saved, self.game.rules.hand_word)
        if revision is None and number in existing:
            raise HandConflict(existing[number])
        if revision is not None and (
            number not in existing or existing[number].revision != revision
        ):
            raise HandConflict(existing.get(number))
        if not 1 <= number <= len(existing) + 1:  # not the next hand, nor a recorded one
            raise HandConflict(None)

    def write(self, score: engine.GameScore) -> Hand:
        assert self.setup is not None and not isinstance(self.dealer, Rotation)
        hand = self.hand_row(self.game.seat_of(self.dealer))
        hand.save_tallies(self.setup, score.hands[self.number - 1].tallies, self.named)
        self.save_redealt()
        return hand

    def hand_row(self, dealer_seat: int | None) -> Hand:
        """A new hand's row, or the edited one's with its entries cleared, its old entries kept
        for Undo and its revision moved on."""
        edited = self.edited
        if edited is None:
            return Hand.objects.create(
                game_id=self.game.pk,
                number=self.number,
                dealer_seat=dealer_seat,
                form_token=self.form_token,
                upcard=self.upcard,
            )
        edited.before_edit = edited.copy_for_undo()
        edited.entries.all().delete()
        edited.dealer_seat, edited.upcard = dealer_seat, self.upcard
        edited.revision += 1
        edited.save(update_fields=["dealer_seat", "upcard", "revision", "before_edit"])
        return edited

    def marks(self, score: engine.GameScore) -> dict[str, Any]:
        if self.appends:  # a new hand: the hand in progress starts again
            return {**super().marks(score), "hand_in_progress": {}}
        return super().marks(score)


class DeleteLastHand(HandChange):
    """Delete hand `number`, which must still be the last one (NotTheLastHand). A copy of it
    stays behind for RestoreDeletedHand (Undo)."""

    def __init__(self, game: GameData, number: int) -> None:
        super().__init__(game)
        self.number = number
        self.last: Hand | None = None
        self.copy: dict[str, Any] = {}

    def decide(self, recorded: Recorded) -> list[engine.HandInput]:
        hands = recorded.hands
        if not hands or hands[-1].number != self.number:
            raise NotTheLastHand(self.game.rules.hand_word, len(hands))
        last = self.last = hands[-1]
        self.copy = {
            "number": last.number,
            "dealer_seat": last.dealer_seat,
            "upcard": last.upcard,
            "revision": last.revision,
            "recorded": last.recorded.isoformat(),
            "form_token": last.form_token,
            "entries": [list(e) for e in last.entries.values_list("side", "field", "value")],
        }
        return recorded.inputs[:-1]

    def write(self, score: engine.GameScore) -> None:
        assert self.last is not None
        self.last.delete()

    def marks(self, score: engine.GameScore) -> dict[str, Any]:
        return {"reopened": False, "deleted_hand": self.copy}


def dealer_of_copy(
    game: GameData, number: int, copy: Mapping[str, Any], inputs: Sequence[engine.HandInput]
) -> str | None:
    """Who deals a hand brought back from a copy: as the rotation says now after the recorded
    `inputs` (the first dealer may have changed since), or with no first dealer the copy's
    own."""
    return game.dealer_for(number, inputs) if game.first_dealer else game.copied_dealer(copy)


class RestoreDeletedHand(HandChange):
    """Bring back the last deleted hand exactly (entries, dealer, number). RestoreRefused if
    another hand was saved in the meantime or the game, changed since, no longer accepts it."""

    only_while_open = False

    def __init__(self, game: GameData) -> None:
        super().__init__(game)
        self.restored: Hand | None = None
        self.entries: list[tuple[Any, ...]] = []

    def decide(self, recorded: Recorded) -> list[engine.HandInput]:
        copy = self.game.deleted_hand
        if not copy:
            raise RestoreRefused(_("There is no deleted hand to bring back."))
        number = copy["number"]
        if len(recorded.hands) != number - 1:
            said = _("%(Hand)s %(number)s can't come back: another %(hand)s was saved since.")
            raise RestoreRefused(said % self.place(number))
        self.restored = Hand(
            game_id=self.game.pk,
            number=number,
            dealer_seat=self.game.seat_of(dealer_of_copy(self.game, number, copy, recorded.inputs)),
            form_token=copy.get("form_token", ""),
            revision=copy["revision"] + 1,
            upcard=copy.get("upcard"),
        )
        self.entries = [tuple(entry) for entry in copy["entries"]]
        return [*recorded.inputs, self.restored.as_input(recorded.setup, self.entries)]

    def refused_as(self, why: engine.RulesError) -> str | None:
        assert self.restored is not None
        # Translators: %(why)s is the rules' refusal, "Hand 3, Ann & Cy: ...".
        said = _("%(Hand)s %(number)s can't come back: %(why)s")
        return said % {**self.place(self.restored.number), "why": say(why)}

    def write(self, score: engine.GameScore) -> Hand:
        restored = self.restored
        assert restored is not None
        restored.save()
        # Keep when it was first recorded (auto_now_add sets it on create).
        Hand.objects.filter(pk=restored.pk).update(recorded=self.game.deleted_hand["recorded"])
        restored.replace_entries(self.entries)
        return restored

    def marks(self, score: engine.GameScore) -> dict[str, Any]:
        return {"deleted_hand": {}}


class UndoHandEdit(HandChange):
    """Hand `number` as it was before its last edit, while it is still the `revision` that
    edit made (RestoreRefused otherwise, or when the game no longer accepts it)."""

    def __init__(self, game: GameData, number: int, revision: int) -> None:
        super().__init__(game)
        self.number, self.revision = number, revision
        self.hand: Hand | None = None
        self.entries: list[tuple[Any, ...]] = []
        self.dealer: str | None = None
        self.upcard: str | None = None

    def decide(self, recorded: Recorded) -> list[engine.HandInput]:
        hands, number = recorded.hands, self.number
        hand = hands[number - 1] if 1 <= number <= len(hands) else None
        if hand is None or hand.revision != self.revision or not hand.before_edit:
            said = _(
                "%(Hand)s %(number)s was changed again since (or deleted): nothing was undone."
            )
            raise RestoreRefused(said % self.place(number))
        self.hand, copy = hand, hand.before_edit
        self.entries = [tuple(entry) for entry in copy["entries"]]
        self.dealer = dealer_of_copy(self.game, number, copy, recorded.inputs)
        self.upcard = copy.get("upcard")
        inputs = list(recorded.inputs)
        inputs[number - 1] = hand_input(
            recorded.setup, self.entries, self.dealer or "", self.upcard
        )
        return self.redeal_after(recorded, inputs, number)

    def refused_as(self, why: engine.RulesError) -> str | None:
        # Translators: %(why)s is the rules' refusal, "Hand 3, Ann & Cy: ...".
        said = _("%(Hand)s %(number)s can't go back: %(why)s")
        return said % {**self.place(self.number), "why": say(why)}

    def write(self, score: engine.GameScore) -> Hand:
        hand = self.hand
        assert hand is not None
        hand.replace_entries(self.entries)
        hand.dealer_seat = self.game.seat_of(self.dealer)
        hand.upcard = self.upcard
        hand.revision += 1
        hand.before_edit = {}
        hand.save(update_fields=["dealer_seat", "upcard", "revision", "before_edit"])
        self.save_redealt()
        return hand


class NewFirstDealer(HandChange):
    """Who dealt hand 1 is `name`: the hands recorded so far get the dealers that follow from
    it, and the engine must accept the whole game with them."""

    def __init__(self, game: GameData, name: str) -> None:
        super().__init__(game)
        self.name = name
        self.hands: list[Hand] = []
        self.dealers: list[str] = []

    def decide(self, recorded: Recorded) -> list[engine.HandInput]:
        setup = recorded.setup
        if self.name not in setup.players:
            raise engine.RulesError("does_not_play", player=self.name)
        self.hands = recorded.hands
        # A hand's dealer follows from the hands before it (a dead hand is dealt again).
        self.dealers = setup.dealers(self.name, recorded.inputs)[: len(recorded.hands)]
        return [
            replace(hand_in, dealer=dealer)
            for hand_in, dealer in zip(recorded.inputs, self.dealers, strict=True)
        ]

    def write(self, score: engine.GameScore) -> None:
        for hand, dealer in zip(self.hands, self.dealers, strict=True):
            hand.dealer_seat = self.game.seat_of(dealer)
        Hand.objects.bulk_update(self.hands, ["dealer_seat"])

    def marks(self, score: engine.GameScore) -> dict[str, Any]:
        return {"first_dealer_seat": self.game.seat_of(self.name)}
