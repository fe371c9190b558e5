"""The app's screens, one per module (imported by module path)."""
