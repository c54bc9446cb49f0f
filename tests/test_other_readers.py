"""Every kind of PDF cardgen writes, read by other tools than the one that checks the
pixels: each resource its drawing names is there (cardgen verify), qpdf finds nothing
to warn about, and poppler draws every page without a word on stderr."""

import io
import shutil
import subprocess
from pathlib import Path

import pypdf
import pytest
from PIL import Image

from cardgen.balance import FEWEST_GAMES, balance
from cardgen.balance.pdf import balance_pdf
from cardgen.build import PrintSettings, build
from cardgen.engine import Options
from cardgen.export import ExportRequest, export
from cardgen.formats import MODES
from cardgen.model.rules import summary_variants
from cardgen.render.calibration import calibration_pdf
from cardgen.render.reference import reference_sheet_pdf
from cardgen.verify.report import Report
from cardgen.verify.resources import check_resources

ROOT = Path(__file__).resolve().parent.parent
GRADIENT = """<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" viewBox="0 0 40 40">
  <defs><radialGradient id="g"><stop offset="0" stop-color="#ffd200"/><stop offset="1" stop-color="#d03000"/></radialGradient></defs>
  <circle cx="20" cy="20" r="18" fill="url(#g)" opacity="0.8"/>
</svg>
"""


def _pictures_set(folder: Path) -> str:
    """Cards with a PNG and an SVG (the README's example), a gradient with opacity, a phone's JPEG."""
    for path in (ROOT / "examples" / "homemade").iterdir():
        shutil.copy(path, folder / path.name)
    (folder / "gradient.svg").write_text(GRADIENT)
    Image.new("RGB", (90, 60), (30, 90, 200)).save(folder / "photo.jpg")
    cards = (folder / "homemade.yaml").read_text()
    cards += "  - {id: P109, kind: number, value: 109, heads: 1, picture: gradient.svg}\n"
    cards += "  - {id: P110, kind: number, value: 110, heads: 1, picture: photo.jpg}\n"
    (folder / "homemade.yaml").write_text(cards)
    return str(folder / "homemade.yaml")


@pytest.fixture(scope="module")
def every_kind(default_kit, tmp_path_factory) -> dict[str, bytes]:
    folder = tmp_path_factory.mktemp("kinds")
    pictures = _pictures_set(folder)
    files = {f"kit/{name}": content for name, content in default_kit.items()}
    for mode in MODES:
        files |= {f"{mode}/{n}": c for n, c in build(PrintSettings(), ["zero-cards", pictures], mode).items()}
    files |= {f"poker/{n}": c for n, c in build(PrintSettings(layout="poker"), ["jokers"], "duplex").items()}
    silhouette = PrintSettings(layout="silhouette", cutter_marks="silhouette", paper="letter", flip="short")
    files |= {f"silhouette/{n}": c for n, c in build(silhouette, ["jokers"], "duplex").items()}
    shop = export(ExportRequest((pictures,), 3.0, 300, "pdf", "standard"))
    files |= {f"export/{n}": c for n, c in shop.items() if n.endswith(".pdf")}
    files["reference.pdf"] = reference_sheet_pdf(list(summary_variants()), "de", "letter")
    files["calibration.pdf"] = calibration_pdf("letter", "short", (0.5, -0.5), "nl")
    report = balance(Options("classic"), ["random"] * 3, FEWEST_GAMES, check=False)
    files["balance.pdf"] = balance_pdf(report, "fr")
    return files


def test_every_resource_the_drawing_names_is_there(every_kind):
    for name, content in every_kind.items():
        report = Report(name, "cardgen-pdf")
        check_resources(pypdf.PdfReader(io.BytesIO(content)), report)
        assert [check.result for check in report.checks] == ["pass"], (name, [c.line() for c in report.checks])


@pytest.mark.skipif(not shutil.which("qpdf"), reason="qpdf is not installed (Debian: apt-get install qpdf)")
def test_qpdf_finds_nothing_to_warn_about(every_kind, tmp_path):
    for name, content in every_kind.items():
        path = tmp_path / "checked.pdf"
        path.write_bytes(content)
        result = subprocess.run(["qpdf", "--check", str(path)], capture_output=True, text=True)
        assert result.returncode == 0 and "WARNING" not in result.stdout + result.stderr, (name, result.stdout)


@pytest.mark.skipif(
    not shutil.which("pdftoppm"), reason="poppler is not installed (Debian: apt-get install poppler-utils)"
)
def test_poppler_draws_the_pages_without_a_complaint(every_kind, tmp_path):
    """The first page and the last (a sheet's pages repeat their forms: a deck's other pages
    hold nothing its first and last do not); poppler takes a sixth of a second a deck page."""
    for name, content in every_kind.items():
        path = tmp_path / "drawn.pdf"
        path.write_bytes(content)
        count = len(pypdf.PdfReader(io.BytesIO(content)).pages)
        for first, last in {(1, 1), (count, count)}:
            command = [
                "pdftoppm",
                "-r",
                "10",
                "-f",
                str(first),
                "-l",
                str(last),
                "-png",
                str(path),
                str(tmp_path / "p"),
            ]
            result = subprocess.run(command, capture_output=True, text=True)
            assert result.returncode == 0 and not result.stderr, (name, result.stderr)
