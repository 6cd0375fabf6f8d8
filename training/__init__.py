"""Offline training package: datasets, models, evaluation and SavedModel export. Never imports `service`."""
