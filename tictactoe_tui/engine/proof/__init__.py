"""The first player's win at free-style Gomoku (15x15, five in a row), as a proof that ships.

``prover`` and ``threat_tree`` write the proof, ``store`` keeps it in the package's file,
``checker`` verifies it from the rules alone, and ``book`` plays from it. The format is in
``docs/gomoku-proof.md``.
"""
