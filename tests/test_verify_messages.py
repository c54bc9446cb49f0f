"""What `cardgen verify` says comes from the message catalogues: the failing paths the verify
tests reach, said in the pseudo-language, leave no English; French, German and Dutch write
numbers, plurals and word order as each language does; --json gives each message's id and
parameters beside its text."""

import io
import json
import sys
from pathlib import Path

import pypdf
import pytest
from hostile_pdfs import lying_records, made_elsewhere, with_bomb, with_record

from cardgen.errors import InputError
from cardgen.formats import MM
from cardgen.messages import Message, speaking
from cardgen.model.cards import SETS_DIR, load_card_set
from cardgen.verify.pdfs import verify_pdf
from cardgen.verify.report import Report, SheetWord, render_json, render_text, summary_line
from cardgen.verify.run import verify_inputs
from cardgen.verify.sets import refuse_failing_sets, verify_set
from tests.clirun import cardgen_in_process
from tests.pseudo import english_in_reports, english_left, pseudo_messages

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
import catalogues

IDS = {m.id if isinstance(m.id, str) else m.id[0] for m in catalogues.read("en") if m.id}


def messages_in(value):
    """Every Message a check holds, those given as parameters too."""
    if isinstance(value, Message):
        yield value
        yield from messages_in(list(value.params.values()))
    elif isinstance(value, list | tuple):
        for item in value:
            yield from messages_in(item)


def unknown_ids(reports: list[Report]) -> set[str]:
    """The ids of messages the checks say that the catalogue lacks (an id built in the code)."""
    said = [check.said for report in reports for check in report.checks]
    said += [check.where for report in reports for check in report.checks if check.where]
    return {m.id for m in messages_in(said) if not isinstance(m, SheetWord)} - IDS


def _rewrite(content: bytes, change) -> bytes:
    writer = pypdf.PdfWriter(clone_from=pypdf.PdfReader(io.BytesIO(content)))
    change(writer)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def _everything_wrong(writer):
    """No print hints, page 1 shifted by half a millimetre and given a loose font, page 2 without
    its TrimBox, page 3 on Letter with a CropBox of its own, page 4 shrunk to 97 %."""
    del writer._root_object["/ViewerPreferences"]
    writer.pages[0].add_transformation(pypdf.Transformation().translate(0.5 * MM, 0))
    helvetica = pypdf.PdfReader(io.BytesIO(made_elsewhere())).pages[0]["/Resources"]["/Font"]
    fonts = writer.pages[0]["/Resources"]["/Font"]
    for name, font in helvetica.items():
        fonts[pypdf.generic.NameObject("/Extra" + name[1:])] = writer._add_object(font.get_object())
    del writer.pages[1]["/TrimBox"]
    writer.pages[2].mediabox = pypdf.generic.RectangleObject([0, 0, 612, 792])
    writer.pages[2].cropbox = pypdf.generic.RectangleObject([10, 10, 500, 700])
    writer.pages[3].add_transformation(pypdf.Transformation().scale(0.97, 0.97))


def _short_flip_and_a_moved_trim_box(writer):
    preferences = writer._root_object["/ViewerPreferences"]
    preferences[pypdf.generic.NameObject("/Duplex")] = pypdf.generic.NameObject("/DuplexFlipShortEdge")
    box = writer.pages[2].trimbox
    writer.pages[2].trimbox = pypdf.generic.RectangleObject(
        [float(box[0]), float(box[1]) - 60 * MM, float(box[2]), float(box[3]) - 60 * MM]
    )


def _dropped_last_page(writer):
    writer.remove_page(3)


@pytest.fixture(scope="module")
def pdf_reports(default_kit, tmp_path_factory):
    """verify's reports of PDFs spoiled in each way the PDF tests spoil them, against a set
    they do not hold."""
    folder = tmp_path_factory.mktemp("spoiled")
    duplex, glue = default_kit["jokers-duplex.pdf"], default_kit["jokers-glue.pdf"]
    files = {
        "everything-wrong.pdf": _rewrite(duplex, _everything_wrong),
        "moved-trim-box.pdf": _rewrite(glue, _short_flip_and_a_moved_trim_box),
        "dropped-page.pdf": _rewrite(duplex, _dropped_last_page),
        "elsewhere.pdf": made_elsewhere([(210, 297), (100, 150)]),
        "older-cardgen.pdf": made_elsewhere(creator="cardgen 0.0.1"),
        "rules.pdf": default_kit["rules-plus-en.pdf"],
    }
    lying = lying_records(duplex)
    files |= {f"record-{case}.pdf": with_record(duplex, lying[case]) for case in ("not-json", "newer-version")}
    paths = []
    for name, content in files.items():
        (folder / name).write_bytes(content)
        paths.append(folder / name)
    zero_cards = [load_card_set("zero-cards")]
    return [verify_pdf(path, zero_cards if "wrong" in path.name else None) for path in paths]


def test_every_failing_pdf_check_is_said_from_the_catalogues(pdf_reports):
    assert all(not report.ok for report in pdf_reports if report.kind != "cardgen-pdf" or "rules" not in report.input)
    failed = {check.name for report in pdf_reports for check in report.failures}
    assert failed >= {"pdf.paper", "pdf.pages", "pdf.scaling", "pdf.duplex", "pdf.boxes", "pdf.fonts", "pdf.record"}
    assert failed >= {"pdf.faces", "pdf.backs", "pdf.cut-marks", "pdf.targets", "pdf.ruler", "pdf.contents"}
    assert english_in_reports(pdf_reports) == []
    assert unknown_ids(pdf_reports) == set()


TAMPERED = {
    "card-removed": ("numbered", lambda t: t.replace('  - {id: "55", kind: number, value: 55, heads: 7}\n', "")),
    "card-twice": ("numbered", lambda t: t + '  - {id: "17b", kind: number, value: 17, heads: 1}\n'),
    "heads-changed": ("numbered", lambda t: t.replace("value: 17, heads: 1", "value: 17, heads: 2")),
    "heads-meant": (
        "numbered",
        lambda t: t.replace("value: 17, heads: 1", "value: 17, heads: 2").replace(
            "cards:\n", "custom_heads: true\ncards:\n"
        ),
    ),
    "joker-lost": ("jokers", lambda t: t.replace('  - {id: "J0.4", kind: joker, value: 0.4, heads: 1}\n', "")),
    "joker-id-twice": ("jokers", lambda t: t + '  - {id: "J0.4", kind: joker, value: 0.4, heads: 1}\n'),
    "joker-value-twice": ("jokers", lambda t: t.replace("value: 0.3, heads: 1", "value: 0.4, heads: 2")),
    "four-zeros": (
        "zero-cards",
        lambda t: "".join(
            line for line in t.splitlines(True) if "Z5" not in line and "Z6" not in line and "Z7" not in line
        ),
    ),
    "bad-values": (
        "zero-cards",
        lambda t: (
            t + "  - {id: N0, kind: number, value: 0, heads: 1}\n  - {id: Z9, kind: zero, value: 1, heads: 0}\n"
            "  - {id: J9, kind: joker, value: 0.95, heads: 1}\n"
        ),
    ),
    "schema": ("jokers", lambda t: t.replace("value: 0.2, heads: 1", "value: 0.2, heads: lots")),
}
OWN = {
    "promo-joker": "name: promo\ntitle: A promo joker\ncards:\n  - {id: P5, kind: joker, value: 0.5, heads: 1}\n",
    "lost-cards": "name: lost\ntitle: Lost\ncustom_heads: true\ncards:\n"
    '  - {id: "55", kind: number, value: 55, heads: 4}\n  - {id: "12", kind: number, value: 12, heads: 1}\n'
    "  - {id: B1, kind: blank, value: 0, heads: 0}\n",
    "beyond": "name: beyond\ntitle: Beyond\ncards:\n  - {id: N105, kind: number, value: 105, heads: 2}\n",
}


@pytest.fixture(scope="module")
def set_reports(tmp_path_factory):
    """verify's reports of the sets the set tests tamper with, and of sets of a player's own."""
    folder = tmp_path_factory.mktemp("sets")
    paths = []
    for name, (bundled, change) in TAMPERED.items():
        path = folder / f"{name}.yaml"
        path.write_text(change((SETS_DIR / f"{bundled}.yaml").read_text()))
        paths.append(path)
    for name, text in OWN.items():
        path = folder / f"{name}.yaml"
        path.write_text(text)
        paths.append(path)
    return [verify_set(path, games=4) for path in paths]


def test_every_card_set_check_is_said_from_the_catalogues(set_reports):
    said = {
        check.name.rsplit(".", 1)[0] if check.name.count(".") > 1 else check.name
        for r in set_reports
        for check in r.checks
    }
    assert said >= {"set.schema", "set.identity", "set.values", "set.heads", "set.classic", "set.plus", "set.jokers"}
    assert said >= {"set.variants", "set.players", "set.games"}
    assert english_in_reports(set_reports) == []
    assert unknown_ids(set_reports) == set()


def _refusals(tmp_path, default_kit) -> dict[str, str]:
    """An input verify cannot read, by what is wrong with it."""
    (tmp_path / "text.pdf").write_text("hello")
    (tmp_path / "empty").mkdir()
    (tmp_path / "no-cards.yaml").write_text("name: x\n")
    (tmp_path / "bomb.pdf").write_bytes(with_bomb(default_kit["jokers-duplex.pdf"], 64 << 20))
    (tmp_path / "deck.svg").write_text("<svg/>")
    (tmp_path / "deck-duplex-cut-p1.svg").write_text("<svg/>")
    return {
        "no such file": str(tmp_path / "absent.pdf"),
        "no such set": "promo",
        "not a PDF": str(tmp_path / "text.pdf"),
        "an empty folder": str(tmp_path / "empty"),
        "no cards": str(tmp_path / "no-cards.yaml"),
        "a compression bomb": str(tmp_path / "bomb.pdf"),
        "a cut file's name": str(tmp_path / "deck.svg"),
        "a cut file alone": str(tmp_path / "deck-duplex-cut-p1.svg"),
    }


def test_every_refusal_is_one_sentence_from_the_catalogues(tmp_path, default_kit):
    promo = tmp_path / "promo.yaml"  # build and export refuse it in verify's words
    promo.write_text("name: promo\ntitle: Promo\ncards:\n  - {id: '55', kind: number, value: 55, heads: 3}\n")
    for what, name in {**_refusals(tmp_path, default_kit), "a set verify fails": promo}.items():
        with pytest.raises(InputError) as refused:
            verify_inputs([name]) if what != "a set verify fails" else refuse_failing_sets([name])
        assert isinstance(refused.value.message, Message), what
        with pseudo_messages():
            said = refused.value.message.text()
        assert english_left(said) == [], f"{what}: {said}"


def _report(results: dict[str, int]) -> Report:
    report = Report("x.pdf", "pdf")
    for result, count in results.items():
        for _ in range(count):
            report.add("pdf.paper", result, Message("verify.pdf.fonts_embedded"))
    return report


@pytest.mark.parametrize(
    "lang, summary",
    [
        ("en", "summary: 2 FAILED — 1 passed, 2 failed, 0 notes, 1 input"),
        ("fr", "bilan\u00a0: 2 ÉCHECS — 1 réussi, 2 en échec, 0 remarque, 1 élément vérifié"),  # 0 and 1 singular
        ("de", "Zusammenfassung: 2 FEHLGESCHLAGEN – 1 bestanden, 2 fehlgeschlagen, 0 Hinweise, 1 Eingabe"),
        ("nl", "samenvatting: 2 MISLUKT – 1 geslaagd, 2 mislukt, 0 opmerkingen, 1 onderdeel"),
    ],
)
def test_the_summary_counts_as_each_language_counts(lang, summary):
    assert summary_line([_report({"pass": 1, "fail": 2})], lang) == summary


def test_a_report_is_said_in_the_language_asked_for_whatever_the_language_around(pdf_reports):
    [wrong] = [report for report in pdf_reports if report.input.endswith("everything-wrong.pdf")]
    with speaking("fr"):
        german = render_text([wrong], "de")
    assert "  FEHLER   Papier: Die Seite ist 215,90 × 279,40 mm groß statt 210,00 × 297,00 mm" in german
    assert german.splitlines()[0].endswith("everything-wrong.pdf (PDF von cardgen)")
    french = render_text([wrong], "fr").splitlines()
    assert (
        "  ÉCHEC     échelle à l’impression\u00a0: aucune indication PrintScaling\u00a0: un lecteur PDF"
        in "\n".join(french)
    )
    dutch = render_text([wrong], "nl")
    assert "afgedrukte kaarten horen niet bij zero-cards: J0.0, J0.1" in dutch and "[pagina’s 1, 3]" in dutch
    assert "de liniaal meet 97," in dutch and "tussen zijn eindstreepjes, niet 100 mm [pagina 4]" in dutch
    assert all(isinstance(check.said, Message) for check in wrong.checks)  # the studio says them in its own language


def test_a_card_sets_words_keep_each_language_s_order_and_plurals(set_reports):
    by_name = {Path(report.input).stem: report for report in set_reports}
    german = render_text([by_name["heads-changed"]], "de")
    assert "FEHLER   Hornochsen: Karte 17 trägt 2 Hornochsen, laut Standardregel sind es 1" in german
    french = render_text([by_name["joker-value-twice"]], "fr")
    assert "le joker 0,4 est présent 2 fois" in french and "il manque 0,3" in french
    dutch = render_text([by_name["four-zeros"]], "nl")
    assert "Plus: 2–6 spelers met 4 nulkaarten in plaats van 7" in dutch
    assert "de huisregel ‘één nul per speler’ (one-zero-each) werkt tot 4 spelers" in dutch
    served = render_text([by_name["beyond"]], "de")
    assert "Geeignet für die Varianten Grundspiel, Profi, Plus und Joker, zusammen mit den mitgelieferten" in served


def test_json_keeps_each_check_s_name_and_its_message_s_id_and_parameters_beside_the_text(pdf_reports):
    data = json.loads(render_json(pdf_reports, "nl"))
    assert data["lang"] == "nl" and data["summary"]["text"].startswith("samenvatting: ")
    checks = [check for item in data["inputs"] for check in item["checks"]]
    assert all(check["message_id"] in IDS and check["message"] for check in checks)
    [paper] = [c for c in checks if c["message_id"] == "verify.pdf.paper_wrong"]
    assert paper["check"] == "pdf.paper" and paper["name"] == "papier" and paper["place"] == "pagina 3"
    assert paper["message_params"]["width"] == pytest.approx(215.9) and "215,90 × 279,40 mm" in paper["message"]
    assert (paper["place_id"], paper["place_params"]) == ("verify.place.page", {"page": 3})


def test_the_command_line_says_verify_in_the_language_it_is_given(tmp_path):
    french = cardgen_in_process("verify", "zero-cards", "--games", "4", "--lang", "fr")
    assert french.returncode == 0, french.stdout
    assert french.stdout.splitlines()[-1].startswith("bilan\u00a0: tous les contrôles sont réussis — ")
    german = cardgen_in_process("verify", tmp_path / "absent.pdf", "--lang", "de")
    assert (
        german.returncode == 2 and german.stderr == f"cardgen: {tmp_path / 'absent.pdf'}: Diese Datei gibt es nicht.\n"
    )
