"""What a player reads on a page, found by what it is (its tag, role, class, id, attributes)
rather than by how the markup around it happens to be written: a test that reads the page this
way fails when the words or their place change, not when an attribute moves or a tag is added.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from html.parser import HTMLParser

#: Elements that never have an end tag.
VOID = {
    "area",
    "base",
    "br",
    "col",
    "embed",
    "hr",
    "img",
    "input",
    "link",
    "meta",
    "source",
    "track",
    "wbr",
}


@dataclass
class Element:
    tag: str
    attrs: dict[str, str | None]
    children: list[Element | str] = field(default_factory=list)

    @property
    def text(self) -> str:
        """The words inside, as read: white space between them collapsed to one space."""
        return re.sub(r"\s+", " ", "".join(self._texts())).strip()

    def _texts(self) -> Iterator[str]:
        for child in self.children:
            if isinstance(child, str):
                yield child
            else:
                yield from child._texts()

    @property
    def classes(self) -> set[str]:
        return set((self.attrs.get("class") or "").split())

    def elements(self) -> Iterator[Element]:
        """Every element inside, in the order of the page."""
        for child in self.children:
            if isinstance(child, Element):
                yield child
                yield from child.elements()

    def find_all(self, tag: str | None = None, **wanted: str) -> list[Element]:
        """The elements inside with this tag (any if None) and these attribute values; `class_`
        is one of the element's classes."""
        found = []
        for element in self.elements():
            if tag is not None and element.tag != tag:
                continue
            if "class_" in wanted and wanted["class_"] not in element.classes:
                continue
            attrs = {name: value for name, value in wanted.items() if name != "class_"}
            if all(element.attrs.get(name.replace("_", "-")) == v for name, v in attrs.items()):
                found.append(element)
        return found

    def find(self, tag: str | None = None, **wanted: str) -> Element:
        """The only element inside with this tag and these attributes."""
        found = self.find_all(tag, **wanted)
        assert len(found) == 1, f"{len(found)} elements <{tag or '*'} {wanted}>"
        return found[0]


class _Builder(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Element("#document", {})
        self.open: list[Element] = [self.root]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        element = Element(tag, dict(attrs))
        self.open[-1].children.append(element)
        if tag not in VOID:
            self.open.append(element)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.open[-1].children.append(Element(tag, dict(attrs)))

    def handle_endtag(self, tag: str) -> None:
        # An end tag closes the nearest open element of its name (and any left open inside it).
        for depth in range(len(self.open) - 1, 0, -1):
            if self.open[depth].tag == tag:
                del self.open[depth:]
                return

    def handle_data(self, data: str) -> None:
        self.open[-1].children.append(data)


def parse(page: str) -> Element:
    """The page (or a fragment of one, as htmx gets) as a tree of elements."""
    builder = _Builder()
    builder.feed(page)
    builder.close()
    return builder.root


def alerts(page: str) -> list[str]:
    """The words of each alert on the page (role="alert"), as a player reads them."""
    return [element.text for element in parse(page).find_all(role="alert")]
