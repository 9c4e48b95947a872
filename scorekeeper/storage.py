"""The production static files storage: WhiteNoise's (content-hashed names, Brotli and gzip
copies), serving each stylesheet and script of ours without its comments.

The comments say why each rule or line is there, for whoever reads the source; a phone has no use
for them, and they were a third of the hand page's CSS on the wire (issue 21: its first load was
at the 30 KB line), and as much of its scripts once the hand form's had a file of its own (issue
30: 30.27 KB). The source files keep them (debug mode serves those as they are).
"""

from __future__ import annotations

import re
from typing import Any

from django.core.files.base import ContentFile

# WhiteNoise ships no type information.
from whitenoise.storage import (  # type: ignore[import-untyped]
    CompressedManifestStaticFilesStorage,
)

#: A CSS comment and the blank space after it. Our stylesheets hold no "/*" inside a string or
#: a url(), where this would cut one short (tests/test_budgets.py checks).
CSS_COMMENT = re.compile(rb"/\*.*?\*/\s*", re.DOTALL)


#: A script's line that is a comment and nothing else. A "//#" line is a directive (V8's
#: compile hint), kept; a vendored ".min.js" is served as it came. No template literal of ours
#: spans a line that starts with "//" (tests/test_budgets.py checks).
JS_COMMENT_LINE = re.compile(rb"(?m)^[ \t]*//(?!#).*\n")

#: The indentation of a line and the blank lines after it: for the reader, not the phone (a
#: fifth of a kilobyte on the hand page). No template literal or string of ours spans lines,
#: where it would matter (tests/test_budgets.py checks).
INDENTATION = re.compile(rb"(?m)^\s+")


def served_js(source: bytes) -> bytes:
    """A script as it is served: its comment lines and indentation gone (a comment after code
    stays)."""
    return INDENTATION.sub(b"", JS_COMMENT_LINE.sub(b"", source))


def served(name: str, source: bytes) -> bytes:
    """A static file of ours as it is served: stylesheets and scripts without their comments."""
    if name.endswith(".css"):
        return served_css(source)
    if name.endswith(".js") and not name.endswith(".min.js"):
        return served_js(source)
    return source


def served_css(source: bytes) -> bytes:
    """A stylesheet as it is served: each comment a line break (blank space, as CSS reads a
    comment: it never joins what stood either side of it)."""
    return INDENTATION.sub(b"", CSS_COMMENT.sub(b"\n", source))


class _WithoutComments:
    """A source storage whose stylesheets and scripts open without their comments; everything
    else is the wrapped storage's."""

    def __init__(self, storage: Any) -> None:
        self._storage = storage

    def open(self, name: str, mode: str = "rb") -> Any:
        opened = self._storage.open(name, mode)
        if not name.endswith((".css", ".js")):
            return opened
        with opened:
            return ContentFile(served(name, opened.read()), name=name)

    def __getattr__(self, attribute: str) -> Any:
        return getattr(self._storage, attribute)


class StaticFilesStorage(CompressedManifestStaticFilesStorage):
    """WhiteNoise's storage, hashing and compressing the stylesheets and scripts without their
    comments (the hash is of what is served)."""

    def post_process(self, paths: dict[str, Any], *args: Any, **kwargs: Any) -> Any:
        bare = {name: (_WithoutComments(store), path) for name, (store, path) in paths.items()}
        return super().post_process(bare, *args, **kwargs)
