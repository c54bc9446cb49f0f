import subprocess
import sys

import pytest
from click.testing import CliRunner
from clirun import cardgen_in_process

from cardgen import __version__
from cardgen.cli import main


def test_version_is_printed():
    result = CliRunner().invoke(main, ["--version"])
    assert result.exit_code == 0
    assert __version__ in result.output


def test_every_command_has_help():
    runner = CliRunner()
    for name in main.commands:
        result = runner.invoke(main, [name, "--help"])
        assert result.exit_code == 0, name
        assert "Usage:" in result.output


def test_python_dash_m_runs_the_same_command_line():
    result = subprocess.run([sys.executable, "-m", "cardgen", "--help"], capture_output=True, text=True)
    assert result.returncode == 0
    assert "referee" in result.stdout


def test_a_usage_mistake_is_one_line_pointing_to_the_help():
    result = subprocess.run([sys.executable, "-m", "cardgen", "build", "--paper", "a3"], capture_output=True, text=True)
    assert result.returncode == 2
    assert result.stderr.strip().splitlines() == [
        "cardgen: --paper: a3 is not one of a4 or letter. See 'cardgen build --help'."
    ]


def test_a_mistyped_command_is_one_line_naming_the_likeliest_command():
    result = cardgen_in_process("biuld")
    assert result.returncode == 2
    assert result.stderr == "cardgen: there is no command biuld: did you mean build? See 'cardgen --help'.\n"


def test_cardgen_alone_shows_the_help():
    result = subprocess.run([sys.executable, "-m", "cardgen"], capture_output=True, text=True)
    assert result.returncode == 0
    assert "Commands:" in result.stdout and "build" in result.stdout


CTRL_C_WHILE_LOADING = """
import sys
from cardgen.__main__ import run

class CtrlC:  # Ctrl-C pressed while the command line's modules load
    def find_spec(self, name, path=None, target=None):
        if name == "cardgen.cli":
            raise KeyboardInterrupt
sys.meta_path.insert(0, CtrlC())
sys.argv = ["cardgen", "--help"]
run()
"""


def test_ctrl_c_while_the_command_line_loads_is_one_line_and_130():
    result = subprocess.run([sys.executable, "-c", CTRL_C_WHILE_LOADING], capture_output=True, text=True)
    assert result.returncode == 130
    assert result.stderr == "cardgen: stopped.\n"


CTRL_C_IN_AN_EXEC = """
import sys
from cardgen.__main__ import run

class CtrlC:  # Ctrl-C pressed while a module runs exec() on a string (dataclasses do)
    def find_spec(self, name, path=None, target=None):
        if name == "cardgen.cli":
            exec("raise KeyboardInterrupt")
sys.meta_path.insert(0, CtrlC())
sys.argv = ["cardgen", "--help"]
run()
"""


def test_ctrl_c_caught_in_an_exec_under_python_m_is_still_130(tmp_path):
    """CPython marks a Ctrl-C that escapes an exec() of a string as unhandled and, under
    `python -m`, ends the process by SIGINT on the way out, after our line and status 130."""
    (tmp_path / "ctrl_c_in_an_exec").mkdir()
    (tmp_path / "ctrl_c_in_an_exec" / "__main__.py").write_text(CTRL_C_IN_AN_EXEC)
    result = subprocess.run([sys.executable, "-m", "ctrl_c_in_an_exec"], capture_output=True, text=True, cwd=tmp_path)
    assert result.returncode == 130
    assert result.stderr == "cardgen: stopped.\n"


def test_ctrl_c_wrapped_while_a_class_is_made_is_one_line_and_130():
    """Python 3.11 wraps a Ctrl-C that lands in a class's __set_name__ in a RuntimeError."""
    wrapped = CTRL_C_WHILE_LOADING.replace(
        "raise KeyboardInterrupt",
        'raise RuntimeError("Error calling __set_name__") from KeyboardInterrupt()',
    )
    result = subprocess.run([sys.executable, "-c", wrapped], capture_output=True, text=True)
    assert result.returncode == 130
    assert result.stderr == "cardgen: stopped.\n"


@pytest.mark.parametrize(
    "args, named",
    [
        (["build", "-o", ""], "-o"),  # it wrote into the current folder
        (["build", "--printer="], "--printer"),  # it used no profile without a word
        (["export", "--set", "jokers", "--layout", " "], "--layout"),
        (["verify", ""], "an argument"),
    ],
)
def test_an_empty_value_is_refused_naming_its_option_and_nothing_is_written(tmp_path, monkeypatch, args, named):
    monkeypatch.chdir(tmp_path)
    result = cardgen_in_process(*args)
    assert (
        result.returncode == 2
        and result.stderr == f"cardgen: {named} is empty: give it a value, or leave it out. See 'cardgen --help'.\n"
    )
    assert not list(tmp_path.iterdir())


def test_a_device_or_a_pipe_where_a_file_goes_is_left_as_it_is(tmp_path):
    import os

    os.mkfifo(tmp_path / "jokers-duplex.pdf")
    result = cardgen_in_process("build", "--set", "jokers", "-o", tmp_path)
    assert result.returncode == 2 and "a pipe or a socket stands where this file should go" in result.stderr
    assert [path.name for path in tmp_path.iterdir()] == ["jokers-duplex.pdf"] and not (
        tmp_path / "jokers-duplex.pdf"
    ).is_file()
