"""The exact solver's machinery: negamax with a transposition table, pairings, relevance zones and workers.

Everything here answers one question exactly (who wins with perfect play, and
in how many plies), so it may take as long as a board needs. ``tables`` holds
what is built once per board and read by every node, and the one step from a
node to the next; the inner loop (``negamax``), the zone prover (``zones``)
and its workers (``parallel``) read the board there, not in one another's
objects, and ``exact`` puts them together.
"""
