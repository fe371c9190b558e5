"""The player for boards too big to solve: line patterns, threat search and a timed tree search.

Nothing here claims a proof. It uses the rules beneath it and the same
budget as the solver, and ``solver`` falls back to it once an exact search
runs out of time.
"""
