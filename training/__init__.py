"""Offline training package: datasets, models, evaluation and SavedModel export."""
