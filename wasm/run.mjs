// node wasm/run.mjs SITE < program.py
//
// Runs a Python program in Pyodide under Node, with the library's wheel of a
// site that wasm/build wrote (SITE/pyodide/, SITE/build.json and the wheel it
// names), from local files only (fetch refuses any request). The program's
// output goes to stdout; an exception's traceback to stderr, with status 1.
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";

const site = resolve(process.argv[2] ?? ".");
const build = JSON.parse(readFileSync(join(site, "build.json"), "utf8"));
const { loadPyodide } = await import(join(site, "pyodide", "pyodide.mjs"));
const program = readFileSync(0, "utf8");
globalThis.fetch = async (url) => {     // local files only: a request is an error
  throw new Error(`wasm/run.mjs refuses a network request: ${url}`);
};

const pyodide = await loadPyodide({
  indexURL: join(site, "pyodide") + "/",
  stdout: (line) => process.stdout.write(line + "\n"),
  stderr: (line) => process.stderr.write(line + "\n"),
});
await pyodide.loadPackage(join(site, build.wheel), { messageCallback: () => {} });
try {
  await pyodide.runPythonAsync(program);
} catch (error) {
  process.stderr.write(String(error.message ?? error) + "\n");
  process.exitCode = 1;
}
