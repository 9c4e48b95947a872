"""Charts for templates: `{% game_story board.score as story %}`, then include
games/includes/chart.html with chart=story."""

from __future__ import annotations

from django import template

from games import charts
from games import rules as engine

register = template.Library()


@register.simple_tag
def game_story(score: engine.GameScore) -> charts.Chart | None:
    return charts.game_story(score)
