"""Pictures a card set or a face style names: PNG and JPEG read with pillow (converted to
sRGB, alpha kept), SVG read with svglib as vector art. Each file is checked before
anything is drawn, so that a bad picture is one error naming the YAML's file, line and
field; the checks never decode an image before its size is known to be sane, and never
let svglib see an SVG that names a file, a script or an entity.

Errors are InputErrors without a place: the caller adds the YAML's file, line and field.
"""

from __future__ import annotations

import io
import logging
import threading
import warnings
from collections import OrderedDict
from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from PIL import Image

from cardgen.batch import on_threads
from cardgen.errors import InputError
from cardgen.messages import Message
from cardgen.paths import confined_file, read_input

if TYPE_CHECKING:
    from PIL import ImageCms
    from reportlab.graphics.shapes import Drawing

MAX_PIXELS = 50_000_000  # a picture of more is refused before it is decoded
# and one longer than JPEG's own longest side: resampled to a card, a picture of 50,000,000
# × 1 pixels needs gigabytes of weights, and pillow keeps a pointer for each of its rows
MAX_SIDE = 65_535
SVG_POINTS = (0.01, 100_000)  # an SVG's width and height: scaled to a card, any other overflows a PDF's numbers
ORIENTATION = 0x0112  # the EXIF tag that says how the stored image is turned
MAX_FILE_BYTES = 100_000_000
MAX_SVG_BYTES = 5_000_000
MAX_SVG_ELEMENTS = 50_000  # drawn, each <use> counted as what it repeats
PRINT_DPI = 300  # a raster picture printed coarser than this gets a warning
_SVG_NAMESPACE = "{http://www.w3.org/2000/svg}"


@dataclass(frozen=True, eq=False)
class Picture:
    """A checked picture: a raster image ready to embed, or an SVG drawing."""

    file: Path
    kind: Literal["raster", "svg"]
    width: float  # pixels of a raster image, upright; points of an SVG drawing
    height: float
    png: Image.Image | None = None  # a PNG's image in sRGB (RGB, or RGBA when it has alpha), decoded
    jpeg: bytes | None = None  # a JPEG's file, decoded where it is drawn (checked as it was read)
    as_is: bool = False  # a JPEG in RGB, upright, with no colour profile of its own: embedded as it is
    drawing: Drawing | None = None  # an SVG's drawing

    @cached_property
    def key(self) -> str:
        """Names the picture's form in a PDF: the same picture is embedded once, and named
        by what it holds, not where it lies (a set copied elsewhere prints the same bytes)."""
        import hashlib

        return hashlib.sha1(self.file.read_bytes()).hexdigest()

    @property
    def image(self) -> Image.Image:
        """The raster picture, upright, in sRGB: RGB, or RGBA when it has alpha. A JPEG is
        decoded again each time (a picture is drawn once in each PDF): its pixels, ten times
        its file, are not kept with it."""
        if self.jpeg is None:
            assert self.png is not None
            return self.png
        return _jpeg_image(self.jpeg)

    def resized(self, size: tuple[int, int], quick: bool = False) -> Image.Image:
        """`image` at `size` pixels (Lanczos). Quick: a JPEG is decoded straight at the least
        of 1/8, 1/4 or 1/2 of its pixels a side (libjpeg's scaling) that is still at least
        `size`: a fraction of the time of the whole photo, for a page only turned into pixels."""
        if quick and self.jpeg is not None:
            return _jpeg_image(self.jpeg, size)
        return self.image.resize(size, Image.Resampling.LANCZOS)

    def resized_jpeg(self, size: tuple[int, int]) -> bytes:
        """A JPEG photo at `size` pixels as a JPEG file again (quality 95, no colour subsampling):
        a photo gains nothing from a lossless copy, which would be ten times larger. Kept for
        the next PDF: the studio draws the sheet again at each change of its set."""
        key = (self.key, size)
        with _RESIZING:
            found = _RESIZED.pop(key, None)
        if found is None:
            encoded = io.BytesIO()
            self.resized(size).save(encoded, "JPEG", quality=95, subsampling=0)
            found = encoded.getvalue()
        with _RESIZING:
            _RESIZED[key] = found  # the last used, last
            while sum(map(len, _RESIZED.values())) > MOST_RESIZED_BYTES:
                _RESIZED.popitem(last=False)
        return found


def find_picture(reference: str, own_folder: Path) -> Picture:
    """The picture that a YAML file in `own_folder` names, checked and read."""
    [found] = find_pictures([(reference, own_folder)])
    if isinstance(found, InputError):
        raise found
    return found


def find_pictures(wanted: list[tuple[str, Path]]) -> list[Picture | InputError]:
    """find_picture of each (reference, own folder), or the InputError it raises, in order;
    each file read once however many cards name it (and again once changed), and the raster images among
    them decoded on every core at once (pillow lets go of the GIL while it decodes)."""
    outcomes: dict[tuple[str, Path], Picture | InputError | _Opened] = {}
    for key in dict.fromkeys(wanted):
        try:
            outcomes[key] = _opened(*key)
        except InputError as exc:
            outcomes[key] = exc
    opened = {key: outcome for key, outcome in outcomes.items() if isinstance(outcome, _Opened)}
    decoded = on_threads(_decoded, list(opened.values()))
    for outcome, picture in zip(opened.values(), decoded):
        if isinstance(picture, Picture):
            _keep(outcome.stamp, picture)
    outcomes |= zip(opened, decoded)
    return [_finished(outcomes[key]) for key in wanted]


@dataclass(frozen=True, eq=False)
class _Opened:
    """A PNG or JPEG whose header is read and its size found sane, its pixels not yet decoded."""

    file: Path
    shown: str
    data: bytes
    image: Image.Image
    stamp: _Stamp | None


# The pictures read lately (an error is read again), by file, size and time of change: a file
# changed is read anew, and a long-running studio keeps no more than MOST_KEPT_BYTES of them.
_Stamp = tuple[Path, int, int]
_READ: OrderedDict[_Stamp, Picture] = OrderedDict()
MOST_KEPT_BYTES = 100_000_000
_RESIZED: OrderedDict[tuple[str, tuple[int, int]], bytes] = OrderedDict()  # by what the file holds and size
MOST_RESIZED_BYTES = 50_000_000
_RESIZING = threading.Lock()


def _stamp(file: Path) -> _Stamp | None:
    try:
        found = file.stat()
    except OSError:
        return None  # read_input says why
    return file, found.st_size, found.st_mtime_ns


def _keep(stamp: _Stamp | None, picture: Picture) -> Picture:
    if stamp is not None:
        for changed in [kept for kept in _READ if kept[0] == stamp[0]]:  # the file as it was before
            del _READ[changed]
        _READ[stamp] = picture
        while sum(_weight(*kept) for kept in _READ.items()) > MOST_KEPT_BYTES:
            _READ.popitem(last=False)
    return picture


def _weight(stamp: _Stamp, picture: Picture) -> int:
    """About the bytes a kept picture holds: a PNG's pixels, a JPEG's file, an SVG's drawing."""
    if picture.png is not None:
        return picture.png.width * picture.png.height * len(picture.png.getbands())
    _, size, _ = stamp
    return size if picture.jpeg is not None else size * 20  # an SVG's shapes, as Python objects


def _finished(outcome: Picture | InputError | _Opened) -> Picture | InputError:
    assert not isinstance(outcome, _Opened)
    return outcome


def _opened(reference: str, own_folder: Path) -> Picture | _Opened:
    """What was read before of this file as it is now, else the file read: an SVG drawn and checked,
    a PNG or JPEG its header checked, in this thread (warnings are caught here alone: the
    filter that turns a decompression bomb's into an error is the whole process's)."""
    file = confined_file(reference, own_folder)
    if file is None:
        raise InputError(Message("picture.outside", name=reference))
    stamp = _stamp(file)
    if stamp is not None and stamp in _READ:
        _READ.move_to_end(stamp)
        return _READ[stamp]
    data = read_input(file, reference, MAX_FILE_BYTES, Message("picture.reader"), Message("picture.hint"))
    if data.startswith((b"\x89PNG\r\n\x1a\n", b"\xff\xd8\xff")):
        return _Opened(file, reference, data, _header(reference, data), stamp)
    if _looks_like_xml(data):
        return _keep(stamp, _svg(file, reference, data))
    raise InputError(Message("picture.not_a_picture", name=reference))


def _looks_like_xml(data: bytes) -> bool:
    return data.lstrip(b"\xef\xbb\xbf \t\r\n")[:1] == b"<"


# -- PNG and JPEG ----------------------------------------------------------------------


def _header(shown: str, data: bytes) -> Image.Image:
    """The image, its header read and its size checked, before anything is decoded."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            image = Image.open(io.BytesIO(data), formats=("PNG", "JPEG"))  # reads the header only
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        raise _too_large(shown) from None
    except Exception:  # pillow fails anywhere in a damaged or cut file
        raise _damaged(shown) from None
    width, height = image.size
    if max(width, height) > MAX_SIDE:
        raise InputError(Message("picture.side_too_long", name=shown, width=width, height=height, most=MAX_SIDE))
    if width * height > MAX_PIXELS:
        megapixels = round(width * height / 1e6)
        too_many = Message(
            "picture.too_many_pixels",
            name=shown,
            width=width,
            height=height,
            megapixels=megapixels,
            limit=MAX_PIXELS // 1_000_000,
        )
        raise InputError(too_many)
    return image


def _decoded(opened: _Opened) -> Picture | InputError:
    """The opened image checked by decoding it: a PNG's pixels kept, upright and in sRGB; a
    JPEG decoded at an eighth of its size (all of its data read, a fraction of the work) and
    its file kept, to be decoded where it is drawn. Or the InputError of a damaged file (on
    any thread: it raises nothing)."""
    image = opened.image
    try:
        width, height = image.size[::-1] if _sideways(image) else image.size  # upright, before any draft
        if image.format == "JPEG":
            image.draft(None, (1, 1))
        upright = _upright(image)
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        return _too_large(opened.shown)
    except Exception:  # pillow fails anywhere in a damaged or cut file
        return _damaged(opened.shown)
    if image.format != "JPEG":
        return Picture(opened.file, "raster", width, height, png=_in_srgb(upright))
    as_is = image.mode == "RGB" and not image.info.get("icc_profile") and not _turned(image)
    return Picture(opened.file, "raster", width, height, jpeg=opened.data, as_is=as_is)


def _turned(image: Image.Image) -> bool:
    return image.getexif().get(ORIENTATION, 1) != 1  # a phone's photo, stored on its side


def _sideways(image: Image.Image) -> bool:
    return image.getexif().get(ORIENTATION, 1) in (5, 6, 7, 8)  # a quarter turn, mirrored or not


def _upright(image: Image.Image) -> Image.Image:
    """The image decoded and turned the way its EXIF orientation says."""
    image.load()
    if not _turned(image):
        return image
    from PIL import ImageOps  # here: most pictures are stored upright

    return ImageOps.exif_transpose(image)


def _jpeg_image(data: bytes, size: tuple[int, int] | None = None) -> Image.Image:
    """A JPEG file's image, upright, in sRGB: whole, or at `size` (upright) pixels: decoded at
    the least scale libjpeg offers that still has as many, then resized (Lanczos) from the
    part of those pixels that holds the photo (a scaled size is rounded up), then turned."""
    image: Image.Image = Image.open(io.BytesIO(data), formats=("JPEG",))
    if size is not None:
        stored = size[::-1] if _sideways(image) else size
        drafted = image.draft(None, stored)
        image = image.resize(stored, Image.Resampling.LANCZOS, box=drafted[1] if drafted else None)
    return _in_srgb(_upright(image))  # a resized image keeps the file's EXIF and colour profile


def _too_large(shown: str) -> InputError:
    return InputError(Message("picture.bomb", name=shown))


def _damaged(shown: str) -> InputError:
    return InputError(Message("picture.damaged", name=shown))


@cache
def _srgb() -> ImageCms.ImageCmsProfile:
    from PIL import ImageCms

    return ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB"))


def _in_srgb(image: Image.Image) -> Image.Image:
    """The image's colours in sRGB (through its ICC profile if it has one), RGB or RGBA."""
    alpha = image.mode in ("RGBA", "LA", "PA") or "transparency" in image.info
    mode = "RGBA" if alpha else "RGB"
    profile = image.info.get("icc_profile")
    if profile:
        from PIL import ImageCms  # here: most pictures have no colour profile

        try:
            source = ImageCms.ImageCmsProfile(io.BytesIO(profile))
            same_kind = image if image.mode in ("RGB", "RGBA", "CMYK") else image.convert(mode)
            converted = ImageCms.profileToProfile(same_kind, source, _srgb(), outputMode=mode)
            if converted is not None:
                return converted
        except (ImageCms.PyCMSError, OSError, ValueError):
            pass  # a profile that does not fit the image: its numbers are taken as sRGB
    return image if image.mode == mode else image.convert(mode)  # as it is: no copy of its pixels


# -- SVG ---------------------------------------------------------------------------------


def _svg(file: Path, shown: str, data: bytes) -> Picture:
    if len(data) > MAX_SVG_BYTES:
        raise InputError(Message("picture.svg_too_large", name=shown, limit=MAX_SVG_BYTES // 1_000_000))
    _check_svg(shown, data)
    drawing = _svg_drawing(data)
    if drawing is None or not (drawing.width > 0 and drawing.height > 0):
        raise InputError(Message("picture.svg_undrawable", name=shown))
    least, most = SVG_POINTS
    if not all(least <= side <= most for side in (drawing.width, drawing.height)):
        raise InputError(Message("picture.svg_size", name=shown, least=least, most=most))
    _check_drawable(shown, drawing)
    return Picture(file, "svg", float(drawing.width), float(drawing.height), drawing=drawing)


def _check_drawable(shown: str, drawing) -> None:
    """Draw it once into a PDF of its own: a size, coordinate or transform no PDF can hold
    (1e308, a scale of 1e300) is refused here, in one line, not in a traceback at build."""
    from reportlab.graphics import renderPDF

    try:
        renderPDF.drawToString(drawing)
    except Exception:  # reportlab raises ValueError, OverflowError, ZeroDivisionError and others
        raise InputError(Message("picture.svg_out_of_range", name=shown)) from None


def _check_svg(shown: str, data: bytes) -> None:
    """Refuse an SVG that is not well-formed, declares a DTD or entities, holds a script or
    text (its font would not be embedded), or names anything outside itself (a file, a web
    address, a stylesheet)."""
    from defusedxml import DefusedXmlException
    from defusedxml.ElementTree import ParseError, fromstring

    try:
        root = fromstring(data, forbid_dtd=True, forbid_entities=True, forbid_external=True)
    except DefusedXmlException:
        raise InputError(Message("picture.svg_dtd", name=shown)) from None
    except ParseError as exc:
        line, column = exc.position
        raise InputError(Message("picture.svg_not_xml", name=shown, line=line, column=column + 1)) from None
    except (ValueError, LookupError):  # an encoding expat does not read: UTF-7, or one with no name
        raise InputError(Message("picture.svg_encoding", name=shown)) from None
    if root.tag not in (f"{_SVG_NAMESPACE}svg", "svg"):
        raise InputError(Message("picture.svg_root", name=shown))
    for element in root.iter():
        problem = _svg_element_problem(element, shown)
        if problem:
            raise InputError(problem)
    problem = _expansion_problem(root, shown)
    if problem:
        raise InputError(problem)


def _expansion_problem(root, shown: str) -> Message | None:
    """An SVG whose <use> elements repeat parts that repeat parts … draws 10 to the power of
    its depth: refuse one that would draw over MAX_SVG_ELEMENTS elements, or refers to itself."""
    by_id = {element.get("id"): element for element in root.iter() if element.get("id")}
    sizes: dict[int, int] = {}
    open_now: set[int] = set()

    def size(element) -> int:
        key = id(element)
        if key in sizes:
            return sizes[key]
        if key in open_now:
            raise _SelfReference
        open_now.add(key)
        total = 1 + sum(size(child) for child in element)
        href = next((value for name, value in element.attrib.items() if _local(name) == "href"), "")
        if _local(element.tag) == "use" and href.startswith("#") and href[1:] in by_id:
            total += size(by_id[href[1:]])
        open_now.discard(key)
        sizes[key] = total = min(total, MAX_SVG_ELEMENTS + 1)
        return total

    try:
        drawn = size(root)
    except _SelfReference:
        return Message("picture.svg_self_reference", name=shown)
    except RecursionError:
        return Message("picture.svg_too_deep", name=shown)
    if drawn > MAX_SVG_ELEMENTS:
        return Message("picture.svg_too_many_elements", name=shown, limit=MAX_SVG_ELEMENTS)
    return None


class _SelfReference(Exception):
    pass


def _svg_element_problem(element, shown: str) -> Message | None:
    name = _local(element.tag)
    if name in ("script", "foreignObject"):
        return Message("picture.svg_element", name=shown, element=name)
    if name in ("text", "tspan", "textPath"):
        return Message("picture.svg_text", name=shown)
    if name == "style" and _names_outside(element.text or ""):
        return Message("picture.svg_stylesheet", name=shown)
    for attribute, value in element.attrib.items():
        attribute = _local(attribute)
        if attribute.lower().startswith("on"):
            return Message("picture.svg_script", name=shown, attribute=attribute)
        if attribute == "href" and not value.strip().startswith("#"):
            return Message("picture.svg_href", name=shown, target=value.strip()[:60])
        if _names_outside(value):
            return Message("picture.svg_link", name=shown, attribute=attribute)
    if name == "image":  # in a file of its own it names another file; by "#id" it names nothing svglib can draw
        return Message("picture.svg_image", name=shown)
    return None


def _names_outside(text: str) -> bool:
    """CSS that imports a stylesheet or points a url() anywhere but into the file (#id)."""
    lowered = text.lower()
    if "@import" in lowered:
        return True
    return any(not part.lstrip(" '\"").startswith("#") for part in lowered.split("url(")[1:])


def _local(tag) -> str:
    return str(tag).rsplit("}", 1)[-1]


def _svg_drawing(data: bytes) -> Drawing | None:
    from svglib.svglib import svg2rlg

    logger = logging.getLogger("svglib")
    level = logger.level
    logger.setLevel(logging.CRITICAL + 1)  # svglib logs what it skips; our one line says enough
    try:
        return svg2rlg(io.BytesIO(data))
    except Exception:  # svglib fails anywhere on an SVG it cannot follow
        return None
    finally:
        logger.setLevel(level)
