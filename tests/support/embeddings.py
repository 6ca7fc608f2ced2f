"""A deterministic stand-in embedding model for the scripted OpenAI server.

`ngram_vector(text)` hashes the character 2- and 3-grams of the NFKC-normalised, lower-cased
text into a fixed number of signed buckets and L2-normalises the result: texts that share
wording (Japanese or English) get a high cosine similarity, unrelated texts a low one. It is a
real (if small) embedding computed from the input, not a lookup of expected answers, so
retrieval quality measured with it means something.

    with ScriptedOpenAI(embedding_handler) as srv: ...        # answers every /embeddings call
"""

from __future__ import annotations

import hashlib
import math
import unicodedata

from tests.support.openai_server import RecordedRequest, ScriptedResponse, embeddings_response

__all__ = ["DIMENSIONS", "embedding_handler", "ngram_vector"]

DIMENSIONS = 512


def _bucket(gram: str, dimensions: int) -> tuple[int, float]:
    digest = hashlib.blake2b(gram.encode("utf-8"), digest_size=8).digest()
    value = int.from_bytes(digest, "big")
    return value % dimensions, 1.0 if (value >> 63) & 1 else -1.0


def ngram_vector(text: str, dimensions: int = DIMENSIONS) -> list[float]:
    """The embedding of `text`: signed hashed character 2-/3-grams, L2-normalised."""
    normal = " ".join(unicodedata.normalize("NFKC", text).lower().split())
    vector = [0.0] * dimensions
    for n, weight in ((2, 1.0), (3, 1.5)):
        for start in range(max(len(normal) - n + 1, 0)):
            gram = normal[start : start + n]
            if gram.strip():
                index, sign = _bucket(gram, dimensions)
                vector[index] += sign * weight
    norm = math.sqrt(sum(x * x for x in vector))
    return [x / norm for x in vector] if norm else vector


def embedding_handler(request: RecordedRequest) -> ScriptedResponse | None:
    """Answer `/embeddings` with `ngram_vector` of each input; leave other requests alone."""
    if request.endpoint != "embeddings":
        return None
    texts = request.json["input"]
    texts = [texts] if isinstance(texts, str) else texts
    return ScriptedResponse(200, embeddings_response([ngram_vector(t) for t in texts]))
