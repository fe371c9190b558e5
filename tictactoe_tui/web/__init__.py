"""Serving the game to a web browser: ``tictactoe-tui serve``.

textual-serve runs one copy of the app for each page that connects. Anything
that can reach the server can drive those copies, and a page from any other
web site can open a websocket to it, so the server here only takes its own
page's connections, with the run's secret token, up to a bounded number of
sessions; and the app it starts knows it is served (``--served``), so that
nothing a visitor types can start a program and nothing is written to the
serving player's files.
"""
