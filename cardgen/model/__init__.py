"""Validated models of what the YAML files describe: card sets, faces, page layouts."""
