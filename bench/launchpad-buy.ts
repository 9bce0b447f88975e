/**
 * Issue 15 benchmark: 1,000 concurrent launchpad buyers of a 200-copy round on PostgreSQL: time to sell out and
 * p99 per purchase. Part `launchpad` of bench/run.ts. (Being built.)
 */
export async function runLaunchpadBenchmark(): Promise<void> {
  console.log('launchpad benchmark: not built yet');
}
