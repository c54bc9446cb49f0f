"""The message catalogues: complete in every language, compiled, and said in the language
asked for on the command line, with numbers and lists as each language writes them."""

import json
import re
import sys
from pathlib import Path

import pytest

from cardgen.messages import Message, catalogue_languages, language_of_environment, speaking
from tests.clirun import cardgen_in_process
from tests.pseudo import english_left, pseudo_messages

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import catalogues  # noqa: E402

LANGUAGES = catalogues.languages()
ENGLISH = catalogues.read("en")
IDS = sorted(m.id if isinstance(m.id, str) else m.id[0] for m in ENGLISH if m.id)
PLACEHOLDER = re.compile(r"\{([^{}:!]*)(![^{}:]*)?(:[^{}]*)?\}")


def texts_of(message) -> list[str]:
    return list(message.string) if isinstance(message.string, tuple) else [message.string]


def names_in(text: str) -> set[str]:
    return {match.group(1) for match in PLACEHOLDER.finditer(text)}


def test_every_language_with_a_folder_has_a_catalogue_and_is_offered():
    folders = sorted(path.name for path in (ROOT / "templates" / "locales").iterdir() if path.is_dir())
    assert LANGUAGES == folders
    assert sorted(catalogue_languages()) == folders and catalogue_languages()[0] == "en"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_catalogue_is_compiled_as_it_stands(lang):
    """A .po edited without `python tools/catalogues.py compile` would not be what cardgen says."""
    mo = (ROOT / "templates" / "locales" / lang / "messages.mo").read_bytes()
    assert mo == catalogues.compiled(catalogues.read(lang)), f"run: python tools/catalogues.py compile ({lang})"


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_every_language_says_every_message_with_the_same_parameters(lang):
    catalog = catalogues.read(lang)
    for english in ENGLISH:
        if not english.id:
            continue
        key = english.id if isinstance(english.id, str) else english.id[0]
        found = catalog.get(key)
        assert found is not None, f"{lang}: no text for {key}"
        assert "fuzzy" not in found.flags, f"{lang}: {key} awaits a translator (its English changed)"
        assert isinstance(found.id, tuple) == isinstance(english.id, tuple), (
            f"{lang}: {key} plural or not as in English"
        )
        for text in texts_of(found):
            assert text.strip(), f"{lang}: {key} is empty"
            assert names_in(text) <= names_in(" ".join(texts_of(english))), (
                f"{lang}: {key} names a parameter English has not"
            )
    extra = [m.id for m in catalog if m.id and ENGLISH.get(m.id if isinstance(m.id, str) else m.id[0]) is None]
    assert not extra, f"{lang}: {extra} are no messages of English"


def test_no_text_shows_a_python_representation():
    """{value!r} would show Python's quotes, not the language's: quotes belong to the text."""
    for lang in LANGUAGES:
        for message in catalogues.read(lang):
            for text in texts_of(message):
                assert not any(m.group(2) for m in PLACEHOLDER.finditer(text)), f"{lang}: {message.id}: {text}"


@pytest.mark.parametrize(
    ("lang", "size", "games", "share", "names", "semicolons"),
    [
        ("en", "0.75", "12,000", "25.5%", "a, b, and c", "0.1; 0.2"),
        ("fr", "0,75", "12\u202f000", "25,5\u00a0%", "a, b et c", "0,1\u00a0; 0,2"),
        ("de", "0,75", "12.000", "25,5\u00a0%", "a, b und c", "0,1; 0,2"),
        ("nl", "0,75", "12.000", "25,5%", "a, b en c", "0,1; 0,2"),
    ],
)
def test_numbers_and_lists_are_written_as_each_language_writes_them(lang, size, games, share, names, semicolons):
    from cardgen.messages import _List, _Number

    assert format(_Number(0.75, lang), "") == size
    assert format(_Number(12000, lang), "n") == games
    assert format(_Number(12000, lang), "") == "12000"  # a card number, a line: never grouped
    assert format(_Number(0.255, lang), ".1%") == share
    assert format(_List(["a", "b", "c"], lang), "") == names
    assert format(_List([_Number(7, lang), _Number(0.5, lang)], lang), ",") == f"7, 0{size[1]}5"
    assert format(_List([_Number(0.1, lang), _Number(0.2, lang)], lang), ";") == semicolons  # decimals listed


@pytest.mark.parametrize(
    ("environment", "lang"),
    [
        ({"LANG": "fr_FR.UTF-8"}, "fr"),
        ({"LANGUAGE": "de_AT:de:en", "LANG": "fr_FR.UTF-8"}, "de"),
        ({"LANGUAGE": "pt_BR:nl", "LANG": "pt_BR.UTF-8"}, "nl"),
        ({"LC_ALL": "nl_BE.UTF-8", "LANG": "de_DE.UTF-8"}, "nl"),
        ({"LC_MESSAGES": "de_DE@euro"}, "de"),
        ({"LC_ALL": "C", "LANGUAGE": "fr"}, "fr"),  # LANGUAGE is read first, as gettext reads it
        ({"LANG": "C.UTF-8"}, None),
        ({"LANG": "pt_BR.UTF-8"}, None),
        ({}, None),
    ],
)
def test_the_language_of_the_environment_is_read_as_gettext_reads_it(environment, lang):
    assert language_of_environment(environment) == lang


def test_an_error_on_the_command_line_is_said_in_the_language_asked_for():
    ran = cardgen_in_process("build", "--paper", "b5", "--lang", "fr")
    assert ran.returncode == 2
    assert (
        ran.stderr
        == "cardgen: --paper\u00a0: b5 n’est pas un choix possible\u00a0: a4 ou letter. Voir «\u00a0cardgen build --help\u00a0».\n"
    )
    german = cardgen_in_process("verify", "--lang", "de", "--nope")
    assert german.stderr.startswith("cardgen: Die Option --nope gibt es nicht.")


def test_without_lang_the_command_line_speaks_the_language_of_the_environment(monkeypatch):
    monkeypatch.setenv("LANG", "nl_NL.UTF-8")
    monkeypatch.delenv("LANGUAGE", raising=False)
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    assert "is geen van de keuzes" in cardgen_in_process("rules", "--paper", "x").stderr


def test_json_gives_a_failure_s_message_id_and_parameters_beside_its_text():
    ran = cardgen_in_process("verify", "--json", "--lang", "de", "--nope")
    data = json.loads(ran.stdout)
    assert ran.returncode == 2 and data["exit_status"] == 2
    assert data["error"]["id"] == "cli.usage"
    assert data["error"]["params"]["problem"] == {"id": "cli.no_such_option", "params": {"option": "--nope"}}
    assert data["error"]["text"].startswith("Die Option --nope gibt es nicht.")


def test_a_plural_text_is_chosen_by_count_as_each_language_counts(monkeypatch):
    """French says 0 and 1 in the singular, the others 1 alone (the Plural-Forms of each .po)."""
    import gettext
    import io

    import cardgen.messages

    def catalogue_with_pages(lang):
        catalog = catalogues.read(lang)
        catalog.add(("t.pages", "t.pages"), ("{count} p1", "{count} p2"))
        return gettext.GNUTranslations(io.BytesIO(catalogues.compiled(catalog)))

    monkeypatch.setattr(cardgen.messages, "_catalogue", catalogue_with_pages)
    assert [Message("t.pages", count=n).text("fr") for n in (0, 1, 2)] == ["0 p1", "1 p1", "2 p2"]
    for lang in ("en", "de", "nl"):
        assert [Message("t.pages", count=n).text(lang) for n in (0, 1, 2)] == ["0 p2", "1 p1", "2 p2"]


def test_a_message_is_shown_in_the_language_of_the_block_it_is_said_in():
    message = Message("cli.missing_option", option="--set")
    with speaking("de"):
        assert str(message) == "--set wird hier gebraucht."
        with speaking("nl"):
            assert str(message) == "--set is hier nodig."
        assert str(message) == "--set wird hier gebraucht."


def test_the_pseudo_language_marks_every_catalogue_text_and_leaves_the_rest_showing():
    with pseudo_messages():
        said = Message("cli.usage", problem=Message("cli.no_such_option", option="--nope"), command="cardgen x").text()
    assert said.startswith("⟦⟦") and "--nope" in said and not english_left(said)
    assert english_left("⟦ñö⟧ the file must be a PDF") == ["the", "file", "must", "be", "a"]


def sample(name: str, spec: str | None):
    """A value for a parameter, of the kind its text formats."""
    if spec in (":n",) or (spec and (spec.endswith("%") or spec.endswith("f"))):
        return 1234.5
    if spec in (":or", ":,", ":;"):
        return ["a", "b", "c"]
    return f"‹{name}›"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_message_renders_in_every_language_with_its_parameters(lang):
    for message_id in IDS:
        english = ENGLISH.get(message_id)
        texts = " ".join(texts_of(english))
        params = {m.group(1): sample(m.group(1), m.group(3)) for m in PLACEHOLDER.finditer(texts)}
        for count in (1, 2) if isinstance(english.id, tuple) else (None,):
            given = params | ({"count": count} if count is not None else {})
            said = Message(message_id, **given).text(lang)
            assert not said.startswith(message_id + " "), f"{lang}: {message_id} does not fill in {given}"


def test_every_message_the_code_names_is_in_the_catalogue():
    """An id typed in the code but not in the catalogue would show as the bare id."""
    named = set()
    for path in (ROOT / "cardgen").rglob("*.py"):
        if path.name != "messages.py":  # its docstring's examples
            named |= set(re.findall(r"Message\(\s*\"([a-z_0-9]+\.[a-z_.0-9]+)\"", path.read_text(encoding="utf-8")))
    assert not named - set(IDS), f"not in templates/locales/en/messages.po: {sorted(named - set(IDS))}"


def test_an_output_that_is_the_wrong_kind_of_path_is_refused_in_the_language_asked_for(tmp_path):
    """Where a folder is written, a file of that name is refused (and a folder where a file
    is): in the command's language, before anything is drawn, the file untouched."""
    a_file = tmp_path / "output"
    a_file.write_text("mine")
    german = cardgen_in_process("build", "--lang", "de", "-o", a_file)
    assert german.returncode == 2
    assert f"{a_file} ist eine Datei, kein Ordner" in german.stderr
    french = cardgen_in_process("calibrate", "--lang", "fr", "-o", tmp_path)
    assert french.returncode == 2 and f"{tmp_path} est un dossier\u00a0: indiquez le fichier" in french.stderr
    assert a_file.read_text() == "mine"


def test_the_language_may_be_given_before_the_command_s_name():
    """cardgen --lang fr build …: the command speaks French, its help and its refusals alike."""
    refused = cardgen_in_process("--lang", "fr", "build", "--paper", "b5")
    assert refused.returncode == 2 and "b5 n’est pas un choix possible" in refused.stderr
    helped = cardgen_in_process("--lang", "de", "--help")
    assert helped.stdout.startswith("Aufruf: cardgen") and "Befehle:" in helped.stdout
