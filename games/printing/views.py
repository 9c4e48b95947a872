"""Printouts on the web: the rules pages, their rule sheets and score pads, a game's score sheet,
and `pdf_response`. They take data and ask the screens nothing: the new-game page's blank pad is
that page's own view (games/views.py), and the "Save as our game" box of a game's rules page is
the own-games form, which the page's template asks for (games/templatetags/own_games.py)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import get_object_or_404, render
from django.utils.text import slugify
from django.utils.translation import gettext
from django.views.decorators.csp import csp_override
from django.views.decorators.http import require_GET

from games.access import AuthenticatedHttpRequest, get_scorekeeper_game
from games.models import Game
from games.rules import RULE_SETS, OpeningKind, OwnGame, RulesError, RuleSet
from games.words import file_name, house_rules_in_force, say
from games.words.games.shared import pad_names

from . import ruledata
from .layout import PAPER_NAMES, PrintError
from .rulesheet import rule_sheet_pdf
from .scorepad import MAX_PAGES, pad_word, score_pad_pdf
from .scoresheet import score_sheet_pdf


def pdf_response(pdf: bytes, filename: str) -> HttpResponse:
    """A PDF that opens in the browser, saved under `filename` (made safe for the header)."""
    stem = filename[:-4] if filename.lower().endswith(".pdf") else filename
    safe = slugify(stem) or "printout"
    response = HttpResponse(pdf, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{safe}.pdf"'
    response["Content-Length"] = str(len(pdf))
    response["X-Content-Type-Options"] = "nosniff"
    return response


#: No Content-Security-Policy on a PDF: the page policy is for HTML, and Chrome's built-in
#: viewer can break under object-src 'none' / no inline styles. Decorates every PDF view.
pdf_csp = csp_override({})


def _rules(slug: str) -> RuleSet:
    try:
        return RULE_SETS[slug]
    except KeyError:
        raise Http404("there is no rule set by that name") from None


def _paper(request: HttpRequest) -> str:
    paper = request.GET.get("paper", "letter").strip().lower() or "letter"
    if paper not in PAPER_NAMES:
        raise PrintError(gettext("paper must be letter or a4"))
    return paper


def rules_index(request: HttpRequest) -> HttpResponse:
    return render(request, "rules/index.html", {"rule_sets": list(RULE_SETS.values())})


def rules_page(request: HttpRequest, slug: str) -> HttpResponse:
    return render_rules_page(request, _rules(slug))


@login_required
@require_GET
def game_rules_page(request: AuthenticatedHttpRequest, game_id: int) -> HttpResponse:
    """The rules as this game's table plays them: its house rules in every number."""
    game = get_scorekeeper_game(request.user, game_id)
    return render_rules_page(request, game.rules, game)


def render_rules_page(
    request: HttpRequest, rules: RuleSet, game: Game | None = None
) -> HttpResponse:
    counts = ruledata.side_counts(rules)
    own = game.own_game if game else None
    context = {
        "game": game,
        "own": own,
        "house_rules": house_rules_in_force(rules, len(game.players)) if game else [],
        "rules": rules,
        "side_word": pad_word(rules, game.side_names if game else []).lower(),
        "side_counts": counts,
        "default_sides": len(game.side_names) if game else counts[0],
        "table_names": ", ".join(game.side_names) if game else "",
        "papers": PAPER_NAMES.items(),
        "max_pages": MAX_PAGES,
        "paged": rules.fixed_hands is None,
        "blocks": ruledata.sheet_blocks(rules, own),
        "scoring_title": ruledata.scoring_title(rules),
        "opening_by_total": rules.opening.kind is OpeningKind.BY_TOTAL,
        "one_page": ruledata.is_pot_game(rules),
    }
    return render(request, "rules/detail.html", context)


@dataclass(frozen=True)
class Printed:
    """What a printout is of: the rules (a game's with its house rules), the table's own game
    (its name and note) and a game's sides' names, its pad's default."""

    rules: RuleSet
    own: OwnGame | None = None
    table: list[str] = field(default_factory=list)


def rule_sheet(request: HttpRequest, printed: Printed) -> HttpResponse:
    rules, own = printed.rules, printed.own
    paper = _paper(request)
    pdf = rule_sheet_pdf(rules, paper, own)
    return pdf_response(pdf, f"{slugify(own.name) if own else file_name(rules)}-rules-{paper}.pdf")


def score_pad(request: HttpRequest, printed: Printed) -> HttpResponse:
    """The pad asked for; a game's pad is for its sides, with their names, unless others are
    asked."""
    rules, own, table = printed.rules, printed.own, printed.table
    paper = _paper(request)
    names = _names(request)
    sides = _whole(request, "sides", len(table) if table else ruledata.side_counts(rules)[0])
    if table and not names and sides == len(table):
        names = table
    try:
        names = printed_names(rules, sides, names)
    except RulesError as error:
        raise PrintError(say(error)) from None
    pages = _whole(request, "pages", 1)
    pdf = score_pad_pdf(rules, sides, names, paper, pages, own)
    title = slugify(own.name) if own else file_name(rules)
    return pdf_response(pdf, f"{title}-score-pad-{sides}-{paper}.pdf")


def printed_names(rules: RuleSet, sides: int, typed: list[str]) -> list[str]:
    """The names a pad of `sides` sides prints, checked as a game file's are and filled in
    ("Player 3") where fewer are typed (games/rules/names.py); a number of sides the pad
    does not print is left for it to refuse."""
    if sides not in ruledata.side_counts(rules):
        return typed
    return pad_names(typed, sides, pad_word(rules, typed))


#: The printouts of a set of rules, by the name their URLs give (games/printing/urls.py): the
#: rule sheet and the blank score pad. The views below differ only in whose rules they print.
PRINTOUTS: dict[str, Callable[[HttpRequest, Printed], HttpResponse]] = {
    "sheet": rule_sheet,
    "pad": score_pad,
}


def printout_response(request: HttpRequest, printout: str, printed: Printed) -> HttpResponse:
    """The printout asked for, or a 400 that says which value of the query it cannot print."""
    try:
        return PRINTOUTS[printout](request, printed)
    except PrintError as error:
        return HttpResponseBadRequest(str(error), content_type="text/plain; charset=utf-8")


@pdf_csp
def rule_set_printout(request: HttpRequest, slug: str, printout: str) -> HttpResponse:
    return printout_response(request, printout, Printed(_rules(slug)))


@login_required
@require_GET
@pdf_csp
def game_printout(request: AuthenticatedHttpRequest, game_id: int, printout: str) -> HttpResponse:
    """A printout for this game's table: its house rules, its own game and its sides."""
    game = get_scorekeeper_game(request.user, game_id)
    printed = Printed(game.rules, game.own_game, game.side_names)
    return printout_response(request, printout, printed)


@login_required
@require_GET
@pdf_csp
def own_game_printout(
    request: AuthenticatedHttpRequest, own_id: int, printout: str
) -> HttpResponse:
    own = get_object_or_404(request.user.own_games, pk=own_id)
    return printout_response(request, printout, Printed(own.rules, own.definition))


def _whole(request: HttpRequest, key: str, default: int) -> int:
    raw = request.GET.get(key, "").strip()
    if not raw:
        return default
    if not raw.isdigit() or len(raw) > 3:
        raise PrintError(gettext("%(key)s must be a whole number") % {"key": key})
    return int(raw)


def _names(request: HttpRequest) -> list[str]:
    """Names from ?names=Ann & Cy,Bob & Di (comma-separated) or repeated ?name= fields."""
    names = list(request.GET.getlist("name"))
    joined = request.GET.get("names", "")
    if joined.strip():
        names += joined.split(",")
    names = [" ".join(n.split()) for n in names]
    while names and not names[-1]:
        names.pop()
    return names


@login_required
@require_GET
@pdf_csp
def score_sheet(request: AuthenticatedHttpRequest, game_id: int) -> HttpResponse:
    game = get_scorekeeper_game(request.user, game_id)
    paper = request.GET.get("paper", "letter")
    if paper not in {"letter", "a4"}:
        return HttpResponse(gettext("Paper is letter or a4."), status=400)
    pdf = score_sheet_pdf(
        game.score(),
        title=str(game),
        played_on=game.created.date(),
        paper=paper,
        first_dealer=game.first_dealer or None,
    )
    return pdf_response(pdf, f"{file_name(game.rules)}-score-sheet-{game.pk}-{paper}.pdf")
