"""HTTP inference service: loads exported SavedModels and serves them. Never imports `training`."""
