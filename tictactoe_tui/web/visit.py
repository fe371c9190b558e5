"""One visitor's game: the app's process, started for a page and ended with it.

textual-serve's ``AppService`` starts the app through a shell and, to stop it,
asks it to quit and waits for as long as it takes. A served game must end
within a second whatever it is doing, with its engine's process, so a visit
here starts the app itself (no shell: nothing of the command is ever parsed)
in a process group of its own, and kills the group when the app does not quit
in time.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import shlex
import signal
import sys
from asyncio.subprocess import Process
from collections.abc import Awaitable, Callable, Sequence

from textual_serve.app_service import AppService
from textual_serve.download_manager import DownloadManager

QUIT_GRACE = 1.0
"""Seconds an app has to quit when asked before its process group is killed."""


class Visit(AppService):
    """The app's process for one page."""

    def __init__(self, argv: Sequence[str], *, write_bytes: Callable[[bytes], Awaitable[None]],
                 write_str: Callable[[str], Awaitable[None]], close: Callable[[], Awaitable[object]]) -> None:
        async def close_page() -> None:
            await close()

        super().__init__(shlex.join(argv), write_bytes=write_bytes, write_str=write_str, close=close_page,
                         download_manager=DownloadManager())
        self._argv = tuple(argv)
        self._closing: asyncio.Future[None] | None = None

    async def _open_app_process(self, width: int = 80, height: int = 24) -> Process:
        environment = self._build_environment(width=width, height=height)
        self._process = process = await asyncio.create_subprocess_exec(
            *self._argv,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
            env=environment,
            start_new_session=True,  # A group of its own: Ctrl+C in the server's terminal is the server's.
        )
        assert process.stdin is not None
        self._stdin = process.stdin
        return process

    async def start(self, width: int, height: int) -> None:
        """Start the app; when it ends, by itself or killed, its page is closed too."""
        await super().start(width, height)
        assert self._task is not None
        self._task.add_done_callback(self._app_ended)

    def _app_ended(self, task: asyncio.Task[None]) -> None:
        self._closing = asyncio.ensure_future(self.remote_close())

    async def stop(self) -> None:
        """Ask the app to quit, and kill what is left of its group after ``QUIT_GRACE`` seconds.

        Safe to call more than once, and before the app has started.
        """
        task, self._task = self._task, None
        if task is not None:
            await self.send_meta({"type": "quit"})
            try:
                await asyncio.wait_for(asyncio.shield(task), QUIT_GRACE)
            except TimeoutError:
                self.kill()
                await task
        self.kill()  # The engine's process too, should the app have left it behind.
        if self._process is not None:
            await self._process.wait()

    def kill(self) -> None:
        """End the app and every process it started, at once."""
        process = self._process
        if process is None:
            return
        with contextlib.suppress(ProcessLookupError, PermissionError):
            if sys.platform == "win32":
                process.kill()
            else:
                os.killpg(process.pid, signal.SIGKILL)
