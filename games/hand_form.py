"""The hand form: the boxes a rule set asks for in one hand, read into tallies for the engine.

It takes input and validates it, and nothing else: what the hand page shows from it (each side's
panel, "Who went out?", the preview) is games/hand_page.py's, and it is made in one place,
hand_page.hand_form. The engine's refusals it places next to the box they are about."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from games import rules as engine
from games.rules.numbers import NotATypedNumber, is_worked_out, read_typed_number
from games.rules.upcards import RANKS, SPADES, rank_and_suit, upcard_of
from games.templatetags.numbers import format_number, typed_grouping
from games.words import (
    field_label,
    hand_word,
    hand_word_in_sentence,
    in_sentence,
    one_side_question,
    problem,
    say,
    value_word,
)

#: The hand form's hidden input that holds the unusual values already asked about, as
#: "s0-natural_canastas=20" words: Save again with the same values confirms them.
CONFIRMED = "confirmed"
#: The hand's first upcard, where the rule set asks one: its rank (the radio buttons, and the
#: name the engine places a refusal about the upcard at), whether it is a spade, and the suit
#: it was recorded with (kept through an edit when it is not a spade).
UPCARD, UPCARD_SPADE, UPCARD_SUIT = "upcard", "upcard_spade", "upcard_suit"
#: "Nobody" as sent where it is a hand of its own (`RuleSet.nobody_is_a_hand`): not the blank
#: of a choice never tapped.
NOBODY = "nobody"


def capitalize(message: str) -> str:
    return message[:1].upper() + message[1:]


def field_key(side: int, field: str) -> str:
    return f"s{side}-{field}"


def initial_from(setup: engine.GameSetup, recorded: engine.HandInput | None) -> dict[str, Any]:
    """The boxes of a recorded hand's form, filled in as it was recorded (an edit)."""
    initial: dict[str, Any] = {}
    if recorded is None:
        return initial
    for index, side in enumerate(setup.side_names):
        tally = recorded.tallies.get(side, {})
        if "total" in tally:
            initial[field_key(index, "just_total")] = True
            initial[field_key(index, "total")] = tally["total"]
        for name, value in tally.items():
            if name != "total":
                initial[field_key(index, name)] = value
            if name in setup.rules.one_side_fields and value is True:
                initial[name] = str(index)
    return initial


@dataclass(frozen=True)
class Out:
    """A side out of the game as a hand starts (Chinchón's player knocked out), as its panel
    says it."""

    #: Its total after the hands before.
    total: int
    #: The total it comes back in at, where it may rejoin; None: it may not (no rejoins left).
    rejoins_at: int | None
    #: The rejoins it has used, and how many each side has (None: no limit).
    used: int
    allowed: int | None


def out_before(setup: engine.GameSetup, so_far: engine.GameScore | None) -> dict[int, Out]:
    """The sides out of the game before the hand after `so_far`, by seat (none where every side
    plays every hand)."""
    rules = setup.rules
    still_in = None if so_far is None else rules.sides_in(so_far)
    if so_far is None or still_in is None:
        return {}
    may_rejoin = rules.may_rejoin(so_far)
    rejoin_at = rules.rejoin_total(so_far)
    used = rules.rejoins_used(so_far) or {}
    return {
        index: Out(
            total=so_far.totals[name],
            rejoins_at=rejoin_at if name in may_rejoin else None,
            used=used.get(name, 0),
            allowed=rules.rejoins_limit(),
        )
        for index, name in enumerate(setup.side_names)
        if name not in still_in
    }


class HandForm(forms.Form):
    """The boxes of one hand: for each side the fields the rule set asks for in it (and "just
    the total" where a rule set allows it), and each choice asked once for the whole hand.
    Bound to what was posted, or filled in from a `recorded` hand (an edit)."""

    def __init__(
        self,
        setup: engine.GameSetup,
        number: int,
        data: Mapping[str, Any] | None = None,
        *,
        dealer: str | None,
        preview: bool = False,
        recorded: engine.HandInput | None = None,
        labels: Mapping[str, str] | None = None,
        so_far: engine.GameScore | None = None,
    ) -> None:
        super().__init__(data, initial=initial_from(setup, recorded))
        self.setup = setup
        self.number = number
        #: The game before this hand, where sides can be knocked out (else None): who is out.
        self.so_far = so_far
        self.out = out_before(setup, so_far)
        #: Scoring as the scorekeeper types: a box not reached yet is no mistake.
        self.preview = preview
        #: Who deals this hand (None when unknown): a field only the dealing side can have is
        #: asked in that side's panel alone.
        self.dealer = dealer
        #: The unusual values the form shows asked about (or recorded so), for CONFIRMED.
        self.confirmation = str(self.data.get(CONFIRMED, "")) if self.is_bound else ""
        self.tally_fields = setup.fields(number)
        #: Each field's label in the table's language, by name (`labels`: the caller's, put into
        #: words already): the panels and choices beside the boxes read them here.
        known = labels or {}
        self.labels = labels = {
            f.name: known.get(f.name) or field_label(setup.rules, f) for f in self.tally_fields
        }
        words = whole_number_words()
        # Translators: where a mistyped number is, "Hand 3, Ann & Cy" (a hand, a side's name).
        place = _("%(hand)s %(number)s, %(side)s")
        hand = {"hand": hand_word(setup.rules.hand_word), "number": format_number(number)}
        for side, team in enumerate(setup.sides):
            # A mistyped number says where it is, like the engine's own errors do.
            where = place % {**hand, "side": team.name}
            if setup.rules.allows_bare_total:
                self.fields[field_key(side, "just_total")] = with_attrs(
                    forms.BooleanField(required=False), {"data-just-total": True}
                )
                self.fields[field_key(side, "total")] = total_field(where, words)
            for f in self.tally_fields:
                self.fields[field_key(side, f.name)] = make_field(f, where, labels[f.name], words)
        self.add_one_side_choices()
        if setup.rules.uses_upcard:
            self.add_upcard_fields(recorded)
        if recorded is not None:  # values recorded are not asked about again
            self.confirmation = " ".join(word for word, _ in self.unusual(recorded.tallies))
            self.initial.update(self.nobody_recorded())

    def add_one_side_choices(self) -> None:
        """Each choice asked once for the whole hand ("Who went out?"); the per-side yes/no
        fields stay for a form posted without it (a game file's tallies, an older page)."""
        sides = [(str(index), "") for index in range(len(self.setup.sides))]
        nobody = list(dict.fromkeys([("", ""), (self.nobody_value, "")]))
        for f in self.one_side_fields:
            self.fields[f.name] = forms.ChoiceField(
                choices=sides + nobody,
                required=False,
                widget=forms.RadioSelect,
                label=one_side_question(f.name, self.labels[f.name]),
                initial="",
                error_messages={"invalid_choice": _("Pick one of the sides, or nobody.")},
            )

    @property
    def nobody_value(self) -> str:
        """What "Nobody" sends: a value of its own where it is a whole hand, so that a choice
        never tapped ("") is told apart from it."""
        return NOBODY if self.setup.rules.nobody_is_a_hand else ""

    def nobody_recorded(self) -> dict[str, str]:
        """A recorded hand nobody ended, where that is a hand of its own: "Nobody" picked."""
        if not self.setup.rules.nobody_is_a_hand:
            return {}
        return {f.name: NOBODY for f in self.one_side_fields if not self.initial.get(f.name)}

    def add_upcard_fields(self, recorded: engine.HandInput | None) -> None:
        """The upcard's rank (one tap), whether it is a spade (a second), and the suit it was
        recorded with; filled in from a recorded hand's."""
        self.fields[UPCARD] = forms.ChoiceField(
            choices=[(rank, rank) for rank in RANKS] + [("", "")],
            required=False,
            widget=forms.RadioSelect,
            error_messages={
                "invalid_choice": _(
                    "That is not a card: tap the upcard’s rank (A, 2 to 10, J, Q or K)."
                )
            },
        )
        self.fields[UPCARD_SPADE] = forms.BooleanField(required=False)
        self.fields[UPCARD_SUIT] = forms.CharField(
            required=False, max_length=1, widget=forms.HiddenInput
        )
        rank, suit = rank_and_suit(recorded.upcard if recorded else None)
        self.initial.update({UPCARD: rank, UPCARD_SPADE: suit == SPADES, UPCARD_SUIT: suit})

    def upcard(self) -> str | None:
        """The hand's first upcard as the engine reads it ("7S"), or None: not asked, or no
        rank tapped yet (a bound form's, once validated; else as drawn)."""
        if UPCARD not in self.fields:
            return None
        values = getattr(self, "cleaned_data", {}) if self.is_bound else self.initial
        rank = values.get(UPCARD)
        if not rank:
            return None
        return upcard_of(rank, bool(values.get(UPCARD_SPADE)), values.get(UPCARD_SUIT) or "")

    def upcard_said(self) -> str:
        """What the upcard tapped so far sets ("Knock with 7 or less"), or ""."""
        said = self.setup.rules.upcard_said(self.upcard())
        return "" if said is None else problem(said)

    def hand_input(self) -> engine.HandInput:
        """The hand as typed so far, for the engine (call after is_valid)."""
        return engine.HandInput(self.tallies(), self.dealer, upcard=self.upcard())

    @property
    def one_side_fields(self) -> list[engine.TallyField]:
        asked_once = self.setup.rules.one_side_fields
        return [f for f in self.tally_fields if f.name in asked_once]

    def rejoining(self, side: int) -> bool:
        """Whether side `side`, out of the game, comes back in this hand (its rejoin tapped)."""
        back_in = [f.name for f in self.tally_fields if f.brings_back_in]
        return side in self.out and any(
            bool(self[field_key(side, name)].value()) for name in back_in
        )

    def sits_out(self, side: int) -> bool:
        """Whether side `side` is out of the game and stays out for this hand."""
        return side in self.out and not self.rejoining(side)

    def chosen(self, name: str) -> str:
        """The side picked for a one-side field ("" for nobody), as the form shows it."""
        if not self.is_bound:
            return str(self[name].initial or "")
        if name in self.data:
            return str(self.data.get(name) or "")
        said_yes = [
            str(index)
            for index in range(len(self.setup.sides))
            if self.data.get(field_key(index, name)) not in (None, "", "off", "false")
        ]
        return said_yes[0] if said_yes else ""

    def unusual(self, tallies: Mapping[str, Mapping[str, Any]]) -> list[tuple[str, str]]:
        """("s0-natural_canastas=20", question) for each value beyond its field's usual most."""
        names = self.setup.side_names
        found = []
        for side, name, question in self.setup.rules.unusual_entries(
            self.setup, self.number, tallies
        ):
            value = int(tallies[side][name])
            key = name if name in self.fields else field_key(names.index(side), name)
            found.append((f"{key}={value}", problem(question)))
        return found + self.blank_own_points(tallies)

    def blank_own_points(self, tallies: Mapping[str, Mapping[str, Any]]) -> list[tuple[str, str]]:
        """("s2-points=blank", question) for each side that should have typed its own points
        this hand (not the one that went out) and left the box blank: counted as 0 only once
        Save is tapped again. Only a form as sent has blanks."""
        rules = self.setup.rules
        field = rules.own_points_field
        if field is None or not self.is_bound:
            return []
        found = []
        for index, side in enumerate(self.setup.side_names):
            key = field_key(index, field)
            typed = self.data.get(key)
            bare_total = field != "total" and self.data.get(field_key(index, "just_total"))
            if bare_total or key not in self.fields or (typed is not None and typed.strip()):
                continue
            if self.sits_out(index):  # nothing to type: the engine keeps their total
                continue
            if rules.owes_own_points(tallies.get(side, {})):
                question = _("%(side)s: nothing typed. Count it as 0?") % {"side": side}
                found.append((f"{key}=blank", question))
        return found

    def worked_out(self, key: str) -> int | None:
        """What a sum or difference typed into box `key` comes to ("1200+250": 1,450), to show
        beside it; None for a plain number, a blank or a mistake."""
        typed = self.data.get(key) if self.is_bound else None
        if not isinstance(typed, str) or not is_worked_out(typed):
            return None
        try:
            return read_typed_number(typed, typed_grouping())
        except NotATypedNumber:
            return None

    def ask_about_unusual(self) -> bool:
        """After is_valid: each value far from any real hand not confirmed yet is asked about
        next to its box ("20 natural canastas in one hand — is that right?"); the form then
        carries them all, so that Save again confirms. Whether anything was asked."""
        confirmed = set(str(self.data.get(CONFIRMED, "")).split())
        found = self.unusual(self.tallies())
        asked = [(word, question) for word, question in found if word not in confirmed]
        for word, question in asked:
            key = word.split("=")[0]
            asking = _("%(question)s Save again if it is.") % {"question": question}
            self.add_error(key if key in self.fields else None, asking)
        self.confirmation = " ".join(word for word, _ in found)
        return bool(asked)

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        #: Nothing typed or tapped yet: a preview shows no score and no message (the first tap,
        #: "Who went out?", is no mistake); Save says so.
        self.nothing_entered = not self.errors and not self.anything_entered(data)
        if self.nothing_entered and not self.preview:
            raise forms.ValidationError(self.nothing_entered_message(), code="nothing_entered")
        self.refuse_more_beside_alone(data)
        return data

    def refuse_more_beside_alone(self, data: dict[str, Any]) -> None:
        """A side's pick that scores alone (a special hand) sent with other values of the side
        (a page without JavaScript keeps the hidden boxes' values): refused at the pick, since
        nothing else of the side would count."""
        for side in range(len(self.setup.sides)):
            for f in self.tally_fields:
                key = field_key(side, f.name)
                place = data.get(key)
                if not f.scores_side_alone or not place or not self.holds_more(side, f, data):
                    continue
                picked = value_word(self.setup.rules, f, f.value_names[place - 1])
                said = _(
                    "Nothing else counts for this side with “%(picked)s”: clear its other boxes, "
                    "or pick “%(no)s”."
                )
                self.add_error(key, said % {"picked": picked, "no": no_word()})

    def holds_more(self, side: int, alone: engine.TallyField, data: Mapping[str, Any]) -> bool:
        """Whether side `side` has a value in any of its own boxes but `alone` (a pick that
        scores alone), in the cleaned `data`; a side scored by its total alone has none."""
        if data.get(field_key(side, "just_total")):
            return False
        asked_once = self.setup.rules.one_side_fields
        return any(
            holds_value(f, data.get(field_key(side, f.name)))
            for f in self.tally_fields
            if f is not alone and f.name not in asked_once
        )

    def nothing_entered_message(self) -> str:
        if self.setup.rules.nobody_is_a_hand and self.one_side_fields:
            # Translators: %(question)s is the question asked once for the hand, "Who knocked?".
            said = _("Nothing entered for this %(hand)s: answer “%(question)s” (Nobody counts).")
            question = self[self.one_side_fields[0].name].label
            hand = hand_word_in_sentence(self.setup.rules.hand_word)
            return said % {"hand": hand, "question": question}
        each_alone = all(len(side.players) == 1 for side in self.setup.sides)
        if each_alone:
            said = _("Nothing entered for this %(hand)s: type each player’s score (a 0 counts).")
        else:
            said = _("Nothing entered for this %(hand)s: type each side’s score (a 0 counts).")
        return said % {"hand": hand_word_in_sentence(self.setup.rules.hand_word)}

    def anything_entered(self, data: dict[str, Any]) -> bool:
        """Whether any number was typed (a 0 too) or any box changed from how the form
        shows it; a ticked "just the total" with no number is not a score."""
        if any(data.get(f.name) for f in self.one_side_fields):  # a side picked, not "Nobody"
            return True
        for side in range(len(self.setup.sides)):
            if data.get(field_key(side, "total")) is not None:
                return True
            for f in self.tally_fields:
                value = data.get(field_key(side, f.name))
                if f.kind is engine.FieldKind.YES_NO:
                    if bool(value) != bool(f.blank):
                        return True
                elif value is not None and (value or not f.value_names):  # "No" is no entry
                    return True
        return False

    def tallies(self) -> dict[str, dict[str, Any]]:
        """The tallies typed so far, for the engine (call after is_valid)."""
        data = self.cleaned_data
        tallies: dict[str, dict[str, Any]] = {}
        for index, side in enumerate(self.setup.side_names):
            if self.setup.rules.totals_only or data.get(field_key(index, "just_total")):
                total = data.get(field_key(index, "total"))
                tallies[side] = {"total": 0 if total is None else total}
                continue
            tally: dict[str, Any] = {}
            for f in self.tally_fields:
                value = data.get(field_key(index, f.name))
                if f.name in self.fields and f.name in self.data:
                    value = data.get(f.name) == str(index)
                tally[f.name] = f.blank if value is None else value
            tallies[side] = self.setup.rules.with_implied(tally)
        return tallies

    def add_rules_error(self, error: engine.RulesError) -> None:
        """Put the engine's refusal next to the input it is about."""
        self.add_error(*self.where_to_say(error))

    def where_to_say(self, error: engine.RulesError) -> tuple[str | None, str]:
        """(input, message) for the engine's refusal: the input it is about (None: the whole
        form) and its words there. Under a side's own box its hand and side go without saying;
        under a box the sides share, the side is named."""
        if error.field in self.setup.rules.one_side_fields and error.field in self.fields:
            return error.field, capitalize(say(error))
        if error.side is None and error.field in self.fields:  # the hand's own (its upcard)
            return error.field, capitalize(problem(error))
        if error.side in self.setup.side_names:
            key = field_key(self.setup.side_names.index(error.side), error.field or "")
            if key in self.fields:
                return key, capitalize(problem(error))
        return None, capitalize(say(error))


def holds_value(f: engine.TallyField, value: Any) -> bool:
    """Whether a box's cleaned value is something typed or tapped, not left as drawn."""
    if f.kind is engine.FieldKind.YES_NO:
        return bool(value) != bool(f.blank)
    return value not in (None, f.blank)


def no_word() -> str:
    # Translators: the answer "No" to a question a side's panel asks ("Ended with a special
    # hand?"), beside the answers that name something.
    return pgettext("the answer to a question on the hand form", "No")


class TypedNumberField(forms.IntegerField):
    """A points or total box: a number as people type it ("3,450", "−300", "1200+250"), read by
    the engine's number reader; anything else gets the field's "invalid" message."""

    def to_python(self, value: Any) -> int | None:
        if value in self.empty_values:
            return None
        try:
            return read_typed_number(str(value), typed_grouping())
        except NotATypedNumber:
            raise forms.ValidationError(self.error_messages["invalid"], code="invalid") from None


#: How each kind of box asks for its number on a phone, written once: the form renders every
#: box from these. A count gets the number pad with its bounds; card points and totals a text
#: box with the digits pad, so that a sum ("1200+250") or a sign can be typed.
NUMBER_BOX = {"inputmode": "numeric", "enterkeyhint": "next"}
COUNT_BOX = {**NUMBER_BOX, "min": 0, "placeholder": "0", "class": "number"}
POINTS_BOX = {
    **NUMBER_BOX,
    "pattern": "[0-9]*",
    "placeholder": "0",
    "autocomplete": "off",
    "class": "number points",
}
#: Card points always below this fit a narrower box (a gin player's deadwood, at most 98).
SHORT_POINTS = 100
TOTAL_BOX = {**NUMBER_BOX, "pattern": "-?[0-9]*", "autocomplete": "off", "class": "number"}


def total_field(where: str, words: tuple[str, str] | None = None) -> forms.Field:
    """A side's box for its hand score alone ("just the total")."""
    total = TypedNumberField(
        required=False,
        widget=forms.TextInput,
        min_value=-engine.LARGEST_NUMBER,
        max_value=engine.LARGEST_NUMBER,
        error_messages=whole_number(where, _("the hand score"), words) | at_most(where),
    )
    return with_attrs(total, TOTAL_BOX)


def make_field(
    f: engine.TallyField, where: str, label: str, words: tuple[str, str] | None = None
) -> forms.Field:
    """The form field of `f`; `label` its words in the table's language;
    `words` whole_number_words(), where the caller has them already."""
    if f.kind is engine.FieldKind.YES_NO:
        return forms.BooleanField(required=False, initial=bool(f.blank))
    if f.value_names:
        return named_value_field(f, where, label)
    messages = whole_number(where, label.lower(), words)
    if f.kind is engine.FieldKind.CARD_POINTS:
        points = TypedNumberField(required=False, error_messages=messages, widget=forms.TextInput)
        short = f.maximum is not None and f.maximum < SHORT_POINTS
        return with_attrs(points, POINTS_BOX | ({"class": "number points short"} if short else {}))
    bounds = {} if f.maximum is None else {"max": f.maximum}
    count = forms.IntegerField(required=False, error_messages=messages)  # a NumberInput
    return with_attrs(count, COUNT_BOX | bounds)


def named_value_field(f: engine.TallyField, where: str, label: str) -> forms.Field:
    """A field whose value is one of a few names (a special hand), one tap each: its place
    among them, sent as a number ("0" or nothing: none of them)."""
    # Translators: %(where)s is "Hand 3, Ann & Cy"; %(what)s a box's name ("special hand").
    said = _("%(where)s: pick one of the answers for %(what)s.")
    return forms.TypedChoiceField(
        choices=[(str(place), "") for place in range(len(f.value_names) + 1)],
        coerce=int,
        required=False,
        empty_value=None,
        initial=f.blank,
        widget=forms.RadioSelect,
        error_messages={"invalid_choice": said % {"where": where, "what": in_sentence(label)}},
    )


def with_attrs(field: forms.Field, attrs: dict[str, Any]) -> forms.Field:
    """`field` with `attrs` on the widget it made: a widget handed to a field is copied, and
    the copies were a third of the cost of a form's many boxes."""
    field.widget.attrs.update(attrs)
    return field


def whole_number_words() -> tuple[str, str]:
    """What a box says when its number does not read, and when it is left blank, in the
    active language: translated once for a form's many boxes."""
    # Translators: %(where)s is "Hand 3, Ann & Cy"; %(what)s a box's name ("card points on the
    # table") or "the hand score".
    invalid = _("%(where)s: type a whole number for %(what)s.")
    # Translators: as "type a whole number for %(what)s", for a box left blank.
    required = _("%(where)s: type a number for %(what)s.")
    return invalid, required


def whole_number(where: str, what: str, words: tuple[str, str] | None = None) -> dict[str, str]:
    """ "Hand 3, Ann & Cy: type a whole number for card points on the table." (`words`:
    whole_number_words(), where the caller has them already.)"""
    invalid, required = words or whole_number_words()
    return {
        "invalid": invalid % {"where": where, "what": what},
        "required": required % {"where": where, "what": what},
    }


def at_most(where: str) -> dict[str, str]:
    """ "Hand 3, Ann & Cy: a hand score is at most 100,000,000 either way." """
    said = _("%(where)s: a hand score is at most %(most)s either way.") % {
        "where": where,
        "most": format_number(engine.LARGEST_NUMBER),
    }
    return {"min_value": said, "max_value": said}
