"""The engine says what it refuses as data, a code and its parameters; every code has its words
at the edge (games/words/), whose placeholders are parameters the refusal passes, and the
English words read as the engine's sentences always did."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path
from string import Formatter

import pytest
from django.template import Context, Template
from django.utils import translation

from games.rules import RulesError, get_rule_set
from games.rules.errors import said
from games.rules.features import HouseRuleRefused
from games.words import PROBLEMS, hand_word, problem, say
from games.words.refusals import REFUSALS

GAMES = Path(__file__).resolve().parent.parent / "games"
#: The calls whose first argument is a refusal's code.
RAISERS = {
    "RulesError",
    "refuse",
    "said",
    "Said",
    "of",
    "HouseRuleRefused",
    "TrackerRefused",
    "UnknownSide",
    "NotATypedNumber",
}
#: A refusal's place, not its parameters.
PLACE = {"hand", "side", "field", "hand_word"}
CODE = re.compile(r"[a-z][a-z0-9_]*")
#: Placeholders the edge words from codes a refusal passes (games/words/__init__.py,
#: `worded`): by the parameters they are worded from. A refusal placed
#: at a field (or a question naming one) with the rule set's slug gets its label.
WORDED = {
    "label": {"field", "rule_set"},
    "what": {"field", "rule_set"},
    "rule": {"house_rule"},
    "words": {"phase", "rule_set"},
    "needs": {"clean_books", "dirty_books", "wild_books", "rule_set"},
}
#: How a placeholder may ask for its parameter (games/words/__init__.py, `Spoken`).
SPECS = {"", "and", "or", "words"}


def called(node: ast.Call) -> str:
    func = node.func
    return func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")


def constants(node: ast.AST) -> list[str]:
    """The codes an expression may give: a string, either of a conditional's, any of an `or`'s."""
    if isinstance(node, ast.Constant):
        return [node.value] if isinstance(node.value, str) else []
    if isinstance(node, ast.IfExp):
        return constants(node.body) + constants(node.orelse)
    if isinstance(node, ast.BoolOp):
        return [code for value in node.values for code in constants(value)]
    return []


class Site:
    """One place a refusal is raised: its codes and the parameters it passes (None: unknown,
    passed on from a mapping)."""

    def __init__(self, where: str, codes: list[str], params: set[str] | None) -> None:
        self.where, self.codes, self.params = where, codes, params


def sites_in(path: Path) -> Iterator[Site]:
    tree = ast.parse(path.read_text())
    dicts = {
        target.id: node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Dict)
        for target in node.targets
        if isinstance(target, ast.Name)
    }
    for function in [tree, *[n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)]]:
        assigned = assignments(function)
        raised_by_name = False
        for node in ast.walk(function):
            if isinstance(node, ast.Call):
                for site in call_sites(path, node, assigned, dicts):
                    raised_by_name |= any(
                        isinstance(a, ast.Name) and a.id == "code" for a in node.args[:1]
                    )
                    yield site
        if "code" in assigned and not raised_by_name:
            # A code chosen ahead and handed on to a function of the rule set's own: its
            # parameters are that function's to pass.
            codes = [code for source in assigned["code"] for code in constants(source)]
            yield Site(f"{path.name}:{getattr(function, 'name', 'module')}", codes, None)


def assignments(function: ast.AST) -> dict[str, list[ast.AST]]:
    """What each name of `function` is set to: by `=`, or as a loop's target (`for names, code
    in ((fields, "code"), ...)`: the item of each tuple at the name's place)."""
    assigned: dict[str, list[ast.AST]] = {}
    for node in ast.walk(function):
        if isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    assigned.setdefault(target.id, []).append(node.value)
    for node in ast.walk(function):
        if not isinstance(node, ast.For):
            continue
        names = node.target.elts if isinstance(node.target, ast.Tuple) else [node.target]
        rows: ast.AST = node.iter
        if isinstance(rows, ast.Name) and assigned.get(rows.id):
            rows = assigned[rows.id][0]
        if not isinstance(rows, ast.Tuple | ast.List):
            continue
        for place, name in enumerate(names):
            if isinstance(name, ast.Name):
                for row in rows.elts:
                    if isinstance(row, ast.Tuple) and len(row.elts) > place:
                        assigned.setdefault(name.id, []).append(row.elts[place])
    return assigned


def call_sites(
    path: Path, node: ast.Call, assigned: dict[str, list[ast.AST]], dicts: dict[str, ast.Dict]
) -> Iterator[Site]:
    where = f"{path.name}:{node.lineno}"
    name = called(node)
    for keyword in node.keywords:
        if keyword.arg == "refusal":
            assert not isinstance(keyword.value, ast.JoinedStr), f"{where}: a sentence, not a code"
            params = {"house_rule", "rule", "rule_set", "players", "allowed"}
            yield Site(where, constants(keyword.value), params)
    if name == "expect" and len(node.args) == 4:
        yield Site(where, constants(node.args[3]), {"key"})
    if name not in RAISERS or not node.args:
        return
    first = node.args[0]
    assert not any(isinstance(n, ast.JoinedStr) for n in ast.walk(first)), (
        f"{where}: a sentence where a refusal's code belongs"
    )
    sources: list[ast.AST] = [first]
    if isinstance(first, ast.Name):
        sources = assigned.get(first.id, [])
    elif isinstance(first, ast.Subscript) and isinstance(first.value, ast.Name):
        table = dicts.get(first.value.id)
        sources = [] if table is None else [v for v in table.values if v is not None]
    codes = [code for source in sources for code in constants(source)]
    if not codes:
        return
    passed = {k.arg for k in node.keywords if k.arg is not None}
    if name == "refuse" or node.args[1:3]:
        # A refusal placed at a field (its second or third argument, or a hand's `refuse`,
        # which passes the rule set's slug).
        passed |= {"field", "rule_set"}
    # Parameters handed on from a mapping (`**params`, `Said(code, params)`) are not known here.
    unpacked = any(k.arg is None for k in node.keywords) or (name == "Said" and len(node.args) > 1)
    passed |= {worded for worded, sources in WORDED.items() if sources <= passed}
    yield Site(where, codes, None if unpacked else passed - PLACE)


def all_sites(folder: Path) -> list[Site]:
    return [site for path in sorted(folder.rglob("*.py")) for site in sites_in(path)]


ENGINE_SITES = all_sites(GAMES / "rules")
APP_SITES = [
    site
    for path in sorted(GAMES.rglob("*.py"))
    if "rules" not in path.relative_to(GAMES).parts[:1] and "words" not in path.parts
    for site in sites_in(path)
]


def placeholders(words: object) -> list[tuple[str, str]]:
    found = []
    for text in words.values() if isinstance(words, dict) else [words]:
        for _, name, spec, _ in Formatter().parse(str(text)):
            if name is not None:
                found.append((name, spec or ""))
    return found


def test_the_scan_finds_the_engines_refusals() -> None:
    codes = {code for site in ENGINE_SITES for code in site.codes}

    assert len(codes) > 80
    assert {"hand_lacks_side_tally", "house_rule_takes_choices", "too_many_hands"} <= codes


def test_every_code_the_engine_raises_is_a_code() -> None:
    wrong = [
        (s.where, c) for s in ENGINE_SITES + APP_SITES for c in s.codes if not CODE.fullmatch(c)
    ]

    assert wrong == []


def test_every_code_raised_has_words() -> None:
    missing = sorted(
        (site.where, code)
        for site in ENGINE_SITES + APP_SITES
        for code in site.codes
        if code not in PROBLEMS
    )

    assert missing == [], "codes without words in games/words/"


def test_every_placeholder_is_a_parameter_the_refusal_passes() -> None:
    passed: dict[str, set[str] | None] = {}
    for site in ENGINE_SITES + APP_SITES:
        for code in site.codes:
            known = passed.get(code, set())
            passed[code] = None if known is None or site.params is None else known | site.params
    wrong = [
        (code, name)
        for code, params in passed.items()
        if code in PROBLEMS and params is not None
        for name, _ in placeholders(PROBLEMS[code])
        if name not in params
    ]

    assert wrong == []


def test_every_placeholder_asks_for_its_parameter_in_a_known_way() -> None:
    wrong = [
        (code, name, spec)
        for code, words in PROBLEMS.items()
        for name, spec in placeholders(words)
        if spec not in SPECS or not CODE.fullmatch(name)
    ]

    assert wrong == []


def test_words_said_for_each_hand_word_name_the_same_parameters() -> None:
    for code, words in PROBLEMS.items():
        if isinstance(words, dict):
            assert set(words) == {"hand", "deal", "round"}, code
            assert len({frozenset(placeholders(text)) for text in words.values()}) == 1, code


def test_every_refusal_of_the_set_up_and_the_tally_is_raised_somewhere() -> None:
    raised = {code for site in ENGINE_SITES + APP_SITES for code in site.codes}

    assert sorted(set(REFUSALS) - raised) == []


# -- the words, in English, as the engine's sentences were -----------------------------------


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    with translation.override("en"):
        yield


@pytest.mark.parametrize(
    ("error", "sentence"),
    [
        (
            RulesError("hand_lacks_side_tally", hand=3, side="Bob & Di"),
            "Hand 3, Bob & Di: the hand has no tally for this side",
        ),
        (
            RulesError(
                "too_many_hands",
                hand=301,
                hand_word="deal",
                rule_set="Hand and Foot",
                hands=301,
                most=300,
            ),
            "Deal 301: no game of Hand and Foot runs to 301 deals (300 deals at most)",
        ),
        (
            RulesError(
                "value_beyond_maximum",
                hand=2,
                side="Ann",
                field="natural_canastas",
                label="Natural canastas",
                maximum=1_000,
                value=5_000,
            ),
            "Hand 2, Ann: Natural canastas can be at most 1,000 (it is 5,000)",
        ),
        (RulesError("too_few_sides", fewest=2), "a game needs at least two sides"),
        (
            RulesError(
                "needs_itemized_tally",
                rule_set="Ten Pennies",
                what=("points caught in hand", "cards caught in hand", "cards bought"),
            ),
            "Ten Pennies needs the points caught in hand, cards caught in hand and cards bought "
            "of every player, not just a total",
        ),
        (
            RulesError("played_by_counts", rule_set="Samba", counts=(2, 3, 5), players=6),
            "Samba is played by 2, 3 or 5 players, not 6",
        ),
        (
            RulesError("options_not_object", value="a list"),
            'options can be an object of house rules, e.g. {"target": 7500}, not a list',
        ),
        (RulesError("no_code_with_words"), "that is not allowed by the rules"),
    ],
    ids=["placed", "deal", "numbers", "in-words", "and-list", "or-list", "braces", "no-words"],
)
def test_say_reads_as_the_engine_always_said_it(error: RulesError, sentence: str) -> None:
    assert say(error) == sentence


@pytest.mark.parametrize(
    ("options", "sentence"),
    [
        ({"target": 7}, "house rule target can be 3,000, 5,000, 7,500 or 10,000, not 7"),
        ({"target": "abc"}, "house rule target can be 3,000, 5,000, 7,500 or 10,000, not 'abc'"),
        ({"nope": 1}, "Canasta has no house rule called nope"),
        ([1], "the house rules can be each rule's name with its value, not a list"),
    ],
)
def test_a_house_rule_refused_says_what_it_takes(options: object, sentence: str) -> None:
    with pytest.raises(RulesError) as caught:
        get_rule_set("canasta").with_options(options)  # type: ignore[arg-type]

    assert say(caught.value) == sentence


def test_a_house_rule_refusal_is_data() -> None:
    with pytest.raises(HouseRuleRefused) as caught:
        get_rule_set("canasta").with_options({"target": 7_000})

    assert caught.value.code == "house_rule_takes_choices"
    assert dict(caught.value.params) == {
        "rule": "target",
        "choices": (3_000, 5_000, 7_500, 10_000),
        "value": 7_000,
    }


def test_what_the_engine_asks_is_said_in_the_rule_sets_word_for_a_hand() -> None:
    question = said("unusual_value", hand_word="round", value=4_500, what="points caught in hand")

    assert problem(question) == "4,500 points caught in hand in one round — is that right?"


def test_the_hand_word_is_a_code_the_edge_writes() -> None:
    assert [
        get_rule_set(slug).hand_word for slug in ("canasta", "hand-and-foot", "five-crowns")
    ] == [
        "hand",
        "deal",
        "round",
    ]
    assert [hand_word(code) for code in ("hand", "deal", "round")] == ["Hand", "Deal", "Round"]
    template = Template("{% load words %}{{ word|hand_word }} 3")
    assert template.render(Context({"word": "deal"})) == "Deal 3"


def test_numbers_are_grouped_as_the_language_groups_them() -> None:
    error = RulesError("total_beyond_any_hand", total=2_000_005)

    with translation.override("de"):
        assert "2.000.005" in say(error)
