"""The errors a user sees: one sentence, no traceback, and an exit status."""


class CardgenError(Exception):
    """An error that the command line reports as one line and exits with `exit_code`."""

    exit_code = 2


class InputError(CardgenError):
    """Bad input: a file that cannot be read, or YAML that is not of the expected form."""

    exit_code = 2


class CheckFailed(CardgenError):
    """A check failed or a play broke a rule."""

    exit_code = 1
