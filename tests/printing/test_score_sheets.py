import datetime
import io
import re

import pytest
from django.utils import translation
from pypdf import PdfReader

from games.printing import PrintError, score_sheet_pdf
from games.rules import RULE_SETS, HandInput
from tests.rules import worded

from .helpers import (
    A4,
    LETTER,
    dark_fraction,
    finished_miromar,
    finished_ten_pennies,
    flat,
    is_paper,
    long_partnership_game,
    page_sizes,
    partnership,
    text_of,
)


def test_a_finished_sheet_shows_sides_players_date_totals_and_the_winner(tmp_path):
    score = finished_miromar()
    pdf = score_sheet_pdf(score, title="Club night", played_on=datetime.date(2026, 3, 14))
    text = flat(pdf)

    assert "Club night" in text
    assert "Saturday 14 March 2026" in text
    assert "Sides Ann & Cy; Bob & Di" in text
    assert "Winner: Ann & Cy with 10,300" in text
    assert "10,300" in text and "1,250" in text
    for hand in score.hands:
        for total in hand.totals.values():
            assert f"{total:,}" in text
    assert "total only" in text
    assert dark_fraction(pdf, tmp_path) > 0.01


def test_a_sheet_itemizes_each_hand_with_the_points_of_every_item():
    rules = RULE_SETS["pfh-partnership"]
    score = long_partnership_game(3)
    text = flat(score_sheet_pdf(score))

    assert "Natural canastas" in text and "Card points on the table" in text
    hand = score.hands[0]
    for side, parts in hand.breakdown.items():
        row = " ".join(f"{v:,}".replace("-", "\u2212") for v in parts.values() if v)
        assert f"{side} {row} {hand.scores[side]:,} {hand.totals[side]:,}" in text
    assert worded.name(rules) in text


def test_a_ten_pennies_sheet_shows_the_pennies_and_the_pot_payout():
    score = finished_ten_pennies()
    pot = score.pot()
    assert pot is not None
    text = flat(score_sheet_pdf(score))

    assert pot.total == 42
    assert f"The pot holds {pot.total} pennies" in text
    assert f"Ann takes {pot.total}" in text
    assert "Winner: Ann with 0" in text
    assert "Pennies in" in text and "Takes from the pot" in text
    assert "Bob 210" in text


def test_a_game_in_progress_says_so_and_names_no_winner():
    text = flat(score_sheet_pdf(long_partnership_game(5)))

    assert "Game in progress: 5 hands played" in text
    assert "Winner" not in text


def test_a_sixty_hand_sheet_runs_over_several_pages_with_every_total(tmp_path):
    score = long_partnership_game(60)
    pdf = score_sheet_pdf(score, paper="a4")

    sizes = page_sizes(pdf)
    assert 2 <= len(sizes) <= 5
    assert all(is_paper(s, A4) for s in sizes)
    text = text_of(pdf)
    assert f"{score.totals['Ann & Cy']:,}" in text
    assert "Page 3 of 3" in text or "Page 2 of 2" in text
    for page in range(1, len(sizes) + 1):
        assert dark_fraction(pdf, tmp_path, page) > 0.01


def test_a_sheet_prints_on_letter_by_default():
    assert all(is_paper(s, LETTER) for s in page_sizes(score_sheet_pdf(long_partnership_game(2))))


def test_side_names_in_any_script_and_with_markup_print_as_typed():
    names = ("<b>Zoë</b> & Ζωή", "Жанна & 张伟")
    text = text_of(score_sheet_pdf(finished_miromar(names), title="<i>Night</i> & day"))

    assert "<b>Zoë</b> & Ζωή" in text
    assert "Жанна & 张伟" in text
    assert "<i>Night</i> & day" in text


def test_the_first_dealer_is_shown_and_the_deal_passes_to_the_left():
    score = finished_miromar()
    text = flat(score_sheet_pdf(score, first_dealer="Bob"))

    assert "First dealer Bob" in text
    assert "2 Cy" in text and "3 Di" in text


def test_a_dealer_who_is_not_playing_is_refused():
    with pytest.raises(PrintError, match="not playing"):
        score_sheet_pdf(finished_miromar(), first_dealer="Zed")


def _splash_game():
    from games.rules import HandInput

    from .helpers import partnership

    game = partnership()
    first = HandInput(
        {
            "Ann & Cy": {"went_out": True, "natural_canastas": 2, "meld_points": 300},
            "Bob & Di": {"natural_canastas": 1, "meld_points": 200, "hand_points": 100},
        }
    )
    splash = HandInput(
        {"Ann & Cy": {"splash": True}, "Bob & Di": {"natural_canastas": 3, "meld_points": 455}}
    )
    return game.score([first, splash])


def test_a_splash_hand_shows_the_other_sides_entries_as_ignored_not_as_numbers():
    text = flat(score_sheet_pdf(_splash_game()))

    assert "Splash by Ann & Cy: these entries ignored" in text
    assert "455" not in text  # Bob & Di's melded points that hand, ignored


def test_a_game_in_progress_shows_what_the_next_hand_needs_to_open():
    text = flat(score_sheet_pdf(_splash_game()))

    assert "Next Hand 3, to open: Ann & Cy 155; Bob & Di 125" in text


def test_a_ten_pennies_game_in_progress_shows_the_next_rounds_contract():
    from games.rules import GameScore

    full = finished_ten_pennies()
    score = GameScore(full.game)
    score.hands = full.hands[:3]
    text = flat(score_sheet_pdf(score))

    assert "Next Round 4: first down 1 set of 5; wild cards: twos, 2 per set" in text
    assert "cards and buys are counts, a penny each into the pot" in text
    assert "Each item shows the points it scored" not in text


def test_a_first_dealer_that_contradicts_the_dealers_of_the_game_is_refused():
    from games.rules import HandInput

    from .helpers import partnership

    game = partnership()
    score = game.score([HandInput({"Ann & Cy": {"total": 10}, "Bob & Di": {"total": 5}}, "Bob")])

    with pytest.raises(PrintError, match="hand 1 is Ann's deal, but the game says Bob dealt it"):
        score_sheet_pdf(score, first_dealer="Ann")
    assert "First dealer Bob" in flat(score_sheet_pdf(score, first_dealer="Bob"))


def test_players_on_their_own_are_named_once_not_as_name_colon_name():
    rules = RULE_SETS["pfh-three-hands"]
    game = rules.new_game(["Grandma", "Ann", "Bob"])
    text = flat(score_sheet_pdf(game.score([])))

    assert "Grandma: Grandma" not in text
    assert "Players Grandma, Ann, Bob" in text
    assert text.count("Grandma") == 3  # players, next hand's minimum, totals: once each


#: long_partnership_game's hands as the sheet prints them: the items, the hand score.
WINNING_ROW = "500 200 −100 185 −40 745"
LOSING_ROW = "100 95 −160 35"


def printed_rows(number: int) -> list[str]:
    """Hand `number` of long_partnership_game as its two rows read: side, items, hand score and
    total (Ann & Cy win the odd hands 745 to 35, Bob & Di the even ones)."""
    odd, even = (number + 1) // 2, number // 2
    ann_and_cy, bob_and_di = 745 * odd + 35 * even, 35 * odd + 745 * even
    ann_row, bob_row = (WINNING_ROW, LOSING_ROW) if number % 2 else (LOSING_ROW, WINNING_ROW)
    return [f"Ann & Cy {ann_row} {ann_and_cy:,}", f"Bob & Di {bob_row} {bob_and_di:,}"]


#: With 35 and 59 hands the last hand alone is what would spill onto the last Letter page (the
#: grid keeps the hand before it company); 18, 19, 41 and 42 end a page or just begin one.
@pytest.mark.parametrize("hands", [18, 19, 35, 41, 42, 59])
def test_the_last_hand_never_sits_alone_on_a_page(hands):
    from games.rules import GameScore

    full = long_partnership_game(60)
    score = GameScore(full.game)
    score.hands = full.hands[:hands]
    reader = PdfReader(io.BytesIO(score_sheet_pdf(score)))

    pages = len(reader.pages)
    last = [line.strip() for line in reader.pages[-1].extract_text().split("\n")]
    dealers = ["Ann", "Bob", "Cy", "Di"]
    for number in (hands - 1, hands):  # the last hand and the one before it, with its dealer
        for row in printed_rows(number):
            assert row in last
        at = last.index(str(number))
        assert last[at + 1] == dealers[(number - 1) % 4]
    assert str(hands + 1) not in last
    assert f"Page {pages} of {pages}" in last
    assert printed_rows(hands - 1)[0] not in reader.pages[-2].extract_text()


@pytest.mark.parametrize("slug", list(RULE_SETS))
def test_every_printout_writes_negative_numbers_with_one_minus_sign(slug):
    from games.printing import rule_sheet_pdf, score_pad_pdf

    from .test_score_pads import fewest_or_two

    rules = RULE_SETS[slug]
    for pdf in (rule_sheet_pdf(rules), score_pad_pdf(rules, fewest_or_two(slug))):
        assert not re.search(r"(?<![\w\u2212])-\d", flat(pdf))
    assert not re.search(r"(?<![\w])-\d", flat(score_sheet_pdf(finished_miromar())))


def test_a_side_named_after_its_players_is_named_once_and_a_team_name_shows_its_players():
    from .helpers import partnership

    plain = flat(score_sheet_pdf(partnership().score([])))
    teams = flat(score_sheet_pdf(partnership(names=("Reds", "Cy and Ann")).score([])))

    assert "Ann & Cy: Ann & Cy" not in plain
    assert "Sides Ann & Cy; Bob & Di" in plain
    assert "Sides Reds: Ann & Cy; Cy and Ann: Bob & Di" in teams


def _notes_crossed_by_a_rule(pdf: bytes) -> list[str]:
    """The notes ("total only", "Splash ...") that a vertical rule runs through."""
    from games.printing.fonts import text_width

    from .helpers import text_boxes, vertical_rules

    crossed = []
    for page in range(1, len(page_sizes(pdf)) + 1):
        rules = vertical_rules(pdf, page)
        for text, x, base, size in text_boxes(pdf, page):
            text = text.strip()
            if not (text == "total only" or text.startswith("Splash")):
                continue
            right = x + text_width(text, size)
            middle = base + size * 0.35
            for rule_x, bottom, top in rules:
                if x < rule_x < right and bottom < middle < top:
                    crossed.append(text)
    return crossed


def test_no_column_rule_runs_through_a_total_only_or_splash_note():
    for score in (finished_miromar(), _splash_game()):
        pdf = score_sheet_pdf(score)

        assert "total only" in flat(pdf) or "Splash" in flat(pdf)
        assert _notes_crossed_by_a_rule(pdf) == []


def _every_column_game(slug: str):
    """A game of `slug` in which every tally item is scored at least once, so that its sheet
    has every column."""
    from games.rules import HandInput

    from .helpers import partnership

    if slug == "pfh-three-hands":
        game = RULE_SETS[slug].new_game(["Grandma", "Ann", "Bob"])
        out = {"red_books": 1, "black_books": 1, "seven_books": 1, "wild_books": 1}
        out |= {"red_threes": 2, "black_threes": 1, "meld_points": 300, "hand_points": 40}
        out |= {"went_out": True}
        caught = {"black_books": 1, "meld_points": 100, "hand_points": 80, "on_board": False}
        caught |= {"pile_points": 120}
        return game.score([HandInput({"Grandma": out, "Ann": caught, "Bob": {}})])
    game = partnership(slug)
    if slug == "pfh-partnership":
        out = {"natural_canastas": 1, "unnatural_canastas": 1, "wild_canastas": 1}
        out |= {"ace_canastas": 1, "seven_canastas": 1, "red_threes": 2, "went_out": True}
        out |= {"meld_points": 500, "hand_points": 50, "perfect_deals": 1}
        other = {"pennies_red_threes": 1, "black_threes": 1, "hand_points": 90}
        return game.score([HandInput({"Ann & Cy": out, "Bob & Di": other})])
    first = {"went_out": True, "natural_canastas": 1, "dirty_canastas": 1}
    first |= {"natural_ace_canastas": 1, "wild_canastas": 1, "threes": 2, "meld_points": 300}
    first |= {"hand_points": 20, "threes_in_hand": 1, "sevens_penalties": 1, "aces_penalties": 1}
    caught = {"unfinished_natural_aces": 1, "unfinished_sevens": 1, "unfinished_wilds": 1}
    second = {"went_out": True, "dirty_canastas": 1, "dirty_ace_canastas": 1}
    second |= {"seven_canastas": 1, "grand_wild_canastas": 1}
    return game.score(
        [
            HandInput({"Ann & Cy": first, "Bob & Di": caught}),
            HandInput({"Ann & Cy": {"splash": True}, "Bob & Di": {}}),
            HandInput({"Ann & Cy": second, "Bob & Di": {}}),
        ]
    )


@pytest.mark.parametrize("slug", ["pfh-three-hands", "pfh-partnership", "miromar-canasta"])
@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_no_column_heading_of_a_sheet_with_every_item_scored_is_cut_short(slug, paper):
    from games.printing.scoresheet import _columns

    score = _every_column_game(slug)
    pdf = score_sheet_pdf(score, paper=paper)
    text = flat(pdf)

    assert len(_columns(score)) == len(RULE_SETS[slug].tally_fields) - (slug == "pfh-three-hands")
    assert [line for line in text_of(pdf).split("\n") if line.strip().endswith("\u2026")] == []
    for _, label, _ in _columns(score):
        assert label in text


def test_the_name_under_each_hand_number_is_labelled_as_its_dealer():
    with_dealers = flat(score_sheet_pdf(finished_miromar(), first_dealer="Bob"))
    without = flat(score_sheet_pdf(finished_miromar()))

    assert "Hand dealt by" in with_dealers
    assert "dealt by" not in without


def test_ten_pennies_names_the_pot_column_for_what_the_winner_takes_not_pays():
    text = flat(score_sheet_pdf(finished_ten_pennies()))

    assert "Pot paid" not in text
    assert "Takes from the pot" in text


def test_miromars_splash_column_shows_the_splash_on_the_hand_it_was_made():
    score = finished_miromar()
    splashes = [hand for hand in score.hands if hand.breakdown["Ann & Cy"].get("splash")]
    text = text_of(score_sheet_pdf(score))

    # Each Splash hand: 2,500 in the Splash column and as the hand score (no total is 2,500).
    assert len(splashes) == 4
    assert text.count("2,500") == 2 * len(splashes)


def _hands_by_page(pdf: bytes) -> list[list[int]]:
    """The hand numbers printed in the hand column (9 pt bold), page by page."""
    from .helpers import text_boxes

    def is_hand_number(text: str, size: float) -> bool:
        return text.strip().isdigit() and abs(size - 9.0) < 0.01

    pages = [
        [int(text) for text, _, _, size in text_boxes(pdf, page) if is_hand_number(text, size)]
        for page in range(1, len(page_sizes(pdf)) + 1)
    ]
    return [hands for hands in pages if hands]


def _family_game_of_three_hands():
    from games.rules import HandInput

    game = RULE_SETS["pfh-three-hands"].new_game(["José", "李小龍", "שרה", "محمد"])
    out = {"red_books": 1, "black_books": 1, "seven_books": 1, "wild_books": 1}
    out |= {"red_threes": 2, "black_threes": 1, "meld_points": 300, "hand_points": 40}
    out |= {"went_out": True}
    caught = {"black_books": 1, "meld_points": 100, "hand_points": 80, "on_board": False}
    caught |= {"pile_points": 120}
    plain = {"black_books": 1, "meld_points": 200, "hand_points": 30}
    hand = HandInput({"José": out, "李小龍": caught, "שרה": plain, "محمد": plain})
    return game.score([hand, hand, hand])


def _miromar_of_four_hands():
    from games.rules import HandInput

    from .helpers import partnership

    first = {"went_out": True, "natural_canastas": 1, "dirty_canastas": 1}
    first |= {"natural_ace_canastas": 1, "wild_canastas": 1, "threes": 2, "meld_points": 300}
    first |= {"hand_points": 20, "threes_in_hand": 1, "sevens_penalties": 1, "aces_penalties": 1}
    caught = {"unfinished_natural_aces": 1, "unfinished_sevens": 1, "unfinished_wilds": 1}
    second = {"went_out": True, "natural_canastas": 2, "meld_points": 200}
    other = {"dirty_canastas": 1, "meld_points": 90}
    last = {"went_out": True, "dirty_canastas": 1, "dirty_ace_canastas": 1}
    last |= {"seven_canastas": 1, "grand_wild_canastas": 1}
    return partnership().score(
        [
            HandInput({"Ann & Cy": first, "Bob & Di": caught}),
            HandInput({"Ann & Cy": second, "Bob & Di": other}),
            HandInput({"Ann & Cy": first, "Bob & Di": caught}),
            HandInput({"Ann & Cy": last, "Bob & Di": {}}),
        ]
    )


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("game", ["family of three hands", "Miromar of four hands"])
def test_a_short_game_keeps_its_last_hands_on_the_page_with_the_others(game, paper):
    score = {
        "family of three hands": _family_game_of_three_hands,
        "Miromar of four hands": _miromar_of_four_hands,
    }[game]()

    pages = _hands_by_page(score_sheet_pdf(score, paper=paper, first_dealer=score.game.players[0]))

    assert pages == [list(range(1, len(score.hands) + 1))]


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_no_two_numbers_in_a_row_of_the_hands_run_into_each_other(paper):
    from games.printing.fonts import text_width

    from .helpers import text_boxes

    pdf = score_sheet_pdf(_miromar_of_four_hands(), paper=paper)

    for page in range(1, len(page_sizes(pdf)) + 1):
        rows: dict[float, list[tuple[float, float, str]]] = {}
        for text, x, y, size in text_boxes(pdf, page):
            text = text.strip()
            if re.fullmatch(r"[\u2212+]?[\d,]+", text):
                right = x + text_width(text, size, bold=True)
                rows.setdefault(round(y), []).append((x, right, text))
        for cells in rows.values():
            cells.sort()
            for (_, right, text), (left, _, after) in zip(cells, cells[1:], strict=False):
                assert right <= left, f"{text} runs into {after}"


def test_a_phase_10_sheet_shows_the_phase_each_player_played_in_each_hand():
    """RULINGS 14: a player who completes the phase plays the next one in the following hand."""
    from games.rules import HandInput

    game = RULE_SETS["phase-10"].new_game(["Ann", "Bob", "Cy"])
    out: dict[str, int | bool] = {"went_out": True, "completed_phase": True}
    hands: list[dict[str, dict[str, int | bool]]] = [
        {"Ann": out, "Bob": {"points": 40}, "Cy": {"points": 25, "completed_phase": True}},
        {"Ann": {"points": 5}, "Bob": {"points": 10}, "Cy": out},
    ]

    text = flat(score_sheet_pdf(game.score([HandInput(tallies) for tallies in hands])))

    assert "Hand Player Phase Points left in hand" in text
    assert "Ann 1 yes yes 0 0 Bob 1 40 40 40 Cy 1 25 yes 25 25" in text
    assert "Ann 2 5 5 5 Bob 1 10 10 50 Cy 2 yes yes 0 25" in text
    assert "phases: Ann 2; Bob 1; Cy 3" in text


@pytest.mark.parametrize(("language", "written"), [("en", "2,005"), ("pt-br", "2.005")])
def test_a_total_is_grouped_as_the_language_of_the_sheet_groups_it(language, written):
    """The numbers come from the language's formats, not its catalogue: 2,005 in English,
    2.005 in Portuguese, on the sheet as on the screen."""
    game = partnership()
    score = game.score([HandInput({"Ann & Cy": {"total": 2_005}, "Bob & Di": {"total": 100}})])

    with translation.override(language):
        text = flat(score_sheet_pdf(score))

    assert f"Ann & Cy {written}" in text
    assert ("2.005" if language == "en" else "2,005") not in text
