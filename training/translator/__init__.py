"""English→German Transformer: data, tokenizer, model, training, decoding and export."""
