"""Builds the compiled core, with the compiler directives, flags and macros of
src/yinsh/engine/build.py (in one place: other distributions' games use them too).

YINSH_DEBUG=1 in the environment turns on bounds checks and a consistency
check of the position after every action pushed on a board.
YINSH_SANITIZE=address builds with AddressSanitizer (-fsanitize=address
-fno-omit-frame-pointer -O1 -g, compile and link; any -fsanitize= value
works, e.g. address,undefined; gcc and clang); the README's "Memory checks"
says how to run the tests under it. YINSH_PORTABLE_BITBOARD=1 builds the
bitboards as two 64-bit words, the path of compilers without unsigned
__int128 (MSVC), on any compiler (bitboard.h). On Windows the compiler is
MSVC (build.compiler_flags). YINSH_ONLY=_core,_search builds only the named extensions
(every src/yinsh/**/_*.pyx by default; a name is the module's last part, or
its dotted path below yinsh such as toys.dice._search).

The extensions compile in parallel, one job a CPU (YINSH_BUILD_JOBS=N sets
the number; `build_ext -j N` too), each printed as it starts and ends. An
editable install (`pip install -e .`) or `build_ext --inplace` reuses the
compiled module already in src/ when it was compiled from the same C text
(what Cython wrote from the .pyx and the .pxd files it cimports), the same
headers and the same compiler and flags (build/inplace-extensions.json keeps
each module's fingerprint): a second `pip install -e` recompiles only what
changed. `build_ext --force` recompiles everything. Cython's output is cached
in build/cython-cache (by the text of its inputs), for the same reason.

The searches are written once, as Tempita templates in src/yinsh/engine/
(common, alphabeta, mcts .pyx.tp). Each game's hooks file (src/yinsh/yinsh/_hooks.pxd
for Yinsh, <game>/_hooks.pxd for the others; the interface is
src/yinsh/engine/game.pxd) gets a search module rendered beside it,
<dir>/_search.pyx, before cythonize; a game with a learned evaluation
(<dir>/_learned.pxd) gets <dir>/_hooks_learned.pxd rendered from
src/yinsh/engine/learned_hooks.pxd.tp and <dir>/_search_learned.pyx from
that: generated, not in git, rewritten only when its text changes (so
unchanged games are not recompiled). src/yinsh/engine/build.py does it, the
helper another distribution's setup.py uses for its own game (and the
compiler directives, flags and macros here are its). docs/architecture.md
says why, and its "Adding a game" walks through a game of another distribution.
"""
import glob
import hashlib
import importlib.util
import json
import os
import re
import shutil
import sys
import threading
import time

from Cython.Build import cythonize
from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext


def load_build_helper():
    """yinsh.engine.build, the helper that renders and builds a game's search
    (the same for another distribution's game), loaded from its file: the
    package itself cannot be imported before it is built."""
    spec = importlib.util.spec_from_file_location("yinsh_engine_build", os.path.join("src", "yinsh", "engine", "build.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


build = load_build_helper()
directives = build.compiler_directives(build.switch("YINSH_DEBUG"))
options = build.extension_options()


def extension(path):
    """The Extension of a compiled module of the library other than a search."""
    return Extension(build.module_name(path), [path],
                     include_dirs=build.include_dirs() + [os.path.dirname(path)], **options)


# Every game's search modules (rendered here), then every other compiled module:
# src/yinsh/**/_*.pyx.
HOOKS = sorted(glob.glob("src/yinsh/**/_hooks.pxd", recursive=True))
EXTENSIONS = [ext for hooks in HOOKS for ext in build.search_extensions(hooks, build_dir=None)]
searches = {os.path.normpath(ext.sources[0]) for ext in EXTENSIONS}
EXTENSIONS += [extension(path) for path in sorted(glob.glob("src/yinsh/**/_*.pyx", recursive=True))
               if os.path.normpath(path) not in searches]
if os.environ.get("YINSH_ONLY"):
    only = os.environ["YINSH_ONLY"].split(",")
    EXTENSIONS = [ext for ext in EXTENSIONS
                  if ext.name[len("yinsh."):] in only or ext.name.rsplit(".", 1)[-1] in only]


def build_jobs():
    """The number of extensions compiled at once: YINSH_BUILD_JOBS, else one a CPU."""
    text = os.environ.get("YINSH_BUILD_JOBS", "")
    if text:
        if not text.isdigit() or int(text) < 1:
            sys.exit(f"YINSH_BUILD_JOBS must be a positive whole number, not {text!r}")
        return int(text)
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


def progress_stream():
    """Where the build's progress lines go. pip captures a build's output and
    shows it only with -v or on failure, so when stderr is not a terminal
    the lines go to the controlling terminal if there is one (a person
    running pip sees the build move); otherwise (CI, no terminal) to stderr."""
    if not sys.stderr.isatty():
        try:
            return open("/dev/tty", "w", encoding="utf-8")
        except OSError:
            pass
    return sys.stderr


INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.MULTILINE)
#: The comment in which Cython writes an extension's options into its C file.
CYTHON_METADATA = re.compile(rb"/\* BEGIN: Cython Metadata\n.*?\nEND: Cython Metadata \*/\n", re.DOTALL)


def local_includes(paths, include_dirs):
    """The files and every file of the project they #include "...", transitively."""
    found, todo = set(), list(paths)
    while todo:
        path = os.path.normpath(todo.pop())
        if path in found or not os.path.isfile(path):
            continue
        found.add(path)
        with open(path, encoding="utf-8", errors="replace") as f:
            names = INCLUDE.findall(f.read())
        for name in names:
            for folder in [os.path.dirname(path)] + list(include_dirs):
                if os.path.isfile(os.path.join(folder, name)):
                    todo.append(os.path.join(folder, name))
                    break
    return found


class BuildExt(build_ext):
    """build_ext that compiles in parallel, prints each module, and in an
    editable or in-place build reuses an up-to-date module from src/."""

    RECORD = os.path.join("build", "inplace-extensions.json")   # the fingerprint of each in-place module

    def initialize_options(self):
        super().initialize_options()
        self.parallel = build_jobs()        # `build_ext -j N` on the command line overrides it

    def run(self):
        self.reuse_inplace = bool(self.inplace) and not self.force    # setuptools clears inplace while building
        self.lock = threading.Lock()
        self.started = 0
        self.out = progress_stream()
        self.records = self.read_records()
        self.reused = set()
        begin = time.monotonic()
        try:
            super().run()
            self.say(f"done: {len(self.extensions)} modules in {time.monotonic() - begin:.0f} s")
        finally:
            self.write_records()
            if self.out is not sys.stderr:
                self.out.close()

    def build_extensions(self):
        # The largest first, so that no long compile starts last on an otherwise idle CPU.
        self.extensions.sort(key=lambda ext: -sum(os.path.getsize(s) for s in ext.sources if os.path.exists(s)))
        super().build_extensions()

    def build_extension(self, ext):
        target = self.get_ext_fullpath(ext.name)
        inplace = self.inplace_path(ext)
        with self.lock:
            self.started += 1
            number = f"[{self.started}/{len(self.extensions)}]"
        fingerprint = self.fingerprint(ext) if self.reuse_inplace else None
        if fingerprint and self.up_to_date(ext, inplace, fingerprint):
            os.makedirs(os.path.dirname(target), exist_ok=True)
            shutil.copy2(inplace, target)
            self.reused.add(ext.name)
            self.say(f"{number} {ext.name}: up to date")
            return
        self.say(f"{number} {ext.name}: compiling")
        begin = time.monotonic()
        super().build_extension(ext)
        self.say(f"{number} {ext.name}: compiled in {time.monotonic() - begin:.0f} s")
        if fingerprint:
            with self.lock:
                self.records[ext.name] = [fingerprint, int(os.path.getmtime(target))]

    def copy_extensions_to_source(self):
        # A reused module is in place already; copying it onto itself would rewrite the
        # file under a process that has it loaded.
        extensions = self.extensions
        self.extensions = [ext for ext in extensions if ext.name not in self.reused]
        try:
            super().copy_extensions_to_source()
        finally:
            self.extensions = extensions

    def say(self, line):
        with self.lock:
            print(f"yinsh build: {line}", file=self.out, flush=True)

    def inplace_path(self, ext):
        """Where the in-place module of ext lives in src/."""
        fullname = self.get_ext_fullname(ext.name)
        package = fullname.rpartition(".")[0]
        folder = self.get_finalized_command("build_py").get_package_dir(package)
        return os.path.join(folder, os.path.basename(self.get_ext_filename(fullname)))

    def fingerprint(self, ext):
        """What decides the compiled module: the compiler and its flags, the text
        of its C source and of the project's files that it #includes. Texts, not
        times: an isolated build (pip's default) installs Cython anew each time,
        and cythonize then rewrites every .c file, the same text at a new time."""
        compiler = getattr(self.compiler, "compiler_so", None) or type(self.compiler).__name__
        # cythonize merges the include folders in an order that changes from run to run (its
        # sets), and writes them so into the C file's metadata comment: both are read as sets.
        digest = hashlib.sha256(json.dumps([sys.version, compiler, ext.define_macros, ext.undef_macros,
                                            sorted(ext.include_dirs), ext.extra_compile_args,
                                            ext.extra_link_args, ext.libraries], default=str).encode())
        for path in sorted(local_includes(list(ext.sources) + list(ext.depends), ext.include_dirs)):
            with open(path, "rb") as f:
                text = CYTHON_METADATA.sub(b"", f.read())
            digest.update(f"{path}\0".replace(os.sep, "/").encode() + hashlib.sha256(text).digest())
        return digest.hexdigest()

    def up_to_date(self, ext, inplace, fingerprint):
        """The in-place module was compiled by this class from the same inputs: its
        record holds the fingerprint and the module's time (to the second, as
        setuptools copies it), so a module compiled otherwise is not taken."""
        return os.path.exists(inplace) and self.records.get(ext.name) == [fingerprint, int(os.path.getmtime(inplace))]

    def read_records(self):
        try:
            with open(self.RECORD, encoding="utf-8") as f:
                return json.load(f)
        except (OSError, ValueError):
            return {}

    def write_records(self):
        if not self.reuse_inplace:
            return
        try:
            os.makedirs(os.path.dirname(self.RECORD), exist_ok=True)
            with open(self.RECORD, "w", encoding="utf-8") as f:
                json.dump(self.records, f, indent=1, sort_keys=True)
        except OSError as exc:      # the next build compiles everything again, nothing worse
            self.say(f"cannot write {self.RECORD}: {exc}")


setup(
    cmdclass={"build_ext": BuildExt},
    ext_modules=cythonize(
        EXTENSIONS,
        compiler_directives=directives,
        include_path=build.include_path(),
        annotate=os.environ.get("YINSH_ANNOTATE", "") not in ("", "0"),
        # Cython's cache of the C it wrote, by the text of every input: pip's isolated build
        # installs Cython anew, so its own .pxd files look newer than every .c, and cythonize
        # regenerates them all; from the cache that takes a second, not a minute.
        cache=os.path.join("build", "cython-cache"),
    ),
)
