"""Game files into games. The import page and `import_games` (restoring a backup) are this one
piece of code: the file is parsed once, the engine checks the whole game once, and every hand is
written with bulk inserts in one transaction (Game.from_hands)."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.core.files.uploadedfile import UploadedFile
from django.db import transaction
from django.utils import timezone
from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext as _

from games.models import (
    Game,
    RosterError,
    refuse_unseen_characters,
    roster_name,
    seats_with_names,
)
from games.models.account_names import account_called
from games.models.errors import Refused
from games.rules import GameSetup as Setup
from games.rules import HandInput, RulesError, RuleSet
from games.rules.gamefile import MAX_GAME_FILE_BYTES, parse_game_file, read_game_data
from games.templatetags.numbers import format_number
from games.words import rule_set_name, say

#: A share link's code (models.new_share_token makes 32 of these characters); also the only
#: tokens the live view's URL (games/urls.py) lets through.
SHARE_TOKEN = re.compile(r"[A-Za-z0-9_-]{16,64}")
LARGEST_VERSION = 2**31 - 1
#: The years a backup's dates may fall in (see `when`).
EARLIEST_YEAR, LATEST_YEAR = 1900, 9000


def too_big_message() -> str:
    said = _(
        "That file is over %(bytes)s bytes, too big to be a game file (a long game is about "
        "20 KB). Nothing was imported."
    )
    return said % {"bytes": format_number(MAX_GAME_FILE_BYTES)}


def too_big(upload: UploadedFile | None) -> bool:
    """Whether an uploaded file is bigger than any game file (by its size, before reading)."""
    return upload is not None and (upload.size or 0) > MAX_GAME_FILE_BYTES


class ImportRefused(Refused):
    """A game file that cannot become a game; `message` says why, in the player's words (the
    engine's reasons start in lower case: the message starts with a capital)."""

    def __init__(self, message: str) -> None:
        super().__init__(message[:1].upper() + message[1:])


@transaction.atomic
def import_game_file(
    content: str | bytes,
    owner: AbstractBaseUser | None = None,
    *,
    backup: bool = False,
    default_owner: str | None = None,
) -> Game:
    """A new game from a game file, or ImportRefused and nothing saved.

    The import page passes the account as `owner`. `import_games` passes `backup=True`: the
    owner is the one the file names (or `default_owner`, created if missing), and what a backup
    adds to a game file is restored too (see `export_games`)."""
    try:
        data = roster_spellings(parse_game_file(content))
        setup, hands = read_game_data(data)
    except RulesError as error:
        raise ImportRefused(say(error)) from None
    try:
        refuse_unseen_characters([*setup.players, *setup.side_names])
    except RosterError as refused:
        raise ImportRefused(refused.message) from None
    if owner is None:
        owner = user_named(data.get("owner", default_owner), '"owner"')
    restored = read_backup(data, setup, owner) if backup else {}
    try:
        game = Game.from_hands(owner, setup, hands, first_dealer(data, setup, hands))
    except RulesError as error:
        raise ImportRefused(say(error)) from None
    if backup:
        game.co_scorekeepers.add(*restored.pop("helpers"))
        if Game.objects.filter(share_token=restored.get("share_token")).exists():
            del restored["share_token"]  # the same backup restored twice: the copy gets a new one
        Game.objects.filter(pk=game.pk).update(**restored)
        game.refresh_from_db()
    return game


def already_here(content: str | bytes, owner: AbstractBaseUser) -> Game | None:
    """The owner's game (not deleted) that `content` would import again: the same rules,
    players, sides and hands, hand for hand as the engine reads them. None for a new game, or a
    file that will be refused anyway (the import says why)."""
    try:
        setup, hands = read_game_data(roster_spellings(parse_game_file(content)))
        typed = setup.score(hands).hands
    except RulesError:
        return None
    candidates = (
        Game.objects.filter(
            owner_id=owner.pk,
            deleted__isnull=True,
            rules_slug=setup.rules.slug,
            hands_played=len(hands),
        )
        .order_by("-created")
        .prefetch_related(seats_with_names())
    )
    for game in candidates:
        if game.players != list(setup.players) or game.side_names != list(setup.side_names):
            continue
        recorded = game.score().hands
        if [(h.tallies, h.scores) for h in recorded] == [(h.tallies, h.scores) for h in typed]:
            return game
    return None


def roster_spellings(data: Any) -> Any:
    """A parsed game file with every name in it as the roster compares it (NFKC: "Ｐ２" is the
    player "P2", as on the new-game page): the players, the sides' names and players, the first
    dealer and each hand's dealer and the sides its tallies are keyed by. Anything not shaped
    as a game file is left for `read_game_data` to refuse."""
    if not isinstance(data, dict):
        return data
    data = dict(data)
    if isinstance(data.get("players"), list):
        data["players"] = spelled_list(data["players"])
    if isinstance(data.get("sides"), list):
        data["sides"] = [
            {**side, "name": spelled(side.get("name")), "players": spelled_list(side["players"])}
            if isinstance(side, dict) and isinstance(side.get("players"), list)
            else side
            for side in data["sides"]
        ]
    if "first_dealer" in data:
        data["first_dealer"] = spelled(data["first_dealer"])
    if isinstance(data.get("hands"), list):
        data["hands"] = [spelled_hand(hand) for hand in data["hands"]]
    return data


def spelled(name: Any) -> Any:
    return roster_name(name) if isinstance(name, str) else name


def spelled_list(names: list[Any]) -> list[Any]:
    return [spelled(name) for name in names]


def spelled_hand(hand: Any) -> Any:
    """A game file's hand with its dealer and the sides its tallies name in NFKC."""
    if not isinstance(hand, dict):
        return hand
    hand = dict(hand)
    if "dealer" in hand:
        hand["dealer"] = spelled(hand["dealer"])
    if isinstance(hand.get("tallies"), dict):
        hand["tallies"] = {roster_name(side): tally for side, tally in hand["tallies"].items()}
    return hand


def first_dealer(data: dict[str, Any], setup: Setup, hands: list[HandInput]) -> str:
    """Who dealt first: the file's "first_dealer", else the dealer of hand 1, else seat 1."""
    named = data.get("first_dealer")
    if named in setup.players:
        return named
    if hands and hands[0].dealer in setup.players:
        return hands[0].dealer
    return setup.players[0]


def read_backup(data: dict[str, Any], setup: Setup, owner: AbstractBaseUser) -> dict[str, Any]:
    """What a backup adds to a game file, checked before anything is saved."""
    helpers = data.get("co_scorekeepers", [])
    if not isinstance(helpers, list):
        raise ImportRefused(_('"co_scorekeepers" must be a list of usernames'))
    restored: dict[str, Any] = {
        "helpers": [
            user
            for user in (user_named(name, _("each co-scorekeeper")) for name in helpers)
            if user != owner
        ]
    }
    for flag in ("reopened", "archived"):
        value = data.get(flag, False)
        if not isinstance(value, bool):
            raise ImportRefused(_('"%(key)s" must be true or false') % {"key": flag})
        restored[flag] = value
    for key in ("created", "updated", "deleted"):
        if data.get(key) is not None:
            restored[key] = when(data, key)
    token = data.get("share_token")
    if token is not None:
        if not isinstance(token, str) or not SHARE_TOKEN.fullmatch(token):
            raise ImportRefused(_('"share_token" must be the share link\'s code, as exported'))
        restored["share_token"] = token
    if "table" in data:
        try:
            restored["hand_in_progress"] = read_table(data["table"], setup.rules, len(setup.sides))
        except ValueError as error:
            said = say(error) if isinstance(error, RulesError) else str(error)
            raise ImportRefused(f'"table": {said}') from None
    version = data.get("version")
    if version is not None:
        if isinstance(version, bool) or not isinstance(version, int):
            raise ImportRefused(_('"version" must be a whole number'))
        if not 1 <= version <= LARGEST_VERSION:
            said = _('"version" must be from %(lowest)s to %(highest)s')
            lowest, highest = format_number(1), format_number(LARGEST_VERSION)
            raise ImportRefused(said % {"lowest": lowest, "highest": highest})
        restored["version"] = version
    return restored


def read_table(raw: Any, rules: RuleSet, sides: int) -> dict[str, Any]:
    """A hand in progress from a backup, checked by the rule set's tracker (ValueError says what
    is wrong); nothing but an empty one for a rule set that keeps none."""
    if rules.tracker is None:
        if raw != {}:
            raise ValueError(
                _("%(game)s keeps no hand in progress") % {"game": rule_set_name(rules)}
            )
        return {}
    return rules.tracker.read_state(raw, sides)


def user_named(username: Any, what: str) -> AbstractBaseUser:
    """The account called `username`, created with an unusable password if missing."""
    User = get_user_model()
    field = User._meta.get_field(User.USERNAME_FIELD)
    if not isinstance(username, str) or not username.strip():
        # Translators: %(what)s is "owner" (a game file's key) or "each co-scorekeeper".
        raise ImportRefused(_("%(what)s must be a username") % {"what": what})
    longest = getattr(field, "max_length", None)
    if longest and len(username) > longest:
        said = _("%(what)s %(username)s... is longer than a username can be")
        raise ImportRefused(said % {"what": what, "username": repr(username[:20])})
    try:
        return User._default_manager.get_by_natural_key(username)
    except User.DoesNotExist:
        pass
    # One account per name as names are compared: "ALICE" in a file is the account "alice".
    same = account_called(username)
    if same is not None:
        return same
    user = User(**{User.USERNAME_FIELD: username})
    user.set_unusable_password()
    user.save()
    return user


def when(data: dict[str, Any], key: str) -> datetime:
    """The date and time under `key`, in UTC. A date out of EARLIEST_YEAR..LATEST_YEAR is refused
    like a malformed one: near the ends of Python's calendar (years 1 and 9999) converting it to
    UTC, or to a viewer's time zone, overflows, and PostgreSQL stores years Python cannot read."""
    value = data.get(key)
    try:
        parsed = parse_datetime(value) if isinstance(value, str) else None
        if parsed is not None and timezone.is_aware(parsed):
            parsed = parsed.astimezone(UTC)
    except (ValueError, OverflowError):
        parsed = None
    if parsed is None or not EARLIEST_YEAR <= parsed.year <= LATEST_YEAR:
        said = _(
            '"%(key)s" must be a date and time from the year %(earliest)s to %(latest)s, like '
            "2025-01-31T20:15:00+00:00"
        )
        raise ImportRefused(said % {"key": key, "earliest": EARLIEST_YEAR, "latest": LATEST_YEAR})
    return parsed if timezone.is_aware(parsed) else timezone.make_aware(parsed, UTC)
