"""Phone photos of a calibration sheet held against a light, made from the PDF cardgen draws:
the tests and benchmarks/bench_photo.py take theirs from here.

The front and back pages are rendered; the back is moved by a known printer shift (mm, on
its own page) and turned over as the printer's flip turns it; the light through the
paper is the front's ink times the back's, the back's ink darkening it by `darkening`
(20-40 % for a sheet against a window or lamp) and blurred by the paper. A pinhole camera
sees the sheet tilted and turned, then come lens blur, uneven light, sensor noise and JPEG
compression. Truth is the `--back-offset` that cancels the shift: minus the shift.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from functools import cache

import cv2
import numpy as np
import pypdfium2

from cardgen.render.calibration import calibration_pdf

THUMB_MM = 40.0  # a thumb holding the sheet covers a corner this far
PAPER_BLUR_MM = 0.15  # the paper scatters the light through it: the back's ink seen soft
# a phone's photos (8-12 MP); 3 MP for the suite, cheaper and still within its goals
MEGAPIXELS = {3: (2048, 1536), 8: (3264, 2448), 10: (3648, 2736), 12: (4000, 3000)}
PHONES = (8, 10, 12)


def render_px_per_mm(megapixels: int) -> float:
    """The pages' pictures: finer than the photo sees them."""
    return 8.0 if megapixels < 8 else 14.0


@dataclass(frozen=True)
class Shot:
    """What is photographed, and how."""

    paper: str = "a4"
    built_flip: str = "long"  # the flip the sheet was drawn for
    printer_flip: str = "long"  # the edge the printer really turned it on
    shift: tuple[float, float] = (0.0, 0.0)  # mm the printer moves the back, on the back page
    skew_deg: float = 0.0  # and turns it about the page's centre, anticlockwise
    darkening: float = 0.3  # how much the back's ink darkens the light through the paper
    tilt_deg: float = 0.0  # the sheet's plane against the camera's
    tilt_axis_deg: float = 0.0
    turn_deg: float = 0.0  # the sheet turned in the picture
    fill: float = 0.8  # how much of the picture's width or height the sheet takes
    blur_px: float = 1.0  # lens blur, sigma in pixels of the photo
    light_drop: float = 0.3  # how much darker the dimmest corner of the light is
    noise: float = 0.02  # sensor noise, sigma as a fraction of white
    quality: int = 70
    megapixels: int = 12
    portrait: bool = True
    from_back: bool = False  # the camera on the back's side
    sheet: bool = True  # False: a photo without the sheet
    thumb: int | None = None  # a thumb over this corner of the page seen (0 lower left, counter-clockwise)
    bars: int = 0  # a window's bars behind the sheet: soft shadows through the paper
    seed: int = 0

    @property
    def truth(self) -> tuple[float, float]:
        """The --back-offset that cancels the shift."""
        return (-self.shift[0] + 0.0, -self.shift[1] + 0.0)


def random_shot(rng: np.random.Generator, paper: str, printer_flip: str, **changes) -> Shot:
    """A photo as a player takes one: within the issue's bounds (±3 mm, 20-40 % darkening,
    up to 30° of tilt, 8-12 MP), the rest as phones and windows make it."""
    built = "long" if rng.random() < 0.75 else "short"  # a sheet drawn for a flip, turned right or wrong
    shot = Shot(
        paper=paper,
        built_flip=built,
        printer_flip=printer_flip,
        shift=(round(float(rng.uniform(-3, 3)), 3), round(float(rng.uniform(-3, 3)), 3)),
        darkening=float(rng.uniform(0.2, 0.4)),
        tilt_deg=float(rng.uniform(0, 30)),
        tilt_axis_deg=float(rng.uniform(0, 360)),
        turn_deg=float(rng.uniform(-8, 8)) + (180.0 if rng.random() < 0.2 else 0.0),
        fill=float(rng.uniform(0.65, 0.92)),
        blur_px=float(rng.uniform(0.6, 1.8)),
        light_drop=float(rng.uniform(0.05, 0.45)),
        noise=float(rng.uniform(0.01, 0.03)),
        megapixels=int(rng.choice(PHONES)),
        portrait=bool(rng.random() < 0.8),
        seed=int(rng.integers(1 << 30)),
    )
    return replace(shot, **changes)


def harsh_shot(rng: np.random.Generator, paper: str, printer_flip: str) -> Shot:
    """A photo past the issue's bounds, to see where refusals begin and that nothing is read
    wrong instead: less light through the paper, more tilt, blur, noise and a smaller sheet,
    a back turned a little, a window's bars behind it and a thumb over a corner now and then."""
    return random_shot(
        rng,
        paper,
        printer_flip,
        darkening=float(rng.uniform(0.05, 0.4)),
        tilt_deg=float(rng.uniform(0, 45)),
        blur_px=float(rng.uniform(0.6, 4.0)),
        noise=float(rng.uniform(0.01, 0.06)),
        fill=float(rng.uniform(0.35, 0.92)),
        quality=int(rng.integers(40, 90)),
        skew_deg=float(rng.uniform(-0.2, 0.2)),
        thumb=int(rng.integers(4)) if rng.random() < 0.2 else None,
        bars=int(rng.integers(0, 3)),
    )


@cache
def pages(paper: str, flip: str, px_per_mm: float) -> tuple[np.ndarray, np.ndarray]:
    """The front and back pages as ink (0 none, 1 full), `px_per_mm` pixels to the mm."""
    document = pypdfium2.PdfDocument(calibration_pdf(paper=paper, flip=flip))
    inks = []
    for index in range(2):
        page = document[index]
        bitmap = page.render(scale=px_per_mm * 25.4 / 72, grayscale=True)
        grey = np.asarray(bitmap.to_pil().convert("L"), dtype=np.float32) / 255.0
        inks.append(1.0 - grey)
    return inks[0], inks[1]


def _camera(shot: Shot, paper_mm: tuple[float, float], size: tuple[int, int]) -> np.ndarray:
    """The homography from the seen side's page (mm, y up) to the photo's pixels."""
    width_px, height_px = size
    width, height = paper_mm
    focal = 0.75 * max(size)  # a phone's main camera: about 70° across its long side
    tilt, axis, turn = (math.radians(v) for v in (shot.tilt_deg, shot.tilt_axis_deg, shot.turn_deg))
    # the page in the camera's frame: x right, y down, z away; turned, then tilted about `axis`
    flip_y = np.diag([1.0, -1.0, 1.0])
    turned = np.array([[math.cos(turn), -math.sin(turn), 0], [math.sin(turn), math.cos(turn), 0], [0, 0, 1]])
    tilted = cv2.Rodrigues(np.array([math.cos(axis), math.sin(axis), 0.0]) * tilt)[0]
    rotation = tilted @ turned @ flip_y
    corners = np.array([[0, 0, 0], [width, 0, 0], [width, height, 0], [0, height, 0]], float) - [
        width / 2,
        height / 2,
        0,
    ]
    seen = corners @ rotation.T
    # the distance at which the sheet's outline takes `fill` of the picture's width or height
    distance = focal * max(np.ptp(seen[:, 0]) / width_px, np.ptp(seen[:, 1]) / height_px) / shot.fill
    rng = np.random.default_rng(shot.seed + 1)
    for _ in range(20):  # push it back until it is whole in the picture
        centre = np.array([rng.uniform(-0.05, 0.05) * width_px, rng.uniform(-0.05, 0.05) * height_px])
        points = seen + [0, 0, distance]
        pixels = focal * points[:, :2] / points[:, 2:] + centre + [width_px / 2, height_px / 2]
        if (pixels.min(axis=0) > 20).all() and (pixels.max(axis=0) < [width_px - 20, height_px - 20]).all():
            break
        distance *= 1.05
    shift = np.array([centre[0] + width_px / 2, centre[1] + height_px / 2])
    intrinsic = np.array([[focal, 0, shift[0]], [0, focal, shift[1]], [0, 0, 1]])
    to_centre = np.array([[1, 0, -width / 2], [0, 1, -height / 2], [0, 0, 1]])
    extrinsic = np.column_stack([rotation[:, 0], rotation[:, 1], [0, 0, distance]])
    return intrinsic @ extrinsic @ to_centre


def _printed(shot: Shot, paper_mm: tuple[float, float]) -> np.ndarray:
    """Where the printer puts a point drawn on the back page: turned by `skew_deg` about the
    page's centre, then moved by `shift`."""
    cx, cy = paper_mm[0] / 2, paper_mm[1] / 2
    c, s = math.cos(math.radians(shot.skew_deg)), math.sin(math.radians(shot.skew_deg))
    return np.array(
        [[c, -s, cx - c * cx + s * cy + shot.shift[0]], [s, c, cy - s * cx - c * cy + shot.shift[1]], [0, 0, 1]]
    )


def _page_to_render(paper_mm: tuple[float, float], shape: tuple[int, ...]) -> np.ndarray:
    """Page mm (y up) to the rendered picture's pixels: pdfium rounds the picture up to whole
    pixels and stretches the page to fill it."""
    across, down = shape[1] / paper_mm[0], shape[0] / paper_mm[1]
    return np.array([[across, 0, -0.5], [0, -down, paper_mm[1] * down - 0.5], [0, 0, 1]])


def _turned_over(paper_mm: tuple[float, float], flip: str) -> np.ndarray:
    """A point of one side of the sheet to the point behind it on the other (its own inverse)."""
    width, height = paper_mm
    if flip == "long":
        return np.array([[-1, 0, width], [0, 1, 0], [0, 0, 1]], float)
    return np.array([[1, 0, 0], [0, -1, height], [0, 0, 1]], float)


def _warp(ink: np.ndarray, photo_to_render: np.ndarray, size: tuple[int, int], soften_px: float) -> np.ndarray:
    if soften_px > 0.3:
        ink = cv2.GaussianBlur(ink, (0, 0), soften_px)
    return cv2.warpPerspective(
        ink, photo_to_render, size, flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP, borderValue=0.0
    )


def photo(shot: Shot) -> bytes:
    """The JPEG a phone would save."""
    from cardgen.formats import PAPERS

    rng = np.random.default_rng(shot.seed)
    long_side, short_side = MEGAPIXELS[shot.megapixels]
    size = (short_side, long_side) if shot.portrait else (long_side, short_side)
    paper_mm = PAPERS[shot.paper]
    camera = _camera(shot, paper_mm, size)
    pixels_per_mm = math.sqrt(abs(np.linalg.det(camera[:2, :2]))) / abs(camera[2, 2])
    render = render_px_per_mm(shot.megapixels)
    front, back = pages(shot.paper, shot.built_flip, render)
    to_render = _page_to_render(paper_mm, front.shape)
    over = _turned_over(paper_mm, shot.printer_flip)
    moved = np.linalg.inv(_printed(shot, paper_mm))  # a landed back point -> where it is drawn
    # the side the camera sees (page mm) to each page's own mm
    if shot.from_back:
        near, far = back, front
        near_of_seen, far_of_seen = moved, over  # the back as it landed, its front behind it
        near_gain, far_gain = 0.95, shot.darkening
    else:
        near, far = front, back
        near_of_seen, far_of_seen = np.eye(3), moved @ over
        near_gain, far_gain = 0.95, shot.darkening
    inverse_camera = np.linalg.inv(camera)
    soften = 0.5 * render / max(pixels_per_mm, 1e-6)  # no aliasing as the picture shrinks
    light = np.ones(size[::-1], np.float32)
    sheet = _warp(np.ones_like(front), to_render @ inverse_camera, size, 0.0)
    if shot.sheet:
        light *= 1.0 - near_gain * _warp(near, to_render @ near_of_seen @ inverse_camera, size, soften)
        paper_blur = math.hypot(PAPER_BLUR_MM * render, soften)
        light *= 1.0 - far_gain * _warp(far, to_render @ far_of_seen @ inverse_camera, size, paper_blur)
        if shot.bars:
            light *= _bars(rng, size, shot.bars, pixels_per_mm)
    else:
        sheet = _clutter(rng, size)
    background = 0.25 + 0.2 * rng.random()
    picture = sheet * light * 0.92 + (1.0 - sheet) * background
    if shot.thumb is not None:
        corner = [(0, 0), (1, 0), (1, 1), (0, 1)][shot.thumb]
        x, y, w = camera @ [corner[0] * paper_mm[0], corner[1] * paper_mm[1], 1.0]
        cv2.circle(picture, (round(x / w), round(y / w)), round(THUMB_MM * pixels_per_mm), 0.3, -1)
    picture = cv2.GaussianBlur(picture, (0, 0), shot.blur_px) if shot.blur_px > 0 else picture
    picture *= _uneven(rng, size, shot.light_drop)
    picture += rng.normal(0.0, shot.noise, picture.shape).astype(np.float32) * np.sqrt(np.clip(picture, 0.05, 1))
    tint = np.array([0.92, 0.98, 1.0], np.float32)  # BGR: a warm lamp
    colour = np.clip(picture[..., None] * tint * 255.0, 0, 255).astype(np.uint8)
    ok, encoded = cv2.imencode(".jpg", colour, [cv2.IMWRITE_JPEG_QUALITY, shot.quality])
    assert ok
    return encoded.tobytes()


def _uneven(rng: np.random.Generator, size: tuple[int, int], drop: float) -> np.ndarray:
    """A light brightest somewhere off the picture's centre, `drop` dimmer at its far corner."""
    width, height = size
    ys, xs = np.mgrid[0:height:8, 0:width:8].astype(np.float32)
    cx, cy = rng.uniform(0, width), rng.uniform(0, height)
    distance = np.hypot(xs - cx, ys - cy)
    field = 1.0 - drop * (distance / distance.max()) ** 1.5
    return cv2.resize(field, size, interpolation=cv2.INTER_LINEAR)


def _bars(rng: np.random.Generator, size: tuple[int, int], count: int, pixels_per_mm: float) -> np.ndarray:
    """The shadows of a window's bars (15-40 mm wide, 20-50 % darker) seen through the paper,
    which softens them over about 5 mm."""
    width, height = size
    step = 8  # worked out on a coarser grid, then enlarged: the shadows are soft
    ys, xs = np.mgrid[0:height:step, 0:width:step].astype(np.float32)
    field = np.ones_like(xs)
    for _ in range(count):
        angle = math.radians(float(rng.choice([0.0, 90.0])) + float(rng.uniform(-10, 10)))
        at = rng.uniform(0, width), rng.uniform(0, height)
        distance = np.abs((xs - at[0]) * math.sin(angle) - (ys - at[1]) * math.cos(angle))
        half = rng.uniform(7.5, 20) * pixels_per_mm
        field *= np.where(distance < half, 1.0 - rng.uniform(0.2, 0.5), 1.0).astype(np.float32)
    field = cv2.GaussianBlur(field, (0, 0), 5.0 * pixels_per_mm / step)
    return cv2.resize(field, size, interpolation=cv2.INTER_LINEAR)


def _clutter(rng: np.random.Generator, size: tuple[int, int]) -> np.ndarray:
    """A photo of something else: a room of light and dark boxes."""
    width, height = size
    picture = np.full((height, width), 0.5, np.float32)
    for _ in range(60):
        x, y = int(rng.integers(0, width)), int(rng.integers(0, height))
        w, h = int(rng.integers(20, width // 4)), int(rng.integers(20, height // 4))
        picture[y : y + h, x : x + w] = rng.random()
    return picture
