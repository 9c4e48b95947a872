"""Own games for templates: `{% save_as_our_game_form game as own_form %}` on a game's rules
page, then include own_games/name_fields.html with form=own_form. The rules page is drawn by the
printing views from data alone; the box that saves the game as an own game is the own-games
screens' form (games.own_game_views.own_game_from_game reads what it posts)."""

from __future__ import annotations

from django import template

from games.forms import OwnGameForm
from games.models import Game

register = template.Library()


@register.simple_tag
def save_as_our_game_form(game: Game) -> OwnGameForm:
    return OwnGameForm(game.rules)
