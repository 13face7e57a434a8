/** Sends the same POST `rounds` times, one at a time, and answers the latencies' p50 and p99. */
export async function latency(
  url: string,
  headers: Record<string, string>,
  data: unknown,
  rounds: number,
): Promise<{ p50: number; p99: number }> {
  const body = JSON.stringify({ data });
  const send = async () => {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${url}: HTTP ${res.status} ${text.slice(0, 300)}`);
  };
  for (let i = 0; i < Math.min(50, rounds); i++) await send();
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const started = performance.now();
    await send();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0;
  return { p50: at(0.5), p99: at(0.99) };
}
