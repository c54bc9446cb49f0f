"""Rule summaries: one page (or both sides of one sheet) per variant and language, on
A4 or Letter.

The texts flow through two columns; each illustrated example follows the text of
its section: the rows before and after the turn as small cards in the printed
cards' style, the cards played and the cards collected, all as the rules engine
plays the turn (cardgen.model.rules). Text that does not fit two pages is an error
naming the file and the section, never a clipped page.

Modules: blocks (geometry, styles, paragraphs and headings), examples (the illustrated
turns and tallies), flow (blocks through the columns), pages (layout, header, footer, PDF).
"""

from cardgen.render.summary.blocks import HeadingBlock, TextBlock
from cardgen.render.summary.pages import draw_summary, layout_summary

__all__ = ["HeadingBlock", "TextBlock", "draw_summary", "layout_summary"]
