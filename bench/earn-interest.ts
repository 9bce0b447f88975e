/**
 * Issue 15 benchmark: daily simple-earn interest for 1,000,000 holders on PostgreSQL, beside a per-member loop
 * baseline (time-boxed and extrapolated). Part `earn` of bench/run.ts. (Being built.)
 */
export async function runEarnInterestBenchmark(): Promise<void> {
  console.log('earn interest benchmark: not built yet');
}
