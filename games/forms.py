"""The app's forms but the hand's (games/hand_form.py): an account's username (sign-up and
"Keep my games" share it), a new game's set-up and house rules, a game file to import, a
player's new name and a table's own game. Each asks the engine; none knows a rule."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from django import forms
from django.contrib.auth.forms import UserCreationForm, UsernameField
from django.contrib.auth.validators import UnicodeUsernameValidator
from django.core.exceptions import ValidationError
from django.utils.functional import lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from games import rules as engine
from games.board import in_words
from games.hand_form import capitalize
from games.models import NAME_LENGTH, team_name, username_taken
from games.models.account_names import GUEST_PREFIX, USERNAME_LENGTH, is_reserved
from games.rules.own_game import NAME_LENGTH as OWN_NAME_LENGTH
from games.rules.own_game import NOTE_LENGTH as OWN_NOTE_LENGTH
from games.rules.own_game import check_own_game_name
from games.templatetags.numbers import format_number
from games.words import (
    house_rule_choice,
    house_rule_label,
    house_rule_offered,
    player_counts,
    rule_set_choices,
    rule_set_name,
    say,
)


def username_rules() -> str:
    return ngettext(
        "Up to %(count)s character: letters, digits and @ . + - _ (no spaces).",
        "Up to %(count)s characters: letters, digits and @ . + - _ (no spaces).",
        USERNAME_LENGTH,
    ) % {"count": format_number(USERNAME_LENGTH)}


#: Said where a username is asked for, in the language of the page that shows it.
USERNAME_RULES = lazy(username_rules, str)()


def username_taken_message(username: str) -> str:
    return _("“%(username)s” is taken. Pick another username.") % {"username": username}


def username_field() -> UsernameField:
    """A new account's username, read as sign-up and "Keep my games" both read it: NFKC first
    ("Ａnn" is "Ann", "⑴" is "(1)"), then its length and its characters checked on what will be
    saved."""
    return UsernameField(
        label=gettext_lazy("Username"),
        max_length=USERNAME_LENGTH,
        validators=[UnicodeUsernameValidator()],
        help_text=USERNAME_RULES,
        error_messages={"required": gettext_lazy("Pick a username."), "max_length": USERNAME_RULES},
    )


def check_new_username(username: str, account: int | None = None) -> str:
    """`username` if nobody but `account` has it or one that reads the same (letter case and
    look-alike letters folded), and it is not a guest's."""
    if is_reserved(username):
        said = _("Usernames beginning “%(prefix)s” are the app's own. Pick another username.")
        raise ValidationError(said % {"prefix": GUEST_PREFIX}, code="reserved")
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


def names_at_most() -> str:
    return ngettext(
        "Names can be at most %(count)s character long.",
        "Names can be at most %(count)s characters long.",
        NAME_LENGTH,
    ) % {"count": format_number(NAME_LENGTH)}


def max_seats() -> int:
    return max(max(rules.player_counts) for rules in engine.RULE_SETS.values())


def offered_for(wanted: Callable[[engine.RuleSet], bool]) -> str:
    """The slugs of the rule sets for which `wanted` holds, for the page's data-show-for."""
    return " ".join(slug for slug, rules in engine.RULE_SETS.items() if wanted(rules))


def house_rule_key(rules: engine.RuleSet, rule: engine.HouseRule) -> str:
    """The form field of one rule set's house rule (two rule sets may both offer `target`)."""
    return f"{rules.slug}--{rule.name}"


def said_value(value: engine.OptionValue) -> str:
    """A house rule's value in a sentence: a number grouped as the language groups it."""
    if isinstance(value, int) and not isinstance(value, bool):
        return format_number(value)
    return str(value)


def house_rule_field(rules: engine.RuleSet, rule: engine.HouseRule) -> forms.Field:
    """The input a house rule of `rules` asks for, its default shown."""
    label = house_rule_label(rules, rule)
    named = {"rule": label, "offered": house_rule_offered(rule)}
    # Translators: "Game to: pick 10,000, 15,000 or 20,000."
    pick = _("%(rule)s: pick %(offered)s.") % named
    # Translators: "Red threes: type a whole number from 1 to 300."
    typed = _("%(rule)s: type %(offered)s.") % named
    wrong = {"invalid_choice": pick, "invalid": typed, "min_value": typed, "max_value": typed}
    if rule.kind is engine.HouseRuleKind.YES_NO:
        return forms.BooleanField(required=False, initial=rule.default, label=label)
    if rule.kind is engine.HouseRuleKind.NUMBER:
        return forms.IntegerField(
            required=False,
            min_value=rule.lowest,
            max_value=rule.highest,
            label=label,
            initial=rule.default,
            error_messages=wrong,
        )
    # Translators: the choice a game has unless the table says otherwise, "1,500 (usual)".
    usual_choice = _("%(choice)s (usual)")
    choices: list[tuple[Any, str]] = [
        (
            value,
            usual_choice % {"choice": house_rule_choice(rules, rule, value)}
            if value == rule.default
            else house_rule_choice(rules, rule, value),
        )
        for value in rule.values
    ]
    initial: Any = rule.default
    if rule.default_by_players:
        # The usual value depends on the players, not seated yet: "as usual" is a choice.
        # Short enough for a 320 px select: "Usual: 1 (2 for two)".
        # Translators: a house rule's usual value for some players, "2 for two" (players).
        by_players = _("%(value)s for %(players)s")
        usual = "; ".join(
            by_players % {"value": said_value(value), "players": in_words(players)}
            for players, value in rule.default_by_players
        )
        said = _("Usual: %(value)s (%(by_players)s)")
        choices = [("", said % {"value": said_value(rule.default), "by_players": usual})]
        choices += [(value, house_rule_choice(rules, rule, value)) for value in rule.values]
        initial = ""
    return forms.TypedChoiceField(
        choices=choices,
        coerce=int,
        empty_value=None,
        required=False,
        label=label,
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
        choices=rule_set_choices,
        widget=forms.RadioSelect,
        error_messages={"required": gettext_lazy("Pick the game you are playing.")},
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.seats = max_seats()
        # Equal teams of any size the most players allow (twelve as two teams of six).
        # Translators: "Teams of two": the number is in words.
        teams_of = _("Teams of %(number)s")
        teams = [
            (size, teams_of % {"number": in_words(size)}) for size in range(2, self.seats // 2 + 1)
        ]
        self.fields["team_size"] = forms.TypedChoiceField(
            choices=[(1, _("Everyone on their own")), *teams], coerce=int, initial=1, required=False
        )
        seat_called = _("Seat %(number)s")
        self.fields["first_dealer"] = forms.TypedChoiceField(
            choices=[
                (index, seat_called % {"number": format_number(index + 1)})
                for index in range(self.seats)
            ],
            coerce=int,
            initial=0,
        )
        for rules in engine.RULE_SETS.values():
            for rule in rules.house_rules:
                self.fields[house_rule_key(rules, rule)] = house_rule_field(rules, rule)
        for seat in range(self.seats):
            self.fields[f"seat{seat}"] = forms.CharField(
                required=False,
                max_length=NAME_LENGTH,
                strip=True,
                error_messages={"max_length": names_at_most()},
            )
        # A score pad plays many games: the table names this one ("Hearts").
        self.fields["game_name"] = forms.CharField(
            required=False, max_length=OWN_NAME_LENGTH, label=_("Name")
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
        "partners": gettext_lazy(
            "Partners sit opposite: in a game of four, seats 1 & 3 play seats 2 & 4."
        ),
        "alone": gettext_lazy("Everyone plays on their own."),
    }

    @property
    def seating_hint(self) -> str:
        """The seating of the game picked, before any seat is filled."""
        rules = engine.RULE_SETS.get(str(self["rules"].value() or ""))
        sizes = self.seating_table.get(rules.slug, {}) if rules else {}
        alone = bool(sizes) and all(size == 1 for size in sizes.values())
        return str(self.SEATING_HINTS["alone" if alone else "partners"])

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
            said = ngettext(
                "%(players)s player can't split into teams of %(size)s: %(needed)s",
                "%(players)s players can't split into teams of %(size)s: %(needed)s",
                len(players),
            )
            raise forms.ValidationError(
                said
                % {
                    "players": format_number(len(players)),
                    "size": format_number(team_size),
                    "needed": teams_needed(rules, team_size),
                }
            )
        sides = seat_sides(players, team_size)
        options = self.house_rules_chosen(rules, data)
        try:
            self.game = rules.new_game(players, sides, options)
            named = data.get("game_name") if rules.totals_only else ""
            if named:
                self.game = replace(self.game, own_game=engine.OwnGame(check_own_game_name(named)))
        except engine.RulesError as error:
            raise forms.ValidationError(capitalize(say(error))) from None
        # The seat picked, not the n-th player: a blank seat before it must not shift the deal.
        self.first_dealer_name = data.get(f"seat{data['first_dealer']}") or None
        if self.first_dealer_name is None:
            self.add_error("first_dealer", _("Pick one of the seats that has a player."))
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
        # Translators: "<game> needs 2, 3, 4 or 6 players."
        said = _("%(game)s needs %(players)s.")
        return said % {"game": rule_set_name(rules), "players": player_counts(rules)}
    counts = [format_number(n) for n in rules.player_counts if n % team_size == 0]
    said = _(
        "teams of %(size)s need %(counts)s or %(last)s players; or pick “Everyone on their own”."
    )
    return said % {
        "size": format_number(team_size),
        "counts": ", ".join(counts[:-1]),
        "last": counts[-1],
    }


def seat_sides(players: list[str], team_size: int) -> list[engine.Side]:
    """Teams by seating: partners sit opposite (seats 1 & 3, 2 & 4; with six, 1 & 4 ...)."""
    count = len(players) // team_size if team_size else len(players)
    sides = []
    for index in range(count):
        members = tuple(players[index::count])
        sides.append(engine.Side(name=team_name(members), players=members))
    return sides


class ImportGameForm(forms.Form):
    file = forms.FileField(
        required=False, error_messages={"required": gettext_lazy("Choose a game file to import.")}
    )
    text = forms.CharField(required=False, widget=forms.Textarea(attrs={"rows": 6}))

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if not data.get("file") and not data.get("text", "").strip():
            raise forms.ValidationError(_("Choose a game file, or paste one."))
        return data

    def content(self) -> bytes:
        upload = self.cleaned_data.get("file")
        if upload:
            from games.rules.gamefile import MAX_GAME_FILE_BYTES

            return upload.read(MAX_GAME_FILE_BYTES + 1)
        return self.cleaned_data["text"].encode()


def name_at_most() -> str:
    return ngettext(
        "A name is at most %(count)s letter.", "A name is at most %(count)s letters.", NAME_LENGTH
    ) % {"count": format_number(NAME_LENGTH)}


class PlayerNameForm(forms.Form):
    name = forms.CharField(
        max_length=NAME_LENGTH,
        error_messages={
            "required": gettext_lazy("A player needs a name."),
            "max_length": lazy(name_at_most, str)(),
        },
    )


class OwnGameForm(forms.Form):
    """A table's own game: a name, a note and the house rules of one rule set (RULINGS.md
    section 15). The checks of the name and note are the engine's (OwnGame.keep); the house
    rules' inputs are those of the new-game page, so a post from there reads the same."""

    own_name = forms.CharField(
        required=False, max_length=OWN_NAME_LENGTH, label=gettext_lazy("Name of your game")
    )
    own_note = forms.CharField(
        required=False,
        max_length=OWN_NOTE_LENGTH,
        label=gettext_lazy("A note in your own words (optional)"),
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
            field = house_rule_field(rules, rule)
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
