"""What many test modules read, built once for the whole run: the default kit.
The bytes are immutable and the mappings read-only; a test that spoils a file writes
its own copy."""

import os
import sys

# Bytecode kept as Python keeps it, even where PYTHONDONTWRITEBYTECODE asks not to (some
# machines set it): else every worker rewrites the asserts of every test module again (7 s
# of each run) and every `cardgen` the tests start compiles the package again.
sys.dont_write_bytecode = False
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)

from types import MappingProxyType  # noqa: E402

import pytest  # noqa: E402

from cardgen.build import PrintSettings, build  # noqa: E402

# The tests read what cardgen says in English, whatever the language of the machine they run
# on; a test of another language asks for it (--lang, or its own environment).
for _variable in ("LC_ALL", "LC_MESSAGES", "LANG"):
    os.environ.pop(_variable, None)
os.environ["LANGUAGE"] = "en"


def pytest_xdist_auto_num_workers(config):
    """`-n auto` (the default, in pyproject.toml): no workers for one test file, whose run
    is shorter than the four seconds two workers take to start; xdist's own count otherwise."""
    files = {str(arg).split("::")[0] for arg in config.args}
    if len(files) == 1 and files.pop().endswith(".py"):
        return 0
    return None


CARD_SHEETS = ("deck-duplex.pdf", "jokers-duplex.pdf", "jokers-glue.pdf", "zero-cards-glue.pdf")


@pytest.fixture(scope="session")
def default_kit():
    """Every file `cardgen build` writes with no option: A4, long-edge flip, English."""
    return MappingProxyType(build(PrintSettings()))


@pytest.fixture(scope="session")
def card_sheets(default_kit):
    """The default kit's card sheets (what `render_jobs(jobs_for([], None), PrintSettings())` gives)."""
    return MappingProxyType({name: default_kit[name] for name in CARD_SHEETS})


@pytest.fixture(scope="session")
def default_kit_folder(default_kit, tmp_path_factory):
    """The default kit as files, as `cardgen build -o FOLDER` leaves them; copy before changing."""
    folder = tmp_path_factory.mktemp("default-kit")
    for name, content in default_kit.items():
        (folder / name).write_bytes(content)
    return folder


@pytest.fixture(autouse=True)
def says_no_english(monkeypatch):
    """Every refusal, note and warning the command line and the studio say during a test, said
    again in the pseudo-language, must leave no English: a sentence that came from no catalogue
    fails the test that reached it."""
    import sys

    import cardgen.cli
    import cardgen.cli.progress
    from tests.pseudo import english_said

    english: list[str] = []

    def witness(module, name, messages_of):
        shown = getattr(module, name)

        def said(*args, **kwargs):
            for message in messages_of(*args, **kwargs):
                english.extend(english_said(message))
            return shown(*args, **kwargs)

        monkeypatch.setattr(module, name, said)

    # an error's every line (several mistakes: each one)
    witness(cardgen.cli, "_fail", lambda message, *rest, error=None, **_: error.lines() if error else [message])
    witness(cardgen.cli.progress, "warn", lambda message, *rest: [message])
    witness(cardgen.cli.progress, "note", lambda message, *rest: [message])
    studio = sys.modules.get("cardgen.studio.app")  # only where a test module loaded it
    if studio is not None:
        witness(studio, "refused", lambda error, *rest: error.lines())
    yield
    assert not english, f"said in English, not from the catalogues: {english}"
