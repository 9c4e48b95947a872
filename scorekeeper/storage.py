"""The production static files storage: WhiteNoise's (content-hashed names, Brotli and gzip
copies), serving each stylesheet and script of ours minified.

The comments say why each rule or line is there, for whoever reads the source; a phone has no use
for them, nor for indentation and line breaks. They were a third of the hand page's CSS on the
wire (issue 21), and the last half kilobyte between a twelve-player hand page and its 30 KB first
load (issue 30). The source files keep them (debug mode serves those as they are).
"""

from __future__ import annotations

from typing import Any

import rcssmin  # type: ignore[import-untyped]
import rjsmin  # type: ignore[import-untyped]
from django.core.files.base import ContentFile

# WhiteNoise ships no type information.
from whitenoise.storage import (  # type: ignore[import-untyped]
    CompressedManifestStaticFilesStorage,
)


def served_js(source: bytes) -> bytes:
    """A script as it is served: minified (rjsmin keeps every string, template literal and
    regular expression as written; comments, indentation and line breaks go)."""
    return rjsmin.jsmin(source)


def served(name: str, source: bytes) -> bytes:
    """A static file of ours as it is served: stylesheets and scripts minified; a vendored
    ".min.js" (htmx, with its compile hint) as it came."""
    if name.endswith(".css"):
        return served_css(source)
    if name.endswith(".js") and not name.endswith(".min.js"):
        return served_js(source)
    return source


def served_css(source: bytes) -> bytes:
    """A stylesheet as it is served: minified by rcssmin (comments and spaces no rule needs)."""
    return rcssmin.cssmin(source)


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
