"""The names and versions of the records cardgen attaches to what it writes, and the
names of its cut files. The drawing side needs only these; the schemas that `cardgen
verify` reads the records back with (cardgen/record.py) build pydantic models, which
drawing has no use for."""

import re
from typing import Final

LAYOUT_ATTACHMENT = "cardgen-layout.json"
CALIBRATION_ATTACHMENT = "cardgen-calibration.json"
LAYOUT_VERSION: Final = 3  # 3: fold sheets, quarter turns; 2: reference cards have their own kind; 1: "format": 1
CALIBRATION_VERSION: Final = 2
EXPORT_MANIFEST = "manifest.json"
EXPORT_VERSION: Final = 1


def cut_file_name(pdf_name: str, sheet: int, kind: str = "svg") -> str:
    """A card sheet's cut file for a cutting machine: deck-duplex.pdf, sheet 1 -> deck-duplex-cut-p1.svg"""
    return f"{pdf_name.removesuffix('.pdf')}-cut-p{sheet}.{kind}"


CUT_FILE_NAME = re.compile(r"^(?P<stem>.+)-cut-p(?P<sheet>[1-9][0-9]{0,4})\.(?P<kind>svg|dxf)$", re.IGNORECASE)
