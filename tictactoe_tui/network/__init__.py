"""Play a friend on another computer: the messages two copies of the game exchange (``protocol``),
the join code that keeps strangers out (``code``), one connection with its heartbeats (``link``), the
host's server (``host``), the joining side (``join``), and where the host can be reached (``address``).

Nothing here imports Textual: the game's rules online live in ``session.online``, and the screens
only draw what it holds.
"""
