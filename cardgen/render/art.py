"""Our own vector pictures, drawn with a few bezier paths.

Every picture is drawn in a 100 × 100 unit box with its centre at (50, 50) and
y pointing up. The pictures set no colour: a Form XObject made from one takes the
fill colour that is current where it is used, so one bull head serves every tone.
Details (eyes, nostrils, holes) are holes cut by the even-odd fill rule, so each
picture is a single fill in a single colour.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from reportlab.pdfgen.canvas import FILL_EVEN_ODD  # type: ignore[attr-defined]  # missing from the stubs

UNIT = 100.0
Point = tuple[float, float]


def _mirror(points: list[Point]) -> list[Point]:
    return [(-x, y) for x, y in points]


def _add_ellipse(path, cx: float, cy: float, rx: float, ry: float) -> None:
    path.ellipse(cx - rx, cy - ry, 2 * rx, 2 * ry)


# The right half of the bull's outline, from the bottom of the muzzle up to the
# middle of the forehead, as cubic segments: each entry is (control 1, control 2, end).
_BULL_RIGHT_HALF: list[tuple[Point, Point, Point]] = [
    ((9, 8), (17, 9), (18, 17)),  # round muzzle
    ((19, 24), (13, 27), (13, 33)),  # narrow above the muzzle
    ((13, 42), (17, 48), (22, 53)),  # cheek, widening to the eyes
    ((29, 50), (38, 50), (45, 56)),  # lower edge of the ear
    ((39, 63), (30, 64), (24, 62)),  # upper edge of the ear, back to the head
    ((40, 63), (50, 76), (41, 95)),  # outer edge of the horn, up to its tip
    ((39, 82), (31, 75), (18, 75)),  # inner edge of the horn, back to the poll
    ((12, 79), (6, 75), (0, 79)),  # forehead with a little tuft
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
        _add_ellipse(path, cx + side * 11.0, 47, 3.8, 3.0)  # eyes
        _add_ellipse(path, cx + side * 7.0, 16, 3.0, 2.4)  # nostrils
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
    """A jester's cap: a band, two floppy lobes and a tall middle point, each with a bell."""
    right = [  # the right half, from the middle of the band's bottom edge to the middle point's tip
        ((66, 14), (80, 16), (82, 18)),
        ((85, 22), (85, 28), (82, 32)),  # the band's right end
        ((88, 35), (91, 36), (93, 40)),  # underside of the lobe, out to its drooping tip
        ((94, 70), (72, 88), (62, 52)),  # over the lobe's back, down into the valley
        ((60, 66), (56, 78), (50, 86)),  # up the middle point
    ]
    path = canvas.beginPath()
    path.moveTo(50, 14)
    for c1, c2, end in right:
        path.curveTo(*c1, *c2, *end)
    points = [(50, 14)] + [end for _, _, end in right]
    for index in range(len(right) - 1, -1, -1):
        c1, c2, _ = right[index]
        begin = points[index]
        path.curveTo(100 - c2[0], c2[1], 100 - c1[0], c1[1], 100 - begin[0], begin[1])
    path.close()
    for jewel_x in (34, 50, 66):  # three jewels on the band, cut out
        _add_ellipse(path, jewel_x, 24, 2.6, 2.6)
    canvas.drawPath(path, stroke=0, fill=1, fillMode=FILL_EVEN_ODD)
    bells = canvas.beginPath()  # a separate fill: bells may overlap the tips
    for bell_x, bell_y in ((93, 36), (50, 90), (7, 36)):
        _add_ellipse(bells, bell_x, bell_y, 5.5, 5.5)
    canvas.drawPath(bells, stroke=0, fill=1)


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
