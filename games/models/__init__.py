"""What we keep: the roster, games, their sides and seats, their hands and stored results.
Scoring itself lives in games/rules/. Each module holds one part; everything is importable from
here (`from games.models import Game`)."""

from games.models.account_names import AccountName, account_called, username_taken
from games.models.errors import (
    AlreadySaved,
    GameChangeRefused,
    GameGone,
    GameOver,
    HandConflict,
    HandNumbersBroken,
    NotTheLastHand,
    RestoreRefused,
    TableMoved,
)
from games.models.game import Game
from games.models.game_data import DELETED_GAMES_KEPT, new_share_token
from games.models.guests import GUEST_DAYS, Guest, GuestRefused
from games.models.hand_changes import Rotation
from games.models.hands import (
    FORM_TOKEN_LENGTH,
    Hand,
    TallyEntry,
    by_side_names_now,
    hand_input,
)
from games.models.languages import ChosenLanguage
from games.models.names import (
    RosterError,
    refuse_unseen_characters,
    roster_name,
    team_name,
    told_apart,
)
from games.models.own_games import OwnGame, OwnGameRefused
from games.models.roster import Player
from games.models.signup import Signup, SignupAddress
from games.models.teams import SIDE_RESULT_FIELDS, Seat, Team, seats_with_names, side_results
from games.rules.gamefile import NAME_LENGTH, SIDE_NAME_LENGTH

__all__ = [
    "ChosenLanguage",
    "AccountName",
    "account_called",
    "username_taken",
    "SignupAddress",
    "DELETED_GAMES_KEPT",
    "FORM_TOKEN_LENGTH",
    "NAME_LENGTH",
    "SIDE_NAME_LENGTH",
    "SIDE_RESULT_FIELDS",
    "AlreadySaved",
    "GUEST_DAYS",
    "Game",
    "GameChangeRefused",
    "GameGone",
    "GameOver",
    "Guest",
    "GuestRefused",
    "Hand",
    "HandConflict",
    "HandNumbersBroken",
    "NotTheLastHand",
    "OwnGame",
    "OwnGameRefused",
    "Player",
    "RestoreRefused",
    "RosterError",
    "Rotation",
    "Seat",
    "Signup",
    "TableMoved",
    "TallyEntry",
    "Team",
    "by_side_names_now",
    "hand_input",
    "new_share_token",
    "refuse_unseen_characters",
    "roster_name",
    "seats_with_names",
    "side_results",
    "team_name",
    "told_apart",
]
