"""The engine's refusals as the players read them in English: a RulesError is data (a code and
its parameters), its words are the app's (games/words/), so a test that checks today's words
reads them through the edge."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from django.utils import translation

from games.rules import RulesError
from games.rules.errors import Said
from games.words import problem, say


def said(error: RulesError) -> str:
    """The whole sentence in English, where first: "Hand 3, Ann & Cy: ..."."""
    with translation.override("en"):
        return say(error)


def asked(what: Said) -> str:
    """What the engine says that is not a refusal (a question, why the game is over), in
    English."""
    with translation.override("en"):
        return problem(what)


@contextmanager
def refused(
    pattern: str = "", kind: type[RulesError] = RulesError
) -> Iterator[pytest.ExceptionInfo[RulesError]]:
    """`pytest.raises(kind, match=pattern)`, the pattern searched in the English sentence."""
    with pytest.raises(kind) as caught:
        yield caught
    sentence = said(caught.value)
    assert re.search(pattern, sentence), f"{pattern!r} not in {sentence!r}"
