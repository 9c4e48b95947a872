"""Forms: the game set-up and the hand entry. Both ask the engine; neither knows a rule."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from django import forms
from django.contrib.auth.forms import UserCreationForm, UsernameField
from django.contrib.auth.validators import UnicodeUsernameValidator
from django.core.exceptions import ValidationError

from games import rules as engine
from games.models import NAME_LENGTH, team_name, username_taken
from games.models.account_names import GUEST_PREFIX, USERNAME_LENGTH, is_reserved
from games.rules import rulebook
from games.rules.numbers import NotATypedNumber, is_worked_out, read_typed_number
from games.rules.own_game import NAME_LENGTH as OWN_NAME_LENGTH
from games.rules.own_game import NOTE_LENGTH as OWN_NOTE_LENGTH
from games.rules.own_game import check_own_game_name
from games.rules.prose import in_words

#: The hand form's hidden input that holds the unusual values already asked about, as
#: "s0-natural_canastas=20" words: Save again with the same values confirms them.
CONFIRMED = "confirmed"
NOTHING_ENTERED = "Nothing entered for this {hand}: type each {side}’s score (a 0 counts)."


USERNAME_RULES = f"Up to {USERNAME_LENGTH} characters: letters, digits and @ . + - _ (no spaces)."


def username_taken_message(username: str) -> str:
    return f"“{username}” is taken. Pick another username."


def username_field() -> UsernameField:
    """A new account's username, read as sign-up and "Keep my games" both read it: NFKC first
    ("Ａnn" is "Ann", "⑴" is "(1)"), then its length and its characters checked on what will be
    saved."""
    return UsernameField(
        max_length=USERNAME_LENGTH,
        validators=[UnicodeUsernameValidator()],
        help_text=USERNAME_RULES,
        error_messages={"required": "Pick a username.", "max_length": USERNAME_RULES},
    )


def check_new_username(username: str, account: int | None = None) -> str:
    """`username` if nobody but `account` has it or one that reads the same (letter case and
    look-alike letters folded), and it is not a guest's."""
    if is_reserved(username):
        raise ValidationError(
            f"Usernames beginning “{GUEST_PREFIX}” are the app's own. Pick another username.",
            code="reserved",
        )
    if username_taken(username, but=account):
        raise ValidationError(username_taken_message(username), code="unique")
    return username


class SignupForm(UserCreationForm):
    username = username_field()

    class Meta(UserCreationForm.Meta):
        fields = ("username",)

    def clean_username(self) -> str:
        username = super().clean_username()
        # Django's check for a name in another letter case has added its error already.
        return username if username is None else check_new_username(username)


def max_seats() -> int:
    return max(max(rules.player_counts) for rules in engine.RULE_SETS.values())


def offered_for(wanted: Callable[[engine.RuleSet], bool]) -> str:
    """The slugs of the rule sets for which `wanted` holds, for the page's data-show-for."""
    return " ".join(slug for slug, rules in engine.RULE_SETS.items() if wanted(rules))


def house_rule_key(rules: engine.RuleSet, rule: engine.HouseRule) -> str:
    """The form field of one rule set's house rule (two rule sets may both offer `target`)."""
    return f"{rules.slug}--{rule.name}"


def house_rule_field(rule: engine.HouseRule) -> forms.Field:
    """The input a house rule asks for, its default shown."""
    wrong = {
        "invalid_choice": f"{rule.label}: pick {rule.offered}.",
        "invalid": f"{rule.label}: type {rule.offered}.",
        "min_value": f"{rule.label}: type {rule.offered}.",
        "max_value": f"{rule.label}: type {rule.offered}.",
    }
    if rule.kind is engine.HouseRuleKind.YES_NO:
        return forms.BooleanField(required=False, initial=rule.default, label=rule.label)
    if rule.kind is engine.HouseRuleKind.NUMBER:
        return forms.IntegerField(
            required=False,
            min_value=rule.lowest,
            max_value=rule.highest,
            label=rule.label,
            initial=rule.default,
            error_messages=wrong,
        )
    choices: list[tuple[Any, str]] = [
        (
            value,
            f"{rule.choice_label(value)} (usual)"
            if value == rule.default
            else rule.choice_label(value),
        )
        for value in rule.values
    ]
    initial: Any = rule.default
    if rule.default_by_players:
        # The usual value depends on the players, not seated yet: "as usual" is a choice.
        # Short enough for a 320 px select: "Usual: 1 (2 for two)".
        usual = "; ".join(
            f"{value} for {in_words(players)}" for players, value in rule.default_by_players
        )
        choices = [("", f"Usual: {rule.default:,} ({usual})")]
        choices += [(value, rule.choice_label(value)) for value in rule.values]
        initial = ""
    return forms.TypedChoiceField(
        choices=choices,
        coerce=int,
        empty_value=None,
        required=False,
        label=rule.label,
        initial=initial,
        error_messages=wrong,
    )


@dataclass(frozen=True)
class HouseRuleGroup:
    """The house rules one rule set offers, as the new-game page shows them."""

    rules: engine.RuleSet
    fields: list[forms.BoundField]


class NewGameForm(forms.Form):
    """The set-up of a game. Its choices (rule sets, team sizes, house options, seats) are read
    from the engine when the form is made."""

    rules = forms.ChoiceField(
        choices=engine.rule_set_choices,
        widget=forms.RadioSelect,
        error_messages={"required": "Pick the game you are playing."},
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.seats = max_seats()
        # Equal teams of any size the most players allow (twelve as two teams of six).
        teams = [(size, f"Teams of {in_words(size)}") for size in range(2, self.seats // 2 + 1)]
        self.fields["team_size"] = forms.TypedChoiceField(
            choices=[(1, "Everyone on their own"), *teams], coerce=int, initial=1, required=False
        )
        self.fields["first_dealer"] = forms.TypedChoiceField(
            choices=[(seat, f"Seat {seat + 1}") for seat in range(self.seats)],
            coerce=int,
            initial=0,
        )
        for rules in engine.RULE_SETS.values():
            for rule in rules.house_rules:
                self.fields[house_rule_key(rules, rule)] = house_rule_field(rule)
        for seat in range(self.seats):
            self.fields[f"seat{seat}"] = forms.CharField(
                required=False,
                max_length=NAME_LENGTH,
                strip=True,
                error_messages={
                    "max_length": f"Names can be at most {NAME_LENGTH} characters long."
                },
            )
        # A score pad plays many games: the table names this one ("Hearts").
        self.fields["game_name"] = forms.CharField(
            required=False, max_length=OWN_NAME_LENGTH, label="Name"
        )
        self.game: engine.GameSetup | None = None
        #: The name in the seat picked as first dealer (set by clean).
        self.first_dealer_name: str | None = None

    @property
    def seat_fields(self) -> list[forms.BoundField]:
        return [self[f"seat{seat}"] for seat in range(self.seats)]

    @property
    def team_size_for(self) -> str:
        """The rule sets whose tables choose the team size."""
        return offered_for(lambda rules: rules.table_chooses_teams)

    @property
    def named_for(self) -> str:
        """The rule sets whose games take a name of their own (the score pad's)."""
        return offered_for(lambda rules: rules.totals_only)

    #: What the page says of the seating before any seat is filled.
    SEATING_HINTS = {
        "partners": "Partners sit opposite: in a game of four, seats 1 & 3 play seats 2 & 4.",
        "alone": "Everyone plays on their own.",
    }

    @property
    def seating_hint(self) -> str:
        """The seating of the game picked, before any seat is filled."""
        rules = engine.RULE_SETS.get(str(self["rules"].value() or ""))
        sizes = self.seating_table.get(rules.slug, {}) if rules else {}
        alone = bool(sizes) and all(size == 1 for size in sizes.values())
        return self.SEATING_HINTS["alone" if alone else "partners"]

    @property
    def seating_table(self) -> dict[str, dict[int, int]]:
        """Players to a side by rule set and number of players (0: the table picks), so the
        page can show the partnerships before Start (new_game.js); the seating is the
        engine's."""
        return {
            slug: {
                players: 0
                if rules.seating_for(players).chooses_teams
                else rules.seating_for(players).team_size(1)
                for players in rules.player_counts
            }
            for slug, rules in engine.RULE_SETS.items()
        }

    @property
    def house_rule_groups(self) -> list[HouseRuleGroup]:
        return [
            HouseRuleGroup(rules, [self[house_rule_key(rules, rule)] for rule in rules.house_rules])
            for rules in engine.RULE_SETS.values()
            if rules.house_rules
        ]

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        self.forget_other_rule_sets_errors(data.get("rules"))
        if self.errors:
            return data
        rules = engine.get_rule_set(data["rules"])
        players = [data[f"seat{seat}"] for seat in range(self.seats) if data.get(f"seat{seat}")]
        team_size = rules.seating_for(len(players)).team_size(data.get("team_size") or 1)
        if len(players) % team_size:
            raise forms.ValidationError(
                f"{len(players)} players can't split into teams of {team_size}: "
                + teams_needed(rules, team_size)
            )
        sides = seat_sides(players, team_size)
        options = self.house_rules_chosen(rules, data)
        try:
            self.game = rules.new_game(players, sides, options)
            named = data.get("game_name") if rules.totals_only else ""
            if named:
                self.game = replace(self.game, own_game=engine.OwnGame(check_own_game_name(named)))
        except engine.RulesError as error:
            raise forms.ValidationError(capitalize(error.message)) from None
        # The seat picked, not the n-th player: a blank seat before it must not shift the deal.
        self.first_dealer_name = data.get(f"seat{data['first_dealer']}") or None
        if self.first_dealer_name is None:
            self.add_error("first_dealer", "Pick one of the seats that has a player.")
        return data

    def forget_other_rule_sets_errors(self, chosen: str | None) -> None:
        """A house rule of a rule set not picked is not asked (the page hides it): a slip there
        must not stop the game."""
        for rules in engine.RULE_SETS.values():
            if rules.slug != chosen:
                for rule in rules.house_rules:
                    self.errors.pop(house_rule_key(rules, rule), None)

    @staticmethod
    def house_rules_chosen(rules: engine.RuleSet, data: dict[str, Any]) -> dict[str, Any]:
        """The picked rule set's house rules as posted; one left on "as usual" is left out."""
        chosen: dict[str, Any] = {}
        for rule in rules.house_rules:
            value = data.get(house_rule_key(rules, rule))
            if rule.kind is engine.HouseRuleKind.YES_NO:
                chosen[rule.name] = bool(value)
            elif rule.kind is engine.HouseRuleKind.NUMBER or value is not None:
                chosen[rule.name] = value
        return chosen


def teams_needed(rules: engine.RuleSet, team_size: int) -> str:
    """What a game needs, said where a seating can't be split into teams."""
    if not rules.table_chooses_teams:
        return f"{rules.name} needs {rules.describe_player_counts()}."
    counts = [n for n in rules.player_counts if n % team_size == 0]
    return (
        f"teams of {team_size} need {', '.join(map(str, counts[:-1]))} or {counts[-1]} players; "
        "or pick “Everyone on their own”."
    )


def seat_sides(players: list[str], team_size: int) -> list[engine.Side]:
    """Teams by seating: partners sit opposite (seats 1 & 3, 2 & 4; with six, 1 & 4 ...)."""
    count = len(players) // team_size if team_size else len(players)
    sides = []
    for index in range(count):
        members = tuple(players[index::count])
        sides.append(engine.Side(name=team_name(members), players=members))
    return sides


def capitalize(message: str) -> str:
    return message[:1].upper() + message[1:]


#: The most a count's one-tap choices go to (1 to 4; a blank count is 0, and the chosen count
#: tapped again is taken back): 3 dirty books, 4 clean books or 3 red threes are one tap.
CHOICES_MOST = 4
#: The longest count name, and the longest word in it, that fits on two lines beside four
#: choices and the box in a 390 px row; a form with a longer one gets three choices a count (as
#: wide as the 0, 1, 2 it had, so it is no taller). Rows of 381 px screens and less show two
#: (hand.css).
FOUR_CHOICES_NAME = 18
FOUR_CHOICES_WORD = 7


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

    @property
    def kind(self) -> str:
        return self.field.kind.name.lower()

    @property
    def most_choice(self) -> int | None:
        """A count's highest one-tap choice (they run from 1): the fewest of the form's room, the
        field's maximum and the most a real hand holds (a choice never asks "is that
        right?"); bigger counts are typed into the box. None for any other kind of field."""
        if self.field.kind is not engine.FieldKind.COUNT:
            return None
        tops = [self.room, self.field.maximum, self.field.usual_most]
        return min(most for most in tops if most is not None)

    @property
    def choices(self) -> tuple[int, ...]:
        """The counts one tap sets: a choice (hand.js draws 1 to the highest, the only one the page
        sends) and 0, the chosen count tapped again."""
        most = self.most_choice
        return () if most is None else tuple(range(most + 1))

    def chosen_count(self) -> int | None:
        """The count in the box as a whole number (blank: 0), None when it is not one."""
        value = self.bound.value()
        if value is None or value == "":
            return 0
        try:
            return int(value)
        except (TypeError, ValueError):
            return None


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
    def common_rows(self) -> list[FieldRow]:
        return [row for row in self.rows if not row.rare]

    @property
    def rare_rows(self) -> list[FieldRow]:
        return [row for row in self.rows if row.rare]

    @property
    def rare_summary(self) -> str:
        labels = [row.field.label.lower() for row in self.rare_rows]
        if len(labels) <= 2:
            return " and ".join(labels)
        return f"{labels[0]}, {labels[1]} and {len(labels) - 2} more"


@dataclass
class OneSideChoice:
    """ "Who went out?": one radio group for the hand, with the side picked so far."""

    bound: forms.BoundField
    chosen: str
    #: (value, label): each side by index, then "" for nobody (where nobody may).
    options: list[tuple[str, str]]
    #: What else the choice says ("Going out counts as “Completed the phase” too."), or "".
    hint: str = ""


def field_key(side: int, field: str) -> str:
    return f"s{side}-{field}"


class HandForm(forms.Form):
    """A panel per side with the fields the rule set asks for in this hand."""

    def __init__(
        self,
        setup: engine.GameSetup,
        number: int,
        data: Mapping[str, Any] | None = None,
        *,
        dealer: str | None,
        preview: bool = False,
        initial: dict[str, Any] | None = None,
    ) -> None:
        super().__init__(data, initial=initial)
        self.setup = setup
        self.number = number
        #: Scoring as the scorekeeper types: a box not reached yet is no mistake.
        self.preview = preview
        #: Who deals this hand (None when unknown): a field only the dealing side can have is
        #: asked in that side's panel alone.
        self.dealer = dealer
        #: The unusual values the form shows asked about (or recorded so), for CONFIRMED.
        self.confirmation = str(self.data.get(CONFIRMED, "")) if self.is_bound else ""
        self.tally_fields = setup.fields(number)
        for side, team in enumerate(setup.sides):
            # A mistyped number says where it is, like the engine's own errors do.
            where = f"{setup.rules.hand_word} {number}, {team.name}"
            if setup.rules.allows_bare_total:
                self.fields[field_key(side, "just_total")] = forms.BooleanField(
                    required=False, widget=forms.CheckboxInput({"data-just-total": True})
                )
                self.fields[field_key(side, "total")] = TypedNumberField(
                    required=False,
                    widget=forms.TextInput(TOTAL_BOX),
                    min_value=-engine.LARGEST_NUMBER,
                    max_value=engine.LARGEST_NUMBER,
                    error_messages=whole_number(where, "the hand score")
                    | {
                        "min_value": f"{where}: a hand score is at most "
                        f"{engine.LARGEST_NUMBER:,} either way.",
                        "max_value": f"{where}: a hand score is at most "
                        f"{engine.LARGEST_NUMBER:,} either way.",
                    },
                )
            for f in self.tally_fields:
                self.fields[field_key(side, f.name)] = make_field(f, where)
        # Asked once for the whole hand ("Who went out?"); the per-side yes/no fields above stay
        # for a form posted without the choice (a game file's tallies, an older page).
        for f in self.one_side_fields:
            self.fields[f.name] = forms.ChoiceField(
                choices=[(str(index), "") for index in range(len(setup.sides))] + [("", "")],
                required=False,
                widget=forms.RadioSelect,
                label=f"Who {f.label.lower()}?",
                initial="",
                error_messages={"invalid_choice": "Pick one of the sides, or nobody."},
            )

    @property
    def counted_card_values(self) -> tuple[engine.CardValue, ...]:
        """What the card counter offers in this hand."""
        return self.setup.rules.counted_values_in(self.number)

    @property
    def one_side_fields(self) -> list[engine.TallyField]:
        asked_once = self.setup.rules.one_side_fields
        return [f for f in self.tally_fields if f.name in asked_once]

    @property
    def one_side_choices(self) -> list[OneSideChoice]:
        rules = self.setup.rules
        options = [(str(index), side.name) for index, side in enumerate(self.setup.sides)]
        if not rules.someone_every_hand:
            options.append(("", "Nobody"))
        labels = {f.name: f.label for f in self.tally_fields}
        choices = []
        for f in self.one_side_fields:
            implied = [labels[name] for name, by in rules.implied_by.items() if by == f.name]
            hint = " ".join(f"{f.label} counts as “{label}” too." for label in implied)
            choices.append(OneSideChoice(self[f.name], self.chosen(f.name), options, hint))
        return choices

    @property
    def round_card(self) -> engine.RoundCard | None:
        """What this hand's round asks (its contract, its wild rank), or None."""
        return self.setup.rules.round_card(self.number)

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

    @classmethod
    def for_hand(
        cls,
        setup: engine.GameSetup,
        number: int,
        hand: engine.HandInput | None,
        dealer: str | None,
    ) -> HandForm:
        """An unbound form, filled in with a recorded hand's tallies when editing."""
        initial: dict[str, Any] = {}
        if hand is not None:
            for index, side in enumerate(setup.side_names):
                tally = hand.tallies.get(side, {})
                if "total" in tally:
                    initial[field_key(index, "just_total")] = True
                    initial[field_key(index, "total")] = tally["total"]
                for name, value in tally.items():
                    if name != "total":
                        initial[field_key(index, name)] = value
                    if name in setup.rules.one_side_fields and value is True:
                        initial[name] = str(index)
        form = cls(setup, number, dealer=dealer, initial=initial)
        if hand is not None:  # values recorded are not asked about again
            form.confirmation = " ".join(word for word, _ in form.unusual(hand.tallies))
        return form

    def unusual(self, tallies: Mapping[str, Mapping[str, Any]]) -> list[tuple[str, str]]:
        """("s0-natural_canastas=20", question) for each value beyond its field's usual most."""
        names = self.setup.side_names
        found = []
        for side, name, question in self.setup.rules.unusual_entries(
            self.setup, self.number, tallies
        ):
            value = int(tallies[side][name])
            key = name if name in self.fields else field_key(names.index(side), name)
            found.append((f"{key}={value}", question))
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
            if rules.owes_own_points(tallies.get(side, {})):
                found.append((f"{key}=blank", f"{side}: nothing typed. Count it as 0?"))
        return found

    def worked_out(self, key: str) -> int | None:
        """What a sum or difference typed into box `key` comes to ("1200+250": 1,450), to show
        beside it; None for a plain number, a blank or a mistake."""
        typed = self.data.get(key) if self.is_bound else None
        if not isinstance(typed, str) or not is_worked_out(typed):
            return None
        try:
            return read_typed_number(typed)
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
            self.add_error(key if key in self.fields else None, f"{question} Save again if it is.")
        self.confirmation = " ".join(word for word, _ in found)
        return bool(asked)

    def panels(
        self, focus_first: bool = False, notes: Mapping[str, str] | None = None
    ) -> list[SidePanel]:
        """A panel per side; `notes` says what each side's panel says under its name."""
        rare = self.setup.rules.rare_fields
        asked_once = self.setup.rules.one_side_fields
        room = self.choice_room
        panels = []
        for index, side in enumerate(self.setup.sides):
            has_total = self.setup.rules.allows_bare_total
            totals_only = self.setup.rules.totals_only
            panels.append(
                SidePanel(
                    index=index,
                    name=side.name,
                    rows=[
                        FieldRow(
                            index,
                            f,
                            self[field_key(index, f.name)],
                            f.name in rare,
                            rulebook.explain(self.setup.rules, f.label),
                            self.worked_out(field_key(index, f.name)),
                            room,
                        )
                        for f in self.tally_fields
                        if f.name not in asked_once and self.asks_side(f, side)
                    ],
                    just_total=self[field_key(index, "just_total")] if has_total else None,
                    total=self[field_key(index, "total")] if has_total else None,
                    takes_focus=index == 0 and focus_first,
                    note=(notes or {}).get(side.name, ""),
                    totals_only=totals_only,
                    total_worked_out=self.worked_out(field_key(index, "total")),
                )
            )
        return panels

    @property
    def choice_room(self) -> int:
        """How many one-tap choices each count shows (the page lays out that many, hand.css)."""
        kinds = (f for f in self.tally_fields if f.kind is engine.FieldKind.COUNT)
        return choice_room(f.label for f in kinds)

    def focus_first_refused(self) -> None:
        """A refused form opens at the first box it names, in the page's order (the choices
        asked once come first): the browser scrolls to a box marked autofocus and focuses it."""
        order = [*self.setup.rules.one_side_fields, *self.fields]
        named = [name for name in order if name in self.errors and name in self.fields]
        if named:
            self.fields[named[0]].widget.attrs["autofocus"] = True

    def asks_side(self, f: engine.TallyField, side: engine.Side) -> bool:
        """Whether `side`'s panel asks for `f` (one only the dealing side can have is asked of
        that side alone, when the dealer is known)."""
        if not f.dealers_side_only or self.dealer is None:
            return True
        return self.dealer in side.players

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        #: Nothing typed or tapped yet: a preview shows no score and no message (the first tap,
        #: "Who went out?", is no mistake); Save says so.
        self.nothing_entered = not self.errors and not self.anything_entered(data)
        if self.nothing_entered and not self.preview:
            raise forms.ValidationError(self.nothing_entered_message(), code="nothing_entered")
        return data

    def nothing_entered_message(self) -> str:
        each_alone = all(len(side.players) == 1 for side in self.setup.sides)
        word = self.setup.rules.hand_word.lower()
        return NOTHING_ENTERED.format(hand=word, side="player" if each_alone else "side")

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
                elif value is not None:
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
            return error.field, capitalize(error.message)
        if error.side in self.setup.side_names:
            key = field_key(self.setup.side_names.index(error.side), error.field or "")
            if key in self.fields:
                return key, capitalize(error.problem)
        return None, capitalize(error.message)


class TypedNumberField(forms.IntegerField):
    """A points or total box: a number as people type it ("3,450", "−300", "1200+250"), read by
    the engine's number reader; anything else gets the field's "invalid" message."""

    def to_python(self, value: Any) -> int | None:
        if value in self.empty_values:
            return None
        try:
            return read_typed_number(str(value))
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
TOTAL_BOX = {**NUMBER_BOX, "pattern": "-?[0-9]*", "autocomplete": "off", "class": "number"}


def make_field(f: engine.TallyField, where: str) -> forms.Field:
    if f.kind is engine.FieldKind.YES_NO:
        return forms.BooleanField(required=False, initial=bool(f.blank))
    messages = whole_number(where, f.label.lower())
    if f.kind is engine.FieldKind.CARD_POINTS:
        return TypedNumberField(
            required=False, error_messages=messages, widget=forms.TextInput(POINTS_BOX)
        )
    bounds = {} if f.maximum is None else {"max": f.maximum}
    return forms.IntegerField(
        required=False, error_messages=messages, widget=forms.NumberInput(COUNT_BOX | bounds)
    )


def whole_number(where: str, what: str) -> dict[str, str]:
    """ "Hand 3, Ann & Cy: type a whole number for card points on the table." """
    return {
        "invalid": f"{where}: type a whole number for {what}.",
        "required": f"{where}: type a number for {what}.",
    }


class ImportGameForm(forms.Form):
    file = forms.FileField(
        required=False, error_messages={"required": "Choose a game file to import."}
    )
    text = forms.CharField(required=False, widget=forms.Textarea(attrs={"rows": 6}))

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if not data.get("file") and not data.get("text", "").strip():
            raise forms.ValidationError("Choose a game file, or paste one.")
        return data

    def content(self) -> bytes:
        upload = self.cleaned_data.get("file")
        if upload:
            from games.rules.gamefile import MAX_GAME_FILE_BYTES

            return upload.read(MAX_GAME_FILE_BYTES + 1)
        return self.cleaned_data["text"].encode()


class PlayerNameForm(forms.Form):
    name = forms.CharField(
        max_length=NAME_LENGTH,
        error_messages={
            "required": "A player needs a name.",
            "max_length": f"A name is at most {NAME_LENGTH} letters.",
        },
    )


class OwnGameForm(forms.Form):
    """A table's own game: a name, a note and the house rules of one rule set (RULINGS.md
    section 15). The checks of the name and note are the engine's (OwnGame.keep); the house
    rules' inputs are those of the new-game page, so a post from there reads the same."""

    own_name = forms.CharField(
        required=False, max_length=OWN_NAME_LENGTH, label="Name of your game"
    )
    own_note = forms.CharField(
        required=False,
        max_length=OWN_NOTE_LENGTH,
        label="A note in your own words (optional)",
        widget=forms.Textarea(attrs={"rows": 3}),
    )

    def __init__(
        self,
        rules: engine.RuleSet | None,
        *args: Any,
        options: Mapping[str, Any] | None = None,
        ask_house_rules: bool = True,
        **kwargs: Any,
    ) -> None:
        """`options`: the house rules shown at first; with `ask_house_rules` False (a game's
        own rules, saved as they are), the house rules kept. `rules` None: the name and note
        alone, for a page that asks the rule set itself (the new-game page)."""
        super().__init__(*args, **kwargs)
        self.rules = rules
        chosen = dict(options or {})
        self.kept_options = None if ask_house_rules else chosen
        if rules is None or not ask_house_rules:
            return
        for rule in rules.house_rules:
            field = house_rule_field(rule)
            if rule.name in chosen:
                field.initial = chosen[rule.name]
            self.fields[house_rule_key(rules, rule)] = field

    @property
    def house_rule_fields(self) -> list[forms.BoundField]:
        if self.kept_options is not None or self.rules is None:
            return []
        return [self[house_rule_key(self.rules, rule)] for rule in self.rules.house_rules]

    @property
    def options(self) -> dict[str, Any]:
        """The house rules as chosen (once the form is valid), or as kept."""
        if self.kept_options is not None or self.rules is None:
            return self.kept_options or {}
        return NewGameForm.house_rules_chosen(self.rules, self.cleaned_data)
