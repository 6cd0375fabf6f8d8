"""Learning-rate schedule: linear warm-up to a peak, then inverse square-root decay."""
from __future__ import annotations

import keras
from keras import ops


@keras.saving.register_keras_serializable(package="translator")
class WarmupInverseSqrt(keras.optimizers.schedules.LearningRateSchedule):
    def __init__(self, peak: float, warmup_steps: int):
        self.peak, self.warmup_steps = float(peak), int(warmup_steps)

    def __call__(self, step):
        ratio = (ops.cast(step, "float32") + 1.0) / float(self.warmup_steps)
        return self.peak * ops.minimum(ratio, ops.rsqrt(ratio))

    def get_config(self):
        return {"peak": self.peak, "warmup_steps": self.warmup_steps}
