"""Worker processes that map a function over a list of work, results in order. Ctrl-C, an error, or a worker that
dies ends every worker at once: each worker has a pipe of its own (no lock shared with the others that a dying
worker could leave held) and ignores SIGINT, which the parent alone turns into ending them."""

from __future__ import annotations

import multiprocessing
import signal
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from multiprocessing.connection import Connection, wait
from typing import Any, TypeVar

from ..errors import PnpgenError

T = TypeVar("T")
R = TypeVar("R")
STOP_SECONDS = 1.0  # how long a worker told to stop has before it is killed


@dataclass
class _Worker:
    process: Any  # multiprocessing's Process of the chosen context
    pipe: Connection
    busy: int | None = None  # the index of the item it is working on


def in_order(function: Callable[[T], R], work: list[T], jobs: int) -> Iterator[R]:
    """`function` over `work`, results in order: in this process for one job (or one item), else in `jobs` worker
    processes (the function and items must pickle), all ended as soon as the caller stops reading."""
    if jobs == 1 or len(work) <= 1:
        yield from map(function, work)
        return
    workers = _start(function, min(jobs, len(work)))
    finished = False
    try:
        yield from _results(workers, work)
        finished = True
    finally:
        _stop(workers, finished)


def _start(function: Callable[[Any], Any], count: int) -> list[_Worker]:
    ctx = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn")
    workers = []
    try:
        for _ in range(count):
            mine, theirs = ctx.Pipe()
            process = ctx.Process(target=_serve, args=(function, theirs), daemon=True)
            process.start()
            theirs.close()
            workers.append(_Worker(process, mine))
    except BaseException:
        _stop(workers, False)
        raise
    return workers


def _serve(function: Callable[[Any], Any], pipe: Connection) -> None:
    """A worker's loop: items in, (index, ok, result or exception) out, until told to stop."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C reaches the whole process group: the parent ends us
    while True:
        try:
            message = pipe.recv()
        except EOFError:
            return
        if message is None:
            return
        index, item = message
        try:
            outcome = (index, True, function(item))
        except Exception as e:  # noqa: BLE001  (the parent raises it, as a worker of a pool would)
            outcome = (index, False, e)
        try:
            pipe.send(outcome)
        except Exception as e:  # noqa: BLE001  (a result or an error that does not pickle)
            pipe.send((index, False, PnpgenError(f"a worker could not send its result back: {type(e).__name__}: {e}")))


def _results(workers: list[_Worker], work: list) -> Iterator[Any]:
    """Feed each idle worker the next item and yield the results in the order of the work."""
    sent = following = 0
    arrived: dict[int, Any] = {}
    while following < len(work):
        for worker in workers:  # one item at a time each: a worker never waits on a parent blocked sending to it
            if worker.busy is None and sent < len(work):
                try:
                    worker.pipe.send((sent, work[sent]))
                except OSError:
                    _ended(worker)
                worker.busy = sent
                sent += 1
        by_handle = {}
        for worker in workers:
            if worker.busy is not None:
                by_handle[worker.pipe] = by_handle[worker.process.sentinel] = worker
        for handle in wait(list(by_handle)):
            worker = by_handle[handle]
            if worker.busy is None:
                continue  # both its pipe and its sentinel were ready; the result is taken
            index, ok, value = _receive(worker)
            worker.busy = None
            if not ok:
                raise value
            arrived[index] = value
        while following in arrived:
            yield arrived.pop(following)
            following += 1


def _receive(worker: _Worker) -> tuple[int, bool, Any]:
    """A worker's next message; a worker that died (killed, out of memory) stops the batch."""
    try:
        if worker.pipe.poll():
            return worker.pipe.recv()
    except EOFError:
        pass
    except Exception as e:  # noqa: BLE001  (an exception of the worker's that does not unpickle here)
        raise PnpgenError(f"a worker process failed: {type(e).__name__}: {e}") from None
    _ended(worker)


def _ended(worker: _Worker) -> None:
    """Stop the batch with one line naming how a worker process ended."""
    worker.process.join(STOP_SECONDS)
    code = worker.process.exitcode
    how = f"killed by signal {-code}" if code is not None and code < 0 else f"exit status {code}"
    raise PnpgenError(f"a worker process ended in the middle of its work ({how}); the batch was stopped")


def _stop(workers: list[_Worker], finished: bool) -> None:
    """Idle workers are told to stop; busy ones (an error, Ctrl-C, a caller that stopped reading) are terminated."""
    for worker in workers:
        if finished:
            try:
                worker.pipe.send(None)
            except OSError:
                worker.process.terminate()
        else:
            worker.process.terminate()
    for worker in workers:
        worker.process.join(STOP_SECONDS)
        if worker.process.is_alive():
            worker.process.kill()
            worker.process.join()
        worker.pipe.close()
