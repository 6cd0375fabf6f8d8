"""POST /normalize-time: free-text times to ``HH:MM``."""
from __future__ import annotations

from fastapi import APIRouter

from service.convert import time_items
from service.dependencies import SettingsDep, TimeNormalizerDep
from service.errors import ApiError
from service.limits import check_texts
from service.models.base import ModelInputError
from service.routes import MODEL_ERRORS
from service.schemas import NormalizeTimeRequest, NormalizeTimeResponse

router = APIRouter(tags=["time normalization"])


@router.post(
    "/normalize-time",
    response_model=NormalizeTimeResponse,
    responses=MODEL_ERRORS,
    summary="Normalize times written in words or digits to HH:MM",
    description="Give `text` (one) or `texts` (a list). Each result has the `HH:MM` time and the "
    "model's confidence; a text in which the model recognizes no time gets `time: null` and an "
    "`error` saying so (never a made-up time). Texts are batched with other requests' texts. "
    "`version` pins a loaded version of the model; the answer's `version` says which one answered.",
)
async def normalize_time(
    body: NormalizeTimeRequest,
    settings: SettingsDep,
    runners: TimeNormalizerDep,
) -> NormalizeTimeResponse:
    texts = body.items()
    check_texts(texts, settings, "text" if body.text is not None else "texts")
    runner = runners.get(body.version)
    outcomes = await runner.normalize(texts)
    if body.text is not None and isinstance(outcomes[0], ModelInputError):
        raise ApiError(422, "model_input_error", str(outcomes[0]) or "The model cannot handle this text.")
    return NormalizeTimeResponse(model=runner.name, version=runner.version, results=time_items(texts, outcomes))
