"""The first player's win at free-style Gomoku (15x15, five in a row), as a proof that ships.

``prover`` and ``threat_tree`` write the proof (``pn_search`` drives the prover's steps by proof
numbers where its depth-first search gives up), ``store`` keeps it in the package's file,
``transpose`` gives a position proven once to the other lines of play that reach it,
``transplant`` offers a unit the proofs of units one O mark apart,
``campaign`` splits the work into units, whose searches (``unit_search``) a run hands to its
workers (``pool``) and whose failures it remembers (``progress``),
``checker`` verifies it from the rules alone, and ``book`` plays from it. The format is in
``docs/gomoku-proof.md``.
"""
