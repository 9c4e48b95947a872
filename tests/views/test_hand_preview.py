from django.test import Client

from games.models import Game, Hand
from tests.reading import Element, alerts, parse
from tests.views.helpers import HTMX, bare, game_url, hand_data, html, is_login_redirect

ITEMIZED = [
    {"natural_canastas": 2, "went_out": True, "meld_points": 100},
    {"meld_points": 50, "hand_points": 20},
]


def preview(client: Client, game: Game, data: dict):
    return client.post(game_url("hand_preview", game), data, headers=HTMX)


def scores(page: str) -> list[str]:
    """Each side's hand score as the preview shows it, in seating order."""
    shown = parse(page).find(id="preview").find_all("b", class_="preview-score")
    assert [b.attrs["data-testid"] for b in shown] == [f"preview-{i}" for i in range(len(shown))]
    return [b.text for b in shown]


def breakdown(page: str, side: int) -> list[tuple[str, ...]]:
    """One side's table in the preview's breakdown: each line's words and points."""
    table = parse(page).find(id="breakdown").find_all("table")[side]
    return [tuple(cell.text for cell in row.find_all("td")) for row in table.find_all("tr")]


def out_of_band(page: str, id: str) -> Element:
    """The element the preview sends to its place on the page (htmx's out-of-band swap)."""
    element = parse(page).find(id=id)
    assert element.attrs.get("hx-swap-oob") == "true", id
    return element


def test_the_preview_shows_each_sides_hand_score_and_saves_nothing(
    alice_client: Client, game: Game
) -> None:
    response = preview(alice_client, game, hand_data(ITEMIZED, number=1))

    assert response.status_code == 200
    page = html(response)
    assert parse(page).find_all("html") == []  # the preview alone, for htmx to swap in
    assert scores(page) == ["1,300", "−70"]
    assert not Hand.objects.exists()


def test_the_preview_breaks_the_score_down_in_the_forms_words(
    alice_client: Client, game: Game
) -> None:
    page = html(preview(alice_client, game, hand_data(ITEMIZED, number=1)))

    assert ("Natural canastas", "1,000") in breakdown(page, 0)
    assert ("Went out", "200") in breakdown(page, 0)
    assert ("Card points left in hands", "−20") in breakdown(page, 1)


def test_a_bare_total_previews_as_itself(alice_client: Client, game: Game) -> None:
    page = html(preview(alice_client, game, hand_data([{"total": -45}, {"total": 15}], 1)))

    assert scores(page) == ["−45", "15"]


def test_the_engines_objection_comes_back_as_out_of_band_field_errors(
    alice_client: Client, game: Game
) -> None:
    typed = [{"went_out": True, "natural_canastas": 2}, {"went_out": True, "natural_canastas": 2}]

    page = html(preview(alice_client, game, hand_data(typed, number=1)))

    error = out_of_band(page, "err-went_out")
    assert error.text == "Hand 1, Bob & Di: only one side can go out in a hand"
    assert "field-error" in error.classes
    assert scores(page) == ["…", "…"]


def test_a_typing_mistake_comes_back_next_to_its_field(alice_client: Client, game: Game) -> None:
    page = html(preview(alice_client, game, hand_data([{"meld_points": "1o0"}, {}], 1)))

    assert out_of_band(page, "err-s0-meld_points").text == (
        "Hand 1, Ann & Cy: type a whole number for card points on the table."
    )


def test_an_objection_about_no_field_is_shown_in_the_preview(
    alice_client: Client, game: Game
) -> None:
    game.record_hand(1, bare(game, 8500, 0), "Ann")

    page = html(preview(alice_client, game, hand_data([{"total": 5}, {"total": 5}], 2)))

    (alert,) = alerts(page)
    assert "the game ended after hand 1" in alert


def test_previewing_an_edit_scores_it_after_the_hands_before_it(
    alice_client: Client, game: Game
) -> None:
    game.record_hand(1, bare(game, 2900, 0), "Ann")
    game.record_hand(2, bare(game, 100, 0), "Bob")
    edited = [{"natural_canastas": 1, "meld_points": 90, "threes": 1}, {"total": 0}]

    page = html(preview(alice_client, game, hand_data(edited, number=1, revision=1)))

    # one canasta: the table counts for the side and the threes count neither way
    assert scores(page)[0] == "590"
    assert Hand.objects.get(game=game, number=1).revision == 1


def test_a_co_scorekeeper_gets_the_preview(bob_client: Client, game: Game) -> None:
    page = html(preview(bob_client, game, hand_data(ITEMIZED, number=1)))

    assert scores(page) == ["1,300", "−70"]


def test_someone_elses_game_is_a_404(charlie_client: Client, game: Game) -> None:
    assert preview(charlie_client, game, hand_data(ITEMIZED, 1)).status_code == 404


def test_anonymous_visitors_are_sent_to_log_in(client: Client, game: Game) -> None:
    response = client.post(game_url("hand_preview", game), hand_data(ITEMIZED, 1))

    assert is_login_redirect(response)


def test_the_preview_is_only_posted(alice_client: Client, game: Game) -> None:
    assert alice_client.get(game_url("hand_preview", game), headers=HTMX).status_code == 405


def test_a_hand_number_of_zero_or_less_or_far_ahead_still_previews_what_was_typed(
    alice_client: Client, make_game
) -> None:
    """A damaged or stale hand number never answers 500: the preview shows the scores of the
    hand as typed, with nothing refused (the save itself checks the number)."""
    game = make_game(hands=[{"Ann & Cy": {"total": 100}, "Bob & Di": {"total": 50}}])
    for number in (0, -1, -40000, 40000):
        data = hand_data([{"total": 100}, {"total": 50}], number=number)

        response = preview(alice_client, game, data)

        assert response.status_code == 200, number
        page = html(response)
        assert scores(page) == ["100", "50"], number
        assert alerts(page) == [], number


def test_a_sum_typed_into_a_box_shows_what_it_comes_to_beside_it(
    alice_client: Client, game: Game
) -> None:
    data = hand_data(ITEMIZED, number=1)
    data["s0-meld_points"] = "1200+250"
    data["s1-meld_points"] = "50"

    page = html(preview(alice_client, game, data))

    worked_out = out_of_band(page, "sum-id_s0-meld_points")
    assert worked_out.tag == "output"  # its id names the box it works out
    assert worked_out.text == "= 1,450"
    # A plain number needs no sum: the box's line stays empty.
    assert out_of_band(page, "sum-id_s1-meld_points").text == ""
    # 2 natural 1,000 + out 200 + 1,450 = 2,650 (Ann & Cy).
    assert scores(page)[0] == "2,650"


def test_after_a_refused_save_a_fixed_value_takes_the_refusal_away(
    alice_client: Client, game: Game
) -> None:
    refused = alice_client.post(
        game_url("hand_new", game), hand_data([{"total": 99999999999}, {"total": 20}], 1)
    )
    assert refused.status_code == 422
    assert 'name="refused" value="1"' in html(refused)
    assert "Not saved." in parse(html(refused)).find(id="not-saved").text

    still_wrong = hand_data([{"total": 99999999999}, {"total": 20}], 1) | {"refused": "1"}
    fixed = hand_data([{"total": 450}, {"total": 20}], 1) | {"refused": "1"}

    assert (
        "Not saved."
        in out_of_band(html(preview(alice_client, game, still_wrong)), "not-saved").text
    )
    assert out_of_band(html(preview(alice_client, game, fixed)), "not-saved").text == ""


def test_before_any_save_the_preview_draws_no_refusal(alice_client: Client, game: Game) -> None:
    page = html(preview(alice_client, game, hand_data([{"total": 99999999999}, {"total": 20}], 1)))

    assert parse(page).find_all(id="not-saved") == []


def test_tapping_who_went_out_first_says_nothing_is_missing_yet(
    alice_client: Client, game: Game
) -> None:
    page = html(preview(alice_client, game, {"number": 1, "went_out": "0"}))

    assert "Nothing entered" not in page
    assert alerts(page) == []


def test_a_preview_of_nothing_shows_no_score_and_no_message(
    alice_client: Client, game: Game
) -> None:
    page = html(preview(alice_client, game, {"number": 1}))

    assert "Nothing entered" not in page
    assert scores(page) == ["…", "…"]


def test_details_say_why_threes_count_against_a_side_that_melded_nothing(
    alice_client: Client, make_game
) -> None:
    game = make_game("canasta", team_size=2)
    sides = [{"natural_canastas": 1, "went_out": True, "meld_points": 200}, {"red_threes": 1}]

    page = html(preview(alice_client, game, hand_data(sides, number=1)))

    assert ("Red threes: nothing melded, so they count against", "−100") in breakdown(page, 1)


def test_details_say_why_miromar_threes_count_nothing_yet(alice_client: Client, game: Game) -> None:
    sides = [{"natural_canastas": 1, "threes": 2, "meld_points": 100}, {"meld_points": 50}]

    page = html(preview(alice_client, game, hand_data(sides, number=1)))

    assert ("Threes on the table: fewer than two canastas", "0") in breakdown(page, 0)
    assert ("Card points on the table", "100") in breakdown(page, 0)  # plain: no reason
    assert (
        "Card points on the table: no canasta yet, so it counts against",
        "−50",
    ) in breakdown(page, 1)


def test_details_say_samba_red_threes_count_against_a_side_short_of_two_canastas(
    alice_client: Client, make_game
) -> None:
    game = make_game("samba", team_size=2)
    sides = [
        {"natural_canastas": 2, "went_out": True, "meld_points": 400},
        {"mixed_canastas": 1, "red_threes": 1, "meld_points": 200},
    ]

    page = html(preview(alice_client, game, hand_data(sides, number=1)))

    assert ("Red threes: fewer than two canastas", "−100") in breakdown(page, 1)


def test_details_say_why_four_red_threes_score_double_in_three_hand_pennies(
    alice_client: Client, make_game
) -> None:
    game = make_game("pfh-three-hands", players=["Ann", "Bob", "Cy"])
    out = {"red_books": 1, "seven_books": 1, "wild_books": 1, "went_out": True, "on_board": True}
    sides = [out, {"red_threes": 4}, {"red_threes": 1}]

    page = html(preview(alice_client, game, hand_data(sides, number=1)))

    assert ("Red threes: four or more, so each scores more", "800") in breakdown(page, 1)
    assert ("Red threes", "100") in breakdown(page, 2)
