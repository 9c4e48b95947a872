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

from django.utils.text import slugify
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
from games.rules.tally import FieldKind, TallyField
from games.templatetags.numbers import format_number
from games.words.filling import Lookup, explain, fill, prose_of, words_of
from games.words.game_refusals import GAME_REFUSALS
from games.words.refusals import REFUSALS, Words
from games.words.rule_sets import FieldWords, HouseRuleWords, Prose, RoundWords
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
    params |= {name: Spoken(value) for name, value in worded(error).items()}
    kind = error.params.get("value")
    if isinstance(kind, str) and kind in JSON_KINDS:
        # A list or an object refused, by its kind (a string refused is quoted: never these).
        params["value"] = Spoken(str(JSON_KINDS[kind]))
    try:
        return str(words).format(**params)
    except (KeyError, IndexError, ValueError):
        # A translation with a wrong placeholder: the English words, never an error at the table.
        with override(None):
            return str(words).format(**params)


#: A list or an object a refusal quotes, by its kind (features.py `shown`).
JSON_KINDS = {
    # Translators: what was given where a game file needs something else: "..., not a list".
    "list": pgettext_lazy("a value refused", "a list"),
    "object": pgettext_lazy("a value refused", "an object"),
}


#: Codes whose `{label}` stands inside a sentence ("can't go out with unfinished natural aces").
LABEL_IN_SENTENCE = frozenset({"out_with_unfinished_meld"})


def worded(error: RulesError | Said) -> dict[str, Param]:
    """The parameters the engine passes as codes, in words: the rule set (`rule_set`, by its
    slug) by its name, and the field a refusal names (`field`) as `{label}` (and `{what}`,
    inside a sentence), the house rule (`house_rule`) as `{rule}`, the items a refusal of a
    bare total asks for as `{what}`, and a phase (`phase`) as what it asks (`{words}`)."""
    from games.rules import RULE_SETS

    slug = error.params.get("rule_set")
    if not isinstance(slug, str):
        return {}
    rules = RULE_SETS.get(slug)
    if rules is None:
        return {"rule_set": rule_set_named(slug)}
    said: dict[str, Param] = {"rule_set": rule_set_name(rules)}
    placed = error.field if isinstance(error, RulesError) else None
    field_name = placed or error.params.get("field")
    field = next((f for f in rules.tally_fields if f.name == field_name), None)
    if field is not None and "label" not in error.params:
        label = field_label(rules, field)
        said["label"] = in_sentence(label) if error.code in LABEL_IN_SENTENCE else label
        said["what"] = first_lowered(label)
    if error.code == "needs_itemized_tally":
        said["what"] = tuple(
            in_sentence(field_label(rules, f))
            for f in rules.tally_fields
            if f.kind is not FieldKind.YES_NO
        )
    rule = error.params.get("house_rule")
    house_rule = rules.house_rule(rule) if isinstance(rule, str) else None
    if house_rule is not None:
        said["rule"] = house_rule_label(rules, house_rule)
    phase = error.params.get("phase")
    if isinstance(phase, int) and rules.phase_track is not None and "words" not in error.params:
        said["words"] = phase_words(rules, phase)
    own = words_of(rules)
    if own is not None:
        said |= own.refusal_words(error.code, error.params)
    return said


def first_lowered(label: str) -> str:
    """A label inside a sentence, only its first letter lowered ("natural canastas"), but in a
    language whose nouns keep their capital."""
    language = (get_language() or "en").split("-")[0]
    return label if language in NOUNS_CAPITALISED else label[:1].lower() + label[1:]


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
ONE_SIDE_QUESTIONS = {
    "went_out": gettext_lazy("Who went out?"),
    # Translators: Chinchón; to close (cortar) is to end the hand by laying down one's cards.
    "closed": gettext_lazy("Who closed?"),
    # Translators: Gin Rummy; to knock is to end the hand by laying down one's melds.
    "knocked": gettext_lazy("Who knocked?"),
}


def one_side_question(field_name: str, label: str) -> str:
    return str(ONE_SIDE_QUESTIONS.get(field_name, label))


# -- a rule set's words (games/words/games/<its module>.py), filled with its numbers ----------


def rule_set_name(rules: RuleSet) -> str:
    """The rule set's name ("Canasta", "Ten Pennies (deuces wild)")."""
    words = words_of(rules)
    # A rule set with no words is our bug: its slug says which, rather than an error.
    return fill(rules, words.name) if words else rules.slug


def victory_points_heading() -> str:
    """ "Victory points", a column's or a line's heading where a game is decided in them: the
    same words as a rule sheet's section, kept here so that nothing outside the words names
    one."""
    return gettext("Victory points")


def file_name(rules: RuleSet) -> str:
    """The rule set's name as a file's name begins ("hand-and-foot"): its English name, so
    that a file's name reads the same in every language."""
    with override(None):
        return slugify(rule_set_name(rules))


def rule_set_choices() -> list[tuple[str, str]]:
    """(slug, name) of every rule set, for a form's choices, in the reader's language."""
    from games.rules import RULE_SETS

    return [(slug, rule_set_name(rules)) for slug, rules in RULE_SETS.items()]


def rule_set_named(slug: str) -> str:
    """The rule set of slug `slug` (a refusal's `rule_set`), in the reader's language; a slug
    of no rule set as it is."""
    from games.rules import RULE_SETS

    rules = RULE_SETS.get(slug)
    return slug if rules is None else rule_set_name(rules)


def summary(rules: RuleSet) -> str:
    """Its one line about the game, with this table's numbers (the engine's `summary_at_table`)."""
    words = words_of(rules)
    return fill(rules, words.summary) if words else ""


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


def _field_words(rules: RuleSet, name: str) -> FieldWords:
    from games.words.games import shared

    words = words_of(rules)
    found = (words.fields.get(name) if words else None) or shared.FIELDS.get(name)
    # A field with no words is our bug: its name says which, rather than an error at the table.
    return found or FieldWords(label=name)


def field_label(rules: RuleSet, field: TallyField) -> str:
    """A tally field's label ("Natural canastas")."""
    return fill(rules, _field_words(rules, field.name).label)


def field_note(rules: RuleSet, field: TallyField) -> str:
    """How it scores, in players' words."""
    return fill(rules, _field_words(rules, field.name).note)


def field_question(rules: RuleSet, field: TallyField) -> str:
    """How the hand form asks a field whose value is a name ("Ended with a special hand?"),
    else its label."""
    question = _field_words(rules, field.name).question
    return fill(rules, question) if question else field_label(rules, field)


def value_word(rules: RuleSet, field: TallyField, name: str) -> str:
    """One of the names a field takes, in the table's words ("Garbage"); the name itself where
    it has none (our bug, seen where it is)."""
    said = _field_words(rules, field.name).value_words.get(name)
    return fill(rules, said) if said else name


def short_label(rules: RuleSet, field: TallyField) -> str:
    """Its word for a narrow column ("Natural"), else its label."""
    short = _field_words(rules, field.name).short_label
    return fill(rules, short) if short else field_label(rules, field)


def unit(rules: RuleSet, field: TallyField, count: int = 1) -> str:
    """One (or `count`) of what a count counts, for a sentence: "natural canasta", "natural
    canastas"; "" where the field has none (points, yes/no)."""
    words = _field_words(rules, field.name)
    if not words.unit:
        return ""
    said = words.unit if count == 1 else words.units or words.unit
    return fill(rules, said, count=count)


def _house_words(rules: RuleSet, rule: HouseRule) -> HouseRuleWords:
    from games.words.games import shared

    words = words_of(rules)
    found = (words.house_rules.get(rule.name) if words else None) or shared.HOUSE_RULES.get(
        rule.name
    )
    # A rule with no words is our bug: its name says which, rather than an error at the table.
    return found or HouseRuleWords(label=rule.name)


def house_rule_label(rules: RuleSet, rule: HouseRule) -> str:
    """The rule as the new-game page asks it ("Game to")."""
    return fill(rules, _house_words(rules, rule).label)


def house_rule_phrase(rules: RuleSet, rule: HouseRule, value: OptionValue) -> str:
    """The rule as set, in a few words ("game to 20,000", "lowest total wins")."""
    words = _house_words(rules, rule)
    if rule.kind is HouseRuleKind.YES_NO:
        return fill(rules, words.phrase if value else words.phrase_no)
    if value is None:
        return fill(rules, words.phrase_none)
    zero = words.phrase_zero
    if value == 0 and zero:
        return fill(rules, zero)
    phrase = words.phrase
    if not phrase:
        label = house_rule_label(rules, rule)
        phrase = f"{label[:1].lower()}{label[1:]} {{value}}"
    if isinstance(value, int) and value in words.value_words:
        # A value offered by name (Buraco's card values "Burako"): its words, not its number.
        return fill(rules, phrase, value=fill(rules, words.value_words[value]))
    return fill(rules, phrase, value=value, s="" if value == 1 else "s")


def house_rule_choice(rules: RuleSet, rule: HouseRule, value: int) -> str:
    """A value as the new-game page offers it ("1,500", "No wild books")."""
    words = _house_words(rules, rule)
    zero = words.phrase_zero
    if value == 0 and zero:
        said = fill(rules, zero)
        return said[:1].upper() + said[1:]
    if value in words.value_words:
        said = fill(rules, words.value_words[value])
        return said[:1].upper() + said[1:]
    return format_number(value)


def house_rule_offered(rule: HouseRule) -> str:
    """The values a house rule takes, as a game file writes them: "10,000, 15,000 or 20,000",
    "none, 1,000 or 1,500", "a whole number from 1 to 300, or none" (a value named by a word
    keeps the game file's word)."""
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
    ("players", "packs", "seating_words"), else the engine's number of that name."""
    return f"{Lookup(rules)[key]}"


def prose(rules: RuleSet) -> Prose:
    """Its rule sheet's words (sections, house rules, score notes, pad note, ending, goal, pad
    hints, terms), not yet filled: games/words/filling.py fills them."""
    return prose_of(rules)


def zero_tap_word(rules: RuleSet, field: TallyField) -> str:
    """The one tap that types 0 into a points box where 0 is a result of its own (Gin Rummy's
    knocker: "Gin"): its words' `texts` "zero:<field>", else the number."""
    own = words_of(rules)
    key = f"zero:{field.name}"
    return text(rules, key) if own is not None and key in own.texts else "0"


def part_labels(rules: RuleSet) -> dict[str, str]:
    """The words of the parts of a hand score that are no tally field (Gin Rummy's "gin",
    "undercut"), or that say more than the field's label, by the engine's code: its words'
    `texts` "part:<code>"."""
    own = words_of(rules)
    if own is None:
        return {}
    prefix = "part:"
    return {
        key.removeprefix(prefix): text(rules, key) for key in own.texts if key.startswith(prefix)
    }


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
    """Who deals what (the engine's code, `GameSetup.deals`), as the scoreboard says it:
    "Dealer", and what the dealer's partner deals ("Pennies": its words'
    `texts["dealer_partner"]`)."""
    from games.words.games import shared

    if what in shared.DEALS:
        return str(shared.DEALS[what])
    own = words_of(rules)
    if own and what in own.texts:
        return text(rules, what)
    return what


def explain_deal(rules: RuleSet, what: str) -> str | None:
    """The one-line explanation of who deals what (a code), or None: the prose's `terms` keep
    it by its English word ("Dealer", "Pennies")."""
    with override(None):
        term = deal_word(rules, what)
    return explain(rules, term)


def phase_words(rules: RuleSet, number: int) -> str:
    """What phase `number` asks ("a run of seven"): its words' `texts["phase:<number>"]`."""
    return text(rules, f"phase:{number}")


def chip_name(rules: RuleSet) -> str:
    """The name on the new-game page's chip, where the name is too long for one."""
    own = words_of(rules)
    if own and "chip_name" in own.texts:
        return text(rules, "chip_name")
    return rule_set_name(rules)


def seating_words(rules: RuleSet) -> str:
    """How the players sit, as the new-game page says it ("in partnerships")."""
    return text(rules, "seating_words")


def player_counts(rules: RuleSet) -> str:
    """Who plays, as the new-game page says it ("2 to 4 players")."""
    return text(rules, "players")


def _round_words(rules: RuleSet) -> RoundWords:
    own = words_of(rules)
    # Rounds that differ have their words: a rule set with rounds and none is our bug.
    assert own is not None and own.rounds is not None, f"no words for {rules.slug}'s rounds"
    return own.rounds


def round_headline(rules: RuleSet, card: RoundCard, numbered: bool = True) -> CardLine:
    """The one line a player reads before the deal ("Deal 3: two runs · 10 cards"); without
    its "Deal 3: " under a heading that names the round already."""
    line = _round_words(rules).headline(card)
    return line if numbered else replace(line, lead="")


def round_detail(rules: RuleSet, card: RoundCard) -> CardLine | None:
    """A second line, where the round asks more than the headline says."""
    return _round_words(rules).detail(card)


def round_summary(rules: RuleSet, card: RoundCard) -> str:
    """Headline and detail in one line, for a printed score sheet."""
    words = _round_words(rules)
    if words.summary is not None:
        return words.summary(card)
    lines = (round_headline(rules, card), round_detail(rules, card))
    return "; ".join(str(line) for line in lines if line)


def round_table_head(rules: RuleSet) -> tuple[str, ...]:
    """The headings of the rule sheet's round table after the round's number."""
    if not rules.rounds:
        return ()
    return tuple(str(heading) for heading in _round_words(rules).table_head)


def round_table_row(rules: RuleSet, card: RoundCard) -> tuple[str, ...]:
    return _round_words(rules).table_row(card)


def round_report(rules: RuleSet, card: RoundCard) -> dict[str, object]:
    """The round as a game file's report prints it (GAME-FILE.md, `round`): its numbers, and
    what its words say of it ("contract": "two runs") after the key they follow."""
    words = _round_words(rules)
    said = dict(words.report(card))
    report: dict[str, object] = {}
    for key, value in card.as_dict().items():
        report[key] = value
        if key == words.report_after:
            report |= said
            said = {}
    return report | said


def round_pad_lines(rules: RuleSet, card: RoundCard) -> tuple[str, ...]:
    """Short lines for the score pad's cell under the round's number."""
    return _round_words(rules).pad_lines(card)


# The rule sets' words register themselves as they are imported: once, with this package.
from games.words import games as _rule_set_words  # noqa: E402, F401
