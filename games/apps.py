from django.apps import AppConfig


class GamesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "games"

    def ready(self) -> None:
        # The login signal's receiver (an account's language comes with it), and every rule
        # set's words at the edge, registered once (games/words/games/).
        from games import languages, words  # noqa: F401
