"""cardgen studio: a local web page, in the player's language, that makes what the
command line makes (the same bytes for the same choices) with a picture of every page.

It sits below the command line, over the actions (cardgen/actions/) the command line runs
too, and holds no knowledge of sheets of its own. `serve` starts it; `app.create_app` is the
application.
"""
