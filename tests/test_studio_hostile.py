"""The studio against hostile requests: each is refused in one sentence of the page's
language (HTTP 4xx where the request itself is refused), the server goes on, its log holds
no traceback, and nothing is written outside its workspace. Starlette's test client for
what the application decides; a real `cardgen studio` (uvicorn) for what only a real
server meets: bodies sent in chunks, a client gone mid-upload, a request that is not HTTP."""

from __future__ import annotations

import io
import os
import re
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from PIL import Image
from test_studio import OWN_SET, TOKEN, client, own_set_page, sent, zipped

from cardgen.studio.guard import cookie_name


@pytest.fixture
def studio(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDGEN_CONFIG_DIR", str(tmp_path / "config"))
    return client(tmp_path / "workspace")


def a_pdf(size_pt: float = 595) -> bytes:
    from reportlab.pdfgen.canvas import Canvas

    out = io.BytesIO()
    canvas = Canvas(out, pagesize=(size_pt, size_pt))
    canvas.rect(10, 10, size_pt / 2, size_pt / 2, fill=1)
    canvas.showPage()
    canvas.save()
    return out.getvalue()


# --- the check page: what a zip holds -------------------------------------------------------


def test_each_pdf_of_a_zip_is_checked_and_shown_as_its_own_pictures(studio):
    small, large = a_pdf(300), a_pdf(600)
    answer = studio.post("/check", files=sent(("two.zip", zipped({"x.pdf": small, "y.pdf": large}))))
    assert answer.status_code == 200, answer.text
    result = answer.json()
    assert sorted(report["input"] for report in result["reports"]) == ["two/x.pdf", "two/y.pdf"]
    widths = {}
    for file in result["files"]:
        picture = Image.open(io.BytesIO(studio.get(f"{file['url']}/0?size=large").content))
        widths[file["name"]] = picture.width
    assert abs(widths["two/y.pdf"] - 2 * widths["two/x.pdf"]) <= 1  # each name shows its own PDF


def test_a_pdf_beside_an_inner_zip_and_a_spreadsheet_is_checked_and_the_server_goes_on(studio):
    inner = zipped({"q.pdf": a_pdf()})
    holding = zipped({"x.pdf": a_pdf(), "inner.zip": inner, "cards.xlsx": b"PK not a sheet"})
    answer = studio.post("/check", files=sent(("export.zip", holding), ("y.pdf", a_pdf())))
    assert answer.status_code == 200, answer.text
    assert {file["name"] for file in answer.json()["files"]} == {"export/x.pdf", "y.pdf"}
    assert studio.get("/check").status_code == 200


@pytest.mark.parametrize(
    ("names", "lang", "said"),
    [
        (("a", "a.zip"), "en", "two of the files would both be checked as a: send them one at a time."),
        (("a.pdf", "A.pdf.zip", "a.pdf.zip"), "fr", "deux des fichiers seraient vérifiés sous le même nom, a.pdf"),
    ],
)
def test_a_file_and_a_zip_that_unpack_to_the_same_name_are_one_sentence(studio, tmp_path, names, lang, said):
    files = [(name, zipped({"x.pdf": a_pdf()}) if name.endswith(".zip") else a_pdf()) for name in names]
    answer = studio.post(f"/check?lang={lang}", files=sent(*files))
    assert answer.status_code == 200 and said in answer.json()["error"] and "\n" not in answer.json()["error"]
    assert studio.get("/check").status_code == 200


def test_a_zip_s_refusals_are_in_the_page_s_language(studio):
    answer = studio.post("/check?lang=de", files=sent(("nested.zip", zipped({"a/b/c.pdf": b"%PDF-1.7"}))))
    assert answer.json()["error"] == (
        "nested.zip: Das ZIP muss die Dateien eines einzigen Export-Ordners enthalten, keine Ordner in Ordnern."
    )


# --- pictures: bounded in pixels ------------------------------------------------------------


def test_a_page_as_large_as_verify_accepts_is_drawn_within_the_studio_s_bound(studio):
    from cardgen.actions.pictures import MOST_PIXELS

    answer = studio.post("/check", files=sent(("huge.pdf", a_pdf(14_400)))).json()  # 5 metres a side
    (file,) = answer["files"]
    for size in ("small", "large"):
        picture = Image.open(io.BytesIO(studio.get(f"{file['url']}/0?size={size}").content))
        assert picture.width == picture.height and picture.width * picture.height <= MOST_PIXELS


def test_a_picture_changed_under_the_same_name_is_what_the_next_preview_shows(studio):
    set_id = own_set_page(studio)
    choices = {"set": set_id, "yaml": OWN_SET, "mode": "duplex", "lang": "en"}
    shown = []
    for colour in (RED, BLUE):
        sun = io.BytesIO()
        Image.new("RGB", (400, 400), colour).save(sun, format="PNG")
        studio.post("/pictures", data={"set": set_id}, files=[("files", ("sun.png", sun.getvalue(), "image/png"))])
        (file, *_) = studio.post("/preview/cards", data=choices).json()["files"]
        page = Image.open(io.BytesIO(studio.get(f"{file['url']}/0?size=large").content)).convert("RGB")
        shown.append({colour: count for count, colour in page.getcolors(1 << 20)})
    assert shown[0].get(RED, 0) > 10_000 and RED not in shown[1] and shown[1].get(BLUE, 0) > 10_000


RED, BLUE = (200, 0, 0), (0, 0, 200)


# --- several tabs at once ---------------------------------------------------------------------


def test_many_tabs_opening_new_sets_at_once_each_get_a_folder(tmp_path):
    from cardgen.studio.workspace import Workspace

    workspace = Workspace(tmp_path / "tabs")
    failures = []

    def tab(set_id: str, start: threading.Barrier) -> None:
        start.wait()
        try:
            workspace.set_folder(set_id)
        except Exception as exc:  # what a tab would have met as a 500
            failures.append(exc)

    for round_number in range(20):
        ids = [f"{round_number:08x}{n % 4:08x}" for n in range(32)]  # four new sets, each opened by eight tabs
        start = threading.Barrier(len(ids))
        tabs = [threading.Thread(target=tab, args=(set_id, start)) for set_id in ids]
        for each in tabs:
            each.start()
        for each in tabs:
            each.join()
        assert failures == []
        assert set(ids) <= {path.name for path in (tmp_path / "tabs" / "sets").iterdir()}


# --- a value echoed in a refusal --------------------------------------------------------------


@pytest.mark.parametrize(
    ("route", "field", "digits"),
    [
        ("/balance", "games", 5001),  # more than Python reads as a number
        ("/balance", "games", 4000),  # read, and out of range
        ("/table", "players", 5001),
        ("/preview/rules", "copies", 4000),
        ("/preview/print", "material", 5001),
    ],
)
def test_a_refused_value_of_thousands_of_digits_is_quoted_cut_short(studio, route, field, digits):
    set_id = own_set_page(studio)
    given = {"set": set_id, "yaml": OWN_SET, "document": "score", "cards": "jokers", "material": "card_stock"}
    if route == "/table":
        given = {}
    answer = studio.post(f"{route}?lang=fr", data=given | {"lang": "fr", field: "9" * digits})
    error = answer.json()["error"]
    assert len(error) < 300 and "99999…" in error and "\n" not in error, error


# --- who gets in: the Host and the redirect ---------------------------------------------------


@pytest.mark.parametrize(
    "host",
    ["[::1].evil.example", "[::1]evil.example", "[::1]@evil.example", "[::1]:8123.evil.example", "::1",
     "127.0.0.1:80:80", "127.0.0.1:", "localhost.:8123", "127.0.0.1 evil.example", "127.0.0.1:8123@evil.example"],
)  # fmt: skip
def test_a_host_that_only_starts_or_ends_as_a_loopback_name_is_refused(studio, host):
    answer = studio.get("/print", headers={"host": host, "accept-language": "nl"})
    assert answer.status_code == 400
    assert answer.text == "dit adres is niet dat van de studio: open het adres dat cardgen studio liet zien."


@pytest.mark.parametrize("host", ["127.0.0.1", "LOCALHOST:8123", "[::1]", "[::1]:8123", "localhost:9"])
def test_a_loopback_name_with_or_without_a_port_is_served(studio, host):
    assert studio.get("/print", headers={"host": host}).status_code == 200


@pytest.mark.parametrize("path", ["//evil.example", "/\\evil.example", "/%2fevil.example", "///evil.example/print"])
def test_the_token_s_redirect_stays_on_the_studio(tmp_path, path):
    visitor = client(tmp_path, token=False)
    answer = visitor.get(f"http://127.0.0.1:8123{path}?token={TOKEN}&lang=de")
    assert answer.status_code == 303
    location = answer.headers["location"]
    assert location.startswith("/") and not location.startswith(("//", "/\\")), location


# --- a real server: bodies as they stream ----------------------------------------------------


class RealStudio:
    """`cardgen studio` in a process of its own, as a person starts it; its log kept."""

    def __init__(self, folder: Path):
        self.folder = folder
        env = {**os.environ, "TMPDIR": str(folder / "tmp"), "CARDGEN_CONFIG_DIR": str(folder / "config")}
        (folder / "tmp").mkdir()
        self.log = (folder / "log.txt").open("w+")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "cardgen", "studio", "--no-browser", "--workspace", str(folder / "workspace")],
            stdout=subprocess.PIPE,
            stderr=self.log,
            text=True,
            env=env,
        )
        found = re.search(r"http://127\.0\.0\.1:(\d+)/print\?token=(\S+)", self.process.stdout.readline())
        self.port, self.token = int(found.group(1)), found.group(2)

    def headers(self, path: str, extra: str = "") -> bytes:
        origin = f"http://127.0.0.1:{self.port}"
        return (
            f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\nOrigin: {origin}\r\n"
            f"Cookie: {cookie_name(self.port)}={self.token}\r\nAccept-Language: fr\r\n{extra}\r\n"
        ).encode()

    def send(self, request: bytes, body=(), close_after: int | None = None) -> bytes:
        """What the server answers `request` and the body's parts (sent while it answers);
        with `close_after`, the connection is dropped once that many parts are sent."""
        answer = bytearray()
        with socket.create_connection(("127.0.0.1", self.port), timeout=60) as connection:
            reader = threading.Thread(target=_read_all, args=(connection, answer))
            reader.start()
            try:
                connection.sendall(request)
                for number, part in enumerate(body):
                    if number == close_after or answer:
                        break
                    connection.sendall(part)
            except OSError:  # the server answered and closed before the body was all sent
                pass
            if close_after is not None:
                connection.shutdown(socket.SHUT_RDWR)
            reader.join(timeout=60)
        return bytes(answer)

    def alive(self) -> bool:
        request = (
            f"GET /check HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\n"
            f"Cookie: {cookie_name(self.port)}={self.token}\r\nConnection: close\r\n\r\n"
        ).encode()
        return self.send(request).startswith(b"HTTP/1.1 200")

    def logged(self) -> str:
        self.log.flush()
        return (self.folder / "log.txt").read_text()

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=30)
        self.log.close()


def _read_all(connection: socket.socket, into: bytearray) -> None:
    try:
        while chunk := connection.recv(65536):
            into.extend(chunk)
    except OSError:
        pass


@pytest.fixture
def real_studio(tmp_path):
    made = RealStudio(tmp_path)
    yield made
    made.stop()


BOUNDARY = "cardgen-test-boundary"


MEGABYTE = bytes(1 << 20)


def multipart(name: str, size: int, set_id: str = "0123456789abcdef") -> list[bytes]:
    """A form of a set's id and one file of `size` zero bytes (whole megabytes), a part a megabyte."""
    head = f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="set"\r\n\r\n{set_id}\r\n'
    head += f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="{name}"\r\n\r\n'
    return [head.encode(), *[MEGABYTE] * (size >> 20), f"\r\n--{BOUNDARY}--\r\n".encode()]


def chunked(parts: list[bytes]):
    """The parts as HTTP chunks, made as they are sent."""
    for part in parts:
        yield f"{len(part):x}\r\n".encode() + part + b"\r\n"
    yield b"0\r\n\r\n"


FORM = f"Content-Type: multipart/form-data; boundary={BOUNDARY}\r\n"


@pytest.mark.parametrize(
    ("route", "megabytes", "most"), [("/check", 200, 100), ("/pictures", 200, 100), ("/referee", 1000, 3)]
)
def test_a_body_sent_in_chunks_is_refused_once_past_its_bound_and_nothing_is_kept(real_studio, route, megabytes, most):
    body = chunked(multipart("huge.pdf" if route == "/check" else "huge.yaml", megabytes << 20))
    started = time.monotonic()
    answer = real_studio.send(real_studio.headers(route, FORM + "Transfer-Encoding: chunked\r\n"), body)
    assert answer.startswith(b"HTTP/1.1 413"), answer[:200]
    said = answer.split(b"\r\n\r\n", 1)[1].decode()
    assert f"c’est plus que les {most} Mo que le studio accepte en une fois" in said
    assert time.monotonic() - started < 30
    assert real_studio.alive()
    kept = [p for p in (real_studio.folder / "workspace").rglob("*") if p.is_file()]
    assert all(p.stat().st_size < 1 << 20 for p in kept), kept
    assert list((real_studio.folder / "tmp").iterdir()) == []  # nothing spooled to the system's temporary folder
    assert "Traceback" not in real_studio.logged()


def test_a_body_said_too_large_is_refused_before_it_is_read(real_studio):
    length = f"Content-Length: {2000 << 20}\r\n"
    answer = real_studio.send(real_studio.headers("/check", FORM + length), multipart("huge.pdf", 1 << 20))
    assert answer.startswith(b"HTTP/1.1 413")
    assert real_studio.alive() and "Traceback" not in real_studio.logged()


def test_a_client_gone_mid_upload_or_sending_no_http_leaves_no_traceback(real_studio):
    parts = multipart("half.pdf", 50 << 20)
    length = f"Content-Length: {sum(map(len, parts))}\r\n"
    real_studio.send(real_studio.headers("/check", FORM + length), parts, close_after=5)
    garbage = [b"1\r\nx\r\nzz-not-a-size\r\n" + bytes(5000)]
    real_studio.send(real_studio.headers("/check", FORM + "Transfer-Encoding: chunked\r\n"), garbage, close_after=1)
    real_studio.send(b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03" + bytes(500))  # a TLS hello
    time.sleep(1)
    assert real_studio.alive()
    assert "Traceback" not in real_studio.logged(), real_studio.logged()


def test_a_raw_path_of_another_site_is_not_where_the_token_sends_the_browser(real_studio):
    request = (
        f"GET //evil.example?token={real_studio.token} HTTP/1.1\r\nHost: 127.0.0.1:{real_studio.port}\r\n"
        "Connection: close\r\n\r\n"
    ).encode()
    answer = real_studio.send(request).decode("latin-1")
    assert answer.startswith("HTTP/1.1 303")
    assert re.search(r"\r\nlocation: /evil\.example\r\n", answer, re.IGNORECASE), answer
