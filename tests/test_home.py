from django.test import Client
from django.urls import reverse


def test_home_page_serves_htmx_from_our_own_static_files(client: Client) -> None:
    response = client.get(reverse("home"))

    assert response.status_code == 200
    html = response.content.decode()
    assert '<script src="/static/js/htmx.min.js" defer></script>' in html
    assert "unpkg.com" not in html
    assert "cdn" not in html.lower()


def test_home_page_is_laid_out_for_phones(client: Client) -> None:
    response = client.get(reverse("home"))

    # interactive-widget: on Android Chrome the keyboard resizes the page, so the sticky save
    # bar sits above the keyboard instead of behind it.
    assert (
        '<meta name="viewport" content="width=device-width, initial-scale=1, '
        'interactive-widget=resizes-content">'
    ) in response.content.decode()
