"""Reading produced PDFs back: the product's own read-back helpers (cardgen.verify.readback),
re-exported under the names the tests have always used, so that `cardgen verify` and
the tests share one implementation."""

from cardgen.verify.readback import (  # noqa: F401
    MM,
    PageImage,
    all_fonts_of,
    box_mm,
    centre,
    font_is_embedded,
    font_is_embedded_truetype,
    fonts_of,
    ink_box_mm,
    layout_record,
    reader,
    render,
    text_in_box,
    texts_with_positions,
)
