"""The game itself: boards, cells, lines, positions, records and symmetries.

The bottom layer of the engine. Nothing here searches, so everything else
(the provers, the big-board player, the app) can depend on it and it on
nothing above it.
"""
