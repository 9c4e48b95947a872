"""The hand form's table of likely next taps, as the page carries it for static/js/predict.js.

The engine (games/rules/predictions.py) scores the states one tap away; this module says which
fields the form shows, checks each state as the form itself would (a form with nothing entered
is no hand), and keys each entry by the input and value the browser sends:

    {"s0-<a count>": {"3": ["1,450", "−300"], ...}, "<a choice asked once>": {"1": [...]}}

A score is written as the preview writes it. A state the engine refuses, and one with nothing
entered, is left out: the phone shows "…" for any state not in the table until the server has
answered, and the server's message then shows as hand.js lets it (a message shown in the tap's
frame moved the boxes below under the finger on its way to the next one). The table is a hint:
the server's own preview of the state replaces whatever the phone showed from it.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from django.core.exceptions import NON_FIELD_ERRORS
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe

from games import rules as engine
from games.hand_form import HandForm, field_key
from games.hand_panels import SidePanel
from games.rules.predictions import Asked, Change, Outcome, predict
from games.templatetags.numbers import number_writer

#: What the browser sends for a ticked box (an unticked one is not sent: "").
TICKED = "on"
#: Characters that must not appear raw inside a <script> element (as Django's json_script).
SCRIPT_ESCAPES = {ord("<"): "\\u003C", ord(">"): "\\u003E", ord("&"): "\\u0026"}


def asked(form: HandForm, panels: list[SidePanel]) -> list[Asked]:
    """The fields a tap can change, as the form shows them: the choices asked once, then each
    side's yes/no boxes and counts (points are typed, never tapped), those the page offers as
    it stands (not the boxes of a side sitting the hand out). Call on a validated form."""
    data = form.cleaned_data
    fields = [Asked(None, f) for f in form.one_side_fields]
    tapped = (engine.FieldKind.COUNT, engine.FieldKind.YES_NO)
    for panel in panels:
        for row in panel.rows:
            if row.field.kind not in tapped or not row.live:
                continue
            if row.field.scores_side_alone and form.holds_more(row.side, row.field, data):
                continue  # the browser sends none of the rest once picked: not one tap away
            fields.append(Asked(row.side, row.field, row.choices, row.rare))
    return fields


def readable(form: HandForm) -> bool:
    """Whether every box of a validated form reads (so the tallies are what was typed); a form
    whose only fault is that nothing is entered yet still has a table: one tap enters something."""
    if any(key != NON_FIELD_ERRORS for key in form.errors):
        return False
    return all(
        error.code == "nothing_entered" for error in form.errors.as_data().get(NON_FIELD_ERRORS, [])
    )


def input_of(form: HandForm, change: Change) -> tuple[str, str, Any]:
    """(input name, value as sent, value as the form reads it) of one tap."""
    if change.side is None:
        value = form.nobody_value if change.value is None else str(change.value)
        return change.field, value, value
    name = field_key(change.side, change.field)
    if isinstance(change.value, bool):
        return name, TICKED if change.value else "", change.value
    return name, str(change.value), change.value


def entry(outcome: Outcome, write: Callable[[int], str]) -> list[str] | None:
    """One state's scores as the preview would show them (`write`: format_number's, from
    number_writer); None for a state the engine refuses."""
    if outcome.scores is None:
        return None
    return [write(score) for score in outcome.scores]


def table(
    form: HandForm, panels: list[SidePanel], so_far: engine.GameScore
) -> dict[str, dict[str, Any]]:
    """The table for a validated bound form (call before any engine error is added to it: an
    error takes its field out of the form's cleaned data). Empty when a box does not read."""
    if not readable(form):
        return {}
    data = form.cleaned_data
    tallies = form.tallies()
    entered_now = form.anything_entered(data)
    found: dict[str, dict[str, Any]] = {}
    write = number_writer()
    taps = asked(form, panels)
    for prediction in predict(form.setup, so_far, form.dealer, tallies, taps, form.upcard()):
        name, sent, read = input_of(form, prediction.change)
        change = prediction.change
        if change.side is not None:
            side = tallies[form.setup.side_names[change.side]]
            if not entered_now and side.get(change.field) == change.value:
                continue  # a first 0 scores nothing: left out, to keep the page small
        # A side picked as the one who went out is something entered, as the preview counts it
        # (HandForm.anything_entered): a first tap on "Who went out?" has its scores here too.
        entered = entered_now or form.anything_entered({**data, name: read})
        scores = entry(prediction.outcome, write)
        if entered and scores is not None:  # else "…", as for any state not here
            found.setdefault(name, {})[sent] = scores
    return found


def as_posted(form: HandForm) -> dict[str, str]:
    """What the browser sends for an unbound form as drawn (its initial values)."""
    data = {}
    for name in form.fields:
        value = form[name].value()
        if isinstance(value, bool) or value is None:
            if value:  # a box left unticked (or a number left blank) is not sent
                data[name] = TICKED
            continue
        data[name] = str(value)
    return data


def script(found: dict[str, dict[str, Any]]) -> SafeString:
    """The table as a JSON data block (not run: the page's CSP allows no inline script)."""
    if not found:
        return mark_safe("")
    text = json.dumps(found, separators=(",", ":")).translate(SCRIPT_ESCAPES)
    return format_html(
        '<script id="predictions" type="application/json">{}</script>', mark_safe(text)
    )
