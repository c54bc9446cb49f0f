"""The studio's web application: a table of routes, each a small handler over the actions
(cardgen/actions/) that the command line runs too. A handler reads its request (bounded),
hands the values to an action in a worker thread, and answers JSON, a picture or a file.
An error the library raises is its one sentence, in the page's language, beside the field
it concerns; the server goes on."""

from __future__ import annotations

import inspect
import secrets
from functools import partial
from pathlib import Path
from typing import Any

import jinja2
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.formparsers import MultiPartParser
from starlette.requests import ClientDisconnect, Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.templating import Jinja2Templates
from starlette.types import Message as ASGIMessage
from starlette.types import Receive

from cardgen.actions import action, cards
from cardgen.actions.cards import MOST_PICTURE_BYTES, SET_FILE
from cardgen.actions.fields import Refused, values_of
from cardgen.actions.sets import shown_as
from cardgen.errors import CardgenError, Mistakes, printable
from cardgen.messages import Message, speaking
from cardgen.studio import photos, uploads
from cardgen.studio.forms import controls
from cardgen.studio.guard import LOOPBACK_NAMES, Guard
from cardgen.studio.pages import PAGES, Page
from cardgen.studio.words import PROGRAMS, language_names, page_lang, print_program, words
from cardgen.studio.workspace import Product, Workspace, key_of

HERE = Path(__file__).parent
MOST_SET_FORM_BYTES = 2_000_000
MOST_RECORD_BYTES = 3_000_000  # a recorded game is read up to 2 MB, as any YAML file
MOST_PARTS = 1_000  # files in one form as the parser reads it; each page's own count says how many it takes
PICTURE_DPI = {"small": 40, "large": 110}
MOST_FORM_FIELDS = 30
MOST_FORM_BYTES = 16_000
MOST_PAGES_SHOWN = 60  # pictures of a checked PDF: enough for the deck, no more
SHEETS_LANG = "sheets"  # in a page's address, the language of the sheets where not the page's


def create_app(token: str, port: int, folder: Path, hosts: tuple[str, ...] = LOOPBACK_NAMES) -> Guard:
    # an upload stays in memory (its request is bounded) rather than in a file of the
    # system's temporary folder: the studio writes inside its workspace only
    MultiPartParser.spool_max_size = uploads.MOST_UPLOAD_BYTES
    app = Starlette(routes=ROUTES)
    app.state.workspace = Workspace(folder)
    environment = jinja2.Environment(loader=jinja2.FileSystemLoader(HERE / "pages"), autoescape=True)
    app.state.templates = Jinja2Templates(env=environment)
    return Guard(app, token, port, hosts)


def _workspace(request: Request) -> Workspace:
    return request.app.state.workspace


def _lang(request: Request, given: str | None = None) -> str:
    return page_lang(given or request.query_params.get("lang"), request.headers.get("accept-language", ""))


# --- answers ---------------------------------------------------------------------------


def refused(exc: CardgenError, lang: str, folder: Path | None = None) -> JSONResponse:
    """A choice or a file the library refused: its one sentence in the page's language (the
    studio's folders left out of it), beside the field it concerns; several mistakes in a
    designer's files, each in the list under the set's text (at its line, where the set's
    own), the sentence above the pictures saying how many. An answer the page reads as usual
    (the request itself was fine, so the browser logs no error)."""
    if folder is not None:
        exc.reword(partial(shown_as, folder=str(folder), name=""))
    lines = exc.lines()
    said = [printable(line.text(lang) if isinstance(line, Message) else str(line)) for line in lines]
    several = Message("studio.mistakes", count=exc.total) if isinstance(exc, Mistakes) and exc.total > 1 else None
    message = exc.message
    answer: dict[str, Any] = {
        "error": several.text(lang) if several else said[0],
        "id": message.id if isinstance(message, Message) else None,
    }
    if isinstance(exc, Refused) and exc.field:
        answer["field"] = exc.field
    problems = [_problem(line, text, lang) for line, text in zip(lines, said)]
    if several or any("line" in problem for problem in problems):
        answer["problems"] = problems
    return JSONResponse(answer)


def _problem(line: Message | str, text: str, lang: str) -> dict[str, Any]:
    """One mistake for the list under the set's text: its sentence, the line of the set it
    names (if it names one), and where the page of every field explains its field."""
    if not isinstance(line, Message):
        return {"text": text}
    at = line.params.get("line")
    in_the_set = isinstance(at, int) and line.params.get("file") == SET_FILE
    return {"text": text} | ({"line": at} if in_the_set else {}) | _field_help(line, lang)


def _field_help(message: Message, lang: str) -> dict[str, str]:
    """Where the page of every field explains the field a mistake names, if it does."""
    from cardgen.actions.help import anchor_of_mistake

    anchor = anchor_of_mistake(message)
    return {"field": anchor, "help": f"/help?lang={lang}#{anchor}"} if anchor else {}


async def _form(request: Request, most: int = MOST_FORM_BYTES, files: bool = False):
    """The request's form, its body counted as it comes in (whatever its Content-Length says,
    or without one) and refused beyond `most` bytes; or the answer refusing it. Its files stay
    in memory: `most` is never more than the parser's spool (create_app)."""
    lang = _lang(request)
    counted = Request(request.scope, _bounded(request.receive, most))
    try:
        if _said_larger(request, most):
            raise TooLarge
        return await counted.form(max_files=MOST_PARTS if files else 0, max_fields=MOST_FORM_FIELDS, max_part_size=most)
    except TooLarge:
        said = Message("studio.upload_too_large", most=most // 1_000_000) if files else Message("studio.form_too_large")
        return JSONResponse(
            {"error": said.text(lang)}, status_code=413, headers={"connection": "close"}
        )  # the rest unread
    except HTTPException:  # what the form parser refused: more fields or files than a page sends, or no form
        return JSONResponse({"error": Message("studio.form_unreadable").text(lang)}, status_code=400)
    except ClientDisconnect:  # gone before it was all sent: nobody to answer
        return Response(status_code=400)


class TooLarge(Exception):
    """A request's body went past its bound."""


def _said_larger(request: Request, most: int) -> bool:
    said = request.headers.get("content-length", "")
    return said.isascii() and said.isdigit() and (len(said) > 15 or int(said) > most)


def _bounded(receive: Receive, most: int) -> Receive:
    """`receive`, counting the body's bytes as they come: TooLarge past `most`."""
    count = 0

    async def counting() -> ASGIMessage:
        nonlocal count
        message = await receive()
        count += len(message.get("body", b""))
        if count > most:
            raise TooLarge
        return message

    return counting


def _texts(form) -> dict[str, str]:
    return {key: value for key, value in form.items() if isinstance(value, str)}


async def _sent(form) -> list[tuple[str, bytes]]:
    return [(item.filename or "", await item.read()) for item in form.getlist("files") if not isinstance(item, str)]


# --- pages -----------------------------------------------------------------------------


async def home(request: Request) -> Response:
    query = f"?{request.url.query}" if request.url.query else ""
    return RedirectResponse(f"/print{query}", status_code=303)


async def page(request: Request) -> Response:
    found = PAGES.get(request.path_params["page"])
    if found is None:
        return Response(status_code=404)
    lang = _lang(request)
    given = _answers(request)
    offers = await run_in_threadpool(partial(found.offers, lang, workspace=_workspace(request), given=given))
    if found.action is not None:
        offers["form"] = controls(action(found.action).FIELDS, given, lang, offers.get("offered", {}))
    context = offers | {
        "lang": lang,
        "t": words(lang),
        "said": _said_in(lang),
        "languages": language_names(),
        "page": found.name,
        "pages": list(PAGES),
        "program": print_program(request.headers.get("user-agent", "")),
        "programs": PROGRAMS,
    }
    return request.app.state.templates.TemplateResponse(request, f"{found.name}.html", context)


def _said_in(lang: str):
    """A template's `said`: a message, or its id and parameters, in the page's language."""

    def said(message: Message | str, **params) -> str:
        return (message if isinstance(message, Message) else Message(message, **params)).text(lang)

    return said


def _answers(request: Request) -> dict[str, str]:
    """The answers the page's address holds (a reload, Back and a language switch keep them):
    every field by its name, but the sheets' language, which is `sheets` (`lang` is the page's;
    none: the sheets follow the page, whichever language it is switched to)."""
    given = {key: value for key, value in request.query_params.items() if key not in ("lang", "token")}
    given["lang"] = given.pop(SHEETS_LANG, "")
    return given


# --- a page's form: its pictures and its download ------------------------------------------


async def _made(request: Request) -> tuple[str, Product] | Response:
    """What the page's form makes, or the answer refusing the form."""
    found = PAGES.get(request.path_params["page"])
    if found is None or found.action is None:
        return Response(status_code=404)
    most = MOST_SET_FORM_BYTES if found.name == "cards" else MOST_FORM_BYTES
    form = await _form(request, most)
    if isinstance(form, Response):
        return form
    given = _texts(form)
    lang = _lang(request)
    workspace = _workspace(request)
    folder = None
    try:
        folder = workspace.set_folder(given.get("set", "")) if found.name == "cards" else None
        return await run_in_threadpool(_make, workspace, found, given, lang, folder)
    except CardgenError as exc:
        return refused(exc, lang, folder)


def _make(workspace: Workspace, found: Page, given: dict, lang: str, folder: Path | None) -> tuple[str, Product]:
    module = action(found.action)  # type: ignore[arg-type]
    with speaking(lang):
        values = values_of(module.FIELDS, given) | {"lang": given.get("lang") or lang}
        key = key_of(found.name, sorted(values.items()), _beside(folder), _profile_of(values.get("printer")))
        return key, workspace.made(key, lambda: _product(module, values, found.stem(values), folder))


def _beside(folder: Path | None) -> list[tuple]:
    """The files beside a designer's set, as far as a change to them changes what is made; not
    the set's own file, which every make writes again (its text is among the values)."""
    if folder is None:
        return []
    files = (path for path in folder.rglob("*") if path.is_file() and path != folder / SET_FILE)
    return sorted((str(path.relative_to(folder)), path.stat().st_size, path.stat().st_mtime_ns) for path in files)


def _product(module, values: dict, stem: str, folder: Path | None) -> Product:
    """What the action makes, with the warnings its library calls gave as they went (a table
    read as Windows-1252); the page of own cards' action says its own, its folder left out."""
    warned: list[Message] = []
    how: dict[str, Any] = {"folder": folder} if folder is not None else {}
    if "warn" in inspect.signature(module.run).parameters:
        how["warn"] = warned.append
    return Product.of(module.run(values, **how), stem, tuple(warned))


def _profile_of(name: str | None):
    """A saved printer's profile is part of the choices: changed, it makes other files."""
    from cardgen.actions.printer import readable_profiles

    return readable_profiles().get(name.strip()) if name else None


async def preview(request: Request) -> Response:
    made = await _made(request)
    if isinstance(made, Response):
        return made
    key, product = made
    workspace = _workspace(request)
    answer = {
        "key": key,
        "files": await run_in_threadpool(_pictures_of, workspace, key, product),
        "names": list(product.files),
        "command": " ".join(product.command),
        "notes": [note.text(_lang(request)) for note in product.notes],
        "warnings": [warning.text(_lang(request)) for warning in product.warnings],
    }
    if request.path_params["page"] == "calibrate":
        answer["scales"] = await run_in_threadpool(_scales_of, workspace, key, product)
    return JSONResponse(answer)


def _pictures_of(workspace: Workspace, key: str, product: Product) -> list[dict]:
    """Each file shown: its name, whether its pages pair up, how many, and where its pictures are."""
    from cardgen.actions.pictures import page_count

    with workspace.library:
        counts = [page_count(product.files[name]) for name, _ in product.shown]
    return [
        {"name": name, "pairs": pairs, "pages": count, "url": f"/picture/{key}/{number}", "dpi": PICTURE_DPI["small"]}
        for number, ((name, pairs), count) in enumerate(zip(product.shown, counts))
    ]


def _scales_of(workspace: Workspace, key: str, product: Product) -> list[dict]:
    """The calibration sheet's scales, each with the address of its picture."""
    from cardgen.actions.calibrate import FILE, scales

    with workspace.library:
        found = scales(product.files[FILE])
    return [scale | {"url": f"/scale/{key}/{number}"} for number, scale in enumerate(found)]


async def download(request: Request) -> Response:
    made = await _made(request)
    if isinstance(made, Response):
        return made
    _, product = made
    name, content = await run_in_threadpool(product.download)
    kind = "application/pdf" if name.endswith(".pdf") else "application/zip"
    return Response(content, media_type=kind, headers={"content-disposition": f'attachment; filename="{name}"'})


async def picture(request: Request) -> Response:
    key, number, page_number = (request.path_params[k] for k in ("key", "file", "page"))
    size = request.query_params.get("size", "small")
    if size not in PICTURE_DPI:
        return Response(status_code=404)
    image = await run_in_threadpool(_picture, _workspace(request), key, number, page_number, size)
    return Response(status_code=404) if image is None else Response(image, media_type="image/png")


def _picture(workspace: Workspace, key: str, number: int, page_number: int, size: str) -> bytes | None:
    from cardgen.actions.pictures import page_picture

    with workspace.library:
        if (key, number, page_number, size) in workspace.pictures:
            return workspace.pictures.used((key, number, page_number, size))
        product = workspace.products.get(key)
        if product is None or not 0 <= number < len(product.shown):
            return None
        image = page_picture(product.files[product.shown[number][0]], page_number, PICTURE_DPI[size])
        return None if image is None else workspace.pictures.keep((key, number, page_number, size), image)


async def scale(request: Request) -> Response:
    image = await run_in_threadpool(
        _scale_picture, _workspace(request), request.path_params["key"], request.path_params["n"]
    )
    return Response(status_code=404) if image is None else Response(image, media_type="image/png")


def _scale_picture(workspace: Workspace, key: str, number: int) -> bytes | None:
    """The front page's picture cut to one scale's box."""
    from cardgen.actions.calibrate import FILE, scales
    from cardgen.actions.pictures import part_of

    page_image = _picture(workspace, key, 0, 0, "large")
    if page_image is None:
        return None
    with workspace.library:
        found = scales(workspace.products.used(key).files[FILE])
        if not 0 <= number < len(found):
            return None
        return part_of(page_image, PICTURE_DPI["large"], found[number]["box_mm"])


# --- the check page ---------------------------------------------------------------------


async def check(request: Request) -> Response:
    form = await _form(request, uploads.MOST_UPLOAD_BYTES, files=True)
    if isinstance(form, Response):
        return form
    given = _texts(form)
    lang = _lang(request)
    workspace = _workspace(request)
    with workspace.library:
        folder = uploads.new_folder(workspace.folder)
    try:
        result = await run_in_threadpool(
            _checked, workspace, await _sent(form), given.get("expected", ""), folder, lang
        )
    except CardgenError as exc:
        return refused(exc, lang, folder)
    return JSONResponse(result)


def _checked(workspace: Workspace, sent, expected: str, folder: Path, lang: str) -> dict:
    """`cardgen verify` of what was sent (and with `expected`, of the set it must hold):
    each report's checks, the summary line, and the PDFs to show as pictures."""
    from cardgen.actions.check import checked
    from cardgen.actions.pictures import page_count

    with workspace.library, speaking(lang):
        reports, summary, read = checked(uploads.keep(folder, sent), expected, folder)
        pdfs = {name: pdf for name, pdf in read.items() if page_count(pdf) <= MOST_PAGES_SHOWN}
        key = secrets.token_hex(10)
        product = workspace.products.keep(key, Product(pdfs, tuple((name, False) for name in pdfs), (), "checked"))
    return {"reports": reports, "summary": summary, "files": _pictures_of(workspace, key, product)}


# --- a designer's own set: its pictures, a recorded game, a run of games ---------------------


async def _with_set(request: Request, do, most: int, files: bool = False) -> Response:
    """A form of the page of own cards (its files sent, bounded): `do(workspace, folder,
    given, sent, lang)` with the folder of the set it names, as JSON, or the refusal."""
    form = await _form(request, most, files)
    if isinstance(form, Response):
        return form
    given = _texts(form)
    lang = _lang(request)
    workspace = _workspace(request)
    try:
        folder = workspace.set_folder(given.get("set", ""))
        return JSONResponse(await run_in_threadpool(do, workspace, folder, given, await _sent(form), lang))
    except CardgenError as exc:
        return refused(exc, lang, workspace.folder / "sets")


def _keep_files(workspace: Workspace, folder: Path, given: dict, sent, lang: str) -> dict:
    with workspace.library:
        return cards.keep_files(folder, sent)


def _referee(workspace: Workspace, folder: Path, given: dict, sent, lang: str) -> dict:
    with workspace.library, speaking(lang):
        return cards.referee(folder, sent, lang)


def _start_run(workspace: Workspace, folder: Path, given: dict, sent, lang: str) -> dict:
    """The run of games the page asks for, started: its job (the report's PDF in the form's lang)."""
    with speaking(lang):
        module, values = cards.games(folder, given, lang)

    def work(job) -> dict:
        with speaking(lang):
            result = cards.play_games(module, values, folder, job.progress)
            text = module.said(result, lang)
        answer = {"text": text, "notes": [note.text(lang) for note in result.notes], "picture": None, "pdf": None}
        if module.NAME != "balance":
            return answer
        with workspace.library:
            pdf = module.pdf_of(result.report, values)
            key = secrets.token_hex(10)
            workspace.products.keep(key, Product({"balance.pdf": pdf}, (("balance.pdf", False),), (), "balance"))
        return answer | {"picture": f"/picture/{key}/0/0", "pdf": f"/report/{key}"}

    return {"job": workspace.jobs.start(values["games"], work, lang)}


async def pictures(request: Request) -> Response:
    return await _with_set(request, _keep_files, uploads.MOST_UPLOAD_BYTES, files=True)


async def referee(request: Request) -> Response:
    return await _with_set(request, _referee, MOST_RECORD_BYTES, files=True)


async def run_games(request: Request) -> Response:
    """A balance of the page's set against the standard deck, or a simulation of its games."""
    return await _with_set(request, _start_run, MOST_SET_FORM_BYTES)


async def run_state(request: Request) -> Response:
    job = _workspace(request).jobs.get(request.path_params["job"])
    if job is None:
        return JSONResponse({"error": Message("studio.run_unknown").text(_lang(request))}, status_code=404)
    if request.method == "POST":
        job.stop.set()
    return JSONResponse(job.state())


async def report(request: Request) -> Response:
    product = _workspace(request).products.get(request.path_params["key"])
    if product is None or "balance.pdf" not in product.files:
        return Response(status_code=404)
    disposition = 'attachment; filename="balance.pdf"'
    return Response(
        product.files["balance.pdf"], media_type="application/pdf", headers={"content-disposition": disposition}
    )


# --- the calibration page: a photo of the sheet, the printer ---------------------------------


async def photo(request: Request) -> Response:
    """A photo of the printed calibration sheet read as `cardgen calibrate --read` reads it:
    the figures it gives, or its refusal in the page's language, and the id it is kept under."""
    lang = _lang(request)
    if _said_larger(request, MOST_PICTURE_BYTES):
        most = MOST_PICTURE_BYTES // 1_000_000
        return JSONResponse({"error": Message("studio.photo_too_large", most=most).text(lang)}, status_code=413)
    form = await _form(request, MOST_PICTURE_BYTES, files=True)
    if isinstance(form, Response):
        return form
    sent = [item for item in form.getlist("photo") if not isinstance(item, str)]
    if not sent:
        return JSONResponse({"error": Message("studio.no_photo").text(lang)})
    workspace = _workspace(request)
    photo_id = await run_in_threadpool(photos.read, workspace, sent[0].filename or "", await sent[0].read())
    return JSONResponse({"photo": photos.shown(workspace, photo_id, lang)})


async def save_printer(request: Request) -> Response:
    form = await _form(request)
    if isinstance(form, Response):
        return form
    given = _texts(form)
    lang = _lang(request)
    try:
        return JSONResponse(await run_in_threadpool(_save_printer, _workspace(request), given, lang))
    except CardgenError as exc:
        return refused(exc, lang)


def _save_printer(workspace: Workspace, given: dict, lang: str) -> dict:
    """The printer read on the calibration page saved: from the photo it names, else from its
    scales read by eye."""
    from cardgen.actions.calibrate import save_reading

    with speaking(lang):
        photo = photos.reading(workspace, given["photo"]) if given.get("photo") else None
        with workspace.library:
            return save_reading(given, photo)


# --- the play page's table ------------------------------------------------------------------


def _fragment(request: Request, template: str, lang: str, context: dict) -> HTMLResponse:
    """A part of the play page, its words said in the page's language."""
    page = request.app.state.templates.get_template(template)
    return HTMLResponse(page.render(context | {"lang": lang, "said": _said_in(lang)}))


async def new_table(request: Request) -> Response:
    """A new table of the play page's choices: its id (JSON), or the refusal beside its field."""
    form = await _form(request)
    if isinstance(form, Response):
        return form
    return await run_in_threadpool(_new_table, _workspace(request), _texts(form), request)


def _new_table(workspace: Workspace, given: dict, request: Request) -> Response:
    from cardgen.actions import play

    lang = _lang(request, given.get("lang"))
    try:
        with speaking(lang):
            own = workspace.set_file(given["cards"]) if given.get("cards") else None
            seed = play.SEED.parse(given.get("seed") or str(secrets.randbelow(2**31)))  # a deal asked for by its number
            table = play.new_table(values_of(play.FIELDS, given) | {"seed": seed, "card_set": own})
            with workspace.tables:
                return JSONResponse({"table": play.keep_new(workspace.folder / "tables", table, own)})
    except CardgenError as exc:
        return refused(exc, lang, workspace.folder / "sets")


async def table(request: Request) -> Response:
    """GET: the table as it stands; POST `do`: play (the person's answer), undo, again (the
    same deal), coach. Answers the table's part of the page."""
    given: dict[str, str] = {}
    if request.method == "POST":
        form = await _form(request)
        if isinstance(form, Response):
            return form
        given = _texts(form)
    lang = _lang(request, given.get("lang"))
    context = await run_in_threadpool(_at_table, _workspace(request), request.path_params["table"], given, lang)
    return _fragment(request, "play_table.html", lang, context)


def _at_table(workspace: Workspace, table_id: str, given: dict, lang: str) -> dict:
    from cardgen.actions import play

    with speaking(lang), workspace.tables:
        try:
            seen, error = play.at_table(workspace.folder / "tables", table_id, given.get("do", ""), given)
        except CardgenError as exc:
            return {"table_id": None, "error": exc.message}
        return {"table_id": table_id, "seen": seen.shown(), "error": error}


async def table_record(request: Request) -> Response:
    """The referee's record of the game so far (with the own set it was dealt with, a zip)."""
    table_id = request.path_params["table"]
    try:
        name, content = await run_in_threadpool(_record, _workspace(request), table_id, _lang(request))
    except CardgenError as exc:
        return refused(exc, _lang(request))
    kind = "application/zip" if name.endswith(".zip") else "application/yaml"
    return Response(content, media_type=kind, headers={"content-disposition": f'attachment; filename="{name}"'})


def _record(workspace: Workspace, table_id: str, lang: str) -> tuple[str, bytes]:
    from cardgen.actions import play

    with speaking(lang), workspace.tables:
        return play.record_file(workspace.folder / "tables", table_id)


ROUTES = [
    Route("/", home),
    Route("/pictures", pictures, methods=["POST"]),
    Route("/referee", referee, methods=["POST"]),
    Route("/balance", run_games, methods=["POST"]),
    Route("/balance/{job}", run_state, methods=["GET", "POST"]),
    Route("/report/{key}", report),
    Route("/check", check, methods=["POST"]),
    Route("/preview/{page}", preview, methods=["POST"]),
    Route("/download/{page}", download, methods=["POST"]),
    Route("/picture/{key}/{file:int}/{page:int}", picture),
    Route("/scale/{key}/{n:int}", scale),
    Route("/photo", photo, methods=["POST"]),
    Route("/printer", save_printer, methods=["POST"]),
    Route("/table", new_table, methods=["POST"]),
    Route("/table/{table}", table, methods=["GET", "POST"]),
    Route("/table/{table}/record", table_record),
    Mount("/static", StaticFiles(directory=str(HERE / "static")), name="static"),
    Route("/{page}", page),
]
