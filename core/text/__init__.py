"""Pure text handling around the models: sentences, casing, numbers, repetition."""
