"""Template loaders that drop each line's indentation when a template is read (once: the cached
loader keeps what they return). Indentation is for the people who edit the templates; a phone
would receive it on every page, and the hand page at twelve players, in the longer languages,
sits at its 30 KB first-load budget. A line break stays where it was, so text between inline
elements keeps its space; no template indents the inside of a <pre> or a <textarea>, or leaves
a blank line there."""

from __future__ import annotations

import re

from django.template import Origin
from django.template.loaders import app_directories, filesystem

#: A line holding nothing but one of these tags writes nothing: its line break would be a blank
#: line in the page, at every turn of a loop.
SILENT_TAG = re.compile(
    r"\{%-?\s*(?:end)?(?:for|empty|if|elif|else|with|block|partialdef|spaceless|comment|load|"
    r"extends)\b[^%]*%\}"
)


def without_indentation(text: str) -> str:
    """Each line without its indentation; a line of a silent tag joined to the next; no blank
    line. Between the last text before and the first after, a line break always stays; a
    template that ends without one (an include) still does."""
    pieces = []
    for line in text.split("\n"):
        line = line.lstrip(" \t")
        if not line:
            continue
        pieces.append(line if SILENT_TAG.fullmatch(line.rstrip()) else line + "\n")
    joined = "".join(pieces)
    return joined if text.endswith("\n") else joined.removesuffix("\n")


class FilesystemLoader(filesystem.Loader):
    def get_contents(self, origin: Origin) -> str:
        return without_indentation(super().get_contents(origin))


class AppDirectoriesLoader(app_directories.Loader):
    def get_contents(self, origin: Origin) -> str:
        return without_indentation(super().get_contents(origin))
