"""Our own vector pictures, drawn with a few bezier paths.

Every picture is drawn in a 100 × 100 unit box with its centre at (50, 50) and
y pointing up. The pictures set no colour: a Form XObject made from one takes the
fill colour that is current where it is used, so one bull head serves every tone.
Details (eyes, nostrils, holes) are holes cut by the even-odd fill rule, so each
picture is a single fill in a single colour.
"""

from __future__ import annotations

import math
from typing import Callable

from reportlab.pdfgen.canvas import FILL_EVEN_ODD

UNIT = 100.0
Point = tuple[float, float]


def _mirror(points: list[Point]) -> list[Point]:
    return [(-x, y) for x, y in points]


def _add_ellipse(path, cx: float, cy: float, rx: float, ry: float) -> None:
    path.ellipse(cx - rx, cy - ry, 2 * rx, 2 * ry)


# The right half of the bull's outline, from the bottom of the muzzle up to the
# middle of the forehead, as cubic segments: each entry is (control 1, control 2, end).
_BULL_RIGHT_HALF: list[tuple[Point, Point, Point]] = [
    ((9, 8), (17, 9), (18, 17)),        # round muzzle
    ((19, 24), (13, 27), (13, 33)),     # narrow above the muzzle
    ((13, 42), (17, 48), (22, 53)),     # cheek, widening to the eyes
    ((29, 50), (38, 50), (45, 56)),     # lower edge of the ear
    ((39, 63), (30, 64), (25, 63)),     # upper edge of the ear, back to the head
    ((37, 67), (47, 76), (44, 94)),     # outer edge of the horn, up to its tip
    ((39, 81), (31, 74), (19, 72)),     # inner edge of the horn, back to the poll
    ((13, 76), (6, 73), (0, 77)),       # forehead with a little tuft
]
_BULL_START: Point = (0, 7)


def bull_head(canvas) -> None:
    """A stylised bull's head seen from the front: horns, ears, eyes and nostrils."""
    path = canvas.beginPath()
    cx = UNIT / 2
    path.moveTo(cx + _BULL_START[0], _BULL_START[1])
    for c1, c2, end in _BULL_RIGHT_HALF:
        path.curveTo(cx + c1[0], c1[1], cx + c2[0], c2[1], cx + end[0], end[1])
    # the left half runs the same segments backwards, mirrored
    reversed_left = _left_half_reversed(_BULL_RIGHT_HALF, _BULL_START)
    for c1, c2, end in reversed_left:
        path.curveTo(cx + c1[0], c1[1], cx + c2[0], c2[1], cx + end[0], end[1])
    path.close()
    for side in (-1, 1):
        _add_ellipse(path, cx + side * 10.5, 46, 3.6, 3.0)   # eyes
        _add_ellipse(path, cx + side * 7.0, 16, 3.0, 2.4)    # nostrils
    canvas.drawPath(path, stroke=0, fill=1, fillMode=FILL_EVEN_ODD)


def _left_half_reversed(segments, start: Point):
    """The mirrored half traversed from the forehead back down to the muzzle."""
    points = [start] + [end for _, _, end in segments]
    mirrored = []
    for index in range(len(segments) - 1, -1, -1):
        c1, c2, _ = segments[index]
        begin = points[index]
        mirrored.append((_mirror([c2])[0], _mirror([c1])[0], _mirror([begin])[0]))
    return mirrored


def joker_emblem(canvas) -> None:
    """A jester's cap: a band, three drooping points and a bell at each tip."""
    path = canvas.beginPath()
    path.moveTo(20, 18)
    path.lineTo(80, 18)
    path.curveTo(82, 24, 82, 28, 80, 32)                 # right end of the band
    path.curveTo(88, 44, 96, 58, 88, 70)                 # right point, out and down
    path.curveTo(80, 58, 70, 50, 62, 48)
    path.curveTo(60, 64, 57, 76, 50, 86)                 # middle point, straight up
    path.curveTo(43, 76, 40, 64, 38, 48)
    path.curveTo(30, 50, 20, 58, 12, 70)                 # left point
    path.curveTo(4, 58, 12, 44, 20, 32)
    path.curveTo(18, 28, 18, 24, 20, 18)
    path.close()
    _add_ellipse(path, 50, 25, 3.2, 3.2)                 # a jewel on the band, cut out
    for bell_x, bell_y in ((86, 78), (50, 92.5), (14, 78)):
        _add_ellipse(path, bell_x, bell_y, 5.5, 5.5)
    canvas.drawPath(path, stroke=0, fill=1, fillMode=FILL_EVEN_ODD)


def zero_emblem(canvas) -> None:
    """A twelve-rayed sun with an empty centre: nothing, shining."""
    path = canvas.beginPath()
    rays, outer, inner = 12, 49.0, 34.0
    for index in range(2 * rays):
        radius = outer if index % 2 == 0 else inner
        angle = math.pi / 2 + index * math.pi / rays
        x, y = 50 + radius * math.cos(angle), 50 + radius * math.sin(angle)
        if index == 0:
            path.moveTo(x, y)
        else:
            path.lineTo(x, y)
    path.close()
    _add_ellipse(path, 50, 50, 27, 27)
    canvas.drawPath(path, stroke=0, fill=1, fillMode=FILL_EVEN_ODD)


PICTURES: dict[str, Callable] = {
    "bull": bull_head,
    "joker": joker_emblem,
    "zero": zero_emblem,
}
