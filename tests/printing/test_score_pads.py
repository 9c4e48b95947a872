import io

import pytest
from pypdf import PdfReader

from games.printing import PrintError, score_pad_pdf
from games.printing.gamespad import uses_games_pad
from games.printing.scorepad import players_across
from games.rules import (
    RULE_SETS,
    PenniesFromHeavenPartnership,
    PenniesFromHeavenThreeHands,
    TenPennies,
    get_rule_set,
)
from games.words import field_label, hand_word, phase_words, round_pad_lines
from games.words.filling import pad_note, prose_of
from tests.rules import worded

from .helpers import (
    A4,
    LETTER,
    dark_fraction,
    flat,
    is_paper,
    page_sizes,
    text_boxes,
    text_of,
    text_sizes,
)

ALL = list(RULE_SETS)
#: Rule sets whose pad has a column per tally item (a score pad's pad has a column per side).
ITEMIZED = [slug for slug, rules in RULE_SETS.items() if not rules.totals_only]


def fewest_or_two(slug: str) -> int:
    """Two sides where the game takes two, else the fewest it takes."""
    from games.printing.ruledata import side_counts

    counts = side_counts(RULE_SETS[slug])
    return 2 if 2 in counts else counts[0]


@pytest.mark.parametrize("slug", ALL)
@pytest.mark.parametrize("paper, size", [("letter", LETTER), ("a4", A4)])
def test_a_two_side_pad_prints_on_the_chosen_paper_and_is_not_blank(slug, paper, size, tmp_path):
    # Two sides, or the fewest the game takes (Liverpool: three players).
    pdf = score_pad_pdf(RULE_SETS[slug], fewest_or_two(slug), paper=paper)

    sizes = page_sizes(pdf)
    assert all(is_paper(s, size) for s in sizes)
    assert dark_fraction(pdf, tmp_path) > 0.01


@pytest.mark.parametrize("slug", ITEMIZED)
def test_a_pad_has_a_column_for_every_tally_item_the_hand_score_and_the_total(slug):
    rules = RULE_SETS[slug]
    text = flat(score_pad_pdf(rules, fewest_or_two(slug)))

    if rules.slug.startswith("ten-pennies"):
        # Players across: points, cards and buys under each, the running total below.
        assert text.count("Points Cards Buys") == 2
        assert "total" in text and "Pennies in" in text
        return
    if players_across(rules):
        # Each player's points (the card values left; 0 for going out) and running total.
        cells = "Phase Points Total" if rules.phase_track else "Points Total"
        assert text.count(cells) == fewest_or_two(slug)
        return
    if uses_games_pad(rules):
        # Games across: each player's box to tick and running total, the final account below.
        assert text.count("\u2713 total") == 3 * fewest_or_two(slug)
        assert "Final total" in text
        return
    for field in rules.tally_fields:
        # Headings wrap inside narrow columns: look for each word of the label.
        for word in worded.english(field_label, rules, field).split():
            assert word in text
    assert "Total" in text
    assert "Hand score" in text


def test_a_partnership_pad_has_as_many_hands_as_the_page_holds_and_the_opening_minimums():
    rules = PenniesFromHeavenPartnership()
    pdf = score_pad_pdf(rules, 2, ["Ann & Cy", "Bob & Di"])
    text = text_of(pdf)

    assert len(page_sizes(pdf)) == 1
    lines = text.split("\n")
    assert "18" in lines and "19" not in lines  # 12 hands before; a game often runs past 20
    assert text.count("Bob & Di") == 18
    for lower, minimum in rules.opening.brackets:
        assert f"{minimum}" in text
        if lower is not None:
            assert f"{lower:,}" in text


def test_more_pages_carry_on_the_hand_numbers_after_a_brought_forward_row():
    pdf = score_pad_pdf(RULE_SETS["pfh-partnership"], 2, pages=2)

    assert len(page_sizes(pdf)) == 2
    first, second = (page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)
    assert "Brought" not in first and "17" in first.split("\n")
    assert " ".join(second.split()).count("Brought forward") == 1
    assert "18" in second.split("\n") and "33" in second.split("\n")


def test_a_partnership_game_of_more_than_twenty_hands_fits_two_pages():
    text = text_of(score_pad_pdf(RULE_SETS["pfh-partnership"], 3, pages=2))

    assert "21" in text.split("\n")


def test_a_ten_pennies_pad_has_seven_rounds_with_their_requirements():
    rules = TenPennies()
    text = flat(score_pad_pdf(rules, 4))

    for card in rules.rounds:
        first_down = worded.round_report(rules, card)["first_down"]
        assert f"Round {card.number} {first_down}" in text
        assert f"{card.wild_cards_per_set} wild per set" in text
    assert "Round 8" not in text
    assert rules.pot is not None
    assert f"{rules.pot.buys_per_game} buys" in text


def test_a_five_crowns_pad_prints_each_rounds_cards_and_wild_rank_down_the_side():
    """RULINGS 13: round n deals n + 2 cards and that rank is wild (3 to 13 cards)."""
    text = flat(score_pad_pdf(get_rule_set("five-crowns"), 4, pages=2))

    assert "Round 1 3 cards threes wild" in text
    assert "Round 6 8 cards eights wild" in text
    assert "Round 11 13 cards kings wild" in text


def test_a_phase_10_pad_has_a_phase_column_for_every_player_in_every_hand():
    """RULINGS 14: each player is on a phase of their own; the pad keeps it beside the points."""
    text = flat(score_pad_pdf(get_rule_set("phase-10"), 4))

    assert "Phase Points Total " * 4 in text + " "


def test_a_phase_10_pad_lists_the_ten_phases_and_has_room_to_cross_each_players_off():
    rules = get_rule_set("phase-10")
    text = flat(score_pad_pdf(rules, 6))

    track = rules.phase_track
    assert track is not None
    for phase in range(1, track.last + 1):
        assert f"{phase}: {worded.english(phase_words, rules, phase)}" in text
    assert "Phases made " + "1 2 3 4 5 6 7 8 9 10 " * 6 in text + " "


#: Each contract rummy at its largest seating, and the deals its game takes.
RUMMIES = {"liverpool": (8, 7), "five-crowns": (7, 11), "phase-10": (6, 16)}
#: A row a pencil can write in: 8 mm, in points.
PENCIL_ROW = 8 * 72 / 25.4


def hand_label_baselines(pdf: bytes, slug: str, hands: int) -> list[float]:
    """The baseline of each hand's label down the pad's first column ("Deal 3", or "3")."""
    word = hand_word(RULE_SETS[slug].hand_word)
    boxes = text_boxes(pdf)
    found = []
    for hand in range(1, hands + 1):
        labels = {f"{word} {hand}", str(hand)}
        found.append(next(y for text, x, y, _ in boxes if text.strip() in labels and x < 60))
    return found


@pytest.mark.parametrize("slug", list(RUMMIES))
@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_a_rummy_pad_holds_a_whole_game_on_one_page_in_rows_a_pencil_can_use(slug, paper):
    """Players across, deals down: Liverpool's 8 players and 7 deals, Five Crowns' 7 and 11
    rounds, Phase 10's 6 and at least 16 hands, each on one page, rows at least 8 mm."""
    players, hands = RUMMIES[slug]
    pdf = score_pad_pdf(RULE_SETS[slug], players, paper=paper)

    assert len(page_sizes(pdf)) == 1
    baselines = hand_label_baselines(pdf, slug, hands)
    steps = [above - below for above, below in zip(baselines, baselines[1:], strict=False)]
    assert min(steps) >= PENCIL_ROW - 0.01, f"rows of {min(steps):.1f} pt"
    text = flat(pdf)
    assert "Went out" not in text and "Hand score" not in text  # the points say it


def test_a_liverpool_pad_says_each_deals_contract_in_its_row():
    rules = get_rule_set("liverpool")
    text = flat(score_pad_pdf(rules, 4))

    for card in rules.rounds:
        lines = worded.english(round_pad_lines, rules, card)
        assert f"Deal {card.number} {' '.join(lines)}" in text


@pytest.mark.parametrize("slug", ALL)
def test_every_pad_prints_its_rule_sets_note_at_its_smallest_and_largest_seating(slug):
    from games.printing.ruledata import side_counts

    rules = RULE_SETS[slug]
    note = " ".join(worded.english(pad_note, rules).split())
    for sides in (side_counts(rules)[0], side_counts(rules)[-1]):
        assert note in flat(score_pad_pdf(rules, sides)), (slug, sides)


def test_a_canasta_pad_has_no_concealed_column_where_going_out_concealed_adds_nothing():
    plain = flat(score_pad_pdf(get_rule_set("canasta"), 2))
    no_extra = get_rule_set("canasta").with_options({"concealed_extra": 0})
    none_extra = flat(score_pad_pdf(no_extra, 2))

    assert "Went out concealed" in plain
    assert "Went out concealed" not in none_extra


def test_the_family_game_pad_has_three_hands_each_with_its_minimum():
    rules = PenniesFromHeavenThreeHands()
    text = flat(score_pad_pdf(rules, 4))

    for hand, minimum in rules.opening.by_hand.items():
        assert f"{hand} open {minimum}" in text
    assert "open 150" not in text
    assert " 4 open" not in text


def test_a_name_with_markup_characters_prints_as_typed():
    names = ["<b>Ann</b> & Cy", "<script>alert(1)</script>"]
    text = text_of(score_pad_pdf(RULE_SETS["miromar-canasta"], 2, names))

    assert "<b>Ann</b> & Cy" in text
    assert "<script>alert(1)" in text


def test_names_in_greek_cyrillic_cjk_and_accented_latin_come_back_out():
    names = ["Ζωή", "Жанна", "张伟", "さくら", "김민준", "José Müller"]
    text = text_of(score_pad_pdf(RULE_SETS["ten-pennies"], 6, names))

    for name in names:
        assert name in text


def test_eight_players_with_sixty_character_names_fit_the_page(tmp_path):
    names = [f"{chr(65 + i)}" * 30 + " " + "long name words here and more more" for i in range(8)]
    names = [n[:60] for n in names]
    pdf = score_pad_pdf(RULE_SETS["ten-pennies"], 8, names, paper="a4")

    sizes = page_sizes(pdf)
    assert all(is_paper(s, A4) for s in sizes)
    assert len(sizes) == 1  # all seven rounds and the pot
    text = flat(pdf)
    for name in names:
        # Cut short with an ellipsis where it doesn't fit, never broken inside a word.
        assert f"{name.split()[0][:8]}" in text
    assert "Round 7" in text and "Pennies in" in text
    assert min(text_sizes(pdf)) >= 7
    assert dark_fraction(pdf, tmp_path) > 0.01


def test_twelve_sides_of_the_family_game_fit_and_show_every_hand():
    pdf = score_pad_pdf(RULE_SETS["pfh-three-hands"], 12, [f"Player number {i}" for i in range(12)])

    text = text_of(pdf)
    for hand in (1, 2, 3):
        assert f"open {PenniesFromHeavenThreeHands.opening.by_hand[hand]}" in text
    assert text.count("Player number 11") >= 3


def test_a_blank_pad_leaves_lines_to_write_the_names_on():
    text = flat(score_pad_pdf(RULE_SETS["miromar-canasta"], 2))

    assert "Side A" in text and "Side B" in text


@pytest.mark.parametrize(
    "slug, sides, names, paper, pages, message",
    [
        ("miromar-canasta", 3, None, "letter", 1, "2 sides, not 3"),
        ("pfh-partnership", 4, None, "letter", 1, "2 or 3 sides"),
        ("ten-pennies", 9, None, "letter", 1, "2 to 8 players"),
        ("ten-pennies", 2, ["a", "b", "c"], "letter", 1, "3 names given for 2"),
        ("ten-pennies", 2, None, "legal", 1, "letter or a4"),
        ("ten-pennies", 2, None, "letter", 0, "pages"),
    ],
)
def test_bad_pad_requests_are_refused_with_a_print_error(slug, sides, names, paper, pages, message):
    with pytest.raises(PrintError, match=message):
        score_pad_pdf(RULE_SETS[slug], sides, names, paper, pages)


def test_a_print_error_is_a_value_error():
    assert issubclass(PrintError, ValueError)


@pytest.mark.parametrize("slug", ALL)
@pytest.mark.parametrize("sides_index", [0, -1])
def test_nothing_on_any_pad_is_smaller_than_seven_points(slug, sides_index):
    from games.printing.ruledata import side_counts

    rules = RULE_SETS[slug]
    sides = side_counts(rules)[sides_index]

    for paper in ("letter", "a4"):
        assert min(text_sizes(score_pad_pdf(rules, sides, paper=paper))) >= 7


@pytest.mark.parametrize("slug", ["pfh-partnership", "pfh-three-hands", "miromar-canasta"])
def test_the_hand_score_column_says_counts_are_multiplied_by_their_value(slug):
    text = flat(score_pad_pdf(RULE_SETS[slug], 2))

    assert "each count \u00d7 its value, + the points" in text
    assert "sum of the row" not in text


def test_the_miromar_pad_prints_how_threes_and_melds_count_by_the_number_of_canastas():
    text = flat(score_pad_pdf(RULE_SETS["miromar-canasta"], 2))

    assert "None: both count against (\u2212100 a three; all 8: \u22122,500)" in text
    assert "Fewer than two: card points for, threes nothing" in text
    assert "Two or more: both for (+100 a three)" in text


def test_the_family_pad_asks_for_red_threes_in_hand_one_only_and_says_when_piles_count():
    pdf = score_pad_pdf(RULE_SETS["pfh-three-hands"], 2)
    text = flat(pdf)

    assert "Red threes count in hand 1 only: 100 each, 200 each with 4 or more" in text
    assert "subtract their card points only from a side that never got on the board" in text
    assert text.count("\u2014") == 2  # hands 2 and 3: no red threes to write
    assert "hand 1 only" in text
    assert "subtract: see note" in text


def test_ten_pennies_for_eight_fits_all_seven_rounds_and_the_pot_on_one_page():
    for paper in ("letter", "a4"):
        pdf = score_pad_pdf(RULE_SETS["ten-pennies"], 8, paper=paper)

        assert len(page_sizes(pdf)) == 1
        text = flat(pdf)
        assert "Round 7" in text and "Pennies in" in text and "Pot" in text
        assert all(f"Player {letter}" in text for letter in "ABCDEFGH")


def test_a_blank_pad_labels_every_name_line_and_no_more():
    text = flat(score_pad_pdf(RULE_SETS["pfh-partnership"], 3))

    assert "Side A" in text and "Side C" in text and "Side D" not in text


#: Names as long as a family writes them: twenty letters without a space to wrap at.
LONG_NAMES = [f"{letter}bcdefghijklmnopqrst" for letter in "ABCDEFGHIJKL"]


def _pads_of_every_size(slug):
    from games.printing.ruledata import side_counts

    rules = RULE_SETS[slug]
    for sides in sorted({side_counts(rules)[0], side_counts(rules)[-1]}):
        for paper in ("letter", "a4"):
            for names in (None, LONG_NAMES[:sides]):
                yield sides, paper, names, score_pad_pdf(rules, sides, names, paper=paper)


@pytest.mark.parametrize("slug", ITEMIZED)
def test_no_column_heading_or_hint_on_any_pad_is_cut_short_only_names_may_be(slug):
    from games.printing.scorepad import one_page_pot, pad_columns, players_across

    rules = RULE_SETS[slug]
    for sides, paper, names, pdf in _pads_of_every_size(slug):
        where = f"{sides} sides on {paper}, {'named' if names else 'unnamed'}"
        for line in text_of(pdf).split("\n"):
            line = line.strip()
            if line.endswith("\u2026"):
                piece = line[:-1].strip()
                assert names and any(piece in name for name in names), f"{where}: {line!r}"
        if not one_page_pot(rules) and not players_across(rules) and not uses_games_pad(rules):
            text = flat(pdf)
            for column in pad_columns(rules):
                assert column.label in text, f"{where}: {column.label!r}"
                assert column.hint in text, f"{where}: {column.hint!r}"
        assert min(text_sizes(pdf)) >= 7, where


def test_a_heading_too_long_for_its_narrow_column_is_given_the_height_to_read_whole():
    from games.printing.layout import UpwardText
    from games.printing.scorepad import MIN_COLUMN, UPWARD_HEADER_HEIGHT

    label, hint = "Red threes in unpicked Pennies", "each count \u00d7 its value, + the points"
    heading = UpwardText(label, hint)
    inner = MIN_COLUMN - 4  # two upward lines: the label on one, the hint on the other

    height = heading.length_needed(inner, UPWARD_HEADER_HEIGHT)
    heading.wrap(inner, height)

    assert height > UPWARD_HEADER_HEIGHT
    assert [text for text, _, _ in heading.pieces] == [heading.label, heading.hint]


@pytest.mark.parametrize("sides", [1, 6, 12])
def test_the_score_pads_pad_has_a_column_per_side_with_the_hand_and_the_running_total(sides):
    names = [f"Player {n}" for n in range(1, sides + 1)]

    text = flat(score_pad_pdf(RULE_SETS["score-pad"], sides, names))

    for name in names:
        assert name in text
    assert text.count("Hand Total") == sides
    assert "Winner" in text


def test_a_score_pad_of_five_hands_prints_five_rows_and_no_more():
    rules = RULE_SETS["score-pad"].with_options({"hands": 5})

    text = flat(score_pad_pdf(rules, 2, ["Ann", "Bob"]))

    assert " 5 Winner" in text
    assert " 6 " not in text


@pytest.mark.parametrize(
    "slug", [slug for slug, rules in RULE_SETS.items() if prose_of(rules).pad_note]
)
def test_every_pad_prints_its_rule_sets_note_even_with_no_other_legend(slug):
    """Issue 39: the note went missing where nothing else was in the legend (Liverpool, Five
    Crowns, Phase 10, the score pad at their usual numbers)."""
    rules = RULE_SETS[slug]
    text = flat(score_pad_pdf(rules, fewest_or_two(slug)))

    opening = " ".join(worded.english(pad_note, rules).split()[:5])
    assert opening in text, f"{slug}: {opening!r} not on the pad"
