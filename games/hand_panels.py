"""What the hand page shows beside a hand form's boxes: a panel per side with a row per box
(a count's one-tap choices, a points box's worked-out sum), and "Who went out?" asked once.
Made from the form (games/hand_form.py) by games/hand_page.py."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from django import forms
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext_lazy

from games import rules as engine
from games.hand_form import (
    UPCARD,
    UPCARD_SPADE,
    UPCARD_SUIT,
    HandForm,
    Out,
    field_key,
    no_word,
)
from games.rules.upcards import RANKS
from games.templatetags.numbers import format_number
from games.words import field_question, filling, in_sentence, value_word, zero_tap_word

#: The most a count's one-tap choices go to (1 to 4; a blank count is 0, and the chosen count
#: tapped again is taken back): 3 dirty books, 4 clean books or 3 red threes are one tap.
CHOICES_MOST = 4
#: The longest count name, and the longest word in it, that fits on two lines beside four
#: choices and the box in a 390 px row; a form with a longer one gets three choices a count (as
#: wide as the 0, 1, 2 it had, so it is no taller). Rows of 381 px screens and less show two
#: (hand.css).
FOUR_CHOICES_NAME = 18
FOUR_CHOICES_WORD = 7
COUNT = engine.FieldKind.COUNT


def choice_room(names: Iterable[str]) -> int:
    """How many one-tap choices each count of a form shows, given its counts' names: the same
    for every row, so that each count's 1, 2 and 3 line up under the row above's."""
    for name in names:
        longest_word = max(map(len, name.split()), default=0)
        if len(name) > FOUR_CHOICES_NAME or longest_word > FOUR_CHOICES_WORD:
            return CHOICES_MOST - 1
    return CHOICES_MOST


#: The longest side name that shares its line with "Just the total" on a 320 px phone.
NAME_BESIDE_TOGGLE = 12


@dataclass
class FieldRow:
    """One input of the hand form, as a template draws it."""

    side: int
    field: engine.TallyField
    bound: forms.BoundField
    rare: bool
    #: A one-line explanation of the field's name, shown when the name is tapped.
    explanation: str | None = None
    #: What a sum typed into the box comes to ("1200+250": 1,450), shown beside it.
    worked_out: int | None = None
    #: The most one-tap choices a count of this form shows (choice_room).
    room: int = CHOICES_MOST
    #: The field's label in the table's language (games/words/).
    label: str = ""
    #: Asked of the side picked in a choice asked once alone (the closer's −10): the page shows
    #: it once that side is picked (hand.css), or while it holds a yes.
    chosen_only: bool = False
    #: Whether a tap on it is one the form offers as it stands (likely next taps): not a box
    #: of a side that sits the hand out, nor one waiting for its side to be picked.
    live: bool = True

    @property
    def kind(self) -> str:
        return self.field.kind.name.lower()

    @property
    def html_name(self) -> str:
        return self.bound.html_name

    @property
    def errors_said(self) -> SafeString:
        """The box's messages, as `{{ row.bound.errors|join:" " }}` writes them: read here, the
        preview's redraw of every box's messages costs a fraction of the template's lookups."""
        bound = self.bound
        return said_together(bound.form.errors.get(bound.name) or ())

    @property
    def most_choice(self) -> int | None:
        """A count's highest one-tap choice (they run from 1): the fewest of the form's room, the
        field's maximum and the most a real hand holds (a choice never asks "is that
        right?"); bigger counts are typed into the box. None for any other kind of field."""
        if self.field.kind is not engine.FieldKind.COUNT:
            return None
        if self.field.value_names:  # each name is one tap
            return len(self.field.value_names)
        tops = [self.room, self.field.maximum, self.field.usual_most]
        return min(most for most in tops if most is not None)

    @property
    def choice_buttons(self) -> SafeString:
        """A count's one-tap choices, 1 to `most_choice`, the count in the box pressed: sent
        with the page (issue 40), where hand.js used to draw them once the page had loaded, in
        the long task that ends the page's parse (a new layout of the form after its first
        paint, bench's blocking time at 4x CPU)."""
        chosen = self.chosen_count()
        return mark_safe(
            "".join(
                f'<button type="button" class="count-choice" data-choice="{value}" '
                f'aria-pressed="{"true" if value == chosen else "false"}">{value}</button>'
                for value in range(1, (self.most_choice or 0) + 1)
            )
        )

    @property
    def choices(self) -> tuple[int, ...]:
        """The counts one tap sets: a choice (1 to the highest, `choice_buttons`) and 0, the
        chosen count tapped again."""
        most = self.most_choice
        return () if most is None else tuple(range(most + 1))

    @property
    def question(self) -> str:
        """How the form asks a field whose value is a name ("Ended with a special hand?")."""
        form = self.bound.form
        assert isinstance(form, HandForm)
        return field_question(form.setup.rules, self.field)

    @property
    def named_choices(self) -> list[tuple[str, str, bool]]:
        """A field whose value is a name (a special hand): (value as sent, words, picked) of
        "No", then of each name in the list in force."""
        form = self.bound.form
        assert isinstance(form, HandForm)
        rules = form.setup.rules
        picked = str(self.bound.value() or 0)
        answers = [no_word(), *(value_word(rules, self.field, n) for n in self.field.value_names)]
        return [(str(place), said, str(place) == picked) for place, said in enumerate(answers)]

    @property
    def alone_picked(self) -> bool:
        """Whether a pick that scores alone for the side (a special hand) is made."""
        return self.field.scores_side_alone and str(self.bound.value() or 0) != "0"

    @property
    def zero_tap(self) -> str:
        """The words of the one tap that types 0 into a points box where 0 is a result of its
        own for the side picked ("Gin (0)" for the knocker), or "" for any other box."""
        if not self.field.zero_tap_for:
            return ""
        form = self.bound.form
        assert isinstance(form, HandForm)
        return zero_tap_word(form.setup.rules, self.field)

    def chosen_count(self) -> int | None:
        """The count in the box as a whole number (blank: 0), None when it is not one."""
        value = self.bound.value()
        if value is None or value == "":
            return 0
        try:
            return int(value)
        except (TypeError, ValueError):
            return None


def said_together(errors: Iterable[Any]) -> SafeString:
    """Messages joined by a space, each escaped: what the `join` filter writes."""
    return mark_safe(conditional_escape(" ").join([conditional_escape(e) for e in errors]))


@dataclass
class SidePanel:
    index: int
    name: str
    rows: list[FieldRow]
    just_total: forms.BoundField | None
    total: forms.BoundField | None
    #: The side's score is all the form asks (a score pad): no tally, no "just the total".
    totals_only: bool = False
    #: What a sum typed into the total box comes to, shown beside it.
    total_worked_out: int | None = None
    #: The page's first box: the keyboard opens on it (a new score-pad hand).
    takes_focus: bool = False
    #: Said under the side's name: the phase it plays in this hand (Phase 10).
    note: str = ""
    #: The side is out of the game as the hand starts (Chinchón): its boxes show once it
    #: rejoins (hand.css), by `rejoin`, its one tap (None: it may not rejoin).
    out: Out | None = None
    rejoin: FieldRow | None = None

    @property
    def rejoin_box(self) -> str:
        """The rejoin's tick box, marked for hand.css (the panel's boxes show once ticked)."""
        assert self.rejoin is not None
        return self.rejoin.bound.as_widget(attrs={"data-rejoin": True})

    @property
    def out_said(self) -> str:
        """ "Out (total 104)"."""
        assert self.out is not None
        return _("Out (total %(total)s)") % {"total": format_number(self.out.total)}

    @property
    def rejoin_said(self) -> str:
        """ "Rejoins at 95": the rejoin tap's words."""
        assert self.out is not None and self.out.rejoins_at is not None
        # Translators: the tap that brings a player who is out back in, at this total.
        return _("Rejoins at %(total)s") % {"total": format_number(self.out.rejoins_at)}

    @property
    def rejoins_said(self) -> str:
        """The rejoins used and allowed: "1 of 2 rejoins used", "No rejoins left"."""
        out = self.out
        assert out is not None
        if out.allowed is None:
            # Translators: a player's rejoins so far, at a table where rejoining has no limit.
            said = ngettext(
                "%(used)s rejoin used, no limit", "%(used)s rejoins used, no limit", out.used
            )
            return said % {"used": format_number(out.used)}
        if out.allowed == 0:
            return _("Nobody rejoins at this table.")
        said = ngettext(
            "%(used)s of %(allowed)s rejoin used",
            "%(used)s of %(allowed)s rejoins used",
            out.allowed,
        )
        used = said % {"used": format_number(out.used), "allowed": format_number(out.allowed)}
        if out.rejoins_at is None:
            # Translators: a player out who may not rejoin: "No rejoins left (1 of 1 rejoin used)".
            return _("No rejoins left (%(used)s)") % {"used": used}
        return used

    @property
    def name_under(self) -> bool:
        """Whether "Just the total" goes under the side's name rather than at the end of its
        line: a name longer than the line leaves room for at 320 px."""
        return len(self.name) > NAME_BESIDE_TOGGLE

    @property
    def total_box(self) -> str:
        """The total's box; where the score is all there is, a big one the page starts in."""
        assert self.total is not None
        if not self.totals_only:
            return self.total.as_widget()
        attrs: dict[str, Any] = {"class": "number big-number"}
        if self.takes_focus:
            attrs["autofocus"] = True
        return self.total.as_widget(attrs=attrs)

    @property
    def more_open(self) -> bool:
        """Whether the seldom-scored fields show open: one of them has a value or a mistake."""
        return any(row.bound.errors or row.chosen_count() != 0 for row in self.rare_rows)

    @property
    def alone_row(self) -> FieldRow | None:
        """The side's first question where a pick scores alone (a special hand): asked before
        the rest, which shows only while it is answered "No" (hand.css)."""
        return next((row for row in self.rows if row.field.scores_side_alone), None)

    @property
    def common_rows(self) -> list[FieldRow]:
        return [row for row in self.rows if not row.rare and not row.field.scores_side_alone]

    @property
    def rare_rows(self) -> list[FieldRow]:
        return [row for row in self.rows if row.rare]

    @property
    def rare_summary(self) -> str:
        labels = [in_sentence(row.label) for row in self.rare_rows]
        if len(labels) < 2:
            return "".join(labels)
        if len(labels) == 2:
            # Translators: two boxes' names, "dirty canastas and red threes".
            return _("%(first)s and %(second)s") % {"first": labels[0], "second": labels[1]}
        more = len(labels) - 2
        said = ngettext(
            # Translators: "dirty canastas, red threes and 2 more" (boxes).
            "%(first)s, %(second)s and %(count)s more",
            "%(first)s, %(second)s and %(count)s more",
            more,
        )
        return said % {"first": labels[0], "second": labels[1], "count": format_number(more)}


@dataclass
class OneSideChoice:
    """ "Who went out?": one radio group for the hand, with the side picked so far."""

    bound: forms.BoundField
    chosen: str
    #: (value, label): each side by index, then "" for nobody (where nobody may).
    options: list[tuple[str, str]]
    #: What else the choice says ("Going out counts as “Completed the phase” too."), or "".
    hint: str = ""
    #: The options of sides out of the game that may rejoin: each shows once its rejoin is
    #: tapped (hand.css).
    waiting: frozenset[str] = frozenset()


def side_panels(
    form: HandForm, focus_first: bool = False, notes: Mapping[str, str] | None = None
) -> list[SidePanel]:
    """A panel per side of `form`; `notes` says what each side's panel says under its name."""
    rules = form.setup.rules
    labels = form.labels
    room = choice_room(labels[f.name] for f in form.tally_fields if f.kind is COUNT)
    # Once per field, not once per side's box: the same words for every side.
    explained = {f.name: filling.explain_field(rules, f) for f in form.tally_fields}
    panels = []
    for index, side in enumerate(form.setup.sides):
        has_total = rules.allows_bare_total
        rows = [
            FieldRow(
                index,
                f,
                form[field_key(index, f.name)],
                f.name in rules.rare_fields,
                explained[f.name],
                form.worked_out(field_key(index, f.name)),
                room,
                labels[f.name],
            )
            for f in form.tally_fields
            if f.name not in rules.one_side_fields and asks_side(form, f, side)
        ]
        if any(row.alone_picked for row in rows):  # the rest is hidden: no tap to foresee
            for row in rows:
                row.live = row.field.scores_side_alone
        out = form.out.get(index)
        panels.append(
            SidePanel(
                index=index,
                name=side.name,
                rows=shown_rows(form, index, rows),
                just_total=form[field_key(index, "just_total")] if has_total else None,
                total=form[field_key(index, "total")] if has_total else None,
                takes_focus=index == 0 and focus_first,
                note=(notes or {}).get(side.name, ""),
                totals_only=rules.totals_only,
                total_worked_out=form.worked_out(field_key(index, "total")),
                out=out,
                rejoin=rejoin_row(out, rows),
            )
        )
    return panels


def holds_something(row: FieldRow) -> bool:
    """Whether a box holds a value (a 0 typed too) or a message: drawn whatever it waits for,
    so that what is wrong with it is seen where it is."""
    return bool(row.bound.value()) or bool(row.bound.errors)


def shown_rows(form: HandForm, side: int, rows: list[FieldRow]) -> list[FieldRow]:
    """The rows side `side`'s panel draws, where a box waits for something (every row of every
    other rule set): a side that is out shows its boxes once it rejoins (all of them drawn,
    hand.css shows them), and none if it may not; the rejoin is a side's one tap while it is
    out, never a row; a box of the closer's alone shows once that side is picked."""
    waiting = [row for row in rows if row.field.brings_back_in or row.field.chosen_side_only]
    if not waiting and not form.out:
        return rows
    out = form.out.get(side)
    kept_out = out is not None and out.rejoins_at is None
    sitting_out = form.sits_out(side)
    shown = []
    for row in rows:
        if row.field.brings_back_in and out is not None and not kept_out:
            continue  # the panel's one tap (rejoin_row)
        if (row.field.brings_back_in or kept_out) and not holds_something(row):
            continue
        row.live = not sitting_out and not row.field.brings_back_in
        if row.field.chosen_side_only:
            row.chosen_only = True
            row.live = row.live and form.chosen(row.field.chosen_side_only) == str(side)
        shown.append(row)
    return shown


def rejoin_row(out: Out | None, rows: list[FieldRow]) -> FieldRow | None:
    """The tap that brings a side that is out back in, where it may rejoin."""
    if out is None or out.rejoins_at is None:
        return None
    return next((row for row in rows if row.field.brings_back_in), None)


def form_choice_room(form: HandForm) -> int:
    """How many one-tap choices each count of `form` shows (the page lays out that many)."""
    return choice_room(form.labels[f.name] for f in form.tally_fields if f.kind is COUNT)


def asks_side(form: HandForm, f: engine.TallyField, side: engine.Side) -> bool:
    """Whether `side`'s panel asks for `f` (one only the dealing side can have is asked of
    that side alone, when the dealer is known)."""
    if not f.dealers_side_only or form.dealer is None:
        return True
    return form.dealer in side.players


def one_side_choices(form: HandForm) -> list[OneSideChoice]:
    """Each choice asked once for the whole hand ("Who went out?"), with its sides: only those
    that play it, where sides can be knocked out (one out shows once it rejoins)."""
    rules = form.setup.rules
    options = [(str(index), side.name) for index, side in enumerate(form.setup.sides)]
    if not rules.someone_every_hand:
        # Translators: the answer to "Who went out?" when no side did.
        options.append((form.nobody_value, _("Nobody")))
    labels = form.labels
    choices = []
    for f in form.one_side_fields:
        implied = [labels[name] for name, by in rules.implied_by.items() if by == f.name]
        # Translators: "Went out counts as “Completed the phase” too.": two boxes' names.
        too = _("%(label)s counts as “%(also)s” too.")
        hint = " ".join(too % {"label": labels[f.name], "also": label} for label in implied)
        chosen = form.chosen(f.name)
        choice = OneSideChoice(form[f.name], chosen, options, hint)
        if form.out:
            choice.options, choice.waiting = playing_options(form, options, chosen)
        choices.append(choice)
    return choices


def playing_options(
    form: HandForm, options: list[tuple[str, str]], chosen: str
) -> tuple[list[tuple[str, str]], frozenset[str]]:
    """The options of a choice asked once, where sides can be knocked out: a side out that may
    not rejoin is left out (unless picked already: its refusal is seen there), and the options
    of those that may wait for their rejoin (hand.css shows each once its rejoin is tapped)."""
    kept_out = {str(index) for index, out in form.out.items() if out.rejoins_at is None}
    offered = [
        (value, label) for value, label in options if value not in kept_out or value == chosen
    ]
    waiting = frozenset(str(index) for index in form.out) - kept_out
    return offered, waiting


#: A card's rank as the corner of a card shows it, where it is a letter.
RANK_LETTERS = {
    # Translators: the ace's letter in the corner of a card.
    "A": pgettext_lazy("a card's rank", "A"),
    # Translators: the jack's letter in the corner of a card.
    "J": pgettext_lazy("a card's rank", "J"),
    # Translators: the queen's letter in the corner of a card.
    "Q": pgettext_lazy("a card's rank", "Q"),
    # Translators: the king's letter in the corner of a card.
    "K": pgettext_lazy("a card's rank", "K"),
}
#: The question, and the second tap, where a rule set asks the hand's first upcard.
# Translators: the first card turned up after the deal (Oklahoma Gin).
UPCARD_QUESTION = gettext_lazy("Upcard")
# Translators: the second tap of the upcard: whether it is a spade.
SPADE_TAP = gettext_lazy("♠ A spade")


@dataclass
class UpcardChoice:
    """The hand's first upcard in two taps: its rank, then whether it is a spade; and what it
    sets as soon as it is picked (the engine's, in words: the knock limit, a doubling)."""

    rank: forms.BoundField
    spade: forms.BoundField
    suit: forms.BoundField
    chosen: str
    #: (value, label) of each rank, in order.
    options: list[tuple[str, str]]
    said: str
    question: str = ""
    spade_label: str = ""


def upcard_choice(form: HandForm) -> UpcardChoice | None:
    """The upcard's taps, where the rule set asks one (None otherwise)."""
    if UPCARD not in form.fields:
        return None
    rank = form[UPCARD]
    return UpcardChoice(
        rank=rank,
        spade=form[UPCARD_SPADE],
        suit=form[UPCARD_SUIT],
        chosen=str(rank.value() or ""),
        options=[(value, str(RANK_LETTERS.get(value, value))) for value in RANKS],
        said=form.upcard_said(),
        question=str(UPCARD_QUESTION),
        spade_label=str(SPADE_TAP),
    )
