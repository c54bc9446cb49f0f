"""The names and versions of the records cardgen attaches to what it writes. The drawing
side needs only these; the schemas that `cardgen verify` reads the records back with
(cardgen/record.py) build pydantic models, which drawing has no use for."""

from typing import Final

LAYOUT_ATTACHMENT = "cardgen-layout.json"
CALIBRATION_ATTACHMENT = "cardgen-calibration.json"
LAYOUT_VERSION: Final = 3  # 3: fold sheets, quarter turns; 2: reference cards have their own kind; 1: "format": 1
CALIBRATION_VERSION: Final = 2
EXPORT_MANIFEST = "manifest.json"
EXPORT_VERSION: Final = 1
