"""The app's widgets, one per module (imported by module path)."""
