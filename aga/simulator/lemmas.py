"""lemminflect's look-ups, remembered.

lemminflect deep-copies every answer it gives, so that a caller may change it; the simulator asks about
the same few thousand words over and over (a realism draw asked 34,000 times) and only reads the
answers, and the copies were about a tenth of its answering time. The answers are the same: these are
lemminflect's, looked up once per word and handed out read-only.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from types import MappingProxyType

import lemminflect

_SIZE = 65_536  # words and forms of them; far more than a town's talk and plans use


@lru_cache(maxsize=_SIZE)
def getAllLemmas(word: str) -> Mapping[str, tuple[str, ...]]:
    """``lemminflect.getAllLemmas(word)``, read-only: the lemmas of ``word`` by part of speech."""
    return MappingProxyType(lemminflect.getAllLemmas(word))


@lru_cache(maxsize=_SIZE)
def getLemma(word: str, upos: str, lemmatize_oov: bool = True) -> tuple[str, ...]:
    """``lemminflect.getLemma``: the lemmas of ``word`` as the part of speech ``upos``."""
    return tuple(lemminflect.getLemma(word, upos=upos, lemmatize_oov=lemmatize_oov))


@lru_cache(maxsize=_SIZE)
def getInflection(lemma: str, tag: str) -> tuple[str, ...]:
    """``lemminflect.getInflection``: the forms of ``lemma`` with the Penn tag ``tag``."""
    return tuple(lemminflect.getInflection(lemma, tag=tag) or ())
