"""The layout rules of the rule summaries, read back from the PDFs: Classic and Plus on one
page of A4 and of Letter in every language, every example inside its section, no heading
at the foot of a column, no number parted from its word at a line's end, bullets whose
wrapped lines start where their first line does."""

from __future__ import annotations

import re
from functools import cache

import pytest
from pdfcheck import MM, text_runs

from cardgen.model.rules import VARIANTS
from cardgen.render.summary.blocks import BODY_LEADING, BODY_SIZE, HEADING_SIZE
from cardgen.summaries import load_summary, summary_pdf
from cardgen.texts import LANGUAGES

PAPERS = ("a4", "letter")
EVERY = [(variant, lang, paper) for variant in VARIANTS for lang in LANGUAGES for paper in PAPERS]


@cache
def runs(variant: str, lang: str, paper: str) -> list[list]:
    return text_runs(summary_pdf(variant, lang, paper))


def plain(text: str) -> str:
    return re.sub(r"\s+", " ", text.replace("\u00a0", " ")).strip()


def reading_order(page: int, run) -> tuple:
    """Page, column (left or right of the middle), then top to bottom."""
    return (page, run.x > 100, -run.y)


def body_lines(variant: str, lang: str, paper: str) -> list[list]:
    """Each paragraph's lines as drawn (body text and captions), in order: runs at one x,
    one leading apart."""
    paragraphs: list[list] = []
    for page_runs in runs(variant, lang, paper):
        body = [run for run in page_runs if not run.bold and abs(run.size - BODY_SIZE) < 0.01]
        for run in body:
            last = paragraphs[-1][-1] if paragraphs else None
            follows = last is not None and abs(last.x - run.x) < 0.1 and 0 < last.y - run.y < BODY_LEADING / MM + 0.3
            if follows:
                paragraphs[-1].append(run)
            else:
                paragraphs.append([run])
    return paragraphs


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("variant", ["classic", "plus"])
def test_classic_and_plus_fit_one_page_of_a4_and_of_letter(variant, lang, paper):
    # every Classic, and German Plus on A4 (every Plus but German on Letter), ran to two pages
    assert len(runs(variant, lang, paper)) == 1


@pytest.mark.parametrize("variant,lang,paper", EVERY)
def test_every_example_stands_after_its_sections_text_and_before_the_next_heading(variant, lang, paper):
    # Classic's low-card example came after the next section; the joker examples inside "end of game"
    summary = load_summary(variant)
    pages = runs(variant, lang, paper)
    found = [(page, run) for page, page_runs in enumerate(pages) for run in page_runs]

    def first(predicate) -> tuple:
        return min(reading_order(page, run) for page, run in found if predicate(run))

    def first_within(predicate, within: tuple[tuple, tuple]) -> tuple:
        return min(
            o for page, run in found if within[0] < (o := reading_order(page, run)) < within[1] and predicate(run)
        )

    headings = [
        first(
            lambda run, s=section: run.bold and run.size == HEADING_SIZE and plain(run.text) == plain(s.heading(lang))
        )
        for section in summary.sections
    ]
    for example in summary.examples:
        index = [section.id for section in summary.sections].index(example.section)
        start = plain(example.caption(lang))
        caption = first(lambda run, s=start: not run.bold and len(run.text) > 12 and s.startswith(plain(run.text)))
        end_of_text = plain(summary.sections[index].text(lang).splitlines()[-1].removeprefix("- "))
        after = headings[index + 1] if index + 1 < len(headings) else (len(pages),)
        # the section's last line: the first line after its heading that ends its text
        text_ends = first_within(
            lambda run, e=end_of_text: len(plain(run.text)) > 3 and e.endswith(plain(run.text)),
            (headings[index], after),
        )
        assert headings[index] < text_ends < caption < after, example.id


@pytest.mark.parametrize("variant,lang,paper", EVERY)
def test_a_heading_stands_with_three_lines_of_its_section_or_all_of_it(variant, lang, paper):
    # German Plus left "Die Nullkarten" and two lines at the foot of page 1, the rest overleaf
    for page_runs in runs(variant, lang, paper):
        for heading in (run for run in page_runs if run.bold and run.size == HEADING_SIZE):
            column = [r for r in page_runs if abs(r.x - heading.x) < 8 and r.y < heading.y and r.y > 14]
            lines, ended = 0, False
            for run in sorted(column, key=lambda r: -r.y):
                if run.text == "•":
                    continue
                if run.bold or abs(run.size - BODY_SIZE) > 0.01:  # the next heading, or a drawing
                    ended = True
                    break
                lines += 1
                if lines >= 3:
                    break
            assert lines >= 3 or ended, (heading.text, lines)


SIGN_OR_NUMBER = re.compile(r"^([\d+=×−÷]|… )")


@pytest.mark.parametrize("variant,lang,paper", EVERY)
def test_no_line_starts_with_a_number_parted_from_its_word(variant, lang, paper):
    # "plus proche que le / 8.", "Ana’s / 71", "sobald jemand / 66", "… joueurs / + 4 :"
    for lines in body_lines(variant, lang, paper):
        for before, after in zip(lines, lines[1:]):
            ends_clause = before.text.rstrip()[-1] in ".;:,!?"
            assert ends_clause or not SIGN_OR_NUMBER.match(after.text), (before.text, after.text)


@pytest.mark.parametrize("variant,lang,paper", EVERY)
def test_a_bullets_wrapped_lines_start_where_its_first_line_does(variant, lang, paper):
    # the first line stood about a space right of the lines below it
    for page_runs in runs(variant, lang, paper):
        for bullet in (run for run in page_runs if run.text == "•"):
            first = [r for r in page_runs if abs(r.y - bullet.y) < 0.2 and 0 < r.x - bullet.x < 8 and not r.bold]
            assert len(first) == 1, bullet
            (first_line,) = first
            wrapped = [r for r in page_runs if 0 < bullet.y - r.y < BODY_LEADING / MM + 0.3 and abs(r.x - bullet.x) < 8]
            wrapped = [r for r in wrapped if not r.bold and r.text != "•" and abs(r.size - BODY_SIZE) < 0.01]
            for line in wrapped:
                if not any(abs(b.y - line.y) < 0.2 for b in page_runs if b.text == "•"):
                    assert abs(line.x - first_line.x) < 0.05, (first_line.text, line.text)


@pytest.mark.parametrize("variant,lang,paper", EVERY)
def test_a_list_has_two_items_or_more(variant, lang, paper):
    # "Placing a card" (every variant) and Pro's "Components" held a list of one bullet
    lists: list[list[str]] = []
    current: list[str] = []
    for page, page_runs in enumerate(runs(variant, lang, paper)):
        lefts = {side: min((run.x for run in page_runs if (run.x > 100) == side), default=0) for side in (False, True)}
        for run in sorted((run for run in page_runs if run.y > 14), key=lambda run: reading_order(page, run)):
            if run.text == "•":  # the footer (under 14 mm) aside, a list runs on into the next column
                current.append(run.text)
            elif run.x < lefts[run.x > 100] + 0.5:  # a heading or a paragraph, at the column's edge, ends it
                lists, current = lists + [current] if current else lists, []
    lists += [current] if current else []
    assert lists and all(len(items) >= 2 for items in lists), [len(items) for items in lists]


@pytest.mark.parametrize("variant,lang,paper", EVERY)
def test_a_count_keeps_its_range_and_a_list_its_last_number(variant, lang, paper):
    # "4 joueurs : / 1 à 44" (French Pro), "die Reihenfolge 49, 53, 5, 6, / 27." (German Plus)
    for lines in body_lines(variant, lang, paper):
        for before, after in zip(lines, lines[1:]):
            ends, starts = plain(before.text), plain(after.text)
            assert not (re.search(r"\d \w{1,12} ?:$", ends) and re.match(r"\d", starts)), (ends, starts)
            assert not (re.search(r"\d,$", ends) and re.match(r"\d", starts)), (ends, starts)
