import json

import pytest
from click.testing import CliRunner

from cardgen.cli import main


@pytest.fixture(autouse=True)
def config(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDGEN_CONFIG_DIR", str(tmp_path / "config"))
    return tmp_path / "config"


def run(*args):
    return CliRunner().invoke(main, list(args))


def test_add_list_and_remove_a_printer():
    assert run("printer", "add", "office", "--back-offset", "0.5,-1.25", "--flip", "short").exit_code == 0
    listed = run("printer", "list", "--json")
    assert listed.exit_code == 0
    assert json.loads(listed.output) == {"office": {"back_offset": [0.5, -1.25], "flip": "short", "paper": "a4"}}
    assert "office: back offset 0.5,-1.25 mm, flipped on the short edge, A4" in run("printer", "list").output
    assert run("printer", "remove", "office").exit_code == 0
    assert json.loads(run("printer", "list", "--json").output) == {}


def test_adding_over_a_name_changes_the_options_given_and_says_what_it_kept():
    run("printer", "add", "office", "--back-offset", "0,0", "--flip", "short", "--paper", "letter")
    result = run("printer", "add", "office", "--back-offset", "-1,2")  # as the Letter calibration sheet says
    assert result.exit_code == 0 and result.output.startswith("changed printer 'office'")
    assert result.output.rstrip().endswith("kept its flip and paper")
    assert json.loads(run("printer", "list", "--json").output) == {
        "office": {"back_offset": [-1.0, 2.0], "flip": "short", "paper": "letter"}
    }


def test_a_new_profile_needs_its_back_offset():
    result = run("printer", "add", "home", "--flip", "long")
    assert result.exit_code == 2 and "needs --back-offset X,Y" in result.output


@pytest.mark.parametrize(
    "args",
    [
        ("printer", "add", "a/b", "--back-offset", "0,0", "--flip", "long"),
        ("printer", "add", " ", "--back-offset", "0,0", "--flip", "long"),
        ("printer", "add", "office", "--back-offset", "0.5", "--flip", "long"),
        ("printer", "add", "office", "--back-offset", "11,0", "--flip", "long"),
        ("printer", "remove", "nowhere"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args):
    result = run(*args)
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("cardgen: ")


def test_add_requires_the_offset_and_flips_on_the_long_edge_by_default():
    assert run("printer", "add", "office", "--flip", "long").exit_code == 2
    assert run("printer", "add", "office", "--back-offset", "0,0").exit_code == 0
    assert "flipped on the long edge" in run("printer", "list").output
