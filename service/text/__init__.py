"""Pure (TensorFlow-free) text handling for translation: sentences, casing, numbers, repetition."""
