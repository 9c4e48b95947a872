"""Reading a refusal of the engine as a player reads it: the engine says a code and its
parameters (games/rules/errors.py), the edge writes the English words (games/words/). The
rule-set tests check those words through here, so that they keep checking today's English."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from games.rules import RulesError
from games.words import hand_word, problem, say

__all__ = ["hand_word", "problem", "refused", "refuses", "said"]


def said(error: RulesError) -> str:
    """The whole sentence, where first: "Hand 3, Ann & Cy: a side that goes out needs ..."."""
    return say(error)


def refused(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> str:
    """What `fn(*args, **kwargs)` is refused with, in English (it must be refused)."""
    with pytest.raises(RulesError) as caught:
        fn(*args, **kwargs)
    return say(caught.value)


@contextmanager
def refuses(match: str | None = None) -> Iterator[None]:
    """As `pytest.raises(RulesError, match=match)`, matching the English sentence (any
    refusal where `match` is None)."""
    with pytest.raises(RulesError) as caught:
        yield
    sentence = say(caught.value)
    assert match is None or re.search(match, sentence), f"{match!r} not in {sentence!r}"
