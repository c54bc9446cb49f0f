"""Hostile PDFs made from a real card sheet: a compression bomb, and records that lie; and
PDFs made elsewhere. Shared by the verify tests and benchmarks/bench_verify.py."""

from __future__ import annotations

import io
import json
import zlib

import pypdf
from pypdf.generic import ArrayObject, NameObject, StreamObject
from reportlab.pdfgen.canvas import Canvas

from cardgen.formats import LAYOUT_ATTACHMENT, MM

MB = 1 << 20


def zeros_deflated(size: int) -> bytes:
    """A zlib stream that inflates to `size` zero bytes (size a whole number of MB), made
    without ever holding or compressing more than 1 MB: after a full flush the compressor
    forgets its past, so every further MB of zeros compresses to the same bytes."""
    compressor = zlib.compressobj(9)
    chunk = bytes(MB)
    first = compressor.compress(chunk) + compressor.flush(zlib.Z_FULL_FLUSH)
    again = compressor.compress(chunk) + compressor.flush(zlib.Z_FULL_FLUSH)
    end = compressor.flush()[:-4]  # the checksum of 2 MB: replaced by the one of `size`
    adler = ((size % 65521) << 16) | 1  # adler32 of zeros: a stays 1, b grows by 1 per byte
    return first + again * (size // MB - 1) + end + adler.to_bytes(4, "big")


def made_elsewhere(sizes_mm=((210, 297),), creator: str | None = None) -> bytes:
    """A PDF of a line of Helvetica (not embedded) on pages of `sizes_mm`, made by `creator`."""
    out = io.BytesIO()
    canvas = Canvas(out)
    if creator:
        canvas.setCreator(creator)
    for width, height in sizes_mm:
        canvas.setPageSize((width * MM, height * MM))
        canvas.setFont("Helvetica", 12)
        canvas.drawString(100, 700, "A card sheet made elsewhere")
        canvas.showPage()
    canvas.save()
    return out.getvalue()


def _write(writer: pypdf.PdfWriter) -> bytes:
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def with_bomb(sheet: bytes, size: int = 1 << 30) -> bytes:
    """The sheet with a content stream on its first page that inflates to `size` bytes."""
    writer = pypdf.PdfWriter(clone_from=pypdf.PdfReader(io.BytesIO(sheet)))
    bomb = StreamObject()
    bomb._data = zeros_deflated(size)
    bomb[NameObject("/Filter")] = NameObject("/FlateDecode")
    page = writer.pages[0]
    page[NameObject("/Contents")] = ArrayObject([page.raw_get("/Contents"), writer._add_object(bomb)])
    return _write(writer)


def with_record(sheet: bytes, record: bytes) -> bytes:
    """The sheet with its record (cardgen-layout.json) swapped for `record`."""
    writer = pypdf.PdfWriter(clone_from=pypdf.PdfReader(io.BytesIO(sheet)))
    del writer._root_object["/Names"]  # the old attachment
    writer.add_attachment(LAYOUT_ATTACHMENT, record)
    return _write(writer)


def record_of(sheet: bytes) -> dict:
    return json.loads(pypdf.PdfReader(io.BytesIO(sheet)).attachments[LAYOUT_ATTACHMENT][0])


def lying_records(sheet: bytes) -> dict[str, bytes]:
    """Records of the sheet spoiled in each way the probe found, by name."""
    good = record_of(sheet)

    def changed(change) -> bytes:
        record = json.loads(json.dumps(good))
        change(record)
        return json.dumps(record).encode()

    many = _many_cards(good, 20_000)
    return {
        "missing-cards": changed(lambda r: r.pop("cards")),
        "missing-page-of-card": changed(lambda r: r["cards"][0].pop("page")),
        "pages-not-a-list": changed(lambda r: r.update(pages=5)),
        "bleed-a-mapping": changed(lambda r: r.update(bleed_mm={"mm": 2.5})),
        "slot-as-text": changed(lambda r: r["cards"][1].update(slot="first")),
        "page-0": changed(lambda r: r["cards"][0].update(page=0)),
        "page-minus-5": changed(lambda r: r["cards"][3]["back"].update(page=-5)),
        "nan-box": changed(lambda r: r["cards"][2].update(trim_mm=[float("nan"), 10, 56, 87])),
        "huge-target": changed(lambda r: r.update(target_size_mm=1e5)),
        "target-off-paper": changed(lambda r: r["targets_mm"].__setitem__(0, [1e5, 1e5])),
        "slot-taken": changed(lambda r: r["cards"][1].update(slot=0)),
        "newer-version": changed(lambda r: r.update(version=9)),
        "back-before-face": changed(lambda r: r["cards"][9]["back"].update(page=1)),
        "20000-cards": changed(lambda r: r.update(many)),
        "not-json": b'{"kind": "cards", "pages": [',
        "a-list": b"[1, 2, 3]",
    }


def _many_cards(good: dict, count: int) -> dict:
    """Pages and cards for `count` cards laid out as the sheet lays its first nine:
    a record that holds together, for a file that has far fewer pages."""
    first = [card for card in good["cards"] if card["page"] == 1]
    per_page = len(first)
    pages, cards = [], []
    for sheet in range(-(-count // per_page)):
        front = 2 * sheet + 1
        pages += [{"page": front, "side": "front"}, {"page": front + 1, "side": "back", "behind": front}]
    for index in range(count):
        model = first[index % per_page]
        front = 2 * (index // per_page) + 1
        cards.append(dict(model, id=f"c{index}", page=front, back=dict(model["back"], page=front + 1)))
    return {"pages": pages, "cards": cards}


def cases(sheet: bytes) -> list[tuple[str, bytes]]:
    """Every hostile PDF made from the sheet, by name."""
    return [("bomb-1GB", with_bomb(sheet))] + [
        (f"record-{name}", with_record(sheet, record)) for name, record in lying_records(sheet).items()
    ]
