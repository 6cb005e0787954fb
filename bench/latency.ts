import autocannon from 'autocannon';

/**
 * One latency measurement of a list the benches share: 16 connections for `seconds` against one
 * URL, as a table row next to the p95 ≤ 50 ms target of issues 13 and 14.
 */
export interface Row {
  measurement: string;
  'req/s': number;
  'p95 ms': number;
  errors: number;
  target: string;
  met: string;
}

export async function measure(seconds: number, measurement: string, url: string, headers: Record<string, string>): Promise<Row> {
  // A list that answers an error would be measured as fast: check one answer first.
  const probe = await fetch(url, { headers });
  if (!probe.ok) throw new Error(`${measurement}: ${probe.status} ${await probe.text()}`);
  const result = await autocannon({ url, connections: 16, duration: seconds, headers });
  const latency = result.latency as unknown as Record<string, number>;
  // autocannon reports p97.5, not p95: the stricter figure stands in for it.
  const p95 = latency.p97_5 ?? latency.p99!;
  const errors = result.errors + result.non2xx;
  return {
    measurement,
    'req/s': Math.round(result.requests.average),
    'p95 ms': p95,
    errors,
    target: 'p95 ≤ 50',
    met: p95 <= 50 && errors === 0 ? 'yes' : 'NO',
  };
}
