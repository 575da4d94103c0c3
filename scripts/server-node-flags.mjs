// Node flags of every API and worker process we start: npm start, npm run dev, npm run worker, the benchmark
// and the browser tests (docker-compose.yml and apps/server/package.json repeat them).
//
// --single-threaded-gc: V8's concurrent and parallel collector helper threads, in this server's heap, fell
// into runs where half of every young generation survived and was promoted (scavenges of 20-30 ms instead of
// 0.5 ms, the heap climbing to 130 MB between full collections) in two to four of every six starts, pinned to a
// core or not: GET /api/health answered 8-11k req/s in those starts and 17-24k in the others. With the
// collector on the main thread, 6 of 6 starts answered 22-26k req/s (bench/README.md, fourth round).
export const SERVER_NODE_FLAGS = ['--single-threaded-gc'];
