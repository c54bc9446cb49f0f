"""The house colours and text fonts of every page that is not a card face: summaries,
reference cards, score sheets, the calibration sheet and the balance report."""

from reportlab.lib.colors import HexColor

REGULAR, BOLD = "Vera", "Vera-Bold"  # reportlab's own Bitstream Vera, embedded
INK = HexColor("#2b2622")  # text
SOFT_INK = HexColor("#6b6158")  # notes, captions
ACCENT = HexColor("#6e1c28")  # the card back's deep red
LINE = HexColor("#b9ab98")  # rules and grids
# pt: the smallest text printed on any sheet (a card drawn in miniature leaves out the
# texts it would print smaller: cardgen.render.faces, least_text)
MIN_TEXT_SIZE = 6.0
