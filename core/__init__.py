"""What service and training share, importing neither (nor TensorFlow or FastAPI): the model format and the text pipeline."""
