// The library in Pyodide, in a Web Worker: the backend of a page with no
// server (local.js sends the messages, Python's yinsh.web.local answers).
//
// Messages in: {type: "load", wheel, interrupt}, {type: "request", seq,
// method, path, body}, {type: "analyse", seq, gameId, message}, {type: "stop"},
// {type: "review", seq, gameId}, {type: "stopReview"}.
// Messages out: {type: "ready", seconds}, {type: "failed", error},
// {type: "answer", seq, text}, {type: "analysis", seq, text}, {type: "review",
// seq, text} (a review's progress, then its end). A review reads the messages
// between two positions: the requests are answered meanwhile.

import { loadPyodide } from "../pyodide/pyodide.mjs";

const started = performance.now();
// Python starts loading at once, before the page says which wheel to add.
const python = loadPyodide({ indexURL: new URL("../pyodide/", import.meta.url).href });
let backend = null;
let interruptible = false;

async function load({ wheel, interrupt }) {
  const pyodide = await python;
  if (interrupt) {
    pyodide.setInterruptBuffer(interrupt);
    interruptible = true;
  }
  await pyodide.loadPackage(wheel, { messageCallback: () => {} });
  backend = pyodide.runPython("from yinsh.web.local import LocalBackend\nLocalBackend()");
  return (performance.now() - started) / 1000;
}

function failure(err) {
  return JSON.stringify({ status: 500, body: { error: `the engine failed: ${String(err.message || err).trim().split("\n").pop()}` } });
}

self.addEventListener("message", async (event) => {
  const data = event.data;
  if (data.type === "load") {
    try {
      postMessage({ type: "ready", seconds: await load(data) });
    } catch (err) {
      postMessage({ type: "failed", error: String(err.message || err) });
    }
  } else if (data.type === "request") {
    let text;
    try {
      text = backend.request(data.method, data.path, data.body);
    } catch (err) {
      text = failure(err);
    }
    postMessage({ type: "answer", seq: data.seq, text });
  } else if (data.type === "analyse") {
    let ended = false;               // the analysis's last message is sent
    const send = (text) => {
      ended = JSON.parse(text).type !== "info";
      postMessage({ type: "analysis", seq: data.seq, text });
    };
    try {
      await backend.analyse(data.gameId, data.message, send, interruptible);
    } catch (err) {
      // (A stop that came as the analysis ended by itself raises KeyboardInterrupt.)
      const stopped = String(err.message).includes("KeyboardInterrupt");
      if (!ended) send(JSON.stringify(stopped ? { type: "done" } : { type: "error", error: `the engine failed: ${err.message}` }));
    }
  } else if (data.type === "stop") {
    if (backend) backend.stop();
  } else if (data.type === "review") {
    const send = (text) => postMessage({ type: "review", seq: data.seq, text });
    try {
      await backend.review(data.gameId, send);
    } catch (err) {
      send(JSON.stringify({ status: "failed", done: 0, total: 0, review: null, stored: false,
                            error: `the engine failed: ${err.message}` }));
    }
  } else if (data.type === "stopReview") {
    if (backend) backend.stop_review();
  }
});
