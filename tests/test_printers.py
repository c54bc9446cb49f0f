import pytest

from cardgen.errors import InputError
from cardgen.printers import (
    PrinterProfile,
    config_dir,
    load_profile,
    load_profiles,
    parse_offset,
    parse_ruler_measured,
    profiles_path,
    remove_profile,
    save_profile,
)


@pytest.fixture(autouse=True)
def config(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDGEN_CONFIG_DIR", str(tmp_path / "config"))
    return tmp_path / "config"


def test_config_dir_follows_the_environment(config):
    assert config_dir() == config


@pytest.mark.parametrize(
    "text, expected",
    [
        ("0.5,-1.25", (0.5, -1.25)),
        (" -3 , 2 ", (-3.0, 2.0)),
        ("0,0", (0.0, 0.0)),
        ("-0,10", (0.0, 10.0)),  # one comma parts the two numbers, always
        ("0,5;-1,25", (0.5, -1.25)),  # a semicolon parts them: the comma is a decimal mark
        ("1,5 -0,5", (1.5, -0.5)),  # so do spaces
        ("0.5; 1", (0.5, 1.0)),
        ("0,75 ; 0", (0.75, 0.0)),
    ],
)
def test_parse_offset_reads_two_numbers_in_mm(text, expected):
    assert parse_offset(text) == expected


def test_the_rulers_measure_takes_a_decimal_comma_between_a_semicolon_or_spaces():
    assert parse_ruler_measured("99,6;100,2") == parse_ruler_measured("99.6,100.2") == (99.6, 100.2)
    assert parse_ruler_measured("99,6 100") == (99.6, 100.0)
    with pytest.raises(InputError, match=r"write ACROSS,DOWN with a decimal point \(99.6,100.2\), or ACROSS;DOWN"):
        parse_ruler_measured("99,6,100,2")  # a decimal comma, or four numbers? refused, never guessed


@pytest.mark.parametrize(
    "text", ["", "1", "1,2,3", "a,b", "0,5,1,25", "0,5;1;2", "1.5,2,5", "nan,0", "inf,1", "10.5,0", "0,-11"]
)
def test_parse_offset_refuses_bad_text_in_one_sentence(text):
    with pytest.raises(InputError) as error:
        parse_offset(text)
    message = str(error.value)
    assert "\n" not in message and message.endswith(".")


def test_a_profile_round_trips_through_the_file(config):
    profile = PrinterProfile("office", (0.5, -1.25), "short", "letter")
    assert save_profile(profile) is False
    assert profiles_path().parent == config
    assert load_profile("office") == profile
    assert save_profile(PrinterProfile("home", (0.0, 0.25), "long", "a4")) is False
    assert sorted(load_profiles()) == ["home", "office"]


def test_adding_an_existing_name_replaces_it():
    save_profile(PrinterProfile("office", (0.5, -1.25), "short", "letter"))
    assert save_profile(PrinterProfile("office", (1.0, 1.0), "long", "a4")) is True
    assert load_profile("office") == PrinterProfile("office", (1.0, 1.0), "long", "a4")


def test_remove_deletes_only_that_profile():
    save_profile(PrinterProfile("office", (0.5, -1.25), "short", "letter"))
    save_profile(PrinterProfile("home", (0.0, 0.25), "long", "a4"))
    remove_profile("office")
    assert list(load_profiles()) == ["home"]


def test_an_unknown_profile_names_the_command_that_lists_them():
    with pytest.raises(InputError, match="no printer profile named nowhere; `cardgen printer list`"):
        load_profile("nowhere")
    with pytest.raises(InputError):
        remove_profile("nowhere")


@pytest.mark.parametrize("name", ["", "  ", "a/b", "a\\b", "x" * 61])
def test_bad_names_are_refused(name):
    with pytest.raises(InputError):
        save_profile(PrinterProfile(name, (0.0, 0.0), "long", "a4"))


@pytest.mark.parametrize("flip, paper", [("sideways", "a4"), ("long", "a3")])
def test_bad_flip_or_paper_is_refused(flip, paper):
    with pytest.raises(InputError):
        save_profile(PrinterProfile("office", (0.0, 0.0), flip, paper))


def test_a_damaged_file_is_one_clear_error(config):
    config.mkdir(parents=True)
    (config / "printers.yaml").write_text("printers: [unclosed\n")
    with pytest.raises(InputError, match="not valid YAML"):
        load_profiles()
    (config / "printers.yaml").write_text("printers:\n  office: {back_offset: [50, 0]}\n")
    with pytest.raises(InputError, match="office"):
        load_profile("office")
