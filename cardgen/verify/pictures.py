"""verify of a card set's pictures and titles: each file readable and safe, each title
on one line, and each raster picture sharp enough at its size on the card."""

from __future__ import annotations

from pathlib import Path

from cardgen.errors import InputError
from cardgen.messages import Message
from cardgen.model.cards import CardSet, load_card_set
from cardgen.model.faces import bundled_face_names, load_set_faces, text_over_picture
from cardgen.model.pictures import PRINT_DPI
from cardgen.render.pictures import coarse_pictures
from cardgen.verify.report import Report, as_message, problems_of


def check_pictures(name_or_file: str | Path, validated: CardSet, report: Report) -> None:
    """Reports set.pictures for a set whose cards have pictures, titles or texts, or whose style
    is a file of its own (which may draw pictures), measured on cards of the style's design size."""
    pictures = sum(card.picture is not None for card in validated.cards)
    words = any(card.title or card.text for card in validated.cards)
    if not pictures and not words and validated.faces in bundled_face_names():
        return
    try:
        card_set = load_card_set(name_or_file)
        style = load_set_faces(card_set)
    except InputError as exc:
        for problem in problems_of(exc):
            report.failed("set.pictures", problem)
        return
    coarse = coarse_pictures(card_set, style, (style.design_size.width, style.design_size.height))
    for message in coarse:
        report.info("set.pictures", as_message(message))
    over = text_over_picture(card_set, style)
    if over:
        report.info("set.pictures", over)
    if not coarse and not over:
        report.passed("set.pictures", Message("verify.set.pictures", count=pictures, dpi=PRINT_DPI))
