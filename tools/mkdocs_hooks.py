"""MkDocs hooks of the documentation site (mkdocs.yml ``hooks:``).

The guides are written for GitHub's Markdown, where the lines of a list item
continue at the item's text (two spaces after ``-``, three after ``1.``), and
so do nested lists, paragraphs and code blocks inside an item. Python-Markdown
wants four spaces there and would end the list early (a code block inside an
item, and every item after it, fall out of the list). ``TwoSpaceLists``
teaches it the two-space indent for lists only; code blocks indented by four
spaces outside lists stay code. And where GitHub starts a list item right
after a paragraph's line (an item's second paragraph, or ``Text:`` then
``- item``), Python-Markdown reads the item as more of the paragraph: a blank
line goes before such an item.
"""
from __future__ import annotations

import re
from typing import Any

from markdown import Markdown
from markdown.blockparser import BlockParser
from markdown.blockprocessors import ListIndentProcessor, OListProcessor, UListProcessor
from markdown.extensions import Extension
from markdown.preprocessors import Preprocessor

_INDENT = 2


class _OList(OListProcessor):
    def __init__(self, parser: BlockParser) -> None:
        super().__init__(parser)
        self.tab_length = _INDENT
        self.RE = re.compile(r"^[ ]{0,%d}\d+\.[ ]+(.*)" % (self.tab_length - 1))
        self.CHILD_RE = re.compile(r"^[ ]{0,%d}((\d+\.)|[*+-])[ ]+(.*)" % (self.tab_length - 1))
        self.INDENT_RE = re.compile(r"^[ ]{%d,%d}((\d+\.)|[*+-])[ ]+.*"
                                    % (self.tab_length, self.tab_length * 2 - 1))


class _UList(UListProcessor, _OList):
    def __init__(self, parser: BlockParser) -> None:
        _OList.__init__(self, parser)
        self.RE = re.compile(r"^[ ]{0,%d}[*+-][ ]+(.*)" % (self.tab_length - 1))


class _ListIndent(ListIndentProcessor):
    def __init__(self, parser: BlockParser) -> None:
        super().__init__(parser)
        self.tab_length = _INDENT
        self.INDENT_RE = re.compile(r"^(([ ]{%s})+)" % self.tab_length)


_ITEM = re.compile(r"^ *(?:[*+-]|\d+\.) +\S")
_FENCE = re.compile(r"^ *(```|~~~)")


class _BlankBeforeItems(Preprocessor):
    """A blank line before a list item that follows a line of a paragraph (outside fences)."""

    def run(self, lines: list[str]) -> list[str]:
        out: list[str] = []
        fence = ""
        chunk_is_list = False          # whether the lines since the last blank one are a list
        for line in lines:
            match = _FENCE.match(line)
            if fence:
                if match and match.group(1) == fence:
                    fence = ""
            elif match:
                fence = match.group(1)
            elif not line.strip():
                chunk_is_list = False
            elif _ITEM.match(line):
                if out and out[-1].strip() and not chunk_is_list:
                    out.append("")
                chunk_is_list = True
            elif not out or not out[-1].strip():
                chunk_is_list = False
            out.append(line)
        return out


class TwoSpaceLists(Extension):
    """Lists whose items continue, and nest, at two spaces (as on GitHub)."""

    def extendMarkdown(self, md: Markdown) -> None:
        md.preprocessors.register(_BlankBeforeItems(md), "blank_before_items", 29)
        processors = md.parser.blockprocessors
        processors.register(_ListIndent(md.parser), "indent", 90)
        processors.register(_OList(md.parser), "olist", 40)
        processors.register(_UList(md.parser), "ulist", 30)


def on_config(config: Any) -> Any:
    config.markdown_extensions.append(TwoSpaceLists())
    return config
