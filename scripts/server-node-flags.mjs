// Node flags of every API and worker process we start: npm start, npm run dev, npm run worker, the benchmark
// and the browser tests (docker-compose.yml and apps/server/package.json repeat them).
//
// --single-threaded-gc: with V8's concurrent and parallel collector helper threads, this server's heap falls in
// many starts into runs where half of every young generation survives and is promoted (long scavenges, the heap
// climbing between full collections), and those starts answer at about half the rate. With the collector on the
// main thread every start answers at full rate.
export const SERVER_NODE_FLAGS = ['--single-threaded-gc'];
