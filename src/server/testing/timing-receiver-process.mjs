// A webhook receiver in a process of its own, so that the arrival times it records are not
// skewed by the service's work in the test process. Started with `fork`; it answers 204, sends
// `{ port }` once listening, and on 'report' the arrivals (wall-clock ms per path) with the
// longest stall of its own event loop since the previous report.
import { createServer } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const arrivals = {};
const lag = monitorEventLoopDelay({ resolution: 10 });
lag.enable();
const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    (arrivals[req.url] ??= []).push(Date.now());
    res.writeHead(204).end();
  });
});
server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }));
process.on('message', (message) => {
  if (message === 'report') {
    process.send({ arrivals, maxLagMs: lag.max / 1e6 });
    lag.reset();
  }
  if (message === 'stop') server.close(() => process.exit(0));
});
