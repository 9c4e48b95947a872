"""Burraco's words (games/rules/burraco.py has its numbers): Italy's game of burracos and
pozzetti, scored as the federation scores it, in English with the table's own words (burraco
pulito, semipulito, sporco, pozzetto, pinella, jolly, chiusura) explained once."""

from __future__ import annotations

from collections.abc import Callable

from django.utils.translation import gettext, ngettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from games.rules.burraco import VICTORY_STEPS, Burraco, victory_points
from games.templatetags.numbers import format_number
from games.words.filling import fill
from games.words.games.partners import ITEMS, Item, with_numbers, worked_example
from games.words.rule_sets import FieldWords, HouseRuleWords, Prose, RuleSetWords, Section, register

FIELDS = {
    "clean_burracos": FieldWords(
        _("Clean burracos"),
        _("{cards_per_canasta:w} or more cards with no wild card (burraco pulito)"),
        short_label=pgettext_lazy("a narrow column of clean burracos", "Clean"),
        unit=_("clean burraco"),
        units=_("clean burracos"),
    ),
    "semi_clean_burracos": FieldWords(
        _("Semi-clean burracos"),
        _(
            "a wild card at one end of a run of {cards_per_canasta:w} or more natural cards, or "
            "a group of {semi_clean_cards:w} or more with its wild card (semipulito)"
        ),
        short_label=pgettext_lazy("a narrow column of semi-clean burracos", "Semi-clean"),
        unit=_("semi-clean burraco"),
        units=_("semi-clean burracos"),
    ),
    "dirty_burracos": FieldWords(
        _("Dirty burracos"),
        _("any other burraco with a wild card in it (burraco sporco)"),
        short_label=pgettext_lazy("a narrow column of dirty burracos", "Dirty"),
        unit=_("dirty burraco"),
        units=_("dirty burracos"),
    ),
    "meld_points": FieldWords(
        _("Card points on the table"),
        _("every melded card, burraco cards included"),
        short_label=pgettext_lazy("a narrow column of card points on the table", "Melded"),
    ),
    "hand_points": FieldWords(
        _("Card points left in hands"),
        _(
            "the cards left in the side's hands, a pozzetto taken but not played and penalty "
            "cards included"
        ),
        short_label=pgettext_lazy("a narrow column of card points left in hands", "In hand"),
    ),
    "went_out": FieldWords(
        _("Went out (chiusura)"),
        _("for closing, the chiusura: a player of the side used up their cards"),
        short_label=pgettext_lazy("a narrow column of Burraco's closing", "Closed"),
    ),
    "pozzetto_not_taken": FieldWords(
        _("Pozzetto not taken"),
        _("against a side that never took its pozzetto"),
        short_label=pgettext_lazy("a narrow column of Burraco's pozzetto not taken", "No pozzetto"),
    ),
}

HOUSE_RULES = {
    "semi_clean": HouseRuleWords(
        _("A semi-clean burraco scores"), phrase=_("semi-clean burracos score {value}")
    ),
    "clean_to_close": HouseRuleWords(
        _("Closing needs a clean burraco"),
        phrase=_("closing needs a clean burraco"),
        phrase_no=_("any burraco lets a side close"),
    ),
    "hands": HouseRuleWords(
        _("Tournament game"),
        phrase=_("{value}, decided in victory points"),
        phrase_zero=_("a free game to the target"),
        value_words={
            hands: with_numbers(_("{hands} hands"), hands=hands) for hands in VICTORY_STEPS
        },
    ),
}

#: A worked hand's items, by field.
ITEMS_BURRACO: dict[str, Item] = {
    **ITEMS,
    "clean_burracos": lambda n: ngettext("{count} clean burraco", "{count} clean burracos", n),
    "semi_clean_burracos": lambda n: ngettext(
        "{count} semi-clean burraco", "{count} semi-clean burracos", n
    ),
    "dirty_burracos": lambda n: ngettext("{count} dirty burraco", "{count} dirty burracos", n),
    "hand_points": lambda n: ngettext(
        "{count} card point left in hand", "{count} card points left in hand", n
    ),
    # A yes, said as the field's label: the words a sheet's reader finds in the scoring table.
    "went_out": lambda n: gettext("went out (chiusura)"),
    "pozzetto_not_taken": lambda n: gettext("pozzetto not taken"),
}


def worked(rules: Burraco, tally: dict[str, int | bool]) -> str:
    """RULINGS.md's worked hand in this table's numbers (a semi-clean burraco typed as dirty
    where the table counts it so), as a sentence."""
    shown = dict(tally)
    if not rules.asks_semi_clean and "semi_clean_burracos" in shown:
        semi = int(shown.pop("semi_clean_burracos"))
        shown["dirty_burracos"] = int(shown.get("dirty_burracos", 0)) + semi
        # Said where the dirty ones are (after the clean), as the tally's fields come.
        shown = {f.name: shown[f.name] for f in rules.tally_fields if f.name in shown}
    asked = {f.name: shown.get(f.name, f.blank) for f in rules.tally_fields}
    fields = [f.name for f in rules.tally_fields]
    return worked_example(ITEMS_BURRACO, fields, shown, rules.score_tally(asked))


def example_out(rules: object) -> str:
    assert isinstance(rules, Burraco)
    return worked(rules, rules.worked_out)


def example_other(rules: object) -> str:
    assert isinstance(rules, Burraco)
    return worked(rules, rules.worked_other)


def semi_clean_words(rules: object) -> str:
    assert isinstance(rules, Burraco)
    if rules.asks_semi_clean:
        said = _(
            "A burraco is semi-clean (semipulito, {pts[semi_clean_burracos]}) when its wild card "
            "stands at one end of a run, beyond at least {cards_per_canasta:w} natural cards in "
            "a row, or when it is a group of at least {semi_clean_cards:w} cards counting the "
            "wild card."
        )
    else:
        said = _(
            "At this table a semi-clean burraco (a wild card at one end of a run of "
            "{cards_per_canasta:w} natural cards, or a group of {semi_clean_cards:w} with its "
            "wild card) counts as dirty."
        )
    return fill(rules, said)


def closing_needs(rules: object) -> str:
    assert isinstance(rules, Burraco)
    if rules.clean_to_close:
        return str(_("its pozzetto taken and at least one clean burraco"))
    return str(_("its pozzetto taken and at least one burraco of any kind"))


def victory_points_words(rules: object) -> str:
    assert isinstance(rules, Burraco)
    if rules.fixed_hands is None:
        return fill(
            rules,
            _(
                "Club and tournament games are instead a set number of hands, "
                "{tournament_hands[0]:w} or {tournament_hands[1]:w}, decided in victory points "
                "(the house rule Tournament game)."
            ),
        )
    said = _(
        "This game is exactly {fixed_hands} hands. Then the difference between the sides' "
        "totals gives victory points, {victory_points_total} in all: the side with the higher "
        "total gets the first number, the other side the second; equal totals get "
        "{even_share} each."
    )
    return fill(rules, said)


def victory_row(index: int) -> Callable[[object], str]:
    """Row `index` of the victory-point table of this table's number of hands, as an item
    ("- over 50, up to 150: 11 – 9"); "" in a free game."""

    def row(rules: object) -> str:
        assert isinstance(rules, Burraco)
        hands = rules.fixed_hands
        if hands is None:
            return ""
        steps = VICTORY_STEPS[hands]
        lower = steps[index - 1] if index else 0
        leading, other = victory_points(lower + 1 if index else 0, hands)
        numbers = {
            "lower": format_number(lower),
            "upper": format_number(steps[index]) if index < len(steps) else "",
            "leading": format_number(leading),
            "other": format_number(other),
        }
        if not index:
            said = gettext("- a difference of {lower} to {upper}: {leading} – {other}")
        elif index < len(steps):
            said = gettext("- over {lower}, up to {upper}: {leading} – {other}")
        else:
            said = gettext("- over {lower}: {leading} – {other}")
        return said.format(**numbers)

    return row


def ending_words(rules: object) -> str:
    assert isinstance(rules, Burraco)
    if rules.fixed_hands is not None:
        return fill(
            rules,
            _(
                "The game ends after hand {fixed_hands}. The side with more victory points "
                "wins; at {even_share} – {even_share} the win is shared."
            ),
        )
    return fill(
        rules,
        _(
            "The game ends after the hand in which a side reaches {target_score} or more. The "
            "highest total wins; equal highest totals share the win."
        ),
    )


def goal_words(rules: object) -> str:
    assert isinstance(rules, Burraco)
    if rules.fixed_hands is not None:
        return fill(rules, _("{fixed_hands} hands, decided in victory points"))
    return fill(rules, _("game to {target_score}, highest total wins"))


ROWS = len(next(iter(VICTORY_STEPS.values()))) + 1

PROSE = Prose(
    sections=(
        Section(
            _("Players and cards"),
            (
                _(
                    "Burraco is Italy's canasta game, for {players}. With {partnership_words}, "
                    "partners sit opposite each other, North-South against East-West, and score "
                    "together; with fewer, everyone plays alone. Shuffle together {packs}."
                ),
                _(
                    "The wild cards (matte) are the jokers (jolly) and the twos (pinelle). A "
                    "meld holds at most {max_wild_in_meld:w} wild card. A two in its natural "
                    "place in a run of its own suit is a natural card."
                ),
            ),
            table="card_values",
        ),
        Section(
            _("The deal and the pozzetti"),
            (
                _(
                    "The dealer deals {hand_cards} cards to each player, one at a time, and sets "
                    "aside a packet of {pozzetto_cards} cards face down for each side: its "
                    "pozzetto (the pozzetti, for both). The rest is the stock; its top card "
                    "turned up starts the discard pile. The deal passes one seat to the left "
                    "after every hand."
                ),
            ),
        ),
        Section(
            _("A turn"),
            (
                _(
                    "In your turn draw the top card of the stock or take the whole discard pile, "
                    "meld if you like, then discard a single card. Melds are runs of "
                    "{meld_start:w} or more cards, all of a suit, or groups of {meld_start:w} or "
                    "more cards of a rank, never of twos."
                ),
            ),
        ),
        Section(
            _("Burracos"),
            (
                _(
                    "A meld of {cards_per_canasta:w} or more cards is a burraco. It is clean "
                    "(pulito, {pts[clean_burracos]}) with no wild card in it, and dirty (sporco, "
                    "{pts[dirty_burracos]}) with a wild card in it."
                ),
                "{semi_clean_words}",
            ),
        ),
        Section(
            _("The pozzetto and closing"),
            (
                _(
                    "The first player of a side to use up their cards takes the side's pozzetto "
                    "and plays on with it. A player closes (the chiusura) by using up their cards "
                    "with a final discard, which may not be a wild card; the side needs "
                    "{closing_needs}. Closing scores {pts[went_out]} and ends the hand."
                ),
                _(
                    "A hand also ends, with nobody closing, when the stock is down to its last "
                    "{stock_left:w} cards: they are never drawn, and play stops after the "
                    "discard of the player who drew the card before them. In tournaments a "
                    "hand also stops at the referee's time-out."
                ),
                _(
                    "A side that never took its pozzetto loses {pozzetto_not_taken_points}. A "
                    "pozzetto taken but not yet played when the hand ends counts against its side "
                    "through its cards, among the cards left in hand; so do the penalty cards of "
                    "tournament play."
                ),
            ),
        ),
        Section(
            _("Scoring"),
            (
                _(
                    "When the hand ends, each side adds up its burracos, {pts[went_out]} for "
                    "closing and the card values of every card it has melded, burraco cards "
                    "included. From that it takes away the card values of the cards left in its "
                    "players' hands, and {pozzetto_not_taken_points} if it never took its "
                    "pozzetto. The scoring table gives every item."
                ),
                _("For example, a side with {example_out}."),
                _("The other side, with {example_other}."),
            ),
        ),
        Section(
            _("Victory points"),
            ("{victory_points_words}", *(f"{{victory_row_{index}}}" for index in range(ROWS))),
        ),
    ),
    ending="{ending_words}",
    goal="{goal_words}",
    house_rules={
        "clean_to_close": _(
            "Some tables, as in the federation's Burraco Internazionale, let a side close only "
            "with a clean burraco."
        ),
    },
    pad_note=_(
        "Chiusura: closing, {pts[went_out]}; it needs {closing_needs}. Pozzetto never taken: "
        "−{pozzetto_not_taken_points}."
    ),
    terms={
        "Clean burracos": _(
            "A burraco is a meld of {cards_per_canasta} or more cards; a clean one (pulito) has "
            "no wild card."
        ),
        "Semi-clean burracos": _(
            "A semi-clean burraco (semipulito) has its wild card at one end of a run of "
            "{cards_per_canasta} natural cards or more, or is a group of {semi_clean_cards} or "
            "more with its wild card."
        ),
        "Dirty burracos": _(
            "A dirty burraco (sporco) has a wild card, a jolly or a pinella, in any other place."
        ),
        "Went out (chiusura)": _(
            "The chiusura: a player uses up their cards with a last discard after the side took "
            "its pozzetto. It scores {pts[went_out]} and ends the hand."
        ),
        "Pozzetto not taken": _(
            "The pozzetto is the side's packet of {pozzetto_cards} cards, taken by the first of "
            "its players to use up their cards. A side that never took it loses "
            "{pozzetto_not_taken_points}."
        ),
    },
)

register(
    Burraco.slug,
    RuleSetWords(
        name=_("Burraco"),
        summary=_(
            "Italy's canasta game for {players}: burracos clean, semi-clean and dirty, a "
            "pozzetto for each side; a free game to a target, or a tournament game of a few "
            "hands decided in victory points."
        ),
        fields=FIELDS,
        house_rules=HOUSE_RULES,
        at_home_in=("it",),
        texts={
            "cards_dealt": _(
                "{hand_cards} cards to each player, and a pozzetto of {pozzetto_cards} for each "
                "side"
            ),
            "wild_cards": _("jokers (jolly) and twos (pinelle)"),
            "packs": _(
                "{fixed_packs:w} packs of {pack_cards} cards plus {jokers_in_play} jokers "
                "({cards} cards)"
            ),
            "semi_clean_words": semi_clean_words,
            "closing_needs": closing_needs,
            "going_out_needs": closing_needs,
            "victory_points_words": victory_points_words,
            **{f"victory_row_{index}": victory_row(index) for index in range(ROWS)},
            "ending_words": ending_words,
            "goal_words": goal_words,
            "example_out": example_out,
            "example_other": example_other,
            "card:joker": _("Joker (jolly)"),
            "card:two": _("Two (pinella)"),
            "card:ace": pgettext_lazy("a card", "Ace"),
            "card:eight_to_king": pgettext_lazy("cards", "Eight to King"),
            "card:three_to_seven": pgettext_lazy("cards", "Three to Seven"),
        },
        prose=PROSE,
    ),
)
