import ast
import inspect
import re
import string
import sys

import pytest

from games.printing import PrintError, rule_sheet_pdf, ruledata
from games.printing.rulesheet import CELL, ITEM, TEXT
from games.rules import (
    RULE_SETS,
    MiromarCanasta,
    PenniesFromHeavenPartnership,
    PenniesFromHeavenThreeHands,
    TenPennies,
    TenPenniesJokers,
    canasta_cards,
)
from games.words import chip_name, field_label
from games.words.filling import prose_of, words_of
from games.words.spelled import number_in_words
from tests.rules import worded

from .helpers import A4, LETTER, dark_fraction, flat, is_paper, page_sizes

ALL = list(RULE_SETS)


@pytest.mark.parametrize("slug", ALL)
@pytest.mark.parametrize("paper, size", [("letter", LETTER), ("a4", A4)])
def test_every_rule_sheet_prints_on_one_or_two_pages_of_the_chosen_paper(slug, paper, size):
    sizes = page_sizes(rule_sheet_pdf(RULE_SETS[slug], paper))

    assert 1 <= len(sizes) <= 2
    assert all(is_paper(s, size) for s in sizes)


#: The card values of each rule sheet's table, as RULINGS.md gives them (sections 1 to 11).
CARD_VALUES = {
    "pfh-partnership": ["Joker 50", "Two, Ace 20", "Eight to King 10", "Four to Seven 5"],
    "pfh-three-hands": ["Joker 50", "Two, Ace 20", "Eight to King 10", "Four to Seven 5"],
    "ten-pennies": ["Joker 50", "Two, Ace 20", "Ten to King 10", "Three to Nine 5"],
    "ten-pennies-jokers": ["Joker 50", "Two, Ace 20", "Ten to King 10", "Three to Nine 5"],
    "miromar-canasta": ["Joker 50", "Two, Ace 20", "Eight to King 10", "Four to Seven 5"],
    "american-canasta": ["Joker 50", "Two, Ace 20", "Eight to King 10", "Four to Seven 5"],
    "canasta": [
        "Joker 50",
        "Two, Ace 20",
        "Eight to King 10",
        "Four to Seven 5",
        "Black three (only in a hand, or melded when going out) 5",
    ],
    "hand-and-foot": [
        "Joker 50",
        "Two, Ace 20",
        "Eight to King 10",
        "Four to Seven 5",
        "Black three (only left in a hand or foot) 5",
    ],
    "samba": ["Joker 50", "Two, Ace 20", "Eight to King 10", "Four to Seven 5"],
    "bolivia": ["Joker 50", "Two, Ace 20", "Eight to King 10", "Four to Seven 5"],
    "liverpool": ["Two 2", "Seven 7", "Ten 10", "Jack, Queen, King 10", "Ace 15", "Joker 15"],
    "five-crowns": [
        "Three 3",
        "Ten 10",
        "Jack 11",
        "Queen 12",
        "King 13",
        "The round's wild rank 20",
        "Joker 50",
    ],
    "phase-10": ["1 to 9 5", "10 to 12 10", "Skip 15", "Wild 25"],
    "buraco": ["Joker 20", "Ace 15", "Two 10", "Eight to King 10", "Three to Seven 5"],
    "burraco": [
        "Joker (jolly) 30",
        "Two (pinella) 20",
        "Ace 15",
        "Eight to King 10",
        "Three to Seven 5",
    ],
    "gin-rummy": ["Ace 1", "Two 2", "Nine 9", "Ten 10", "Jack, Queen, King 10"],
    "oklahoma-gin": ["Ace 1", "Two 2", "Nine 9", "Ten 10", "Jack, Queen, King 10"],
    "chinchon": [
        "Ace 1",
        "Seven 7",
        "Sota 10",
        "Caballo 10",
        "Rey 10",
        "Wild card: the ace of coins (oros) 25",
    ],
}

#: Each scoring table's items with what they score, as RULINGS.md gives them (sections 1 to 11).
SCORING = {
    "pfh-partnership": [
        "Natural canastas +500 each",
        "Unnatural canastas +300 each",
        "Wild card canastas +2,500 each",
        "Ace canastas +1,500 each",
        "Seven canastas +1,000 each",
        "Red threes on the table +100 each",
        "Red threes in unpicked Pennies −100 each",
        "Black threes left in hand −100 each",
        "Went out +200",
        "Perfect deals +50 each",
    ],
    "pfh-three-hands": [
        "Red books +500 each",
        "Black books +300 each",
        "Books of sevens +1,500 each",
        "Wild card books +1,500 each",
        "Red threes Hand 1 only: 100 each, or 200 each for 4 or more",
        "Black threes left in hand −100 each",
        "Went out +100",
    ],
    "ten-pennies": ["Points caught in hand + card points", "Cards caught in hand A penny each"],
    "ten-pennies-jokers": [
        "Points caught in hand + card points",
        "Cards caught in hand A penny each",
    ],
    "american-canasta": [
        "Special hand Its value alone",
        "Went out +100",
        "Natural canastas +500 each",
        "Mixed canastas +300 each",
        "Ace canastas +2,500 each",
        "Seven canastas +2,500 each",
        "Wild card canastas +2,000 each",
        "Four-joker canastas +2,500 each",
        "Canastas of twos +3,000 each",
        "Unfinished aces −2,500 each",
        "Unfinished sevens −2,500 each",
        "Unfinished wild cards −2,000 each",
        "Red threes By colour, by how many of a colour the side laid: 100 / 300 / 500 / 1,000",
        "Caught with three sevens −1,500 each",
        "Caught with three aces −1,500 each",
        "Garbage: two sets of four and two triples, no wild card. Scores 3,000.",
        "Below 3,000 125",
        "3,000 to 4,999 155",
        "5,000 or more 180",
    ],
    "miromar-canasta": [
        "Splash +2,500",
        "Went out +200",
        "Natural canastas +500 each",
        "Dirty canastas +300 each",
        "Natural ace canastas +2,500 each",
        "Dirty ace canastas +300 each",
        "Seven canastas +2,500 each",
        "Wild card canastas +2,500 each",
        "Grand wild card canastas +3,000 each",
        "Unfinished natural aces −2,500 each",
        "Unfinished sevens −2,500 each",
        "Unfinished wild cards −2,500 each",
        "Threes on the table No canasta: −100 each (all 8: −2,500); fewer than two canastas: "
        "nothing; two or more: +100 each",
        "Threes left in hand −100 each",
        "Caught with three sevens −1,500 each",
        "Caught with three aces −1,500 each",
    ],
    "canasta": [
        "Natural canastas +500 each",
        "Mixed canastas +300 each",
        "Red threes 100 each, all four together 800; against a side that melded nothing",
        "Went out +100",
        "Went out concealed +100 100 more on top of going out (200 in all)",
    ],
    "hand-and-foot": [
        "Clean books +500 each",
        "Dirty books +300 each",
        "Wild books +1,500 each",
        "Red threes laid +100 each",
        "Red threes caught −100 each",
        "Went out +100",
    ],
    "samba": [
        "Sambas +1,500 each",
        "Natural canastas +500 each",
        "Mixed canastas +300 each",
        "Red threes 100 each, all six together 1,000; against a side with fewer than two canastas",
        "Went out +200",
    ],
    "bolivia": [
        "Bolivias +2,500 each",
        "Escaleras +1,500 each",
        "Natural canastas +500 each",
        "Mixed canastas +300 each",
        "Black threes in hand −100 each",
        "Went out +200",
    ],
    "liverpool": ["Points left in hand + card points", "Went out The player who went out"],
    "buraco": [
        "Clean canastras +200 each",
        "Dirty canastras +100 each",
        "Clean runs ace to king +500 each",
        "Clean runs ace to ace +1,000 each",
        "Went out (batida) +100",
        "Morto not taken −100",
    ],
    "burraco": [
        "Clean burracos +200 each",
        "Semi-clean burracos +150 each",
        "Dirty burracos +100 each",
        "Went out (chiusura) +100",
        "Pozzetto not taken −100",
    ],
    "five-crowns": ["Points left in hand + card points", "Went out The player who went out"],
    "phase-10": [
        "Points left in hand + card points",
        "Completed the phase The player laid down their whole phase",
        "Went out The player who went out completed the phase",
    ],
    "gin-rummy": [
        "Knocked Ended the hand by laying down their melds",
        "Deadwood The points of the cards left in no meld",
        "Big gin The knocker melded all eleven cards without discarding: 31 instead",
    ],
    "oklahoma-gin": [
        "Knocked Ended the hand by laying down their melds",
        "Deadwood The points of the cards left in no meld",
        "Big gin The knocker melded all eleven cards without discarding: 31 instead",
    ],
    "chinchon": [
        "Points + card points",
        "Closed Ended the hand (cortar) with at most 5 points unmatched",
        "Minus ten −10 The closer had all seven cards matched",
        "Chinchón The closer had seven cards in a run of a single suit",
        "Rejoined Was out and bought back in before this hand",
    ],
}


@pytest.mark.parametrize("slug", ALL)
def test_every_rule_sheet_shows_its_card_values_and_every_scoring_item(slug):
    rules = RULE_SETS[slug]
    text = flat(rule_sheet_pdf(rules))

    assert worded.name(rules) in text
    for value in CARD_VALUES.get(slug, []):
        assert value in text
    for item in SCORING.get(slug, []):
        assert item in text
    for field in rules.tally_fields:
        assert worded.english(field_label, rules, field) in text


def test_the_written_numbers_cover_every_rule_set_with_cards_to_count():
    assert set(CARD_VALUES) == set(SCORING) == set(ALL) - {"score-pad"}


def test_the_partnership_sheet_shows_the_target_and_every_opening_bracket():
    text = flat(rule_sheet_pdf(PenniesFromHeavenPartnership()))

    assert "reaches 25,000 or more" in text
    for bracket in ("Below 9,000 50", "9,000 to 11,999 90", "12,000 to 14,999 120"):
        assert bracket in text
    assert "15,000 or more 150" in text
    assert "earns the side 50 (a perfect deal)" in text
    assert "all eight red threes scores 1,000 for them" in text
    assert "Pennies" in text


def test_the_miromar_sheet_shows_8500_the_brackets_splash_toulon_and_the_failed_opening_step():
    text = flat(rule_sheet_pdf(MiromarCanasta()))

    assert "reaches 8,500 or more" in text
    for bracket in ("Below 3,000 125", "3,000 to 4,999 155", "5,000 or more 180"):
        assert bracket in text
    assert "the side scores 2,500 and the other side scores nothing" in text
    assert "draws four extra cards right after discarding; the second draws three" in text
    assert "adds 10 to the side's minimum" in text
    assert "turn card" in text


def test_the_family_game_sheet_shows_the_minimum_for_each_hand_and_below_zero():
    text = flat(rule_sheet_pdf(PenniesFromHeavenThreeHands()))

    assert "Hand 1 50" in text and "Hand 2 90" in text and "Hand 3 120" in text
    assert "below zero (any hand) 15" in text
    assert "exactly 3 hands" in text
    assert "needs only 15" in text
    assert "piles" in text


#: Each round's first-down requirement, wild cards and wild cards per set (RULINGS.md 3 and 4).
ROUNDS = {
    "ten-pennies": [
        "1 2 sets of 3 twos 1",
        "2 1 set of 4 twos 1",
        "3 2 sets of 4 twos 1",
        "4 1 set of 5 twos 2",
        "5 2 sets of 5 twos, aces and jokers 2",
        "6 1 set of 6 twos, aces and jokers 2",
        "7 1 set of 7 twos, aces and jokers 3",
    ],
    "ten-pennies-jokers": [
        "1 2 sets of 3 jokers 1",
        "2 1 set of 4 jokers 1",
        "3 2 sets of 4 jokers 1",
        "4 1 set of 5 jokers 2",
        "5 2 sets of 5 jokers, aces and twos 2",
        "6 1 set of 6 jokers, aces and twos 2",
        "7 1 set of 7 jokers, aces and twos 3",
    ],
}

#: What each contract rummy's sheet tables and ending say (RULINGS.md 12 to 14).
CONTRACT_RUMMY_TABLES = {
    "liverpool": [
        "Deal Contract Cards dealt",
        "1 two sets 10",
        "2 one set and one run 10",
        "3 two runs 10",
        "4 three sets 10",
        "5 two sets and one run 12",
        "6 one set and two runs 12",
        "7 three runs, every card used, no discard 12",
        "exactly 7 deals",
        "7 + 10 + 10 + 15 + 15 = 57",
    ],
    "five-crowns": [
        "Round Cards dealt Wild rank",
        "1 3 threes",
        "6 8 eights",
        "8 10 tens",
        "9 11 jacks",
        "10 12 queens",
        "11 13 kings",
        "exactly 11 rounds",
        "20 + 13 + 4 + 50 = 87",
    ],
    "phase-10": [
        "Phase Lay down",
        "1 two sets of three",
        "2 a set of three and a run of four",
        "3 a set of four and a run of four",
        "4 a run of seven",
        "5 a run of eight",
        "6 a run of nine",
        "7 two sets of four",
        "8 seven cards of one colour",
        "9 a set of five and a set of two",
        "10 a set of five and a set of three",
        "ends after the hand in which any player completes phase 10",
        "Of the players who completed it, the lowest total wins",
        "5 + 10 + 15 + 25 = 55",
    ],
}


@pytest.mark.parametrize("slug", list(CONTRACT_RUMMY_TABLES))
def test_the_contract_rummy_sheets_show_their_contracts_or_phases_and_work_a_hand(slug):
    text = flat(rule_sheet_pdf(RULE_SETS[slug]))

    for row in CONTRACT_RUMMY_TABLES[slug]:
        assert row in text


@pytest.mark.parametrize("slug", ["ten-pennies", "ten-pennies-jokers"])
def test_the_ten_pennies_sheets_show_the_round_table_buys_and_the_pot(slug):
    text = flat(rule_sheet_pdf(RULE_SETS[slug]))

    for row in ROUNDS[slug]:
        assert row in text
    assert "sets out 10 pennies as a buy stack" in text
    assert "Nobody buys more than ten times in the whole game" in text
    assert "exactly 7 rounds" in text
    assert "lowest total wins" in text
    assert "pot" in text


def test_the_canasta_sheet_shows_the_target_and_every_opening_bracket():
    text = flat(rule_sheet_pdf(RULE_SETS["canasta"]))

    assert "reaches 5,000 or more" in text
    for bracket in ("Below 0 15", "0 to 1,499 50", "1,500 to 2,999 90", "3,000 or more 120"):
        assert bracket in text
    assert "15 cards each with two players, 13 with three, 11 with four" in text


def test_the_jokers_sheet_names_jokers_as_the_early_wild_card():
    text = flat(rule_sheet_pdf(TenPenniesJokers()))

    assert "1 2 sets of 3 jokers 1" in text
    assert "twos 1" not in text


@pytest.mark.parametrize("slug", ALL)
def test_every_page_of_a_rule_sheet_renders_with_ink_on_it(slug, tmp_path):
    pdf = rule_sheet_pdf(RULE_SETS[slug], "a4")

    for page in range(1, len(page_sizes(pdf)) + 1):
        assert dark_fraction(pdf, tmp_path, page) > 0.01


def test_an_unknown_paper_is_refused_with_a_print_error():
    with pytest.raises(PrintError, match="letter or a4"):
        rule_sheet_pdf(TenPennies(), "legal")


def _templates():
    """Every piece of rule-sheet prose as written (its English source, games/words/), before
    its numbers are filled in."""
    for slug, rules in RULE_SETS.items():
        prose = prose_of(rules)
        for section in prose.sections:
            yield slug, str(section.heading)
            for text in section.paragraphs:
                yield slug, str(text)
        for text in (*prose.house_rules.values(), *prose.pad_hints.values()):
            yield slug, str(text)
        for text in (*prose.score_notes.values(), prose.pad_note, prose.ending, prose.goal):
            yield slug, str(text)
    words = words_of(MiromarCanasta())
    assert words is not None
    for key, said in words.texts.items():
        if key.startswith("splash_hands."):
            yield "splash", str(said)


#: A number written as a word: as much a typed number as a digit is.
NUMBER_WORD = re.compile(
    r"\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|"
    r"fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|hundred|thousand|"
    r"dozen)\b",
    re.IGNORECASE,
)
#: What comes before a card's rank, not a count: "a black three", "an eight", "that three".
RANK_BEFORE = re.compile(r"\b(a|an|each|that|red|black)\s+$", re.IGNORECASE)
#: Number words that are plain English or a card's rank, not a quantity of the rules.
NOT_A_RULE_NUMBER = {
    r"\bone rank\b": "the same rank: says that cards match, not how many there are",
    r"\bone seat to the left\b": "the next seat: how the deal and the start move (dealer_for)",
    r"\bone at a time\b": "how the cards are dealt out, not a count",
    r"\bonly one (side|player) (can|goes)\b": "a hand has a single winner of the race out",
    r"\bseven canastas?\b": "canastas of the rank seven",
    r"\bace(,| or) seven\b": "card ranks",
    r"\bno three\b": "the card three",
    r"\bof one colour\b": "the same colour: says that cards match, not how many there are",
}


def _typed_number_words(literal: str) -> list[str]:
    """The numbers written as words in `literal`, leaving out the names of the rule sets,
    card ranks and the plain-English phrases above."""
    text = literal
    names = {name for r in RULE_SETS.values() for name in (worded.name(r), r.family, r.slug)}
    for name in sorted(names, key=len, reverse=True):
        # Whole words: the slug "canasta" is also the start of "canastas".
        text = re.sub(rf"\b{re.escape(name)}\b", " ", text)
    for phrase in NOT_A_RULE_NUMBER:
        text = re.sub(phrase, " ", text, flags=re.IGNORECASE)
    return [
        match.group()
        for match in NUMBER_WORD.finditer(text)
        if not RANK_BEFORE.search(text[: match.start()])
    ]


@pytest.mark.parametrize("where, text", list(_templates()))
def test_no_number_is_typed_in_the_rule_prose_every_one_is_read_from_the_rule_data(where, text):
    literal = "".join(part for part, *_ in string.Formatter().parse(text))

    assert not re.search(r"\d", literal), f"{where}: a number typed in {text!r}"
    assert _typed_number_words(literal) == [], f"{where}: a number typed as a word in {text!r}"


@pytest.mark.parametrize(
    "text, typed",
    [
        ("a meld mixes one or two wild cards", ["one", "two"]),
        ("needs at least two completed canastas", ["two"]),
        ("a black three freezes the pile; an eight scores", []),
        ("cards of one rank, dealt one at a time", []),
    ],
)
def test_the_number_word_check_tells_a_count_from_a_rank_and_plain_english(text, typed):
    assert _typed_number_words(text) == typed


def _engine_prose():
    """Every piece of prose written in a rule set's module (summaries, cards dealt, packs, house
    options, tally fields, refusals), as typed: an f-string's literal parts without the values
    it fills in. Docstrings and keys (option and field names) are left out."""
    modules = {sys.modules[type(rules).__module__] for rules in RULE_SETS.values()}
    modules.add(canasta_cards)  # the card values several canasta rule sets share
    for module in sorted(modules, key=lambda m: m.__name__):
        tree = ast.parse(inspect.getsource(module))
        docstrings = {
            id(node.body[0].value)
            for node in ast.walk(tree)
            if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef)
            and node.body
            and isinstance(node.body[0], ast.Expr)
        }
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Constant) and isinstance(node.value, str)):
                continue
            if id(node) in docstrings or re.fullmatch(r"[a-z0-9_]+", node.value):
                continue
            yield f"{module.__name__.rsplit('.', 1)[-1]}:{node.lineno}", node.value


@pytest.mark.parametrize("text", [pytest.param(text, id=where) for where, text in _engine_prose()])
def test_no_number_is_typed_in_the_engines_prose_every_one_is_read_from_the_rule_data(text):
    try:
        literal = "".join(part for part, *_ in string.Formatter().parse(text))
    except ValueError:  # not a template
        literal = text
    card_names = {value.cards for rules in RULE_SETS.values() for value in rules.card_values}
    # A game's own name is a name, not a rule's number ("Phase 10", "Pennies, three hands").
    names = {
        name
        for r in RULE_SETS.values()
        for name in (worded.name(r), r.slug, r.family, worded.english(chip_name, r))
    }
    if text in names:
        return

    assert not re.search(r"\d", literal), f"a number typed in {text!r}"
    if text not in card_names:
        assert _typed_number_words(literal) == [], f"a number typed as a word in {text!r}"


@pytest.mark.parametrize("slug", ALL)
def test_every_scoring_note_with_a_number_in_it_is_written_with_placeholders(slug):
    rules = RULE_SETS[slug]

    words = words_of(rules)
    assert words is not None
    for field in rules.tally_fields:
        written = words.fields.get(field.name)
        if written is not None and re.search(r"\d", str(written.note)):
            assert field.name in prose_of(rules).score_notes, field.name


@pytest.mark.parametrize("slug", ALL)
def test_every_placeholder_of_every_rule_set_is_filled(slug):
    for section in worded.sections(RULE_SETS[slug]):
        for text in (section.heading, *section.paragraphs, *section.items):
            assert "{" not in text and "}" not in text


def test_a_number_in_the_prose_follows_the_rule_data_when_it_changes():
    rules = MiromarCanasta()
    changed = type("Changed", (type(rules),), {"splash_points": 3_333, "toulon_draws": (6, 5)})()

    text = worded.paragraphs(changed)

    assert "scores 3,333" in text and "draws six extra cards" in text


def test_every_splash_hand_holds_exactly_the_cards_of_a_splash():
    rules = MiromarCanasta()

    assert len(rules.splash_hands) == 7
    for index, hand in enumerate(rules.splash_hands):
        assert hand.cards == rules.splash_cards, index
    words = words_of(rules)
    assert words is not None
    garbage = [index for index, hand in enumerate(rules.splash_hands) if hand.threes]
    assert [str(words.texts[f"splash_hands.{index}.title"]) for index in garbage] == [
        "Garbage hand"
    ]


def test_the_rule_sheet_body_text_is_at_least_nine_points():
    assert min(TEXT.fontSize, ITEM.fontSize, CELL.fontSize) >= 9


@pytest.mark.parametrize("slug", ALL)
def test_every_section_of_the_rule_book_is_printed_on_the_sheet(slug):
    rules = RULE_SETS[slug]
    text = flat(rule_sheet_pdf(rules))

    for section in worded.sections(rules):
        assert section.heading in text
        for paragraph in (*section.paragraphs, *section.items):
            assert " ".join(paragraph.split()[:6]) in text


@pytest.mark.parametrize(
    "slug, phrases",
    [
        (
            "pfh-partnership",
            [
                "stack of 15 cards for each player",
                "stack of 11 cards for each player: the Pennies",
                "take the top two cards of the stock, or take the whole discard pile",
                "Turn its top card face up",
                "The player on the dealer's left plays first",
                "A meld is three or more cards of one rank",
                "at least one natural card more than wild cards",
                "A wild card or a black three on top freezes the pile",
                "Meld the top card with those cards at once",
                "or when the stock runs out",
                "Burying",
                "Not card points: a three scores as an item of its own",
            ],
        ),
        (
            "pfh-three-hands",
            [
                "takes 13 cards",
                "plus two more for every two players, rounding an odd number of players up: four "
                "packs for two players, six for three or four, eight for five or six",
                "takes 15 more",
                "holding the most red threes starts",
                "the start moves one seat to the left",
                "Draw the top two cards of the stock",
                "hold two cards matching the top card, or your side has three of them",
                "already has five or more of on the table",
                "by getting on the board with the top card",
                "A wild card discarded freezes the pile",
                "That player's partners throw in their remaining cards",
                "score only in hand one: 100 each, or 200 each for a side with four or more",
            ],
        ),
        (
            "ten-pennies",
            [
                "take the top discard for nothing",
                "takes the face-up card and two more from the stock",
                "keeps them in hand until their own turn",
                "A card that every player has passed is dead",
                "the deal passes one seat to the left",
                "A set may be made of wild cards alone",
                "add any number of wild cards to any set",
                "gives each player 11 cards",
            ],
        ),
        (
            "ten-pennies-jokers",
            ["A set never holds identical cards", "take the top discard for nothing"],
        ),
        (
            "miromar-canasta",
            [
                "lay any threes face up and draw a replacement for each",
                "Draw one card from the stock",
                "It must hold a natural set of three or more cards",
                "at least two natural cards and at most two wild cards",
                "Wild cards alone, at least three of them",
                "complete natural or wild card canasta in hand lets you open",
                "may take the pile to open",
                "Not when your side already has five or more of that rank",
                "never on a dead card",
                "No ace, seven or dead card (see Canastas) may go onto an empty discard pile",
                "may be your discard in the same turn, unless it is an ace, a seven or a dead card",
                "Once your side has opened aces with wild cards, you may take the pile on an ace "
                "with two aces from your hand",
                "A wild card may be discarded only when you have no other choice",
                "may I go out?",
                "no three except in the garbage hand",
                "thrown onto a discard pile that was empty",
                "Sets: two sets of three + two sets of four; no wild card.",
                "Zip code: one set of four + two sets of three + two pairs",
                "Garbage hand: thirteen single cards + one wild card",
            ],
        ),
    ],
)
def test_each_sheet_teaches_the_deal_the_turn_the_pile_and_going_out(slug, phrases):
    text = flat(rule_sheet_pdf(RULE_SETS[slug]))

    for phrase in phrases:
        assert phrase in text


def test_the_partnership_sheet_no_longer_allows_as_many_wild_cards_as_naturals():
    text = flat(rule_sheet_pdf(RULE_SETS["pfh-partnership"]))

    assert "never more wild cards than naturals" not in text
    assert "two naturals with one wild card, three with two, four with three" in text


def test_the_sheet_blocks_put_every_table_in_its_place():
    kinds = [b.kind for b in ruledata.sheet_blocks(RULE_SETS["ten-pennies"])]

    assert kinds.count("rounds") == 1 and kinds.count("card_values") == 1
    assert kinds[-2:] == ["scoring", "ending"]


@pytest.mark.parametrize("slug", ["pfh-partnership", "miromar-canasta"])
@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_the_sheets_say_who_deals_first_and_that_the_deal_passes_to_the_left(slug, paper):
    from games.rules import Side

    text = flat(rule_sheet_pdf(RULE_SETS[slug], paper))
    rules = RULE_SETS[slug]
    players = ["Ann", "Bob", "Cy", "Di"]
    game = rules.new_game(players, [Side("A", ("Ann", "Cy")), Side("B", ("Bob", "Di"))])

    assert "Agree on who deals the first hand (the app asks for the first dealer" in text
    assert "After every hand the deal passes one seat to the left." in text
    # As the engine deals: the next seat round the table (clockwise, the dealer's left).
    dealers = [game.dealer_for("Bob", hand) for hand in (1, 2, 3, 4, 5)]
    assert dealers == ["Bob", "Cy", "Di", "Ann", "Bob"]


def test_the_family_sheet_gives_the_packs_the_engine_counts_for_an_odd_number_of_players():
    rules = PenniesFromHeavenThreeHands()
    text = flat(rule_sheet_pdf(rules))

    assert rules.packs(3) == rules.packs(4) == 6
    assert f"{worded.english(number_in_words, rules.packs(3))} for three or four" in text
    assert "rounding an odd number of players up" in text
