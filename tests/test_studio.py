"""cardgen studio through Starlette's test client: who it lets in, what its pages offer,
and that every download is the bytes the command line writes for the same choices."""

import io
import re
import zipfile
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from cardgen.studio.app import create_app
from cardgen.studio.guard import cookie_name
from tests.clirun import cardgen_in_process

PORT = 8123
TOKEN = "a-secret-of-this-run"
HOME = f"http://127.0.0.1:{PORT}"


def client(tmp_path: Path, token: bool = True, base_url: str = HOME) -> TestClient:
    made = TestClient(create_app(TOKEN, PORT, tmp_path), base_url=base_url, follow_redirects=False)
    if token:
        made.cookies.set(cookie_name(PORT), TOKEN)
    return made


@pytest.fixture
def studio(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDGEN_CONFIG_DIR", str(tmp_path / "config"))
    return client(tmp_path / "workspace")


# --- who gets in ------------------------------------------------------------------


@pytest.mark.parametrize("route", ["/print", "/rules", "/calibrate", "/static/studio.css", "/picture/x/0/0"])
def test_without_the_token_every_route_is_refused(tmp_path, route):
    answer = client(tmp_path, token=False).get(route)
    assert answer.status_code == 403
    assert "token" in answer.text


def test_a_wrong_token_is_refused(tmp_path):
    visitor = client(tmp_path, token=False)
    visitor.cookies.set(cookie_name(PORT), "guessed")
    assert visitor.get("/print").status_code == 403
    assert visitor.get("/print?token=guessed").status_code == 403


def test_the_token_in_the_address_becomes_a_strict_httponly_cookie_and_leaves_the_address(tmp_path):
    visitor = client(tmp_path, token=False)
    answer = visitor.get(f"/print?token={TOKEN}&lang=fr")
    assert answer.status_code == 303
    assert answer.headers["location"] == "/print?lang=fr"
    cookie = answer.headers["set-cookie"]
    assert cookie.startswith(f"{cookie_name(PORT)}={TOKEN};")
    assert "HttpOnly" in cookie and "samesite=strict" in cookie.lower()
    assert visitor.get("/print?lang=fr").status_code == 200


@pytest.mark.parametrize(
    "host", ["evil.example:8123", "evil.example", "127.0.0.1.evil.example:8123", "192.168.1.5:8123"]
)
def test_a_host_that_is_not_a_loopback_name_is_refused_dns_rebinding(studio, host):
    answer = studio.get("/print", headers={"host": host})
    assert answer.status_code == 400


@pytest.mark.parametrize("host", ["127.0.0.1:8123", "localhost:8123", "[::1]:8123"])
def test_the_loopback_names_are_served(studio, host):
    assert studio.get("/print", headers={"host": host}).status_code == 200


@pytest.mark.parametrize("route", ["/preview/print", "/download/print", "/printer"])
def test_a_post_from_another_origin_is_refused_csrf(studio, route):
    answer = studio.post(route, data={"cards": "jokers"}, headers={"origin": "http://evil.example"})
    assert answer.status_code == 403
    cross = studio.post(route, data={"cards": "jokers"}, headers={"sec-fetch-site": "cross-site"})
    assert cross.status_code == 403


def test_every_answer_forbids_framing_and_outside_scripts(studio):
    answer = studio.get("/print")
    assert answer.headers["x-frame-options"] == "DENY"
    assert "default-src 'self'" in answer.headers["content-security-policy"]
    assert answer.headers["referrer-policy"] == "same-origin"


# --- the pages ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("accept", "lang", "word"),
    [
        ("fr-FR,fr;q=0.9", "fr", "Imprimer mes cartes"),
        ("de", "de", "Meine Karten drucken"),
        ("nl-BE", "nl", "Mijn kaarten afdrukken"),
        ("ja,en;q=0.5", "en", "Print my cards"),
    ],
)
def test_the_page_speaks_the_browsers_language(studio, accept, lang, word):
    page = studio.get("/print", headers={"accept-language": accept}).text
    assert f'<html lang="{lang}">' in page
    assert word in page


def test_every_page_switches_language_and_links_every_language(studio):
    for route in ("/print", "/rules", "/calibrate"):
        page = studio.get(f"{route}?lang=nl", headers={"accept-language": "fr"}).text
        assert '<html lang="nl">' in page
        for code, name in (("en", "English"), ("fr", "Français"), ("de", "Deutsch"), ("nl", "Nederlands")):
            assert f'href="{route}?lang={code}"' in page and name in page


def test_the_pages_load_nothing_from_elsewhere(studio):
    for route in ("/print", "/rules", "/calibrate"):
        page = studio.get(route).text
        assert "http://" not in page and "https://" not in page and "//" not in page.replace("://", "")


def test_the_advice_is_for_the_browser_the_page_is_opened_in(studio):
    firefox = studio.get(
        "/print", headers={"user-agent": "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0"}
    )
    assert "<strong>In Firefox:</strong>" in firefox.text
    mac = studio.get(
        "/print",
        headers={
            "user-agent": "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 Version/17.0 Safari/605.1.15"
        },
    )
    assert "<strong>In Preview on a Mac:</strong>" in mac.text


def test_a_preview_lists_every_page_as_front_and_back_and_its_pictures_are_pngs(studio):
    answer = studio.post(
        "/preview/print", data={"cards": "zero-cards", "two_sided": "yes", "material": "spare_cards", "lang": "fr"}
    )
    result = answer.json()
    assert [(f["name"], f["pairs"], f["pages"]) for f in result["files"]] == [("zero-cards-glue.pdf", True, 2)]
    assert result["command"] == "cardgen build --set zero-cards --mode glue --lang fr"
    picture = studio.get(result["files"][0]["url"] + "/1")
    assert picture.headers["content-type"] == "image/png" and picture.content.startswith(b"\x89PNG")
    assert studio.get(result["files"][0]["url"] + "/2").status_code == 404  # there is no third page


def test_a_choice_the_library_refuses_is_its_one_line_on_the_page_and_the_server_goes_on(studio):
    bad = studio.post(
        "/preview/print", data={"material": "spare_cards", "cards": "jokers", "lang": "en", "back_offset": "9,9"}
    )
    assert bad.status_code == 200
    assert "\n" not in bad.json()["error"] and "back offset" in bad.json()["error"]
    unknown = studio.post("/preview/print", data={"material": "spare_cards", "cards": "../../etc/passwd", "lang": "en"})
    assert unknown.status_code == 200 and "cards" in unknown.json()["error"]
    assert studio.post("/preview/print", data={"material": "spare_cards", "cards": "jokers"}).status_code == 200


def test_forms_are_bounded_and_take_no_files(studio):
    huge = studio.post(
        "/preview/print", data={"material": "spare_cards", "cards": "jokers", "lang": "en", "back_offset": "1" * 20_000}
    )
    assert huge.status_code == 413
    many = studio.post("/preview/print", data={f"field{n}": "x" for n in range(50)})
    assert many.status_code == 400
    sent = studio.post("/preview/print", data={"lang": "en"}, files={"upload": ("a.pdf", b"%PDF-1.7")})
    assert sent.status_code == 400
    assert studio.get("/print").status_code == 200


def test_a_hostile_printer_profiles_file_is_one_line_on_the_page(studio, tmp_path):
    config = tmp_path / "config"
    config.mkdir()
    (config / "printers.yaml").write_bytes(b"\xff\xfe not utf-8 \x00")
    assert studio.get("/print").status_code == 200  # the page opens, without saved printers
    answer = studio.post(
        "/preview/print", data={"material": "spare_cards", "cards": "jokers", "lang": "en", "printer": "office"}
    )
    assert answer.status_code == 200
    assert "printers.yaml" in answer.json()["error"] and "\n" not in answer.json()["error"]


# --- the same bytes as the command line -----------------------------------------------


def downloaded(studio, page: str, choices: dict) -> dict[str, bytes]:
    answer = studio.post(f"/download/{page}", data=choices)
    assert answer.status_code == 200, answer.text
    name = answer.headers["content-disposition"].split('filename="')[1].rstrip('"')
    if not name.endswith(".zip"):
        return {name: answer.content}
    with zipfile.ZipFile(io.BytesIO(answer.content)) as archive:
        return {entry: archive.read(entry) for entry in archive.namelist()}


def written_by_the_command_line(studio, page: str, choices: dict, folder: Path) -> dict[str, bytes]:
    command = studio.post(f"/preview/{page}", data=choices).json()["command"].split()
    assert command[0] == "cardgen"
    output = folder / "cli.pdf" if command[1] in ("calibrate", "rules", "sheet") else folder
    ran = cardgen_in_process(*command[1:], "-o", output)
    assert ran.returncode == 0, ran.stderr
    return {path.name: path.read_bytes() for path in sorted(folder.iterdir()) if path.is_file()}


@pytest.mark.parametrize(
    "choices",
    [
        {"cards": "zero-cards", "two_sided": "no", "material": "card_stock", "lang": "fr", "paper": "letter"},
        {"cards": "jokers", "two_sided": "yes", "material": "cutting_machine", "lang": "de", "flip": "short"},
        {"cards": "numbered", "two_sided": "yes", "material": "spare_cards", "lang": "nl", "back_offset": "0.5,-1.25"},
        {"cards": "jokers", "two_sided": "no", "material": "print_shop", "lang": "en"},
        {"cards": "kit", "two_sided": "yes", "material": "spare_cards", "lang": "de"},
    ],
)
def test_print_my_cards_downloads_the_bytes_the_command_line_writes(studio, tmp_path, choices):
    from_studio = downloaded(studio, "print", choices)
    from_cli = written_by_the_command_line(studio, "print", choices, tmp_path / "cli")
    assert sorted(from_studio) == sorted(from_cli)
    assert all(from_studio[name] == from_cli[name] for name in from_cli)


@pytest.mark.parametrize(
    "choices",
    [
        {"document": "summary", "variant": "plus", "lang": "fr", "paper": "a4", "flip": "long"},
        {"document": "reference", "variant": "jokers", "lang": "en", "paper": "letter", "flip": "long"},
        {
            "document": "score",
            "variant": "classic",
            "players": "5",
            "copies": "3",
            "lang": "nl",
            "paper": "a4",
            "flip": "short",
        },
    ],
)
def test_rules_and_score_sheets_download_the_bytes_the_command_line_writes(studio, tmp_path, choices):
    (from_studio,) = downloaded(studio, "rules", choices).values()
    (from_cli,) = written_by_the_command_line(studio, "rules", choices, tmp_path / "cli").values()
    assert from_studio == from_cli


def test_the_calibration_sheet_is_the_bytes_of_cardgen_calibrate(studio, tmp_path):
    choices = {"paper": "letter", "flip": "short", "lang": "de"}
    (from_studio,) = downloaded(studio, "calibrate", choices).values()
    (from_cli,) = written_by_the_command_line(studio, "calibrate", choices, tmp_path / "cli").values()
    assert from_studio == from_cli


def test_a_printer_read_on_the_calibration_page_is_saved_as_printer_add_saves_it(studio, tmp_path):
    reading = {
        "x_whole": "-2",
        "x_fine": "0.25",
        "y_whole": "1",
        "y_fine": "-0.5",
        "name": "office",
        "paper": "letter",
        "flip": "short",
    }
    answer = studio.post("/printer", data=reading)
    assert answer.json() == {
        "name": "office",
        "back_offset": [-1.75, 0.5],
        "flip": "short",
        "paper": "letter",
        "ruler_measured": [100.0, 100.0],
    }
    listed = cardgen_in_process("printer", "list", "--json")
    assert '"back_offset": [\n      -1.75,\n      0.5\n    ]' in listed.stdout
    assert '<option value="office">office</option>' in studio.get("/print").text
    choices = {"cards": "jokers", "two_sided": "yes", "material": "card_stock", "lang": "en", "printer": "office"}
    from_studio = downloaded(studio, "print", choices)
    from_cli = written_by_the_command_line(studio, "print", choices, tmp_path / "cli")
    assert (
        from_studio == from_cli and "--printer office" in studio.post("/preview/print", data=choices).json()["command"]
    )


def test_what_the_rulers_measure_is_saved_with_the_printer_and_its_cards_drawn_to_make_up(studio, tmp_path):
    reading = {"x_whole": "0", "x_fine": "0", "y_whole": "0", "y_fine": "0", "name": "shrinks", "paper": "a4"}
    answer = studio.post("/printer", data={**reading, "flip": "long", "ruler_across": "99.6", "ruler_down": "100.2"})
    assert answer.json()["ruler_measured"] == [99.6, 100.2]
    choices = {"cards": "jokers", "two_sided": "yes", "material": "card_stock", "lang": "en", "printer": "shrinks"}
    assert downloaded(studio, "print", choices) == written_by_the_command_line(
        studio, "print", choices, tmp_path / "cli"
    )
    refused = studio.post("/printer", data={**reading, "flip": "long", "ruler_across": "90", "ruler_down": "100"})
    assert "90" in refused.json()["error"] and "\n" not in refused.json()["error"]


def test_a_ruler_typed_wrong_is_refused_in_the_words_of_the_page(studio):
    reading = {"x_whole": "0", "x_fine": "0", "y_whole": "0", "y_fine": "0", "name": "bureau", "paper": "a4"}
    typed = {"flip": "long", "ruler_across": "9,96", "ruler_down": "100,2"}
    refused = studio.post("/printer?lang=fr", data=reading | typed).json()["error"]
    assert refused.startswith("Dans la largeur (mm)\u00a0: «\u00a09,96\u00a0» n’est pas une longueur de 95 à 105 mm")
    assert "--" not in refused
    typed["ruler_across"] = "99,6"  # as read, with a decimal comma: saved
    assert studio.post("/printer?lang=fr", data=reading | typed).json()["ruler_measured"] == [99.6, 100.2]


def test_a_reading_off_the_scales_is_refused_in_one_line(studio):
    answer = studio.post(
        "/printer",
        data={"x_whole": "9", "x_fine": "0", "y_whole": "0", "y_fine": "0", "name": "x", "paper": "a4", "flip": "long"},
    )
    assert answer.status_code == 200
    assert "X scale" in answer.json()["error"]


# --- the calibration page: a photo of the sheet -----------------------------------------------


@pytest.fixture(scope="module")
def sheet_photos():
    """Synthetic phone photos of the calibration sheet (3 MP: cheap), as `calibrate --read` takes them:
    one read at once (the printer shifts the back 1 mm right and 0.5 mm down, and turns it on its
    short edge), one of a sheet printed one-sided."""
    pytest.importorskip("cv2", reason="reading photos needs the photo extra: pip install 'cardgen[photo]'")
    from tests.synthetic_photos import Shot, photo

    return {
        "read": photo(Shot(shift=(1.0, -0.5), printer_flip="short", megapixels=3, tilt_deg=12.0)),
        "one_sided": photo(Shot(darkening=0.0, megapixels=3)),
    }


def sent_photo(studio, content: bytes, lang: str = "en", name: str = "IMG_2041.jpg"):
    return studio.post(f"/photo?lang={lang}", files={"photo": (name, content, "image/jpeg")})


def data_photo(page: str) -> dict | None:
    """The photo the calibrate page shows, as the page holds it for its script."""
    import html
    import json
    import re

    found = re.search(r"data-photo='([^']*)'", page)
    return json.loads(html.unescape(found.group(1))) if found else None


def test_a_photo_of_the_sheet_reads_what_calibrate_read_reads_and_a_reload_keeps_it(studio, tmp_path, sheet_photos):
    import json

    answer = sent_photo(studio, sheet_photos["read"], "fr")
    assert answer.status_code == 200
    shown = answer.json()["photo"]
    (tmp_path / "sheet.jpg").write_bytes(sheet_photos["read"])
    by_cli = json.loads(cardgen_in_process("calibrate", "--read", tmp_path / "sheet.jpg", "--json").stdout)
    assert shown["reading"] == {key: value for key, value in by_cli.items() if key != "saved_as"}
    assert shown["reading"]["flip"] == "short"
    assert shown["reading"]["back_offset"] == pytest.approx([-1.0, 0.5], abs=0.15)
    assert shown["file"] == "IMG_2041.jpg"
    # the address names it: a reload, or the page in another language, shows it again
    for lang in ("fr", "de"):
        assert data_photo(studio.get(f"/calibrate?lang={lang}&photo={shown['id']}").text) == shown
    assert data_photo(studio.get("/calibrate?lang=fr&photo=0123456789abcdef").text) is None  # no longer kept
    assert data_photo(studio.get("/calibrate?lang=fr&photo=../../etc").text) is None


def test_a_reading_by_eye_stays_in_the_address(studio):
    page = studio.get("/calibrate?lang=en&x_top_whole=-1&y_left_fine=0.25&ruler_down=99.5&name=office").text
    assert '<option value="-1" selected>' in page and '<option value="0.25" selected>' in page
    assert 'value="99.5"' in page and 'name="name" value="office"' in page


def test_a_photo_read_is_saved_as_a_printer_and_replaces_one_only_when_asked(studio, sheet_photos):
    import json

    eye = {"x_whole": "-2", "x_fine": "0.25", "y_whole": "1", "y_fine": "-0.5", "paper": "a4", "flip": "long"}
    assert studio.post("/printer", data=eye | {"name": "office"}).json()["back_offset"] == [-1.75, 0.5]
    shown = sent_photo(studio, sheet_photos["read"]).json()["photo"]
    chosen = {"photo": shown["id"], "name": "office", "paper": "a4", "flip": "long", "ruler_across": "99.6"}
    asked = studio.post("/printer?lang=de", data=chosen | {"replace": "no"}).json()
    assert asked["id"] == "printer.exists" and "office" in asked["error"]  # the page asks, then sends replace=yes

    def saved() -> dict:
        return json.loads(cardgen_in_process("printer", "list", "--json").stdout)["office"]

    assert saved()["back_offset"] == [-1.75, 0.5]
    replaced = studio.post("/printer", data=chosen | {"replace": "yes"}).json()
    reading = shown["reading"]
    assert replaced == {
        "name": "office",
        "back_offset": reading["back_offset"],
        "flip": "short",  # as the photo shows the printer turns it, whatever the sheet was made for
        "paper": "a4",
        "ruler_measured": [99.6, 100.0],
    }
    assert saved()["back_offset"] == reading["back_offset"] and saved()["flip"] == "short"
    gone = studio.post("/printer?lang=fr", data=chosen | {"photo": "0123456789abcdef", "replace": "yes"}).json()
    assert gone["id"] == "studio.photo_unknown" and "\n" not in gone["error"]


def test_a_photo_that_cannot_be_read_is_its_one_sentence_in_the_pages_language(studio, sheet_photos, monkeypatch):
    from cardgen.actions import pictures
    from cardgen.studio import app

    refused = sent_photo(studio, sheet_photos["one_sided"], "de", "blank.jpg")
    assert refused.status_code == 200
    shown = refused.json()["photo"]
    assert shown["error"].startswith("blank.jpg zeigt nichts auf der Rückseite") and "\n" not in shown["error"]
    assert "reading" not in shown
    again = data_photo(studio.get(f"/calibrate?lang=fr&photo={shown['id']}").text)
    assert again["error"].startswith("blank.jpg ne montre rien d’imprimé au verso")  # the same refusal, in French
    assert sent_photo(studio, b"%PDF-1.7", "en", "sheet.pdf").json()["photo"]["error"].startswith("sheet.pdf is not")
    # bounded as every picture the studio holds: in pixels, then in bytes before it is read
    monkeypatch.setattr(pictures, "MOST_PIXELS", 2_000_000)
    large = sent_photo(studio, sheet_photos["read"]).json()["photo"]["error"]
    assert large.startswith("IMG_2041.jpg has more than 2 million pixels")
    monkeypatch.setattr(app, "MOST_PICTURE_BYTES", 1_000_000)
    heavy = sent_photo(studio, sheet_photos["read"] + bytes(1_000_000), "fr")
    assert heavy.status_code == 413 and heavy.json()["error"].startswith("la photo dépasse 1 Mo")
    assert (
        studio.post("/photo", data={"photo": "text"}).json()["error"]
        == "choose a photo of the calibration sheet, or take one."
    )
    monkeypatch.undo()
    assert "reading" in sent_photo(studio, sheet_photos["read"]).json()["photo"]  # the server went on


def test_without_opencv_the_page_says_so_in_one_sentence_and_offers_the_eye_reading(studio, monkeypatch):
    import sys

    monkeypatch.setitem(sys.modules, "cv2", None)  # import cv2 now fails, as without the photo extra
    page = studio.get("/calibrate?lang=en").text
    assert 'type="file"' not in page and 'name="x_top_whole"' in page
    assert (
        "Reading a photo needs OpenCV, which is not installed here: in cardgen’s folder, type "
        '<code>pip install ".[photo]"</code> and start the studio again; until then, read the scales by eye below.'
    ) in page.replace("&#34;", '"')
    asked = sent_photo(studio, b"\xff\xd8 a photo", "fr").json()["photo"]
    assert asked["error"].startswith("lire une photo demande OpenCV")


# --- check before printing: uploads -------------------------------------------------------


def sent(*files: tuple[str, bytes]) -> list:
    return [("files", (name, content, "application/octet-stream")) for name, content in files]


def zipped(entries: dict[str, bytes]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        for name, content in entries.items():
            archive.writestr(name, content)
    return out.getvalue()


def checks_of(result: dict) -> list[tuple]:
    return [(c["result"], c["name"], c["message"], c["place"]) for r in result["reports"] for c in r["checks"]]


def test_check_gives_the_checks_of_cardgen_verify_and_a_picture_of_every_page(studio, tmp_path, card_sheets):
    import json

    answer = studio.post(
        "/check", files=sent(("jokers-duplex.pdf", card_sheets["jokers-duplex.pdf"])), data={"expected": "jokers"}
    )
    assert answer.status_code == 200, answer.text
    result = answer.json()
    (tmp_path / "jokers-duplex.pdf").write_bytes(card_sheets["jokers-duplex.pdf"])
    ran = cardgen_in_process("verify", tmp_path / "jokers-duplex.pdf", "--set", "jokers", "--json")
    cli = [
        (c["result"], c["check"], c["message"].replace(f"{tmp_path}/", ""), c["place"])
        for i in json.loads(ran.stdout)["inputs"]
        for c in i["checks"]
    ]
    assert checks_of(result) == cli and ran.returncode == 0
    assert result["summary"].startswith("summary: all checks passed")
    (picture,) = result["files"]
    assert picture["pages"] == 4
    assert studio.get(picture["url"] + "/3").content.startswith(b"\x89PNG")


def test_a_failing_sheet_is_listed_failed_with_its_place(studio, card_sheets):
    answer = studio.post(
        "/check", files=sent(("deck.pdf", card_sheets["jokers-duplex.pdf"])), data={"expected": "numbered"}
    )
    result = answer.json()
    assert result["reports"][0]["ok"] is False
    assert any(check[0] == "fail" for check in checks_of(result))


def test_an_export_sent_as_a_zip_is_checked_as_its_folder(studio):
    from cardgen.export import ExportRequest, export

    files = export(ExportRequest(("jokers",), format="pdf"))
    answer = studio.post(
        "/check", files=sent(("print-shop.zip", zipped({f"print-shop/{k}": v for k, v in files.items()})))
    )
    result = answer.json()
    assert [(r["input"], r["kind"], r["ok"]) for r in result["reports"]] == [("print-shop", "export", True)]


@pytest.mark.parametrize(
    ("name", "content", "words"),
    [
        ("nested.zip", zipped({"a/b/c.pdf": b"%PDF-1.7"}), "folders inside folders"),
        ("two.zip", zipped({"a/x.pdf": b"%PDF", "b/x.pdf": b"%PDF"}), "folders inside folders"),
        ("broken.zip", b"PK\x03\x04 no zip at all", "not a zip file"),
        ("nameless", b"", "not a card set"),
        ("..", b"%PDF", "holds no letter"),
        ("fake.pdf", b"GIF89a", "not a PDF"),
    ],
)
def test_a_hostile_upload_is_one_line_on_the_page_and_the_server_goes_on(studio, name, content, words):
    answer = studio.post("/check", files=sent((name, content)))
    assert answer.status_code == 200
    error = answer.json()["error"]
    assert words in error and "\n" not in error and "uploads" not in error and "/tmp" not in error
    assert studio.get("/check").status_code == 200


def test_a_zip_entry_that_climbs_out_or_is_a_link_never_leaves_the_upload_folder(studio, tmp_path):
    climbing = zipped({"../../../escaped.pdf": b"%PDF-1.7 not really"})
    studio.post("/check", files=sent(("climb.zip", climbing)))
    assert not list(tmp_path.rglob("escaped.pdf")) or all("uploads" in str(p) for p in tmp_path.rglob("escaped.pdf"))
    link = io.BytesIO()
    with zipfile.ZipFile(link, "w") as archive:
        entry = zipfile.ZipInfo("manifest.json")
        entry.external_attr = 0o120777 << 16  # a symbolic link
        archive.writestr(entry, "/etc/passwd")
    answer = studio.post("/check", files=sent(("link.zip", link.getvalue())))
    assert answer.status_code == 200 and "is a link" in answer.json()["error"]


def test_every_hostile_pdf_of_the_verify_tests_is_refused_or_failed_and_the_server_goes_on(studio, card_sheets):
    from hostile_pdfs import cases

    for name, content in cases(card_sheets["jokers-duplex.pdf"]):
        answer = studio.post("/check", files=sent((f"{name}.pdf", content)))
        assert answer.status_code == 200, name
        if "error" in answer.json():
            assert "\n" not in answer.json()["error"], name
        else:
            assert not all(r["ok"] for r in answer.json()["reports"]), name
    assert studio.get("/check").status_code == 200


def test_uploads_are_bounded_in_count_and_size(studio, monkeypatch):
    from cardgen.studio import uploads

    many = studio.post("/check", files=sent(*((f"f{n}.pdf", b"%PDF") for n in range(uploads.MOST_FILES + 1))))
    assert many.status_code == 200 and "check up to 20" in many.json()["error"]
    monkeypatch.setattr(uploads, "MOST_UPLOAD_BYTES", 1000)
    large = studio.post("/check", files=sent(("big.pdf", b"%PDF" + bytes(2000))))
    assert large.status_code == 413
    monkeypatch.setattr(uploads, "MOST_UNZIPPED_BYTES", 500)
    monkeypatch.setattr(uploads, "MOST_UPLOAD_BYTES", 100_000)
    bomb = studio.post("/check", files=sent(("bomb.zip", zipped({"a.pdf": bytes(5000)}))))
    assert bomb.status_code == 200 and "more than" in bomb.json()["error"]


def test_uploads_are_written_in_the_workspace_only_and_the_oldest_are_removed(studio, tmp_path, card_sheets):
    from cardgen.studio import uploads

    for _ in range(uploads.KEPT_UPLOADS + 2):
        studio.post("/check", files=sent(("z.pdf", card_sheets["zero-cards-glue.pdf"])))
    kept = list((tmp_path / "workspace" / "uploads").iterdir())
    assert len(kept) == uploads.KEPT_UPLOADS
    assert [p for p in tmp_path.rglob("z.pdf") if "workspace" not in str(p)] == []


def test_a_copied_locale_folder_is_a_fifth_language_of_the_studio_without_code(studio, tmp_path, monkeypatch):
    import shutil

    from cardgen import texts

    locales = tmp_path / "locales"
    shutil.copytree(texts.LOCALES, locales)
    shutil.copytree(locales / "en", locales / "eo")
    words = (locales / "eo" / "studio.yaml").read_text(encoding="utf-8")
    words = words.replace('language_name: "English"', 'language_name: "Esperanto"')
    words = words.replace('print: "Print my cards"', 'print: "Presi miajn kartojn"')
    (locales / "eo" / "studio.yaml").write_text(words, encoding="utf-8")
    monkeypatch.setattr(texts, "LOCALES", locales)
    page = studio.get("/print", headers={"accept-language": "eo"}).text
    assert '<html lang="eo">' in page and "Presi miajn kartojn" in page
    assert 'href="/rules?lang=eo"' in studio.get("/rules?lang=de").text
    assert '<option value="" selected>Same as this page</option>' in page  # the sheets follow it
    assert '<option value="eo">Esperanto</option>' in page


# --- my own cards ------------------------------------------------------------------------

OWN_SET = "name: my-cards\ntitle: Ours\ncards:\n  - {id: P105, kind: number, value: 105, heads: 2, picture: sun.png}\n  - {id: P106, kind: number, value: 106, heads: 3}\n"


def own_set_page(studio) -> str:
    import re

    page = studio.get("/cards?lang=fr").text
    return re.search(r'name="set" value="([0-9a-f]{16})"', page).group(1)


def test_my_own_cards_build_the_bytes_of_cardgen_build_of_that_set(studio, tmp_path):
    set_id = own_set_page(studio)
    sun = Path("examples/homemade/sun.png").read_bytes()
    kept = studio.post("/pictures", data={"set": set_id}, files=[("files", ("sun.png", sun, "image/png"))])
    assert kept.json() == {"names": ["sun.png"], "yaml": None}
    choices = {"set": set_id, "yaml": OWN_SET, "mode": "fold", "lang": "fr"}
    preview = studio.post("/preview/cards", data=choices).json()
    assert preview["command"] == "cardgen build --set my-cards.yaml --mode fold --lang fr"
    (from_studio,) = downloaded(studio, "cards", choices).values()
    folder = tmp_path / "workspace" / "sets" / set_id
    ran = cardgen_in_process(
        "build", "--set", folder / "my-cards.yaml", "--mode", "fold", "--lang", "fr", "-o", tmp_path / "cli"
    )
    assert ran.returncode == 0, ran.stderr
    assert (tmp_path / "cli" / "my-cards-fold.pdf").read_bytes() == from_studio


def test_a_style_of_my_own_whose_text_box_reaches_into_its_pictures_is_warned_of_beside_the_sheet(studio):
    set_id = own_set_page(studio)
    style = b"extends: standard\nname: mine\npicture: {box: {x: 0, y: -3, width: 44, height: 44}}\n"
    sun = Path("examples/homemade/sun.png").read_bytes()
    files = [("files", ("sun.png", sun, "image/png")), ("files", ("mine.yaml", style, "text/yaml"))]
    assert studio.post("/pictures", data={"set": set_id}, files=files).status_code == 200
    text = OWN_SET.replace("title: Ours", "title: Ours\nfaces: mine.yaml").replace("sun.png", "sun.png, text: Sunny")
    preview = studio.post("/preview/cards?lang=nl", data={"set": set_id, "yaml": text, "mode": "duplex"}).json()
    assert "error" not in preview and preview["names"] == ["my-cards-duplex.pdf"]
    assert [warning.split(": ")[0] for warning in preview["warnings"]] == ["mine.yaml, regel 3, veld picture.box"]
    assert "het tekstvak (text.box) steekt 9,5 mm in het afbeeldingsvak" in preview["warnings"][0]


def test_a_mistake_in_my_set_is_named_at_its_line_in_the_command_lines_words(studio):
    set_id = own_set_page(studio)
    missing = studio.post("/preview/cards", data={"set": set_id, "yaml": OWN_SET, "mode": "duplex", "lang": "en"})
    assert missing.status_code == 200
    assert missing.json()["error"] == "my-cards.yaml, line 4, field cards[0].picture: sun.png: there is no such file."
    assert [problem["line"] for problem in missing.json()["problems"]] == [4]


def test_every_mistake_in_my_set_is_listed_at_its_line_and_the_sentence_above_says_how_many(studio):
    set_id = own_set_page(studio)
    wrong = (
        OWN_SET.replace("heads: 3", "heads: 3, colour: red") + "  - {id: P105, kind: animal, value: 107, heads: 1}\n"
    )
    answer = studio.post("/preview/cards?lang=fr", data={"set": set_id, "yaml": wrong, "mode": "duplex"})
    assert answer.status_code == 200
    said = answer.json()
    assert said["error"].startswith("4 erreurs\u00a0: vous les trouverez sous votre jeu de cartes")
    assert [(problem["line"], problem["text"].split("\u00a0: ")[0]) for problem in said["problems"]] == [
        (4, "my-cards.yaml, ligne 4, champ cards[0].picture"),
        (5, "my-cards.yaml, ligne 5, champ cards[1].colour"),
        (6, "my-cards.yaml, ligne 6, champ cards[2].kind"),
        (6, "my-cards.yaml, ligne 6, champ cards[2].id"),
    ]
    assert not any("workspace" in problem["text"] for problem in said["problems"])
    assert said["problems"][2]["help"] == "/help?lang=fr#card.kind"


def test_pictures_are_kept_beside_the_set_under_plain_names_and_nothing_else(studio, tmp_path):
    set_id = own_set_page(studio)
    answer = studio.post(
        "/pictures", data={"set": set_id}, files=[("files", ("../../evil.png", b"\x89PNG", "image/png"))]
    )
    assert answer.json() == {"names": ["evil.png"], "yaml": None}
    assert (tmp_path / "workspace" / "sets" / set_id / "evil.png").is_file()
    script = studio.post("/pictures", data={"set": set_id}, files=[("files", ("run.sh", b"#!/bin/sh", "text/plain"))])
    assert script.status_code == 200 and "(PNG, JPEG, SVG)" in script.json()["error"]
    unknown = studio.post("/pictures", data={"set": "../../etc"}, files=[("files", ("a.png", b"x", "image/png"))])
    assert unknown.status_code == 200


def test_a_balance_run_shows_its_progress_can_be_stopped_and_gives_the_report_of_cardgen_balance(
    studio, tmp_path, monkeypatch
):
    import time

    set_id = own_set_page(studio)
    two = OWN_SET.replace(", picture: sun.png", "")
    run = {"set": set_id, "yaml": two, "variant": "classic", "players": "4", "games": "200", "lang": "de"}
    job = studio.post("/balance?lang=de", data=run).json()["job"]  # the page in German, its report too
    while not (state := studio.get(f"/balance/{job}").json())["finished"]:
        time.sleep(0.1)
    assert state["done"] == 200 and state["error"] is None
    assert "Hornochsen" in state["result"]["text"] and "workspace" not in state["result"]["text"]
    report = studio.get(state["result"]["pdf"]).content
    monkeypatch.chdir(tmp_path / "workspace" / "sets" / set_id)  # the report names the set as it was given
    ran = cardgen_in_process(
        "balance", "--set", "my-cards.yaml", "--games", "200", "--lang", "de", "-o", tmp_path / "cli.pdf"
    )
    assert ran.returncode == 0, ran.stderr
    assert (tmp_path / "cli.pdf").read_bytes() == report
    long = studio.post("/balance", data=run | {"games": "20000"}).json()["job"]
    studio.post(f"/balance/{long}")  # stop
    while not (state := studio.get(f"/balance/{long}").json())["finished"]:
        time.sleep(0.1)
    assert state["stopped"] and state["result"] is None and state["done"] < 20000


def test_several_tabs_at_once_each_get_their_own_pictures(studio):
    from concurrent.futures import ThreadPoolExecutor

    def tab(cards: str) -> tuple[str, int]:
        result = studio.post(
            "/preview/print", data={"cards": cards, "two_sided": "no", "material": "card_stock", "lang": "en"}
        ).json()
        (file,) = result["files"]
        pictures = [studio.get(f"{file['url']}/{n}").status_code for n in range(file["pages"])]
        return file["name"], pictures.count(200) - len(pictures)

    with ThreadPoolExecutor(6) as tabs:
        seen = list(tabs.map(tab, ["zero-cards", "jokers", "numbered"] * 3))
    assert sorted(set(seen)) == [("jokers-fold.pdf", 0), ("numbered-fold.pdf", 0), ("zero-cards-fold.pdf", 0)]


def test_a_recorded_game_is_refereed_as_cardgen_referee_replays_it(studio, tmp_path):
    from cardgen.errors import printable_lines

    set_id = own_set_page(studio)
    record = Path("tests/records/case1.yaml").read_bytes()
    answer = studio.post(
        "/referee", data={"set": set_id}, files=[("files", ("case1.yaml", record, "text/yaml"))]
    ).json()
    ran = cardgen_in_process("referee", "tests/records/case1.yaml")
    assert answer["ok"] is True and printable_lines(answer["text"]) + "\n" == ran.stdout
    broken = record.replace(b"Ana: 29", b"Ana: 3")  # Ben plays the 3 too: one card played twice
    answer = studio.post("/referee", data={"set": set_id}, files=[("files", ("bad.yaml", broken, "text/yaml"))]).json()
    (tmp_path / "bad.yaml").write_bytes(broken)
    ran = cardgen_in_process("referee", tmp_path / "bad.yaml")
    assert ran.returncode in (1, 2)
    said = answer.get("broken") or answer.get("error")
    assert said and said in ran.stderr.replace(f"{tmp_path}/", "") and "\n" not in said


def test_another_address_needs_host_and_is_said_with_a_warning(tmp_path):
    import http.cookiejar
    import re
    import signal
    import subprocess
    import sys
    import urllib.request

    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "cardgen",
            "studio",
            "--no-browser",
            "--host",
            "127.0.0.2",
            "--workspace",
            str(tmp_path),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    try:
        warning = process.stderr.readline()
        address = re.search(r"http://\S+", process.stdout.readline()).group(0)
        assert warning.startswith("cardgen: warning: listening on 127.0.0.2")
        assert address.startswith("http://127.0.0.2:")
        opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
        with opener.open(address, timeout=10) as answer:
            assert answer.status == 200
        process.send_signal(signal.SIGINT)
        process.communicate(timeout=20)
    finally:
        process.kill()
    assert process.returncode == 130


def test_a_simulation_of_my_deck_says_what_cardgen_simulate_says(studio, tmp_path, monkeypatch):
    import time

    set_id = own_set_page(studio)
    two = OWN_SET.replace(", picture: sun.png", "")
    run = {
        "run": "simulate",
        "set": set_id,
        "yaml": two,
        "variant": "classic",
        "players": "3",
        "games": "300",
        "lang": "en",
    }
    job = studio.post("/balance", data=run).json()["job"]
    while not (state := studio.get(f"/balance/{job}").json())["finished"]:
        time.sleep(0.1)
    assert state["error"] is None and state["result"]["picture"] is None
    monkeypatch.chdir(tmp_path / "workspace" / "sets" / set_id)
    ran = cardgen_in_process(
        "simulate", "--set", "my-cards.yaml", "--players", "3", "--players-kind", "heuristic", "--games", "300"
    )
    assert ran.returncode == 0, ran.stderr
    # the first line says how long the games took; every figure after it is the same
    assert state["result"]["text"].splitlines()[1:] == ran.stdout.splitlines()[1:]


def test_a_card_that_fails_is_given_with_its_page_and_box_to_outline(studio, card_sheets):
    import json

    from hostile_pdfs import record_of, with_record

    sheet = card_sheets["jokers-duplex.pdf"]
    record = record_of(sheet) | {"back_offset_mm": [2.0, 0.0]}  # the backs 2 mm from where the record says
    answer = studio.post("/check", files=sent(("shifted.pdf", with_record(sheet, json.dumps(record).encode()))))
    failed = [c for c in answer.json()["reports"][0]["checks"] if c["name"] == "pdf.backs" and c["result"] == "fail"]
    assert len(failed) == 10
    assert {c["page"] for c in failed} == {2, 4}
    assert all(c["box_mm"][2:] == [56.0, 87.0] for c in failed)  # a card's trim: 56 x 87 mm


def test_the_calibration_page_shows_each_scale_with_every_line_it_reads(studio):
    result = studio.post("/preview/calibrate", data={"paper": "a4", "flip": "long", "lang": "en"}).json()
    assert [(s["station"], s["axis"]) for s in result["scales"]] == [
        ("top", "x"),
        ("right", "y"),
        ("bottom", "x"),
        ("left", "y"),
    ]
    for scale in result["scales"]:
        assert [line["reads"] for line in scale["rows"]["whole"]] == list(range(-5, 6))
        assert [line["reads"] for line in scale["rows"]["fine"]] == [-0.5, -0.25, 0, 0.25, 0.5]
        picture = studio.get(scale["url"]).content
        assert picture.startswith(b"\x89PNG")


def test_hostile_sets_and_pictures_are_one_line_on_the_page_and_the_server_goes_on(studio):
    import time

    from PIL import Image
    from test_hostile_inputs import alias_bomb

    set_id = own_set_page(studio)
    started = time.monotonic()
    bomb = studio.post(
        "/preview/cards", data={"set": set_id, "yaml": alias_bomb(), "mode": "duplex", "lang": "en"}
    ).json()
    assert "100,000 values" in bomb["error"] and "\n" not in bomb["error"] and time.monotonic() - started < 20
    huge = io.BytesIO()
    Image.new("1", (8000, 8000)).save(huge, format="PNG")  # 64 megapixels in a few kilobytes
    studio.post("/pictures", data={"set": set_id}, files=[("files", ("sun.png", huge.getvalue(), "image/png"))])
    refused = studio.post(
        "/preview/cards", data={"set": set_id, "yaml": OWN_SET, "mode": "duplex", "lang": "en"}
    ).json()
    assert "sun.png" in refused["error"] and "megapixels" in refused["error"] and "\n" not in refused["error"]
    assert studio.get("/cards").status_code == 200


def test_the_temporary_workspace_is_removed_when_ctrl_c_stops_the_studio(tmp_path):
    import os
    import re
    import signal
    import subprocess
    import sys

    env = {**os.environ, "TMPDIR": str(tmp_path), "CARDGEN_CONFIG_DIR": str(tmp_path / "config")}
    process = subprocess.Popen(
        [sys.executable, "-m", "cardgen", "studio", "--no-browser"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    try:
        assert re.search(r"http://127\.0\.0\.1:\d+/print\?token=\S{20,}", process.stdout.readline())
        (workspace,) = tmp_path.glob("cardgen-studio-*")  # made for this run
        process.send_signal(signal.SIGINT)
        _, stderr = process.communicate(timeout=20)
    finally:
        process.kill()
    assert process.returncode == 130 and stderr.splitlines() == ["cardgen: stopped."]
    assert not workspace.exists()


def test_a_designer_s_spreadsheet_pictures_and_style_give_the_sheet_the_exports_and_a_set_that_opens_again(
    studio, tmp_path
):
    """A German designer's set: a CSV as German Excel saves it (semicolons, Windows-1252,
    a decimal comma), pictures in a folder of a zip, a style that extends the standard one;
    its print-shop files pass verify, its Tabletop Simulator deck names the folder chosen,
    and the set saved as a zip opens again on a new page with every file."""
    set_id = own_set_page(studio)
    sun = Path("examples/homemade/sun.png").read_bytes()
    table = "id;kind;value;heads;title;picture\r\nP105;number;105;2;Sonnenschein;bilder/sonne.png\r\nJ5;joker;0,5;1;Jöker;\r\n"
    style = Path("examples/homemade/homemade-faces.yaml").read_text().replace("logo.svg", "bilder/logo.svg")
    files = {
        "bilder/sonne.png": sun,
        "bilder/logo.svg": Path("examples/homemade/logo.svg").read_bytes(),
        "bullen.csv": table.encode("cp1252"),
        "stil.yaml": style.encode(),
    }
    from cardgen.actions.cards import zipped

    kept = studio.post("/pictures", data={"set": set_id}, files=sent(("bullen.zip", zipped(files))))
    assert kept.json()["names"] == sorted(files)
    form = {
        "set": set_id,
        "yaml": "name: bullen\ntitle: Bullen\nfaces: stil.yaml\ncards: bullen.csv\n",
        "mode": "duplex",
        "lang": "de",
    }
    preview = studio.post("/preview/cards?lang=de", data=form).json()
    assert "error" not in preview and preview["names"] == ["my-cards-duplex.pdf"]
    assert preview["warnings"] == [
        "bullen.csv ist kein UTF-8-Text und wurde deshalb als Windows-1252 gelesen, so wie Excel eine CSV-Datei "
        "auf Deutsch speichert; sieht ein Buchstabe auf den Karten falsch aus, speichere die Datei stattdessen als CSV UTF-8."
    ]
    assert studio.post("/preview/cards?lang=de", data=form).json()["key"] == preview["key"]  # made once, not again
    shop = studio.post("/download/cards", data=form | {"make": "print_shop"})
    with zipfile.ZipFile(io.BytesIO(shop.content)) as archive:
        archive.extractall(tmp_path / "shop")
    assert cardgen_in_process("verify", tmp_path / "shop").returncode == 0
    tts = studio.post("/download/cards", data=form | {"make": "tts", "tts_folder": str(tmp_path / "tts")})
    with zipfile.ZipFile(io.BytesIO(tts.content)) as archive:
        deck = next(name for name in archive.namelist() if name.endswith(".json"))
        assert (tmp_path / "tts").as_uri() in archive.read(deck).decode()
    saved = studio.post("/download/cards", data=form | {"make": "set"})
    assert saved.headers["content-disposition"] == 'attachment; filename="my-cards.zip"'
    other = own_set_page(studio)
    opened = studio.post("/pictures", data={"set": other}, files=sent(("my-cards.zip", saved.content))).json()
    assert opened["yaml"] == form["yaml"] and opened["names"] == sorted(files)
    again = studio.post("/preview/cards", data=form | {"set": other}).json()
    assert again["command"] == preview["command"]


def test_a_set_saved_as_a_zip_builds_from_the_command_line_as_it_is(studio, tmp_path, monkeypatch):
    set_id = own_set_page(studio)
    sun = Path("examples/homemade/sun.png").read_bytes()
    studio.post("/pictures", data={"set": set_id}, files=sent(("sun.png", sun)))
    form = {"set": set_id, "yaml": OWN_SET, "mode": "sleeve", "lang": "en"}
    saved = studio.post("/download/cards", data=form | {"make": "set"}).content
    (tmp_path / "my-cards.zip").write_bytes(saved)
    sheet = studio.post("/download/cards", data=form).content
    monkeypatch.chdir(tmp_path)
    ran = cardgen_in_process("build", "--set", "my-cards.zip", "--mode", "sleeve", "-o", tmp_path / "out")
    assert ran.returncode == 0, ran.stderr
    assert (tmp_path / "out" / "my-cards-sleeve.pdf").read_bytes() == sheet
    broken = zipped_with({"my-cards.yaml": OWN_SET.replace("heads: 3", "heads: many")})
    (tmp_path / "broken.zip").write_bytes(broken)
    refused = cardgen_in_process("build", "--set", "broken.zip")
    assert refused.returncode == 2 and "broken.zip/" in refused.stderr and "cardgen-set-" not in refused.stderr


def zipped_with(files: dict[str, str]) -> bytes:
    from cardgen.actions.cards import zipped

    return zipped({name: text.encode() for name, text in files.items()})


def test_the_choices_of_a_balance_run_come_back_from_the_page_s_address(studio):
    """A reload or a language switch keeps what the designer chose for a balance run."""
    page = studio.get("/cards?lang=fr&variant=plus&players=5&players_kind=search&games=200").text
    for name, value in (("variant", "plus"), ("players", "5"), ("players_kind", "search"), ("games", "200")):
        chosen = re.search(rf'<select name="{name}"[^>]*>.*?</select>', page, re.S).group(0)
        assert re.findall(r'<option value="([^"]+)" selected', chosen) == [value], name
