"""The Gomocup (Piskvork) brain protocol, both ways: the engine as a brain, and any brain as a player.

``brain`` answers a manager on stdin/stdout (``pbrain-tictactoe-tui``);
``client`` runs an external brain as a ``Player``; ``protocol`` reads and writes
the protocol's words and maps its ``x,y`` to the engine's cells. Nothing here
imports a user interface.
"""
