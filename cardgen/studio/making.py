"""What each page of the studio makes from its form: the files (as cardgen.choices makes
them for the command line), which of them to show as pictures and how (front and back side
by side or one page at a time), the command line that writes the same bytes, and the name
of the download. No knowledge of sheets lives here: the choices are handed to the library."""

from __future__ import annotations

import io
import zipfile
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from cardgen import choices
from cardgen.errors import InputError
from cardgen.formats import FLIPS, PAPERS
from cardgen.texts import languages

ZIP_DATE = (1980, 1, 1, 0, 0, 0)  # the same choices, the same zip: no clock inside


@dataclass(frozen=True)
class Shown:
    name: str  # the file
    pairs: bool  # its pages are front/back pairs


@dataclass(frozen=True)
class Product:
    files: dict[str, bytes]
    shown: tuple[Shown, ...]
    command: tuple[str, ...]
    stem: str  # the download's name without .zip, when it holds several files

    def download(self) -> tuple[str, bytes]:
        """One file as it is, several as a zip of them."""
        if len(self.files) == 1:
            ((name, content),) = self.files.items()
            return name, content
        return f"{self.stem}.zip", zipped(self.files)


def zipped(files: Mapping[str, bytes]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, content in files.items():
            info = zipfile.ZipInfo(name, date_time=ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, content)
    return out.getvalue()


class Form:
    """A page's form, each value checked against the choices it offers."""

    def __init__(self, values: Mapping[str, str]):
        self.values = values

    def one_of(self, name: str, allowed, default: str = "") -> str:
        value = self.values.get(name, default)
        if value not in allowed:
            raise InputError(f"the field {name} must be one of {', '.join(map(str, allowed))}, not {value!r}.")
        return value

    def optional(self, name: str, allowed) -> str | None:
        value = self.values.get(name, "")
        return None if value in ("", "auto") else self.one_of(name, allowed)

    def text(self, name: str, longest: int = 100) -> str | None:
        value = str(self.values.get(name, "")).strip()
        if len(value) > longest:
            raise InputError(f"the field {name} holds more than {longest} characters.")
        return value or None

    def number(self, name: str, low: int, high: int, default: int) -> int:
        raw = self.values.get(name) or str(default)
        try:
            value = int(raw)
        except ValueError:
            raise InputError(f"the field {name} must be a whole number, not {raw!r}.") from None
        if not low <= value <= high:
            raise InputError(f"the field {name} must be {low} to {high}, not {value}.")
        return value

    def lang(self) -> str:
        return self.one_of("lang", languages())


def print_choice(form: Form) -> choices.PrintChoice:
    return choices.PrintChoice(
        cards=form.one_of("cards", choices.CARDS, "kit"),  # type: ignore[arg-type]
        two_sided=form.one_of("two_sided", ("yes", "no"), "yes") == "yes",
        material=form.one_of("material", choices.MATERIALS, "spare_cards"),  # type: ignore[arg-type]
        paper=form.optional("paper", PAPERS),
        flip=form.optional("flip", FLIPS),
        lang=form.lang(),
        back_offset=form.text("back_offset", 40),
        printer=form.text("printer", 60),
    )


def print_cards(form: Form) -> Product:
    choice = print_choice(form)
    files = choices.print_files(choice)
    shown = tuple(Shown(name, choices.in_pairs(name)) for name in files if name.endswith(".pdf"))
    return Product(files, shown, tuple(choices.command_line(choice)), f"cardgen-{choice.cards}")


DOCUMENTS = ("summary", "reference", "score")


def rules_and_sheets(form: Form) -> Product:
    from cardgen.model.rules import summary_variants
    from cardgen.render.scoresheet import player_range

    document = form.one_of("document", DOCUMENTS, "summary")
    variant = choices.check_variant(form.one_of("variant", summary_variants(), "classic"))
    lang, paper = form.lang(), form.one_of("paper", PAPERS, "a4")
    flip = form.one_of("flip", FLIPS, "long")
    words = [variant, "--lang", lang, "--paper", paper, "--flip", flip]
    if document == "summary":
        files = choices.rule_summary_files([variant], lang, paper, flip)
        command = ["cardgen", "rules", *words]
    elif document == "reference":
        files = choices.reference_files([variant], lang, paper, every=False)
        command = ["cardgen", "rules", *words, "--reference"]
    else:
        low, high = player_range(variant)
        players = None if form.values.get("players", "all") == "all" else form.number("players", low, high, low)
        copies = form.number("copies", 1, 1000, 1)
        files = choices.score_sheet_files([variant], players, copies, lang, paper, flip)
        command = ["cardgen", "sheet", *words, "--copies", str(copies)]
        command += ["--players", str(players)] if players is not None else []
    return Product(files, tuple(Shown(name, False) for name in files), tuple(command), f"cardgen-{document}")


def calibration(form: Form) -> Product:
    paper, flip, lang = form.one_of("paper", PAPERS, "a4"), form.one_of("flip", FLIPS, "long"), form.lang()
    sheet = choices.calibration_file(paper, flip, None, None, lang)
    command = ("cardgen", "calibrate", "--paper", paper, "--flip", flip, "--lang", lang)
    return Product({"calibration.pdf": sheet}, (Shown("calibration.pdf", True),), command, "calibration")


MAKERS: dict[str, Callable[[Form], Product]] = {
    "print": print_cards,
    "rules": rules_and_sheets,
    "calibrate": calibration,
}


MOST_PAGES_SHOWN = 60  # pictures of a checked PDF: enough for the deck, no more


def checked(paths: list, expected: str | None, folder) -> tuple[list[dict], str, Product]:
    """`cardgen verify` of the uploaded files (and with `expected`, of the set they must
    hold): each report's checks, the summary line, and the PDFs to show as pictures.
    Names are shown as the player sent them, without the workspace around them."""
    from cardgen.preview import page_count
    from cardgen.verify.report import summary_line
    from cardgen.verify.run import verify_inputs

    reports = verify_inputs([str(path) for path in paths], [expected] if expected else [])
    inside = f"{folder}/"

    def shown(text) -> str:
        return str(text).replace(inside, "")

    listed = [
        {
            "input": shown(report.input),
            "kind": report.kind,
            "ok": report.ok,
            "checks": [
                {"result": c.result, "name": c.name, "message": shown(c.message), "place": c.place}
                | {key: c.details[key] for key in ("page", "box_mm") if key in c.details}
                for c in report.checks
            ],
        }
        for report in reports
    ]
    pdfs = {
        shown(report.input): path.read_bytes()
        for report, path in zip(reports, paths)
        if report.kind in ("cardgen-pdf", "pdf")
    }
    pdfs = {name: pdf for name, pdf in pdfs.items() if page_count(pdf) <= MOST_PAGES_SHOWN}
    product = Product(pdfs, tuple(Shown(name, False) for name in pdfs), (), "checked")
    return listed, summary_line(reports), product


SET_FILE = "my-cards.yaml"
MOST_SET_CHARACTERS = 500_000  # the 104 cards of the deck, with titles, are 12,000


def write_set(folder, text: str) -> None:
    """The set as the player wrote it, beside its pictures, for the library to read."""
    if len(text) > MOST_SET_CHARACTERS:
        raise InputError(f"{SET_FILE}: the set holds more than {MOST_SET_CHARACTERS:,} characters.")
    (folder / SET_FILE).write_text(text, encoding="utf-8")


def own_cards(form: Form, folder) -> Product:
    """The sheet of the player's own set, written beside the pictures they gave, as
    `cardgen build --set my-cards.yaml --mode MODE` makes it."""
    from cardgen.build import build
    from cardgen.formats import MODES

    mode = form.one_of("mode", MODES, "duplex")
    lang = form.lang()
    write_set(folder, str(form.values.get("yaml", "")))
    settings = choices.resolve_print_settings("standard", None, None, None, None, lang)
    files = build(settings, [str(folder / SET_FILE)], mode)  # type: ignore[arg-type]
    command = ("cardgen", "build", "--set", SET_FILE, "--mode", mode, "--lang", lang)
    return Product(
        files,
        tuple(Shown(name, choices.in_pairs(name)) for name in files if name.endswith(".pdf")),
        command,
        "my-cards",
    )
