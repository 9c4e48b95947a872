from django.test import Client
from django.urls import reverse

from games.models import Game


def test_the_scoreboard_serves_htmx_from_our_own_static_files(
    alice_client: Client, game: Game
) -> None:
    response = alice_client.get(reverse("game", args=[game.pk]))

    assert response.status_code == 200
    html = response.content.decode()
    assert '<script src="/static/js/htmx.min.js" defer></script>' in html
    assert "unpkg.com" not in html
    assert "cdn" not in html.lower()


def test_the_home_page_loads_no_htmx_it_does_not_use(alice_client: Client, game: Game) -> None:
    html = alice_client.get(reverse("home")).content.decode()

    assert game.rules.name in html
    assert "hx-get" not in html and "hx-post" not in html
    assert "htmx.min.js" not in html


def test_home_page_is_laid_out_for_phones(client: Client) -> None:
    response = client.get(reverse("home"))

    # interactive-widget: on Android Chrome the keyboard resizes the page, so the sticky save
    # bar sits above the keyboard instead of behind it.
    assert (
        '<meta name="viewport" content="width=device-width, initial-scale=1, '
        'interactive-widget=resizes-content">'
    ) in response.content.decode()
