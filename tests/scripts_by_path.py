"""The repository's scripts as modules, for their tests: they live outside the package, so each is
loaded from its path, once."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

SCRIPTS = Path(__file__).resolve().parents[1] / "scripts"


def load_script(file_name: str, module_name: str) -> ModuleType:
    """``scripts/<file_name>`` as the module ``module_name``."""
    if module_name in sys.modules:
        return sys.modules[module_name]
    spec = importlib.util.spec_from_file_location(module_name, SCRIPTS / file_name)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # Its dataclasses look their module up there.
    spec.loader.exec_module(module)
    return module
