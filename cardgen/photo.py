"""Reading a photo of the calibration sheet held against a light: the printer's back offset
(mm, x right and y up as seen on the back: what `--back-offset` takes), the edge it turned
the sheet on, and how well the photo read; or a refusal in one sentence that says what to do.

How: OpenCV finds the front's markers (their ids name the sheet, whose record
`calibration_record` gives every marker's place) and from their corners the homography from
the page to the photo. Each marker is then cut out of the full photo, straightened to its
own square, and matched to its pattern (normalised correlation, then ECC for the last
hundredths of a pixel); so is each back marker seen through the paper, for either flip,
within MARKER_REACH mm of its place. A back marker's displacement, less that of the front
marker beside it (the photo's own errors, lens and paper curl, shared by the two), is the
back's apparent shift at that corner; the move at the page's centre that best explains
the corners' shifts, with a turn and a stretch of the back about it, turned from the
front's view into the back page's own axes, is the offset.

OpenCV (the `photo` extra) is loaded here alone, and only when a photo is read.
"""

from __future__ import annotations

import io
import math
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

from cardgen.errors import InputError
from cardgen.formats import FLIPS, PAPERS, Flip
from cardgen.messages import Message
from cardgen.record import CalibrationRecord

if TYPE_CHECKING:
    import numpy as np

MAX_PIXELS = 60_000_000  # a phone's largest photo is about 50 MP; the studio bounds it lower
DETECT_LONG_SIDE = 1800  # px: the markers are found in the photo shrunk to this, then measured in the full one
BLURRED_LONG_SIDES = (1200, 900, 700)  # and where they are not, a blurred sheet shows in a photo shrunk so
PIXELS_PER_MM = (4.0, 12.0)  # the markers are measured at the photo's own resolution, within these
LEAST_PIXELS_PER_MM = 3.0  # below this, a 1⅔ mm cell is too few pixels: too far away
MOST_FORESHORTENING = 0.7  # the page's shortest side over its longest, seen at its centre: about 45°
MOST_BLUR_MM = 0.45  # a front marker's edge blurred more than this (sigma, mm on paper): too blurred
FLAT_MM = 2.5  # the light's changes slower than this are taken out before a marker is matched
FRONT_REACH_MM = 1.5  # a front marker is looked for this far from where the markers' homography puts it
FRONT_MATCH = 0.6  # and must correlate this well with its pattern
LEAST_MATCH = 0.5  # a back marker's correlation with its pattern: below it, nothing is there
LEAST_DARKENING = 0.012  # the back's ink seen through at all (a one-sided sheet shows none)
READ_DARKENING = 0.08  # and enough to read it (a sheet against a window darkens 20-40 %)
MOST_DISAGREEMENT_MM = 0.1  # the corners' shifts, a turn and a stretch taken out, may stray this much (RMS)
FAR_REACH_MM = 12.0  # a back beyond MARKER_REACH is looked for this far, to say so
FRONT_INK = 0.55  # of the paper's light: darker is the front's ink (the back's dims it by 40 % at most)
FAR_MATCH = 0.7  # how well a back marker beyond its reach must match to be taken for one
LEAST_FRONT_MARKERS = 3
LEAST_BACK_MARKERS = 3

# Why a photo is refused: the message photo.<reason> says it, and what to do, in one sentence.
REASONS = (
    "no_opencv",
    "not_a_picture",
    "too_large",
    "no_sheet",
    "from_back",
    "too_far",
    "oblique",
    "blurred",
    "one_sided",
    "too_dark",
    "moved_far",
    "disagree",
)


class PhotoRefused(InputError):
    """The photo cannot be read; its message (photo.<reason>) says what to do."""

    def __init__(self, reason: str, file: str, **params) -> None:
        from cardgen.render.calibration import MARKER_REACH

        super().__init__(Message(f"photo.{reason}", file=file, reach=MARKER_REACH, **params))
        self.reason = reason


@dataclass(frozen=True)
class PhotoReading:
    """What a photo of the calibration sheet says about the printer."""

    back_offset: tuple[float, float]  # mm: the --back-offset that cancels the printer's shift
    flip: Flip  # the edge the printer turned the sheet on
    paper: str  # the paper of the sheet in the photo
    spread_mm: float  # how far the corners' shifts stray from one move, turn and stretch of the back (RMS)
    match: float  # the least correlation of a back marker read with its pattern (1: alike)
    darkening: float  # how much the back's ink darkens the light through the paper (0 to 1)
    corners: int  # how many of the four corners' back markers were read
    pixels_per_mm: float  # the photo's resolution on the sheet


def read_photo(data: bytes, file: str, most_pixels: int = MAX_PIXELS) -> PhotoReading:
    """Read the photo `data` (JPEG, PNG, ... as bytes, of `most_pixels` at most) of a
    calibration sheet held against a light; PhotoRefused, naming `file`, when it cannot be read."""
    cv2 = _opencv(file)

    def refuse(reason: str, **params) -> PhotoRefused:
        return PhotoRefused(reason, file, **params)

    grey = _decoded(cv2, data, most_pixels, refuse)
    record, to_photo = _sheet(cv2, grey, refuse)
    pixels_per_mm = _resolution(to_photo, record.paper_mm, refuse)
    scale = min(max(pixels_per_mm, PIXELS_PER_MM[0]), PIXELS_PER_MM[1])
    image = grey.astype("float32")
    fronts = _fronts(cv2, image, to_photo, record, scale)
    if (
        len(fronts) < LEAST_FRONT_MARKERS
        or sorted(f.blur_mm for f in fronts.values())[LEAST_FRONT_MARKERS - 1] > MOST_BLUR_MM
    ):
        raise refuse("blurred")
    flip, backs = _backs(cv2, image, to_photo, record, scale)
    darkening = _median([b.darkening for b in backs.values()]) if backs else 0.0
    read = [b for b in backs.values() if b.match >= LEAST_MATCH]
    if len(read) < LEAST_BACK_MARKERS:
        if _moved_far(cv2, image, to_photo, record, scale):
            raise refuse("moved_far")
        raise refuse("one_sided" if darkening < LEAST_DARKENING else "too_dark")
    if darkening < READ_DARKENING:
        raise refuse("too_dark")
    shifts = [shift for shift in (_apparent_shift(back, fronts) for back in read) if shift is not None]
    if len(shifts) < LEAST_BACK_MARKERS:
        raise refuse("blurred")
    shift, spread = _fit(shifts, (record.paper_mm[0] / 2, record.paper_mm[1] / 2))
    if spread > MOST_DISAGREEMENT_MM:
        raise refuse("disagree")
    return PhotoReading(
        back_offset=_offset(shift, flip),
        flip=flip,
        paper=record.paper or "a4",
        spread_mm=round(spread, 3),
        match=round(min(b.match for b in read), 3),
        darkening=round(darkening, 3),
        corners=len(shifts),
        pixels_per_mm=round(pixels_per_mm, 1),
    )


# -- which sheet, where ---------------------------------------------------------------------


def _sheet(cv2, grey, refuse) -> tuple[CalibrationRecord, np.ndarray]:
    """The record of the sheet in the photo and the homography from its front page to the photo."""
    sheet = _which_sheet(_detected(cv2, grey))
    if sheet is None and max(grey.shape) > DETECT_LONG_SIDE:  # a sheet far away: too small once shrunk
        sheet = _which_sheet(_detected(cv2, grey, max(grey.shape)))
    if sheet is None:
        if len(_back_ids() & _detected(cv2, cv2.flip(grey, 1)).keys()) >= LEAST_BACK_MARKERS:
            raise refuse("from_back")  # the back's markers read in the photo's mirror image
        # a blurred sheet shows in the photo shrunk until its blur is gone
        blurred = any(_which_sheet(_detected(cv2, grey, side)) for side in BLURRED_LONG_SIDES if side < max(grey.shape))
        raise refuse("blurred" if blurred else "no_sheet")
    record, seen = sheet
    return record, _homography(cv2, record, seen)


@cache
def _records() -> tuple[CalibrationRecord, ...]:
    """Every sheet cardgen draws."""
    from cardgen.render.calibration import calibration_record

    return tuple(calibration_record(paper, flip) for paper in PAPERS for flip in FLIPS)


def _back_ids() -> frozenset[int]:
    from cardgen.render.calibration import BACK_MARKER_IDS

    return frozenset(BACK_MARKER_IDS)


def _which_sheet(found: dict[int, Any]) -> tuple[CalibrationRecord, dict[int, Any]] | None:
    """(the record, its front markers' corners in the photo) of the sheet most of whose front
    markers are in `found`, if at least LEAST_FRONT_MARKERS are."""
    best: tuple[CalibrationRecord, dict[int, Any]] | None = None
    for record in _records():
        ids = {marker.id for marker in record.markers if marker.side == "front"}
        seen = {key: corners for key, corners in found.items() if key in ids}
        if len(seen) >= LEAST_FRONT_MARKERS and (best is None or len(seen) > len(best[1])):
            best = (record, seen)
    return best


def _detected(cv2, grey, long_side: int = DETECT_LONG_SIDE) -> dict[int, Any]:
    """The 4x4 markers OpenCV finds in a shrunk copy of the photo: their corners in the full photo."""
    import numpy as np

    shrink = min(1.0, long_side / max(grey.shape))
    small = cv2.resize(grey, None, fx=shrink, fy=shrink, interpolation=cv2.INTER_AREA) if shrink < 1 else grey
    detector = cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50), _parameters(cv2))
    corners, ids, _ = detector.detectMarkers(small)
    if ids is None:
        return {}
    found: dict[int, Any] = {}
    for key, points in zip(ids.flatten().tolist(), corners):
        if key in found:  # the same id twice: neither can be trusted
            found[key] = None
        else:
            found[key] = (points.reshape(4, 2) + 0.5) / shrink - 0.5
    return {key: np.asarray(value) for key, value in found.items() if value is not None}


def _parameters(cv2):
    parameters = cv2.aruco.DetectorParameters()
    parameters.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
    return parameters


def _homography(cv2, record: CalibrationRecord, seen: dict) -> np.ndarray:
    """From the front page (mm, y up) to the photo's pixels, fitted to the markers' corners."""
    import numpy as np

    places = {marker.id: marker.corners_mm for marker in record.markers}
    page = np.array([point for key in seen for point in places[key]], np.float64)
    photo = np.array([point for key in seen for point in seen[key]], np.float64)
    to_photo, _ = cv2.findHomography(page, photo, cv2.RANSAC, 4.0)
    return to_photo


def _resolution(to_photo, paper_mm, refuse) -> float:
    """The photo's pixels per mm at the sheet's middle, the lesser of its two directions;
    refused when so few that a marker's cells blur together, or when the slant shortens one
    direction too much against the other."""
    import numpy as np

    x, y = paper_mm[0] / 2, paper_mm[1] / 2
    jacobian = np.column_stack([_project(to_photo, x + 0.5, y) - _project(to_photo, x - 0.5, y),
                                _project(to_photo, x, y + 0.5) - _project(to_photo, x, y - 0.5)])  # fmt: skip
    low, high = sorted(np.linalg.svd(jacobian, compute_uv=False))
    if low / high < MOST_FORESHORTENING:
        raise refuse("oblique")
    if low < LEAST_PIXELS_PER_MM:
        raise refuse("too_far")
    return float(low)


def _project(matrix, x: float, y: float):
    import numpy as np

    u, v, w = matrix @ np.array([x, y, 1.0])
    return np.array([u / w, v / w])


# -- a marker measured ----------------------------------------------------------------------


@dataclass(frozen=True)
class Measured:
    """A marker found near its place: how far from it (mm on the front page), how well its
    pattern matches, how soft its edges are and how much it darkens the paper."""

    corners_mm: tuple
    moved_mm: tuple[float, float]
    match: float
    blur_mm: float
    darkening: float


def _measured(cv2, image, to_photo, corners_mm, bits: int, scale: float, reach_mm: float) -> Measured | None:
    """The marker whose corners should be at `corners_mm`, looked for within `reach_mm` of them."""
    import numpy as np

    pattern, scale = _pattern(bits, scale)
    margin = round((reach_mm + 1.0) * scale)
    patch = _straightened(cv2, image, to_photo, corners_mm, scale, margin, pattern.shape[0])
    if patch is None or float(patch.std()) < 1e-3:
        return None
    seen, sought = _flattened(cv2, np.log(np.maximum(patch, 1.0)), scale), _flattened(cv2, pattern, scale)
    scores = cv2.matchTemplate(seen, sought, cv2.TM_CCOEFF_NORMED)
    _, best, _, (col, row) = cv2.minMaxLoc(scores)
    warp = np.array([[1, 0, col], [0, 1, row]], np.float32)
    try:
        criteria = (cv2.TERM_CRITERIA_EPS | cv2.TERM_CRITERIA_COUNT, 50, 1e-4)
        _, warp = cv2.findTransformECC(sought, seen, warp, cv2.MOTION_TRANSLATION, criteria, None, 3)
    except cv2.error:  # it did not converge: nothing like the pattern there
        return None
    dx, dy = float(warp[0, 2]) - margin, float(warp[1, 2]) - margin  # pixels along the marker's right, down
    if max(abs(dx), abs(dy)) > (reach_mm + 0.5) * scale:
        return None
    right, down = _axes(corners_mm)
    moved = ((right[0] * dx + down[0] * dy) / scale, (right[1] * dx + down[1] * dy) / scale)
    top, left, side = round(float(warp[1, 2])), round(float(warp[0, 2])), pattern.shape[0]
    window = patch[top : top + side, left : left + side]
    return Measured(corners_mm, moved, float(best), _blur(cv2, window, pattern, scale), _darkening(window, pattern))


def _flattened(cv2, picture, scale: float):
    """`picture` less its light's slow changes (over more than FLAT_MM): in the logarithm of
    a photo, the shadow of a window's bar or a lamp's falloff, which would pull a faint
    marker towards the brighter side. The pattern is flattened alike, so nothing moves."""
    return (picture - cv2.GaussianBlur(picture, (0, 0), FLAT_MM * scale)).astype("float32")


@cache
def _pattern(bits: int, scale: float):
    """The marker's pattern, white (1) inside and around its black (0) border with a cell of
    white paper all round, about `scale` pixels to the mm (drawn four times finer, then
    averaged), and its exact pixels to the mm."""
    import cv2
    import numpy as np

    from cardgen.render.calibration import MARKER_CELLS

    cells = MARKER_CELLS + 2
    grid = np.ones((cells + 2, cells + 2), np.float32)
    grid[1:-1, 1:-1] = 0.0
    for index in range(MARKER_CELLS * MARKER_CELLS):
        if bits >> (MARKER_CELLS * MARKER_CELLS - 1 - index) & 1:
            row, column = divmod(index, MARKER_CELLS)
            grid[row + 2, column + 2] = 1.0
    side = round(_cell_mm() * (cells + 2) * scale)
    fine = cv2.resize(grid, (side * 4, side * 4), interpolation=cv2.INTER_NEAREST)
    return cv2.resize(fine, (side, side), interpolation=cv2.INTER_AREA), side / (_cell_mm() * (cells + 2))


def _cell_mm() -> float:
    from cardgen.render.calibration import MARKER_CELLS, MARKER_MM

    return MARKER_MM / (MARKER_CELLS + 2)


def _axes(corners_mm) -> tuple[tuple[float, float], tuple[float, float]]:
    """The unit directions on the page of the marker's own right and down."""
    (x0, y0), (x1, y1), _, (x3, y3) = corners_mm
    side = math.hypot(x1 - x0, y1 - y0)
    return ((x1 - x0) / side, (y1 - y0) / side), ((x3 - x0) / side, (y3 - y0) / side)


def _straightened(cv2, image, to_photo, corners_mm, scale: float, margin: int, size: int, whole: bool = True):
    """The photo around the marker, turned to its own upright square at `scale` px to the mm:
    its pattern (`size` pixels, quiet cell included) with `margin` pixels more all round;
    None if that is not `whole` in the photo (else its edge is repeated)."""
    import numpy as np

    (x0, y0), _, _, _ = corners_mm
    right, down = _axes(corners_mm)
    first = (0.5 - margin) / scale - _cell_mm()  # mm right of and below the top left corner: pixel 0's centre
    to_page = np.array(
        [
            [right[0] / scale, down[0] / scale, x0 + (right[0] + down[0]) * first],
            [right[1] / scale, down[1] / scale, y0 + (right[1] + down[1]) * first],
            [0, 0, 1],
        ]
    )
    side = size + 2 * margin
    matrix = to_photo @ to_page
    height, width = image.shape
    for column in (0, side):
        for row in (0, side):
            u, v = _project(matrix, column, row)
            if whole and not (0 <= u < width and 0 <= v < height):
                return None
    flags = cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP
    return cv2.warpPerspective(image, matrix, (side, side), flags=flags, borderMode=cv2.BORDER_REPLICATE)


def _blur(cv2, window, pattern, scale: float) -> float:
    """How soft the marker's edges are (sigma, mm on paper): the blur of the pattern that
    correlates best with what the photo shows."""
    import numpy as np

    if window.shape != pattern.shape:
        return math.inf
    best, found = -2.0, 0.0
    for sigma_mm in (0.0, 0.1, 0.2, 0.3, 0.45, 0.6, 0.8, 1.0):
        soft = cv2.GaussianBlur(pattern, (0, 0), sigma_mm * scale) if sigma_mm else pattern
        score = float(np.corrcoef(soft.ravel(), window.ravel())[0, 1])
        if score > best:
            best, found = score, sigma_mm
    return found


def _darkening(window, pattern) -> float:
    """1 - the black cells' light over the white cells' (each taken well inside its cells)."""
    import numpy as np

    if window.shape != pattern.shape:
        return 0.0
    black, white = window[pattern < 0.05], window[pattern > 0.95]
    if not black.size or not white.size:
        return 0.0
    return max(0.0, 1.0 - float(np.median(black)) / max(float(np.median(white)), 1e-6))


def _fronts(cv2, image, to_photo, record: CalibrationRecord, scale: float) -> dict[int, Measured]:
    """The front markers that match their patterns well, measured: within FRONT_REACH_MM of
    where the homography puts them."""
    found = {}
    for marker in record.markers:
        if marker.side == "front":
            measured = _measured(cv2, image, to_photo, marker.corners_mm, marker.bits, scale, FRONT_REACH_MM)
            if measured is not None and measured.match > FRONT_MATCH:
                found[marker.id] = measured
    return found


# -- the back -------------------------------------------------------------------------------


def _backs(cv2, image, to_photo, record: CalibrationRecord, scale: float) -> tuple[Flip, dict[int, Measured]]:
    """The flip whose back markers match best, and those markers measured."""
    from cardgen.render.calibration import MARKER_REACH

    other: Flip = "short" if record.flip == "long" else "long"
    tries = {}
    for flip in (record.flip, other):
        found = {}
        for marker in record.markers:
            if marker.side == "back":
                corners = marker.corners_mm if flip == record.flip else marker.other_flip_corners_mm
                measured = _measured(cv2, image, to_photo, corners, marker.bits, scale, MARKER_REACH)
                if measured is not None:
                    found[marker.id] = measured
        tries[flip] = found
    flip = max(tries, key=lambda f: sum(max(m.match, 0.0) for m in tries[f].values()))
    return flip, tries[flip]


def _moved_far(cv2, image, to_photo, record: CalibrationRecord, scale: float) -> bool:
    """Whether the back's markers show farther than MARKER_REACH from their places (up to
    FAR_REACH_MM), for either flip, once the front's ink is painted over with paper: a shift
    the sheet cannot measure, which the refusal says rather than blame the light."""
    import numpy as np

    from cardgen.render.calibration import MARKER_REACH

    for flip_is_the_sheets in (True, False):
        far = 0
        for marker in record.markers:
            if marker.side == "back":
                corners = marker.corners_mm if flip_is_the_sheets else marker.other_flip_corners_mm
                pattern, exact = _pattern(marker.bits, scale)
                margin = round((FAR_REACH_MM + 1.0) * exact)
                patch = _straightened(cv2, image, to_photo, corners, exact, margin, pattern.shape[0], whole=False)
                paper = float(np.percentile(patch, 90))
                patch = np.where(patch < FRONT_INK * paper, paper, patch).astype(np.float32)
                _, best, _, (column, row) = cv2.minMaxLoc(cv2.matchTemplate(patch, pattern, cv2.TM_CCOEFF_NORMED))
                moved = math.hypot(column - margin, row - margin) / exact
                far += best >= FAR_MATCH and moved > MARKER_REACH
        if far >= LEAST_BACK_MARKERS:
            return True
    return False


def _apparent_shift(back: Measured, fronts: dict[int, Measured]):
    """(x, y, the place) of the back's shift seen from the front at this back marker, less the
    photo's own error at the front marker nearest it."""
    centre = _centre(back.corners_mm)
    near = min(fronts.values(), key=lambda f: math.dist(_centre(f.corners_mm), centre))
    if math.dist(_centre(near.corners_mm), centre) > 60.0:  # its own corner's front marker is hidden
        return None
    return (back.moved_mm[0] - near.moved_mm[0], back.moved_mm[1] - near.moved_mm[1], centre)


def _centre(corners) -> tuple[float, float]:
    return (sum(x for x, _ in corners) / 4, sum(y for _, y in corners) / 4)


def _fit(shifts, centre: tuple[float, float]) -> tuple[tuple[float, float], float]:
    """The back's move at the page's `centre` that, with a turn and a stretch about it, best
    explains the corners' shifts (least squares), and the root mean square of what it leaves
    (per degree of freedom: 0 where they agree). A printer that turns the back a little
    moves each corner differently; the move at the centre is what the back offset cancels."""
    import numpy as np

    rows, values = [], []
    for dx, dy, (x, y) in shifts:
        rows += [[1, 0, x - centre[0], -(y - centre[1])], [0, 1, y - centre[1], x - centre[0]]]
        values += [dx, dy]
    a, b = np.array(rows), np.array(values)
    solution, *_ = np.linalg.lstsq(a, b, rcond=None)
    residual = b - a @ solution
    spread = float(np.sqrt(np.sum(residual**2) / max(len(b) - 4, 1)))
    return (float(solution[0]), float(solution[1])), spread


def _offset(shift: tuple[float, float], flip: Flip) -> tuple[float, float]:
    """The back offset that cancels a back seen `shift` mm moved from the front: the back page
    is the front mirrored across the flip's axis."""
    dx, dy = shift
    x, y = (dx, -dy) if flip == "long" else (-dx, dy)
    return (round(x, 2) + 0.0, round(y, 2) + 0.0)


def _median(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[len(ordered) // 2]


# -- the picture ----------------------------------------------------------------------------


def opencv_installed() -> bool:
    try:
        _opencv("")
    except PhotoRefused:
        return False
    return True


def _opencv(file: str):
    try:
        import cv2
    except ImportError:
        raise PhotoRefused("no_opencv", file) from None
    return cv2


def _decoded(cv2, data: bytes, most_pixels: int, refuse):
    """The photo as grey levels, after its size is checked from its header."""
    import numpy as np
    from PIL import Image, UnidentifiedImageError

    try:
        with Image.open(io.BytesIO(data)) as picture:
            width, height = picture.size
    except (UnidentifiedImageError, OSError, ValueError):
        raise refuse("not_a_picture") from None
    if width * height > most_pixels:
        raise refuse("too_large", most=most_pixels // 1_000_000)
    grey = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_GRAYSCALE)
    if grey is None:
        raise refuse("not_a_picture")
    return grey


def describe(reading: PhotoReading) -> dict[str, Any]:
    """The reading as --json prints it."""
    return {
        "back_offset": list(reading.back_offset),
        "flip": reading.flip,
        "paper": reading.paper,
        "spread_mm": reading.spread_mm,
        "match": reading.match,
        "darkening": reading.darkening,
        "corners": reading.corners,
        "pixels_per_mm": reading.pixels_per_mm,
    }
