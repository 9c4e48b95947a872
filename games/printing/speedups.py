"""A cached number formatter for ReportLab when its C accelerator (the `rl_accel` package) is
not installed.

ReportLab writes every coordinate through `fp_str`; the pure-Python fallback is most of the
time spent building a score sheet. Coordinates repeat endlessly on a ruled page, so caching
each number's text gives the same output several times faster. With `rl_accel` installed
this does nothing.
"""

from __future__ import annotations

import importlib
from typing import Any

from reportlab import rl_config
from reportlab.lib import rl_accel

_MODULES = (
    "reportlab.pdfgen.canvas",
    "reportlab.pdfgen.textobject",
    "reportlab.pdfgen.pathobject",
    "reportlab.pdfbase.pdfdoc",
    "reportlab.pdfbase.ttfonts",
    "reportlab.platypus.tables",
    "reportlab.platypus.flowables",
    "reportlab.lib.colors",
)
_CACHE_LIMIT = 100_000


def install() -> None:
    # Font programs go into the PDF deflated only, not also ASCII85-encoded: smaller and faster.
    rl_config.useA85 = 0
    slow = rl_accel._py_funcs.get("fp_str")  # None when the C version is in use
    if slow is None:
        return
    cache: dict[float, str] = {}

    def fp_str(*values: Any) -> str:  # same contract as reportlab.lib.rl_accel.fp_str
        args = values[0] if len(values) == 1 and isinstance(values[0], (list, tuple)) else values
        out = []
        for value in args:
            try:
                text = cache.get(value)
            except TypeError:  # something unhashable: let ReportLab format it
                text = slow(value)
            if text is None:
                text = slow(value)
                if len(cache) < _CACHE_LIMIT:
                    cache[value] = text
            out.append(text)
        return " ".join(out)

    for name in _MODULES:
        module = importlib.import_module(name)
        if getattr(module, "fp_str", None) is slow:
            module.fp_str = fp_str  # type: ignore[attr-defined]
    rl_accel.fp_str = fp_str
