"""A table's own game (RULINGS.md section 15), kept by the account that saved it: a name, the rule
set, its house rules as chosen and a note. A game started from it copies all of them
(`Game.own_game_name`, `Game.own_game_note`, `rules_slug`, `options`), so changing or deleting
the own game later changes no game already started."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from django.conf import settings
from django.db import IntegrityError, models, transaction
from django.utils.translation import gettext as _

from games import rules as engine
from games.models.errors import Refused
from games.rules.names import folded
from games.rules.own_game import (
    NAME_LENGTH,
    NOTE_LENGTH,
    check_own_game_name,
    check_own_game_note,
)
from games.rules.own_game import (
    OwnGame as OwnGameDefinition,
)
from games.words import house_rules_in_force, say


class OwnGameRefused(Refused):
    """An own game not saved, with the reason in the player's words."""


class OwnGame(models.Model):
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, models.CASCADE, related_name="own_games")
    name = models.CharField(max_length=NAME_LENGTH)
    #: The name as two names are compared (letter case and look-alikes folded): one per account.
    folded_name = models.CharField(max_length=4 * NAME_LENGTH, editable=False)
    rules_slug = models.CharField(max_length=40, choices=engine.rule_set_choices)
    #: The house rules that differ from the rule set's defaults, as a game keeps them.
    options = models.JSONField(default=dict, blank=True)
    note = models.TextField(max_length=NOTE_LENGTH, blank=True)
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["folded_name"]
        constraints = [
            models.UniqueConstraint(fields=["owner", "folded_name"], name="one_own_game_per_name")
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def rules(self) -> engine.RuleSet:
        return engine.get_rule_set(self.rules_slug).with_options(self.options)

    @property
    def definition(self) -> OwnGameDefinition:
        return OwnGameDefinition(self.name, self.note)

    @property
    def differences(self) -> list[str]:
        """Its numbers that differ from the rule set's defaults, in a few words each."""
        return house_rules_in_force(self.rules, None)

    def played_as(self, setup: engine.GameSetup) -> engine.GameSetup:
        """`setup` played as this own game, where its rule set and house rules are this game's;
        otherwise (the table changed a number on the way) `setup` as it is."""
        rules = engine.get_rule_set(self.rules_slug)
        if setup.rules.slug != rules.slug:
            return setup
        if rules.with_options(self.options, len(setup.players)).options != setup.rules.options:
            return setup
        return replace(setup, own_game=self.definition)

    def form_initial(self) -> dict[str, Any]:
        """The new-game page's choices for a game of it: its rule set and house rules."""
        rules = engine.get_rule_set(self.rules_slug)
        initial: dict[str, Any] = {"rules": rules.slug}
        for rule in rules.house_rules:
            # A yes/no left as usual is shown as usual too: a box is ticked or not.
            if rule.name in self.options or rule.kind is engine.HouseRuleKind.YES_NO:
                initial[f"{rules.slug}--{rule.name}"] = self.options.get(rule.name, rule.default)
        return initial

    @classmethod
    def keep(
        cls,
        owner: Any,
        name: str,
        rules_slug: str,
        options: Mapping[str, Any],
        note: str = "",
        instead_of: OwnGame | None = None,
    ) -> OwnGame:
        """Save an own game (a new one, or `instead_of` changed); OwnGameRefused says why not:
        a name or note section 15 refuses, house rules the rule set does not offer, or the
        name of another of the account's own games."""
        try:
            name = check_own_game_name(name)
            note = check_own_game_note(note)
            rules = engine.get_rule_set(rules_slug).with_options(options)
        except engine.RulesError as refused:
            raise OwnGameRefused(capitalized(say(refused))) from None
        own = instead_of or cls(owner=owner)
        own.name, own.folded_name, own.note = name, folded(name), note
        own.rules_slug, own.options = rules.slug, rules.chosen_options(None)
        taken = cls.objects.filter(owner=owner, folded_name=own.folded_name).exclude(pk=own.pk)
        if taken.exists():
            raise OwnGameRefused(name_taken(name))
        try:
            with transaction.atomic():
                own.save()
        except IntegrityError:  # the same name saved a moment ago, from another tab
            raise OwnGameRefused(name_taken(name)) from None
        return own


def name_taken(name: str) -> str:
    said = _("You already have a game called “%(name)s”. Give this one another name.")
    return said % {"name": name}


def capitalized(message: str) -> str:
    return message[:1].upper() + message[1:] + ("" if message.endswith(".") else ".")
