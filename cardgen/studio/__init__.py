"""cardgen studio: a local web page, in the player's language, that makes what the
command line makes (the same bytes for the same choices) with a picture of every page.

It sits above the services and below the command line: it calls what the command line
calls (through cardgen.choices where both resolve a player's choices) and holds no
knowledge of sheets of its own. `serve` starts it; `app.create_app` is the application.
"""
