"""How much a served game lets its visitors ask for: plain numbers, read by the command line too."""

MAX_MESSAGE_BYTES = 64 * 1024
"""The largest message a page may send: a paste of keys, never megabytes."""

MAX_TERMINAL_SIDE = 1000
"""The most columns or rows a page may claim; a real window is a few hundred at most."""

DEFAULT_TERMINAL = (80, 24)
"""The terminal's size until the page says what fits its window."""

DEFAULT_MAX_SESSIONS = 4
"""Games at once: each is an app and an engine process, a few hundred MB at most together."""
MAX_SESSIONS = 64
"""The most games at once that ``--max-sessions`` accepts."""
DEFAULT_IDLE_MINUTES = 30.0
"""A game whose page has sent nothing for this long is ended, and its place freed."""
