"""A one-line progress report on stderr, for the library's `progress(done, total)` callbacks.

    with LineProgress("export") as progress:
        export(request, progress=progress)

It draws only when stderr is a terminal, redrawing its line in place at most ten times a
second (and at the last step), and wipes the line when the work ends or fails, so what the
command prints next starts on a clean line. Nothing reaches a pipe, a file or a JSON reader.
"""

from __future__ import annotations

import sys
import time
from typing import TextIO

import click

from cardgen.errors import printable
from cardgen.messages import Message

REDRAW_SECONDS = 0.1


class LineProgress:
    """The line of progress.WHAT in the catalogue; `timed`: also how many a second and the
    time left, once `after` seconds have passed (a run shorter than that shows nothing)."""

    def __init__(self, what: str, stream: TextIO | None = None, timed: bool = False, after: float = 0.0) -> None:
        self.what, self.timed, self.after = what, timed, after
        self.stream = stream if stream is not None else sys.stderr
        self.shown = 0  # the width of the line on screen
        self.drawn_at = 0.0
        self.started = time.monotonic()

    def __call__(self, done: int, total: int) -> None:
        if not self.stream.isatty():
            return
        now = time.monotonic()
        if now - self.started < self.after or (done < total and now - self.drawn_at < REDRAW_SECONDS):
            return
        self.drawn_at = now
        line = Message(f"progress.{self.what}", done=done, total=total).text()
        if self.timed and done:
            rate = done / (now - self.started)
            line += Message("progress.timed", rate=round(rate), left=round((total - done) / rate)).text()
        self.stream.write("\r" + line.ljust(self.shown))
        self.stream.flush()
        self.shown = max(self.shown, len(line))

    def __enter__(self) -> LineProgress:
        return self

    def __exit__(self, *exc_info) -> None:
        if self.shown:
            self.stream.write("\r" + " " * self.shown + "\r")
            self.stream.flush()
            self.shown = 0


def warn(message) -> None:
    """A warning from the library, on its own line of stderr as it comes."""
    click.echo(f"cardgen: {printable(Message('cli.warning', warning=message).text())}", err=True)


def note(message) -> None:
    """A note beside what a command made, on its own line of stderr."""
    click.echo(f"cardgen: {printable(Message('cli.note', note=message).text())}", err=True)


def preparing_note() -> None:
    click.echo(f"cardgen: {Message('cli.preparing').text()}", err=True)
