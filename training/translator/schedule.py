"""Learning-rate schedule: linear warm-up to a peak, then inverse square-root decay."""
from __future__ import annotations

import keras
import tensorflow as tf


@keras.saving.register_keras_serializable(package="translator")
class WarmupInverseSqrt(keras.optimizers.schedules.LearningRateSchedule):
    def __init__(self, peak: float, warmup_steps: int):
        self.peak, self.warmup_steps = float(peak), int(warmup_steps)

    def __call__(self, step):
        step = tf.cast(step, tf.float32) + 1.0
        warmup = tf.cast(self.warmup_steps, tf.float32)
        return self.peak * tf.minimum(step / warmup, tf.math.rsqrt(step / warmup))

    def get_config(self):
        return {"peak": self.peak, "warmup_steps": self.warmup_steps}
