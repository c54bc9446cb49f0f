"""The rules engine: pure Python, no I/O, knows nothing of printing."""
