"""The pinned toolchain of wasm/build: every download by version, address and sha256.

The choice (2026-12): Pyodide 314.0.8, the newest stable release on npm (Python
3.14.2; its pyodide-lock.json names Emscripten 5.0.3 and the platform
pyemscripten_2026_0_wasm32). No registry we can reach serves Emscripten 5.0.3:
Debian has 3.1.6 (bookworm), 3.1.69 (trixie) and 6.0.5 (sid), and npm's emsdk
packages download from hosts outside the registries. The exact match for 6.0.5,
Pyodide 315.0.0-alpha.2, is an alpha on a Python release candidate (3.15.0rc1).
So: sid's Emscripten 6.0.5 (a pure Python/JS package) with Pyodide 314.0.8. The
side modules use only the C ABI of libc and Python's C API, and a trial loaded
them (Node 20, Chromium) with the same perft and search results as native.

Emscripten 6.0.5 as Debian packs it expects LLVM 21 and binaryen 131. Sid's
clang-21 needs a newer glibc than Debian 12's; bookworm-security builds LLVM 22
for Debian 12 (22 is also what upstream Emscripten 5/6 are built with), so
clang/lld/llvm 22 from there, and npm's binaryen 131 (its tools are Node
scripts: any machine with Node runs them). Python's headers: sid's
libpython3.14-dev (3.14.10; the 3.14 ABI is stable across patch releases), with
pyconfig.h rebuilt for wasm32 from Pyodide's own sysconfig data.

Debian's pool drops a package when its suite moves on (sid, security updates):
each .deb is tried at the machine's mirror, then at snapshot.debian.org as of
SNAPSHOT. A checksum decides, whatever the address.
"""

PYODIDE_VERSION = "314.0.8"
EMSCRIPTEN_VERSION = "6.0.5"

#: snapshot.debian.org's time stamp at which every .deb below was in its suite.
SNAPSHOT = "20261207T000000Z"

#: npm tarballs: name -> (address, sha256).
NPM = {
    "pyodide": (f"https://registry.npmjs.org/pyodide/-/pyodide-{PYODIDE_VERSION}.tgz",
                "9a52704e0ae5b07aaacb8e4fed9f1658e8024694a078695ea45ac79dee4cefcb"),
    "binaryen": ("https://registry.npmjs.org/binaryen/-/binaryen-131.0.0.tgz",
                 "49ff2d415388b3ce61c64052bfcfbd9d8b9f6d359d4b27a66809ed1fe6db2093"),
}

_LLVM = "pool/updates/main/l/llvm-toolchain-22/{}_22.1.8-1~deb12u1_amd64.deb"

#: .deb packages extracted into the cache: (archive, pool path, sha256). The
#: archive is "debian" or "debian-security", below the mirror's root.
DEBS = [
    ("debian", "pool/main/e/emscripten/emscripten_6.0.5+dfsg+~1.41.5-2_all.deb",
     "24e9eecd0a6e0c25896acf7dd42ae4261ae70c0669d4a42bde595afb7e4675c2"),
    ("debian", "pool/main/p/python3.14/libpython3.14-dev_3.14.10-1_amd64.deb",
     "ce226a5a09bd3739123b95c5a41688ee3110651e6b4f9b22973a27c7be2f64fa"),
    ("debian-security", _LLVM.format("clang-22"),
     "b6ffc4ffae2bf3d0757bab0623701060b30f5bb59e7ba4123d66b56fbb91362a"),
    ("debian-security", _LLVM.format("libclang-cpp22"),
     "662a8497190dd6cebaee2ac9421ed9d91cb1199eeabd154eafc4b5c1ac01d4b3"),
    ("debian-security", _LLVM.format("libclang-common-22-dev"),   # clang's own headers (wasm_simd128.h)
     "833d7559bfbe169d7927dfe151cae48bf352da5202e36034a206688ae33f9031"),
    ("debian-security", _LLVM.format("libllvm22"),
     "729ec3e943d320515c2bbdc96acfffd7ce34861e62bd5c42726bf586d644dfe2"),
    ("debian-security", _LLVM.format("lld-22"),
     "13103b3fb3195bfeade9835d3906a4cc91002010f9013d98aa1fc55b841d07b4"),
    ("debian-security", _LLVM.format("llvm-22"),                  # llvm-ar, llvm-nm, llvm-objcopy
     "fcde579693b3f1cf1da596694c1add8a961ab1e1bd22744d4bff165d4f865add"),
]

#: Debian 12 libraries that LLVM 22 needs and a minimal system may lack: extracted
#: only when the loader finds the library nowhere (soname -> archive, pool path, sha256).
LIBRARIES = {
    "libz3.so.4": ("debian", "pool/main/z/z3/libz3-4_4.8.12-3.1_amd64.deb",
                   "6221ca25ad5abcfbe1965801029d85a88b4775320384b4b716de8fab7a4d2f7a"),
    "libxml2.so.2": ("debian", "pool/main/libx/libxml2/libxml2_2.9.14+dfsg-1.3~deb12u6_amd64.deb",
                     "4460e39dda10a815881374217cde08474747cfa018358cd8612c14b390eff53b"),
    "libicuuc.so.72": ("debian", "pool/main/i/icu/libicu72_72.1-3+deb12u1_amd64.deb",
                       "f7f6f99c6d7b025914df2447fc93e11d22c44c0c8bdd8b6f36691c9e7ddcef88"),
    "libedit.so.2": ("debian", "pool/main/libe/libedit/libedit2_3.1-20221030-2_amd64.deb",
                     "1cf14abf2716d3279db12d0657a5737cf70074a1e71d3bdf73206625e3c89ce6"),
    "libbsd.so.0": ("debian", "pool/main/libb/libbsd/libbsd0_0.11.7-2_amd64.deb",
                    "bb31cc8b40f962a85b2cec970f7f79cc704a1ae4bad24257a822055404b2c60b"),
    "libmd.so.0": ("debian", "pool/main/libm/libmd/libmd0_1.0.4-2_amd64.deb",
                   "03539fd30c509e27101d13a56e52eda9062bdf1aefe337c07ab56def25a13eab"),
}

#: Wheels unpacked into the build's private venv (made --without-pip: Debian's python3
#: may lack ensurepip): Cython, new enough for Python 3.14's C API, compiled for the
#: CPython that runs the build (the pure-Python wheel for any other), and setuptools
#: for the wheel's metadata. tag -> (address, sha256).
_FILES = "https://files.pythonhosted.org/packages/"
CYTHON = {
    "cp310": (_FILES + "82/33/e8d7d8d8e6165416689763d8675872d01b6c1c08fd2312db7b8e68ed0edb/cython-3.3.1-cp310-cp310-manylinux2014_x86_64.manylinux_2_17_x86_64.manylinux_2_28_x86_64.whl",
              "14bd1521a14d98bed4ae791ace5e830055ffc45a8cbb09f22adf90ee7dca3409"),
    "cp311": (_FILES + "5f/78/1e8562e6dc57f6b9398bc754dcaf574f71762a5a637bb6525ae06cdc7f91/cython-3.3.1-cp311-cp311-manylinux2014_x86_64.manylinux_2_17_x86_64.manylinux_2_28_x86_64.whl",
              "26a28e0ca5dffe9c7d69d1e3a0f78cb74f41b2b6b40771f620262a5d04862a00"),
    "cp312": (_FILES + "4a/c6/51ffdd996a1e6836792061ebe7ecf40480f1bd5693a721cea0ad4a689a81/cython-3.3.1-cp312-cp312-manylinux2014_x86_64.manylinux_2_17_x86_64.manylinux_2_28_x86_64.whl",
              "215669fd0ce792080cd4d0748db7e1e31f424b6706a6220d08339895e6a3a03a"),
    "cp313": (_FILES + "a3/04/5445c845d08948b4006c72b5bc202b63f108ff0b87161a993dc5922106a0/cython-3.3.1-cp313-cp313-manylinux2014_x86_64.manylinux_2_17_x86_64.manylinux_2_28_x86_64.whl",
              "85be5442e8f465c7c5e80837ac2a85a2ce04034e616445113092e85b65d0ab94"),
    "cp314": (_FILES + "07/d4/6cb0c23f8f3e7081c3af03ccf685a73cfa86af85725b9f4c44040e5f8858/cython-3.3.1-cp314-cp314-manylinux2014_x86_64.manylinux_2_17_x86_64.manylinux_2_28_x86_64.whl",
              "7a6c191617853f2e0d5936c73f5d5cd096548f4d9e0fa37612ef721591c42cb3"),
    "py3": (_FILES + "9d/55/088578d75bc8dbcbc535af04b1d596ff227ca756dd74f9d3c1c526f955d0/cython-3.3.1-py3-none-any.whl",
              "61abc7feedd20dac6c4ff7ab3a30e17136a067b242ab9253e2b4a6d9a72c2b61"),
}
SETUPTOOLS = (_FILES + "ef/55/6dc6d6bb953bdfc52519a0059592c52b6e3b8ad51cf8256dffceb55b0610/setuptools-84.2.1-py3-none-any.whl",
              "ca140b45d5325a9478f880e351484f62fef15f336462e449ca0c03c873d589c2")
