"""The words at the edge: every sentence a player reads that the engine (games/rules/) only
says as data. A refusal is a RulesError with a code and its parameters; `say` writes it in the
active language from the catalogues (locale/<lang>/LC_MESSAGES/django.po), whose English
source texts live in this package: `refusals` (the set-up, the tally, the game file, the house
rules) and `game_refusals` (each rule set's own checks).

A rule set's own words (its name, summary, tally, house rules, phrases, rule sheet) are its
`RuleSetWords` (games/words/games/<its module>.py); the functions below the refusals say them,
filled with its numbers (games/words/filling.py), and fall back to the engine's attribute for a
rule set, or a thing, whose words are not written yet. The app reads every rule-set word
through them, never from the engine."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from django.utils.functional import Promise
from django.utils.translation import (
    get_language,
    gettext,
    gettext_lazy,
    override,
    pgettext,
    pgettext_lazy,
)

from games.rules.core import CardValue, GameSetup, RuleSet
from games.rules.errors import Param, RulesError, Said
from games.rules.features import CardLine, HouseRule, HouseRuleKind, OptionValue, RoundCard
from games.rules.own_game import OwnGame
from games.rules.tally import TallyField
from games.templatetags.numbers import format_number
from games.words.filling import Lookup, fill, prose_of, words_of
from games.words.game_refusals import GAME_REFUSALS
from games.words.refusals import REFUSALS, Words
from games.words.rule_sets import FieldWords, HouseRuleWords, Prose, RoundWords, Text
from games.words.spelled import number_in_words

#: Every refusal's words by its code: "{name}" placeholders are filled from its parameters; a
#: code whose words name the hand word has a sentence for each ("hand", "deal", "round").
PROBLEMS: Mapping[str, Words] = {**REFUSALS, **GAME_REFUSALS}


#: A rule set's word for a hand, by its code, as a heading says it and inside a sentence: lazy,
#: so that a call translates the one word it says, not all three.
HAND_WORDS = {
    "hand": pgettext_lazy("a hand of cards, as a heading", "Hand"),
    "deal": pgettext_lazy("a hand of cards, as a heading", "Deal"),
    "round": pgettext_lazy("a hand of cards, as a heading", "Round"),
}
HAND_WORDS_IN_SENTENCE = {
    "hand": pgettext_lazy("a hand of cards, inside a sentence", "hand"),
    "deal": pgettext_lazy("a hand of cards, inside a sentence", "deal"),
    "round": pgettext_lazy("a hand of cards, inside a sentence", "round"),
}


def hand_word(word: str) -> str:
    """A rule set's word for a hand ("hand", "deal", "round"), capitalized, as a heading or a
    place says it: "Hand", "Deal", "Round"."""
    return str(HAND_WORDS.get(word.lower(), HAND_WORDS["hand"]))


def hand_word_in_sentence(word: str) -> str:
    """A rule set's word for a hand as it stands inside a sentence: "hand", "deal", "round" in
    English, which writes it in lower case; a language that capitalizes its nouns keeps
    "Runde"."""
    return str(HAND_WORDS_IN_SENTENCE.get(word.lower(), HAND_WORDS_IN_SENTENCE["hand"]))


#: Languages that write their nouns with a capital inside a sentence too ("Rote Dreien").
NOUNS_CAPITALISED = ("de",)


def in_sentence(label: str) -> str:
    """A box's label as it reads inside a sentence ("More: red threes"): lower case, but for a
    language whose nouns keep their capital, where only a first word that is not a noun could
    be lowered, and the label is left as it is."""
    language = (get_language() or "en").split("-")[0]
    return label if language in NOUNS_CAPITALISED else label.lower()


def spoken(value: Param) -> str:
    """A parameter as a sentence writes it: numbers grouped as the language groups them."""
    if isinstance(value, bool):
        return gettext("yes") if value else gettext("no")
    if isinstance(value, int):
        return format_number(value)
    if isinstance(value, tuple):
        return ", ".join(spoken(item) for item in value)
    return "" if value is None else str(value)


def joined(items: list[str], how: str) -> str:
    """Items as a list in a sentence: "a, b and c" (`how` "and") or "a, b or c" ("or")."""
    if len(items) < 2:
        return "".join(items)
    if how == "and":
        # Translators: the end of a list in a sentence: "{items}" is "a, b", "{last}" is "c".
        words = pgettext("a list: a, b and c", "{items} and {last}")
    else:
        # Translators: the end of a choice in a sentence: "{items}" is "a, b", "{last}" is "c".
        words = pgettext("a choice: a, b or c", "{items} or {last}")
    return words.format(items=", ".join(items[:-1]), last=items[-1])


class Spoken:
    """A parameter as the words' placeholder asks for it: "{count}" as `spoken` says it,
    "{names:and}" and "{choices:or}" as a list, "{players:words}" in words."""

    def __init__(self, value: Param) -> None:
        self.value = value

    def __format__(self, spec: str) -> str:
        value = self.value
        if spec in {"and", "or"} and isinstance(value, tuple):
            return joined([spoken(item) for item in value], spec)
        if spec == "words" and isinstance(value, int) and not isinstance(value, bool):
            return number_in_words(value)
        return spoken(value)


def words_for(error: RulesError | Said) -> Words | None:
    """The words of `error`'s code: its sentence for the rule set's hand word, where it has
    one for each (None: the code has no words)."""
    words = PROBLEMS.get(error.code)
    if isinstance(words, Mapping):
        return words.get(error.hand_word.lower()) or words.get("hand")
    return words


def problem(error: RulesError | Said) -> str:
    """What is wrong, in the active language, without where ("a side that goes out needs at
    least two canastas"); also what the engine says that is not a refusal (a `Said`)."""
    words = words_for(error)
    if words is None:
        # A code with no words is our bug, not the player's: say something true and plain.
        return gettext("that is not allowed by the rules")
    params = {name: Spoken(value) for name, value in error.params.items()}
    rule_set = error.params.get("rule_set")
    if isinstance(rule_set, str):
        params["rule_set"] = Spoken(rule_set_named(rule_set))
    try:
        return str(words).format(**params)
    except (KeyError, IndexError, ValueError):
        # A translation with a wrong placeholder: the English words, never an error at the table.
        with override(None):
            return str(words).format(**params)


def say(error: RulesError) -> str:
    """The whole sentence, where first: "Hand 3, Ann & Cy: a side that goes out needs ..."."""
    place = []
    if error.hand is not None:
        place.append(f"{hand_word(error.hand_word)} {format_number(error.hand)}")
    if error.side is not None:
        place.append(error.side)
    said = problem(error)
    return f"{', '.join(place)}: {said}" if place else said


#: The one question asked once for the whole hand, by its field ("went_out" in every rule set
#: that asks one); a field with none here is asked by its label.
ONE_SIDE_QUESTIONS = {"went_out": gettext_lazy("Who went out?")}


def one_side_question(field_name: str, label: str) -> str:
    return str(ONE_SIDE_QUESTIONS.get(field_name, label))


# -- a rule set's words (games/words/games/<its module>.py), filled with its numbers ----------


def rule_set_name(rules: RuleSet) -> str:
    """The rule set's name ("Canasta", "Ten Pennies (deuces wild)")."""
    words = words_of(rules)
    return fill(rules, words.name) if words else rules.name


def rule_set_choices() -> list[tuple[str, str]]:
    """(slug, name) of every rule set, for a form's choices, in the reader's language."""
    from games.rules import RULE_SETS

    return [(slug, rule_set_name(rules)) for slug, rules in RULE_SETS.items()]


def rule_set_named(name: str) -> str:
    """The rule set the engine calls `name` (a refusal's `rule_set`), in the reader's language;
    a name of no rule set as it is."""
    from games.rules import RULE_SETS

    for rules in RULE_SETS.values():
        if rules.name == name:
            return rule_set_name(rules)
    return name


def summary(rules: RuleSet) -> str:
    """Its one line about the game, with this table's numbers (the engine's `summary_at_table`)."""
    words = words_of(rules)
    return fill(rules, words.summary) if words else rules.summary


def game_name(setup: GameSetup) -> str:
    """A game's name in a few words: its table's own game's (never translated), else its rule
    set's."""
    return setup.own_game.name if setup.own_game else rule_set_name(setup.rules)


def game_title(setup: GameSetup) -> str:
    """What its sheets call the game: "Our Samba — Samba with house rules", or "Samba"."""
    return (
        own_game_title(setup.own_game, setup.rules)
        if setup.own_game
        else rule_set_name(setup.rules)
    )


def own_game_title(own: OwnGame, rules: RuleSet) -> str:
    """ "Grandma's Hand and Foot — Hand and Foot with house rules"."""
    said = gettext("{name} — {rules} with house rules")
    return said.format(name=own.name, rules=rule_set_name(rules))


def _field_words(rules: RuleSet, name: str) -> FieldWords | None:
    from games.words.games import shared

    # The shared words stand in only where a rule set's words are written (the parity test
    # reads them there): a rule set without any keeps the engine's, whatever its fields' names.
    words = words_of(rules)
    if words is None:
        return None
    return words.fields.get(name) or shared.FIELDS.get(name)


def _written_or(text: Text, default: str) -> Text:
    """`text or default`, without translating `text` to ask: a lazy text is never empty (its
    English is not), so only a plain "" gives way to `default`."""
    return text if isinstance(text, Promise) or text else default


def field_label(rules: RuleSet, field: TallyField) -> str:
    """A tally field's label ("Natural canastas")."""
    words = _field_words(rules, field.name)
    return fill(rules, _written_or(words.label, field.label)) if words else field.label


def field_note(rules: RuleSet, field: TallyField) -> str:
    """How it scores, in players' words (the engine's `scores`)."""
    words = _field_words(rules, field.name)
    return fill(rules, _written_or(words.note, field.scores)) if words else field.scores


def short_label(rules: RuleSet, field: TallyField) -> str:
    """Its word for a narrow column ("Natural"), else its label (the engine's `heading`)."""
    words = _field_words(rules, field.name)
    if words is None:
        return field.heading
    short = words.short_label or field.short_label
    return fill(rules, short) if short else field_label(rules, field)


def unit(rules: RuleSet, field: TallyField, count: int = 1) -> str:
    """One (or `count`) of what a count counts, for a sentence: "natural canasta", "natural
    canastas"; "" where the field has none (points, yes/no)."""
    words = _field_words(rules, field.name)
    if words is not None and words.unit:
        said = words.unit if count == 1 else words.units or words.unit
        return fill(rules, said, count=count)
    if not field.unit or count == 1:
        return field.unit
    # The engine's English plural, as its worked examples make it.
    return field.unit.replace("three", "threes", 1) if "three" in field.unit else f"{field.unit}s"


def _house_words(rules: RuleSet, rule: HouseRule) -> HouseRuleWords | None:
    from games.words.games import shared

    words = words_of(rules)
    if words is None:
        return None
    return words.house_rules.get(rule.name) or shared.HOUSE_RULES.get(rule.name)


def house_rule_label(rules: RuleSet, rule: HouseRule) -> str:
    """The rule as the new-game page asks it ("Game to")."""
    words = _house_words(rules, rule)
    return fill(rules, words.label or rule.label) if words else rule.label


def house_rule_phrase(rules: RuleSet, rule: HouseRule, value: OptionValue) -> str:
    """The rule as set, in a few words ("game to 20,000", "lowest total wins"): the engine's
    `HouseRule.describe`."""
    words = _house_words(rules, rule)
    if words is None:
        return rule.describe(value)
    if rule.kind is HouseRuleKind.YES_NO:
        return fill(
            rules, (words.phrase or rule.phrase) if value else (words.phrase_no or rule.phrase_no)
        )
    if value is None:
        return fill(rules, words.phrase_none or rule.phrase_none)
    zero = words.phrase_zero or rule.phrase_zero
    if value == 0 and zero:
        return fill(rules, zero)
    phrase = words.phrase or rule.phrase
    if not phrase:
        label = house_rule_label(rules, rule)
        phrase = f"{label[:1].lower()}{label[1:]} {{value}}"
    return fill(rules, phrase, value=value, s="" if value == 1 else "s")


def house_rule_choice(rules: RuleSet, rule: HouseRule, value: int) -> str:
    """A value as the new-game page offers it ("1,500", "No wild books"): the engine's
    `HouseRule.choice_label`."""
    words = _house_words(rules, rule)
    zero = (words.phrase_zero if words else "") or rule.phrase_zero
    if value == 0 and zero:
        said = fill(rules, zero)
        return said[:1].upper() + said[1:]
    return format_number(value)


def house_rule_offered(rule: HouseRule) -> str:
    """The values a house rule takes, as a game file writes them: "10,000, 15,000 or 20,000",
    "none, 1,000 or 1,500", "a whole number from 1 to 300, or none" (the engine's
    `HouseRule.offered`; a value named by a word keeps the game file's word)."""
    if rule.kind is HouseRuleKind.YES_NO:
        # Translators: what a yes/no house rule takes in a game file (JSON's words, kept).
        return gettext("true or false")
    if rule.kind is HouseRuleKind.CHOICE:
        said = [rule.written(value) for value in rule.values]
        return joined([value if isinstance(value, str) else spoken(value) for value in said], "or")
    numbers = {"lowest": format_number(rule.lowest), "highest": format_number(rule.highest)}
    if rule.optional:
        return gettext("a whole number from {lowest} to {highest}, or none").format(**numbers)
    return gettext("a whole number from {lowest} to {highest}").format(**numbers)


def house_rules_in_force(rules: RuleSet, players: int | None) -> list[str]:
    """The changed house rules in a few words each ("game to 20,000"), for the scoreboard and
    the printouts; empty when the table plays every default."""
    chosen = rules.chosen_options(players)
    return [
        house_rule_phrase(rules, rule, chosen[rule.name])
        for rule in rules.house_rules
        if rule.name in chosen
    ]


def text(rules: RuleSet, key: str) -> str:
    """A phrase the rule set builds from its numbers ("cards_dealt", "wild_cards", "deal_text",
    "going_out_needs", "concealed_scores", ...): its words' `texts`, else worked out
    ("players", "packs", "seating_words"), else the engine's attribute of that name."""
    return f"{Lookup(rules)[key]}"


def prose(rules: RuleSet) -> Prose:
    """Its rule sheet's words (sections, house rules, score notes, pad note, ending, goal, pad
    hints, terms), not yet filled: games/words/filling.py fills them."""
    return prose_of(rules)


def card_name(rules: RuleSet, value: CardValue) -> str:
    """A card's name in the card-value table ("Joker", "Eight to King")."""
    from games.words.games import shared

    own = words_of(rules)
    said = own.texts.get(f"card:{value.cards}") if own else None
    if said is not None:
        return text(rules, f"card:{value.cards}")
    return str(shared.CARD_NAMES.get(value.cards, value.cards))


def card_note(rules: RuleSet, value: CardValue) -> str:
    """What the card-value table says beside a card ("see Threes"), or ""."""
    from games.words.games import shared

    own = words_of(rules)
    if own and f"card_note:{value.cards}" in own.texts:
        return text(rules, f"card_note:{value.cards}")
    return str(shared.CARD_NOTES.get(value.note, value.note))


def deal_word(rules: RuleSet, what: str) -> str:
    """Who deals what, as the scoreboard says it: "Dealer", and what the dealer's partner deals
    ("Pennies": its words' `texts["dealer_partner"]`)."""
    from games.words.games import shared

    if what in shared.DEALS:
        return str(shared.DEALS[what])
    own = words_of(rules)
    if own and "dealer_partner" in own.texts:
        return text(rules, "dealer_partner")
    return what


def phase_words(rules: RuleSet, number: int) -> str:
    """What phase `number` asks ("a run of seven"): its words' `texts["phase:<number>"]`, else
    the engine's."""
    own = words_of(rules)
    if own and f"phase:{number}" in own.texts:
        return text(rules, f"phase:{number}")
    track = rules.phase_track
    assert track is not None
    return track.words(number)


def chip_name(rules: RuleSet) -> str:
    """The name on the new-game page's chip, where the name is too long for one."""
    own = words_of(rules)
    if own and "chip_name" in own.texts:
        return text(rules, "chip_name")
    return rules.chip_name or rule_set_name(rules)


def seating_words(rules: RuleSet) -> str:
    """How the players sit, as the new-game page says it ("in partnerships")."""
    return text(rules, "seating_words")


def player_counts(rules: RuleSet) -> str:
    """Who plays, as the new-game page says it ("2 to 4 players")."""
    return text(rules, "players")


def _round_words(rules: RuleSet) -> RoundWords | None:
    own = words_of(rules)
    return own.rounds if own else None


def round_headline(rules: RuleSet, card: RoundCard, numbered: bool = True) -> CardLine:
    """The one line a player reads before the deal ("Deal 3: two runs · 10 cards"); without
    its "Deal 3: " under a heading that names the round already."""
    words = _round_words(rules)
    line = words.headline(card) if words else card.headline
    return line if numbered else replace(line, lead="")


def round_detail(rules: RuleSet, card: RoundCard) -> CardLine | None:
    """A second line, where the round asks more than the headline says."""
    words = _round_words(rules)
    return words.detail(card) if words else card.detail


def round_summary(rules: RuleSet, card: RoundCard) -> str:
    """Headline and detail in one line, for a printed score sheet."""
    words = _round_words(rules)
    if words is not None and words.summary is not None:
        return words.summary(card)
    if words is None or type(card).summary is not RoundCard.summary:
        # A card that says its summary its own way, with no words for it yet: the engine's.
        return card.summary
    lines = (round_headline(rules, card), round_detail(rules, card))
    return "; ".join(str(line) for line in lines if line)


def round_table_head(rules: RuleSet) -> tuple[str, ...]:
    """The headings of the rule sheet's round table after the round's number."""
    words = _round_words(rules)
    if words and words.table_head:
        return tuple(str(heading) for heading in words.table_head)
    return tuple(rules.rounds[0].table_head) if rules.rounds else ()


def round_table_row(rules: RuleSet, card: RoundCard) -> tuple[str, ...]:
    words = _round_words(rules)
    return words.table_row(card) if words else card.table_row


def round_pad_lines(rules: RuleSet, card: RoundCard) -> tuple[str, ...]:
    """Short lines for the score pad's cell under the round's number."""
    words = _round_words(rules)
    return words.pad_lines(card) if words else card.pad_lines


# The rule sets' words register themselves as they are imported: once, with this package.
from games.words import games as _rule_set_words  # noqa: E402, F401
