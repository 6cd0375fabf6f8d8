"""Model wrappers: each owns the pre- and post-processing around one SavedModel kind."""
