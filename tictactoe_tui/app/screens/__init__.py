"""The app's screens, one per module (imported by module path); the game screen's is a package
with its helpers."""
