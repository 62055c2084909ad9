"""Where a sweep's chunks of games are played: this machine's cores (`local`) or a Dask cluster (`dask`). Each maps
one function over the work, sending the pack along with it, and yields the results in the order of the work."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from functools import partial
from typing import Any, Protocol

from .. import __version__
from ..errors import PnpgenError, reason
from .packs import Pack
from .workers import in_order

EXECUTORS = ("local", "dask")
CONNECT_SECONDS = 10  # how long to wait for the scheduler, and for its first worker
DASK_EXTRA = "pip install 'pnpgen[dask]'"
NETWORK_SCHEMES = ("tcp", "tls", "ws", "wss")  # addresses that name a host and a port


class Executor(Protocol):
    """Maps `function(pack, item)` over the work; the results come back in the work's order."""

    def run(self, function: Callable[[Pack, Any], Any], pack: Pack, work: list) -> Iterator[Any]: ...


class LocalExecutor:
    """This machine: `jobs` worker processes (the simulator's pool), or this process alone for one job."""

    def __init__(self, jobs: int = 1):
        if jobs < 1:
            raise PnpgenError("--jobs must be at least 1")
        self.jobs = jobs

    def run(self, function: Callable[[Pack, Any], Any], pack: Pack, work: list) -> Iterator[Any]:
        """The function over the work in the pool, in order."""
        return in_order(partial(function, pack), work, self.jobs)


class DaskExecutor:
    """A Dask cluster reached through its scheduler: the pack is sent to every worker once, each item is a task."""

    def __init__(self, scheduler: str):
        try:
            import distributed  # noqa: F401  (the optional extra: say how to get it before any work starts)
        except ImportError:
            raise PnpgenError(f"--executor dask needs Dask's distributed scheduler: {DASK_EXTRA}") from None
        _check_address(scheduler)
        self.scheduler = scheduler

    def run(self, function: Callable[[Pack, Any], Any], pack: Pack, work: list) -> Iterator[Any]:
        """The function over the work on the cluster; results are put back in order as they arrive."""
        from distributed import as_completed

        with self._client() as client:
            _check_workers(client, self.scheduler)
            shared = client.scatter(pack, broadcast=True, hash=False)
            futures = [client.submit(function, shared, item, pure=False) for item in work]
            order = {f.key: i for i, f in enumerate(futures)}
            arrived: dict[int, Any] = {}
            following = 0
            try:
                for future in as_completed(futures, loop=client.loop):
                    arrived[order[future.key]] = _result(future)
                    future.release()
                    while following in arrived:
                        yield arrived.pop(following)
                        following += 1
            finally:
                client.cancel(futures)

    def _client(self):
        from distributed import Client

        try:
            return Client(self.scheduler, timeout=f"{CONNECT_SECONDS}s", set_as_default=False)
        except (OSError, TimeoutError, ValueError) as e:
            raise PnpgenError(f"--scheduler {self.scheduler}: cannot reach a Dask scheduler there "
                              f"({reason(e)})") from None


def _check_address(scheduler: str, network: bool = False) -> None:
    """Refuse, before any connection is tried, an address Dask cannot read (else its client fails in a thread,
    and the half-made client waits 20 s to close and prints two tracebacks); with `network`, also one that
    cannot name a scheduler in another process (inproc://)."""
    from distributed.comm.addressing import get_address_host_port, normalize_address, parse_address
    from distributed.comm.registry import get_backend

    try:
        address = normalize_address(scheduler)
        scheme = parse_address(address)[0]
        get_backend(scheme)  # (a scheme Dask does not know: ValueError)
        if network and scheme not in NETWORK_SCHEMES:
            raise ValueError(f"pnpgen reaches a scheduler by {', '.join(n + '://' for n in NETWORK_SCHEMES)}, not "
                             f"{scheme}://")
        if scheme in NETWORK_SCHEMES:
            port = get_address_host_port(address)[1]
            if not 0 < port < 65536:
                raise ValueError(f"port {port} is not from 1 to 65535")
    except (ValueError, TypeError) as e:
        raise PnpgenError(f"--scheduler {scheduler}: not a Dask scheduler's address ({reason(e)}); expected "
                          "tcp://HOST:PORT, such as tcp://scheduler-host:8786") from None


def _check_workers(client: Any, scheduler: str) -> None:
    """At least one worker, each running this version of pnpgen (they unpickle its functions and objects)."""
    try:
        client.wait_for_workers(1, timeout=CONNECT_SECONDS)
    except TimeoutError:
        raise PnpgenError(f"--scheduler {scheduler}: no Dask worker joined within {CONNECT_SECONDS} s; start some "
                          f"with `dask worker {scheduler}`") from None
    versions = client.run(worker_version, on_error="return")
    for worker, version in sorted(versions.items()):
        if isinstance(version, BaseException):
            raise PnpgenError(f"Dask worker {worker} cannot run pnpgen ({type(version).__name__}: {version}); every "
                              f"worker needs pnpgen {__version__} installed")
        if version != __version__:
            raise PnpgenError(f"Dask worker {worker} runs pnpgen {version}, this is {__version__}; install the same "
                              "version on every worker")


def worker_version() -> str:
    """The version of pnpgen a worker runs (a worker without pnpgen cannot even load this function)."""
    return __version__


def _result(future: Any) -> Any:
    """A task's result; a worker that failed reports one line (a PnpgenError as it is)."""
    try:
        return future.result()
    except PnpgenError:
        raise
    except Exception as e:  # noqa: BLE001  (whatever broke on the worker: name it, with the task)
        raise PnpgenError(f"a Dask worker failed a sweep task: {type(e).__name__}: {reason(e)}") from None


def executor_named(name: str, jobs: int | None = None, scheduler: str | None = None) -> Executor:
    """An executor from the command line's words: local (with --jobs, default every core) or dask (--scheduler)."""
    if name == "local":
        if scheduler:
            raise PnpgenError("--scheduler is for --executor dask")
        return LocalExecutor(jobs or os.cpu_count() or 1)
    if name == "dask":
        if not scheduler:
            raise PnpgenError("--executor dask needs --scheduler ADDRESS (e.g. tcp://scheduler-host:8786, where "
                              "`dask scheduler` listens)")
        if jobs is not None:
            raise PnpgenError("--jobs is for --executor local (a Dask cluster has as many workers as it runs)")
        executor = DaskExecutor(scheduler)
        _check_address(scheduler, network=True)
        return executor
    raise PnpgenError(f"--executor: unknown executor '{name}' (expected one of: {', '.join(EXECUTORS)})")
