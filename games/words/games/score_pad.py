"""The score pad's words (games/rules/score_pad.py): a pad for any other card game, whose table
scores each hand itself and picks the end."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from games.words.games.shared import HOUSE_RULES
from games.words.rule_sets import Prose, RuleSetWords, Section, register

PROSE = Prose(
    sections=(
        Section(
            _("How it works"),
            (
                _(
                    "Play your game as you always do. At the end of each hand, work out each "
                    "side's score for that hand the way your game counts it, and write (or "
                    "type) that score for every side: a minus score is written with its sign, "
                    "and a side that scored nothing gets a zero."
                ),
                _(
                    "Keep a running total for each side: add the hand's score to the total "
                    "above it."
                ),
            ),
        ),
        Section(
            _("Choosing the end"),
            (
                _(
                    "Before the first hand, agree how the game ends: when a side's total "
                    "reaches a target, after a set number of hands, or whenever the table "
                    "decides to stop. With both a target and a number of hands, whichever comes "
                    "first ends it."
                ),
                _(
                    "Agree too which total wins: in most games the highest, in games such as "
                    "Hearts the lowest, with the target ending the game for everyone."
                ),
            ),
        ),
    ),
    house_rules={
        "lowest_wins": _(
            "Some games are won by the lowest total (Hearts, for example): the table chooses "
            "that when it sets up the game."
        ),
    },
    pad_note=_("Write each hand's score with its sign, then add it to the total above."),
)

WORDS = RuleSetWords(
    name=_("Score pad (any other game)"),
    summary=_(
        "For Hearts, Spades or any game with no rule set here: type each side's score for the "
        "hand. Play to a target, for a number of hands, or until you say the game is over."
    ),
    # The end a table picks, in the words of every rule set that has these house rules.
    house_rules={name: HOUSE_RULES[name] for name in ("target", "hands", "lowest_wins")},
    texts={
        # Translators: the score pad's name on a button of the new-game page.
        "chip_name": _("Any other game"),
        "cards_dealt": _("as your game deals"),
        "wild_cards": _("as your game plays them"),
        "packs": _("the cards your game uses"),
    },
    prose=PROSE,
)

register("score-pad", WORDS)
