"""The words every layer of cardgen shares, each defined once: units, papers, flips and
their PDF hints, the kinds of card sheet, export formats, and the names and versions of
the records cardgen attaches to what it writes. The click choices, the models, the plan,
the renderers and verify all read them here. No import beyond the standard library: the
drawing side loads it at no cost."""

import re
from dataclasses import dataclass
from typing import Final, Literal

MM: Final = 72 / 25.4  # PDF points per millimetre
EXACT_MM: Final = 0.01  # cardgen writes sizes to the thousandth of a point

PAPERS: Final = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}  # (width, height) in mm
PAPER_TITLES: Final = {"a4": "A4", "letter": "Letter"}  # as printed on a page and in verify's reports

Flip = Literal["long", "short"]
FLIPS: Final[tuple[Flip, ...]] = ("long", "short")
# the PDF's Duplex hint for a flip; a sheet printed on one side (no flip) asks for Simplex
DUPLEX_HINTS: Final = {"long": "DuplexFlipLongEdge", "short": "DuplexFlipShortEdge", None: "Simplex"}


@dataclass(frozen=True)
class SheetMode:
    """What a kind of card sheet is: whether and where each card's back is drawn."""

    name: str
    backs: Literal["back", "outline"] | None  # what stands behind each face: its back, a glue outline, nothing
    through_paper: bool  # the backs have pages of their own, printed behind the fronts (so a flip)
    back_bleed: bool  # a back's drawing reaches past its cut
    instruction: str | None  # the margin note's words (cards.yaml) for a sheet printed on one side
    pages: str  # the id of the message verify describes its pages with ("4 pages in front/back pairs, …")
    help: str  # for `cardgen build --mode`
    spare_cards: bool = False  # glued onto the box's spare cards: a box holds 8, its sheet fills them
    inset: float = 0.0  # mm inside the card's edge its face is printed (and cut): a face to glue on a card

    @property
    def folded(self) -> bool:
        """Each back stands beside its face on the same page, across a fold line."""
        return self.backs is not None and not self.through_paper

    @property
    def rounded_faces(self) -> bool:
        """Its faces, glued inside a card's rounded corners, are cut round like them: a square one
        would overhang each corner. Their drawing stops at the rounded cut in each corner, its
        bleed kept along the straight edges, so that the cut by hand follows the colour's edge."""
        return self.inset > 0

    @property
    def suffix(self) -> str:
        """The end of its file's name: jokers-glue.pdf"""
        return f"-{self.name}.pdf"


MODES: Final = {
    mode.name: mode
    for mode in (
        SheetMode(
            "glue", "outline", True, False, None, "verify.pdf.pages_in_pairs", "faces + outlines for spare cards", True
        ),
        SheetMode("duplex", "back", True, True, None, "verify.pdf.pages_in_pairs", "faces + backs"),
        SheetMode("sleeve", None, False, False, "cut", "verify.pdf.pages_fronts_only", "faces only"),
        SheetMode(
            "fold",
            "back",
            False,
            True,
            "fold_glue_cut",
            "verify.pdf.pages_folded",
            "faces and backs side by side on one side, for a printer without duplex",
        ),
        SheetMode(
            "sticker",
            None,
            False,
            False,
            "sticker",
            "verify.pdf.pages_fronts_only",
            "faces 0.75 mm inside the card's edge, printed on one side, to glue onto the box's spare cards "
            "(their own back stays)",
            spare_cards=True,
            inset=0.75,
        ),
    )
}
ModeName = Literal["glue", "duplex", "sleeve", "fold", "sticker"]  # the keys of MODES, for the type checker

EXPORT_FORMATS: Final = {
    "png": "one image per card face and per back",
    "pdf": "one PDF, a page each, TrimBox at the cut",
    "tts": "a Tabletop Simulator deck: face sheets, backs and a saved object (--bleed and --dpi do not apply)",
}

# A printer that shrinks or stretches what it prints: the calibration sheet's rulers are
# RULER_MM long, and a player enters what they measure on paper, across and down, in this range
# (beyond it the printer is not printing at actual size, which no scale should paper over).
RULER_MM: Final = 100.0
RULER_MEASURED: Final = (95.0, 105.0)
TRUE_RULER: Final = (RULER_MM, RULER_MM)  # a printer that prints at exactly its size


def compensation(ruler_measured: tuple[float, float]) -> tuple[float, float]:
    """How much larger a page is drawn, across and down, for a printer whose RULER_MM mm come
    out as `ruler_measured`: what it then prints lands at its true size."""
    across, down = ruler_measured
    return RULER_MM / across, RULER_MM / down


LAYOUT_ATTACHMENT = "cardgen-layout.json"
CALIBRATION_ATTACHMENT = "cardgen-calibration.json"
DOCUMENT_ATTACHMENT = "cardgen-document.json"
LAYOUT_VERSION: Final = 3  # 3: fold sheets, quarter turns; 2: reference cards have their own kind; 1: "format": 1
CALIBRATION_VERSION: Final = 3  # 3: fiducial markers for a photo
DOCUMENT_VERSION: Final = 1
EXPORT_MANIFEST = "manifest.json"
EXPORT_VERSION: Final = 1


def cut_file_name(pdf_name: str, sheet: int, kind: str = "svg") -> str:
    """A card sheet's cut file for a cutting machine: deck-duplex.pdf, sheet 1 -> deck-duplex-cut-p1.svg"""
    return f"{pdf_name.removesuffix('.pdf')}-cut-p{sheet}.{kind}"


CUT_FILE_KINDS: Final = ("svg", "dxf")
CUT_FILE_NAME = re.compile(
    rf"^(?P<stem>.+)-cut-p(?P<sheet>[1-9][0-9]{{0,4}})\.(?P<kind>{'|'.join(CUT_FILE_KINDS)})$", re.IGNORECASE
)
