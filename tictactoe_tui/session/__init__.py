"""One game's flow without a screen: its setup, moves and turns, and the engine process that searches.

The app's screens draw these objects and forward keys to them; everything a
game does between two keys (whose turn it is, what undo takes back, which
search is current) lives here, in plain Python that tests drive without an app.
"""
