"""The engine's tests, in folders that mirror the engine's layers; this folder holds their shared references
(``minimax``, ``positions``), importable from every one of them."""
