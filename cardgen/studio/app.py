"""The studio's web application: its pages, the pictures of what a page's choices make,
the downloads, and the printer profiles saved from the calibration page.

Every library call runs in a worker thread, one at a time (the drawing and the
rasteriser are not made for threads); what the choices made is kept by choices for the
next picture or the download (a few sets of files and a few hundred pictures at most).
"""

from __future__ import annotations

import hashlib
import re
import secrets
import shutil
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from pathlib import Path

import jinja2
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.formparsers import MultiPartParser
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.templating import Jinja2Templates

from cardgen.errors import CardgenError, InputError, printable
from cardgen.formats import FLIPS, PAPERS
from cardgen.studio import uploads
from cardgen.studio.guard import LOOPBACK_NAMES, Guard
from cardgen.studio.jobs import Jobs
from cardgen.studio.making import MAKERS, SET_FILE, Form, Product, Shown, checked, own_cards, write_set
from cardgen.studio.words import PROGRAMS, language_names, page_lang, print_program, words

HERE = Path(__file__).parent
PAGES = ("print", "rules", "calibrate", "check", "cards")  # in the order of the menu
SET_ID = re.compile(r"[0-9a-f]{16}")
MOST_SET_FOLDERS = 20
PICTURE_SUFFIXES = (".png", ".jpg", ".jpeg", ".svg")
MOST_PICTURES_SENT = 20
MOST_PICTURE_BYTES = 20_000_000  # a picture of its own; the library bounds its pixels as the CLI does
MOST_SET_FORM_BYTES = 2_000_000
MOST_BALANCE_GAMES = 20_000
PICTURE_DPI = {"small": 40, "large": 110}
MOST_PRODUCTS = 6
MOST_PICTURES = 400
MOST_FORM_FIELDS = 30
MOST_FORM_BYTES = 16_000


class _Kept(OrderedDict):
    """The `most` last used, by key."""

    def __init__(self, most: int):
        super().__init__()
        self.most = most

    def keep(self, key, value):
        self[key] = value
        self.move_to_end(key)
        while len(self) > self.most:
            self.popitem(last=False)
        return value

    def used(self, key):
        self.move_to_end(key)
        return self[key]


@dataclass
class Studio:
    workspace: Path
    library: threading.Lock
    products: _Kept
    pictures: _Kept

    jobs: Jobs = field(default_factory=Jobs)

    def make(self, page: str, values: dict[str, str]) -> tuple[str, Product]:
        if page == "cards":
            return self.make_own_cards(values)
        key = _key(page, values)
        with self.library:
            if key in self.products:
                return key, self.products.used(key)
            return key, self.products.keep(key, MAKERS[page](Form(values)))

    def set_folder(self, set_id: str) -> Path:
        """The folder of one page's own set and its pictures, inside the workspace."""
        if not SET_ID.fullmatch(set_id or ""):
            raise InputError("this page's set is not known: reload the page.")
        root = self.workspace / "sets"
        folder = root / set_id
        if not folder.is_dir():
            folder.mkdir(parents=True)
            kept = sorted(root.iterdir(), key=lambda path: path.stat().st_mtime_ns)
            for old in kept[:-MOST_SET_FOLDERS]:
                shutil.rmtree(old, ignore_errors=True)
        return folder

    def make_own_cards(self, values: dict[str, str]) -> tuple[str, Product]:
        folder = self.set_folder(values.get("set", ""))
        pictures = sorted((p.name, p.stat().st_size, p.stat().st_mtime_ns) for p in folder.iterdir())
        key = _key("cards", values | {"pictures": repr(pictures)})
        with self.library:
            if key in self.products:
                return key, self.products.used(key)
            try:
                return key, self.products.keep(key, own_cards(Form(values), folder))
            except CardgenError as exc:  # named as the player knows it, not where the studio keeps it
                raise InputError(str(exc).replace(f"{folder}/", "")) from None

    def keep_pictures(self, set_id: str, sent: list[tuple[str, bytes]]) -> list[str]:
        folder = self.set_folder(set_id)
        if len(sent) > MOST_PICTURES_SENT:
            raise InputError(f"{len(sent)} pictures at once are too many: send up to {MOST_PICTURES_SENT}.")
        for name, content in sent:
            plain = uploads.plain_name(name)
            if not plain.lower().endswith(PICTURE_SUFFIXES):
                raise InputError(f"{plain}: a card's picture is a PNG, JPEG or SVG file.")
            if len(content) > MOST_PICTURE_BYTES:
                raise InputError(f"{plain}: this picture is larger than {MOST_PICTURE_BYTES // 1_000_000} MB.")
            if plain == SET_FILE:
                raise InputError(f"{plain} is the name of your set itself.")
            (folder / plain).write_bytes(content)
        return sorted(path.name for path in folder.iterdir() if path.name != SET_FILE)

    def referee(self, set_id: str, sent: list[tuple[str, bytes]]) -> dict:
        """`cardgen referee` of a recorded game, kept beside the page's set (`set: my-cards.yaml`)."""
        from cardgen.errors import printable_lines
        from cardgen.referee import BrokenRule, referee_file

        folder = self.set_folder(set_id)
        if len(sent) != 1:
            raise InputError("choose one recorded game (a YAML file) to replay.")
        name, content = sent[0]
        plain = uploads.plain_name(name)
        if not plain.lower().endswith((".yaml", ".yml")) or plain == SET_FILE:
            raise InputError(f"{plain}: a recorded game is a YAML file other than your set.")
        (folder / plain).write_bytes(content)
        with self.library:
            try:
                report = referee_file(folder / plain)
            except BrokenRule as exc:  # the table as it stood, then the rule the play broke
                account = printable_lines(exc.replayed.account())
                return {"ok": False, "text": account, "broken": printable(str(exc).replace(f"{folder}/", ""))}
            except CardgenError as exc:
                raise InputError(str(exc).replace(f"{folder}/", "")) from None
        return {"ok": True, "text": printable_lines(report.account())}

    def start_run(self, values: dict[str, str]) -> str:
        """A balance of the page's set against the standard deck, or a simulation of its
        games alone (`run`), as `cardgen balance` and `cardgen simulate` play them."""
        from cardgen.model.rules import summary_variants

        form = Form(values)
        folder = self.set_folder(values.get("set", ""))
        write_set(folder, values.get("yaml", ""))
        run = form.one_of("run", ("balance", "simulate"), "balance")
        variant = form.one_of("variant", summary_variants(), "classic")
        players = form.number("players", 2, 10, 4)
        games = form.number("games", 100, MOST_BALANCE_GAMES, 1000)
        lang = form.lang()
        path = str(folder / SET_FILE)

        def work(job) -> dict:
            try:
                return (self._balance if run == "balance" else self._simulation)(
                    path, variant, players, games, lang, job
                )
            except CardgenError as exc:
                raise InputError(str(exc).replace(f"{folder}/", "")) from None

        return self.jobs.start(games, work)

    def _balance(self, path: str, variant: str, players: int, games: int, lang: str, job) -> dict:
        from cardgen.balance.pdf import balance_pdf
        from cardgen.balance.words import text_report
        from cardgen.batch import all_cores
        from cardgen.choices import balance_run

        # workers started afresh: a fork of this process would copy the other threads' locks
        report, notes = balance_run(
            [path],
            variant,
            players,
            ["heuristic"],
            games,
            1,
            all_cores(),
            job.progress,
            [SET_FILE],
            start_method="spawn",
        )
        with self.library:
            pdf = balance_pdf(report, lang, "a4")
            key = secrets.token_hex(10)
            self.products.keep(key, Product({"balance.pdf": pdf}, (Shown("balance.pdf", False),), (), "balance"))
        return {
            "text": text_report(report, lang),
            "notes": notes,
            "picture": f"/picture/{key}/0/0",
            "pdf": f"/report/{key}",
        }

    def _simulation(self, path: str, variant: str, players: int, games: int, lang: str, job) -> dict:
        from cardgen.batch import all_cores
        from cardgen.choices import game_settings
        from cardgen.simulate import simulate

        options, kinds, pool = game_settings(variant, players, ["heuristic"], [path], None, None, False, False, None)
        result = simulate(
            options,
            kinds,
            games,
            progress=job.progress,
            jobs=all_cores(),
            pool=pool,
            sets=[SET_FILE],
            start_method="spawn",
        )
        return {"text": result.summary(), "notes": [], "picture": None, "pdf": None}

    def picture(self, key: str, file_number: int, page: int, size: str) -> bytes | None:
        from cardgen.preview import page_count, rasterise

        with self.library:
            if (key, file_number, page, size) in self.pictures:
                return self.pictures.used((key, file_number, page, size))
            product = self.products.get(key)
            if product is None or not 0 <= file_number < len(product.shown):
                return None
            pdf = product.files[product.shown[file_number].name]
            if not 0 <= page < page_count(pdf):
                return None
            (image,) = rasterise(pdf, PICTURE_DPI[size], pages=range(page, page + 1))
            return self.pictures.keep((key, file_number, page, size), image)

    def check(self, sent: list[tuple[str, bytes]], expected: str) -> dict:
        """Verify what was sent, kept in a new folder of the workspace."""
        from cardgen.model.cards import bundled_set_names

        if expected and expected not in bundled_set_names():
            raise InputError(f"the field expected must be one of {', '.join(bundled_set_names())}, not {expected!r}.")
        with self.library:
            folder = uploads.new_folder(self.workspace)
            try:
                paths = uploads.keep(folder, sent)
                reports, summary, product = checked(paths, expected or None, folder)
            except CardgenError as exc:  # named as the player sent it, not where the studio keeps it
                raise InputError(str(exc).replace(f"{folder}/", "")) from None
            key = secrets.token_hex(10)
            self.products.keep(key, product)
        return {"reports": reports, "summary": summary, "files": self.pictures_of(key, product)}

    def scales_of(self, key: str, product: Product) -> list[dict]:
        """The calibration sheet's scales, each with the address of its picture."""
        from cardgen.choices import calibration_scales

        with self.library:
            scales = calibration_scales(product.files["calibration.pdf"])
        return [scale | {"url": f"/scale/{key}/{number}"} for number, scale in enumerate(scales)]

    def scale_picture(self, key: str, number: int) -> bytes | None:
        """The front page's picture cut to one scale's box."""
        import io

        from PIL import Image

        from cardgen.choices import calibration_scales

        page = self.picture(key, 0, 0, "large")
        if page is None:
            return None
        with self.library:
            scales = calibration_scales(self.products.used(key).files["calibration.pdf"])
            if not 0 <= number < len(scales):
                return None
            x0, y0, x1, y1 = (mm * PICTURE_DPI["large"] / 25.4 for mm in scales[number]["box_mm"])
            image = Image.open(io.BytesIO(page))
            cut = image.crop((round(x0), round(image.height - y1), round(x1), round(image.height - y0)))
            out = io.BytesIO()
            cut.save(out, format="PNG")
            return out.getvalue()

    def pictures_of(self, key: str, product: Product) -> list[dict]:
        """Each file shown: its name, whether its pages pair up, how many, and where its pictures are."""
        from cardgen.preview import page_count

        with self.library:
            counts = [page_count(product.files[shown.name]) for shown in product.shown]
        return [
            {
                "name": shown.name,
                "pairs": shown.pairs,
                "pages": count,
                "url": f"/picture/{key}/{number}",
                "dpi": PICTURE_DPI["small"],
            }
            for number, (shown, count) in enumerate(zip(product.shown, counts))
        ]


def _key(page: str, values: dict[str, str]) -> str:
    """The same choices, the same key; a saved printer's profile is part of its choices."""
    text = repr((page, sorted(values.items()), _profile_of(values.get("printer"))))
    return hashlib.sha256(text.encode()).hexdigest()[:20]


def _profile_of(name: str | None):
    if not name:
        return None
    from cardgen.printers import load_profiles

    try:
        return load_profiles().get(name.strip())
    except CardgenError:
        return None  # said when the files are made


def create_app(token: str, port: int, workspace: Path, hosts: tuple[str, ...] = LOOPBACK_NAMES) -> Guard:
    # an upload stays in memory (its request is bounded) rather than in a file of the
    # system's temporary folder: the studio writes inside its workspace only
    MultiPartParser.spool_max_size = uploads.MOST_UPLOAD_BYTES
    studio = Studio(workspace, threading.Lock(), _Kept(MOST_PRODUCTS), _Kept(MOST_PICTURES))
    pages = jinja2.Environment(loader=jinja2.FileSystemLoader(HERE / "pages"), autoescape=True)
    templates = Jinja2Templates(env=pages)

    def render(request: Request, page: str, lang: str, **context) -> Response:
        context |= {
            "lang": lang,
            "t": words(lang),
            "languages": language_names(),
            "page": page,
            "pages": PAGES,
            "program": print_program(request.headers.get("user-agent", "")),
            "programs": PROGRAMS,
        }
        return templates.TemplateResponse(request, f"{page}.html", context)

    async def home(request: Request) -> Response:
        query = f"?{request.url.query}" if request.url.query else ""
        return RedirectResponse(f"/print{query}", status_code=303)

    async def page(request: Request) -> Response:
        name = request.path_params["page"]
        if name not in PAGES:
            return Response(status_code=404)
        lang = page_lang(request.query_params.get("lang"), request.headers.get("accept-language", ""))
        extra = await run_in_threadpool(_page_context, name, studio, lang)
        chosen = request.query_params.get("printer", "")
        return render(request, name, lang, chosen_printer=chosen, **extra)

    async def made(request: Request) -> tuple[str, Product] | Response:
        """What the page's form makes, or the answer refusing the form."""
        name = request.path_params["page"]
        values, refusal = await _form(request, name)
        if refusal:
            return refusal
        try:
            return await run_in_threadpool(studio.make, name, values)
        except CardgenError as exc:
            return refused(exc)

    async def preview(request: Request) -> Response:
        result = await made(request)
        if isinstance(result, Response):
            return result
        key, product = result
        files = await run_in_threadpool(studio.pictures_of, key, product)
        answer = {"key": key, "files": files, "names": list(product.files), "command": " ".join(product.command)}
        if request.path_params["page"] == "calibrate":
            answer["scales"] = await run_in_threadpool(studio.scales_of, key, product)
        return JSONResponse(answer)

    async def picture(request: Request) -> Response:
        key, number, page_number = (request.path_params[k] for k in ("key", "file", "page"))
        size = request.query_params.get("size", "small")
        if size not in PICTURE_DPI:
            return Response(status_code=404)
        image = await run_in_threadpool(studio.picture, key, number, page_number, size)
        if image is None:
            return Response(status_code=404)
        return Response(image, media_type="image/png")

    async def scale(request: Request) -> Response:
        image = await run_in_threadpool(studio.scale_picture, request.path_params["key"], request.path_params["n"])
        return Response(status_code=404) if image is None else Response(image, media_type="image/png")

    async def download(request: Request) -> Response:
        result = await made(request)
        if isinstance(result, Response):
            return result
        _, product = result
        file_name, content = await run_in_threadpool(product.download)
        kind = "application/pdf" if file_name.endswith(".pdf") else "application/zip"
        disposition = f'attachment; filename="{file_name}"'
        return Response(content, media_type=kind, headers={"content-disposition": disposition})

    async def save_printer(request: Request) -> Response:
        values, refusal = await _form(request, "calibrate")
        if refusal:
            return refusal
        try:
            profile = await run_in_threadpool(_save_printer, studio, values)
        except CardgenError as exc:
            return refused(exc)
        return JSONResponse(profile)

    async def check(request: Request) -> Response:
        if "content-length" not in request.headers:
            return JSONResponse({"error": "the upload must say its size (Content-Length)."}, status_code=411)
        if int(request.headers["content-length"]) > uploads.MOST_UPLOAD_BYTES:
            most = uploads.MOST_UPLOAD_BYTES // 1_000_000
            return JSONResponse({"error": f"the files are larger than {most} MB together."}, status_code=413)
        try:
            form = await request.form(max_files=uploads.MOST_FILES, max_fields=MOST_FORM_FIELDS)
        except HTTPException as exc:  # what the form parser refused
            return JSONResponse({"error": printable(exc.detail)}, status_code=400)
        sent = [(item.filename or "", await item.read()) for item in form.getlist("files") if not isinstance(item, str)]
        expected = form.get("expected")
        try:
            result = await run_in_threadpool(studio.check, sent, expected if isinstance(expected, str) else "")
        except CardgenError as exc:
            return refused(exc)
        return JSONResponse(result)

    async def beside_the_set(request: Request, keep) -> Response:
        """Files sent to go beside a page's own set (its pictures, a recorded game), bounded."""
        if int(request.headers.get("content-length") or 0) > MOST_PICTURES_SENT * MOST_PICTURE_BYTES:
            return JSONResponse({"error": "the files are too large together."}, status_code=413)
        try:
            form = await request.form(max_files=MOST_PICTURES_SENT, max_fields=MOST_FORM_FIELDS)
        except HTTPException as exc:  # what the form parser refused
            return JSONResponse({"error": printable(exc.detail)}, status_code=400)
        sent = [(item.filename or "", await item.read()) for item in form.getlist("files") if not isinstance(item, str)]
        set_id = form.get("set")
        try:
            return JSONResponse(await run_in_threadpool(keep, set_id if isinstance(set_id, str) else "", sent))
        except CardgenError as exc:
            return refused(exc)

    async def pictures(request: Request) -> Response:
        return await beside_the_set(request, lambda set_id, sent: {"names": studio.keep_pictures(set_id, sent)})

    async def referee(request: Request) -> Response:
        return await beside_the_set(request, studio.referee)

    async def balance(request: Request) -> Response:
        values, refusal = await _form(request, "cards")
        if refusal:
            return refusal
        try:
            job = await run_in_threadpool(studio.start_run, values)
        except CardgenError as exc:
            return refused(exc)
        return JSONResponse({"job": job})

    async def balance_state(request: Request) -> Response:
        job = studio.jobs.get(request.path_params["job"])
        if job is None:
            return JSONResponse({"error": "this run is no longer known."}, status_code=404)
        if request.method == "POST":
            job.stop.set()
        return JSONResponse(job.state())

    async def report(request: Request) -> Response:
        product = studio.products.get(request.path_params["key"])
        if product is None or "balance.pdf" not in product.files:
            return Response(status_code=404)
        disposition = 'attachment; filename="balance.pdf"'
        return Response(
            product.files["balance.pdf"], media_type="application/pdf", headers={"content-disposition": disposition}
        )

    routes = [
        Route("/", home),
        Route("/pictures", pictures, methods=["POST"]),
        Route("/referee", referee, methods=["POST"]),
        Route("/balance", balance, methods=["POST"]),
        Route("/balance/{job}", balance_state, methods=["GET", "POST"]),
        Route("/report/{key}", report),
        Route("/check", check, methods=["POST"]),
        Route("/preview/{page}", preview, methods=["POST"]),
        Route("/download/{page}", download, methods=["POST"]),
        Route("/picture/{key}/{file:int}/{page:int}", picture),
        Route("/scale/{key}/{n:int}", scale),
        Route("/printer", save_printer, methods=["POST"]),
        Mount("/static", StaticFiles(directory=str(HERE / "static")), name="static"),
        Route("/{page}", page),
    ]
    return Guard(Starlette(routes=routes), token, port, hosts)


def refused(exc: CardgenError) -> JSONResponse:
    """A choice or a file the library refused: its one line, in an answer the page reads as
    usual (the request itself was fine, so the browser logs no error)."""
    return JSONResponse({"error": printable(str(exc))})


async def _form(request: Request, page: str) -> tuple[dict[str, str], Response | None]:
    """The form's fields as texts, bounded; or the answer refusing it."""
    if page not in MAKERS and page != "cards":
        return {}, Response(status_code=404)
    most = MOST_SET_FORM_BYTES if page == "cards" else MOST_FORM_BYTES
    if int(request.headers.get("content-length") or 0) > most:
        return {}, JSONResponse({"error": "the form is too large."}, status_code=413)
    try:
        form = await request.form(max_files=0, max_fields=MOST_FORM_FIELDS, max_part_size=most)
    except HTTPException as exc:  # what the form parser refused
        return {}, JSONResponse({"error": printable(exc.detail)}, status_code=400)
    return {key: value for key, value in form.items() if isinstance(value, str)}, None


def _page_context(page: str, studio: Studio, lang: str) -> dict:
    """What a page's form offers beyond fixed choices: saved printers, variants, player counts."""
    from cardgen.choices import CARDS, MATERIALS

    with studio.library:
        if page == "print":
            saved = _printer_names()
            return {"printer_options": [(name, name) for name in saved], "cards": list(CARDS), "materials": MATERIALS}
        if page == "cards":
            from cardgen.formats import MODES
            from cardgen.model.rules import summary_variants
            from cardgen.texts import sheet_strings

            said = sheet_strings(lang)
            named = [(v, said.get(f"variants.{v}", v)) for v in summary_variants()]
            return {"set_id": secrets.token_hex(8), "modes": list(MODES), "variant_options": named}
        if page == "check":
            from cardgen.model.cards import bundled_set_names
            from cardgen.texts import sheet_strings

            said = sheet_strings(lang)
            return {"set_options": [(name, said.get(f"card_sets.{name}", name)) for name in bundled_set_names()]}
        if page == "rules":
            from cardgen.model.rules import summary_variants
            from cardgen.render.scoresheet import player_range
            from cardgen.texts import sheet_strings

            variants = summary_variants()
            said = sheet_strings(lang)
            options = [(variant, said.get(f"variants.{variant}", variant)) for variant in variants]
            return {
                "variant_options": options,
                "variants": variants,
                "most_players": max(player_range(v)[1] for v in variants),
            }
        from cardgen.choices import scale_lines

        whole, fine = scale_lines()
        return {
            "whole_options": [
                (str(w), f"{w:+d}".replace("-", "−") if w else "0") for w in whole
            ],  # as the sheet prints
            "fine_options": [(f"{f:g}", _fraction(f)) for f in fine],
        }


def _fraction(mm: float) -> str:
    """+0.25 as a reader of the sheet sees it: +¼."""
    quarters = {0.25: "¼", 0.5: "½", 0.75: "¾"}
    return "0" if mm == 0 else ("+" if mm > 0 else "−") + quarters.get(abs(mm), f"{abs(mm):g}")


def _printer_names() -> list[str]:
    from cardgen.printers import load_profiles

    try:
        return sorted(load_profiles())
    except CardgenError:
        return []


def _save_printer(studio: Studio, values: dict[str, str]) -> dict:
    from cardgen.choices import scale_reading
    from cardgen.printers import parse_ruler_measured, update_profile

    form = Form(values)
    offset = tuple(scale_reading(values.get(f"{a}_whole", ""), values.get(f"{a}_fine", ""), a.upper()) for a in "xy")
    name, flip, paper = form.text("name", 200) or "", form.one_of("flip", FLIPS), form.one_of("paper", PAPERS)
    rulers = [form.text(f"ruler_{axis}", 20) or "100" for axis in ("across", "down")]
    measured = parse_ruler_measured(",".join(rulers).replace(" ", ""))
    with studio.library:
        profile, _, _ = update_profile(name, offset, flip, paper, measured)
    return {
        "name": profile.name,
        "back_offset": list(profile.back_offset),
        "flip": profile.flip,
        "paper": profile.paper,
        "ruler_measured": list(profile.ruler_measured),
    }
