"""What service and training share, importing neither (nor TensorFlow or FastAPI): the model-format contract and the pure text pipeline."""
