"""Printouts built with ReportLab from the engine's own rule data: rule sheets, blank score pads
and filled score sheets, for Letter or A4 paper."""

from .layout import PrintError
from .rulesheet import rule_sheet_pdf
from .scorepad import score_pad_pdf
from .scoresheet import score_sheet_pdf

__all__ = ["PrintError", "rule_sheet_pdf", "score_pad_pdf", "score_sheet_pdf"]
