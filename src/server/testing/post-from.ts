import { request } from 'node:http';
import type { Reply } from './test-service';

/**
 * A POST with `{ data }` sent from another loopback address, as a caller elsewhere would send it:
 * every address of 127.0.0.0/8 reaches this host, and the service sees each as its own client.
 */
export function postFrom<T = Record<string, unknown>>(
  baseUrl: string,
  localAddress: string,
  path: string,
  data?: unknown,
  headers: Record<string, string> = {},
): Promise<Reply<T>> {
  const { hostname, port } = new URL(baseUrl);
  const body = JSON.stringify(data === undefined ? {} : { data });
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: hostname,
        port,
        path,
        method: 'POST',
        localAddress,
        headers: { 'content-type': 'application/json', ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const answer = new Headers();
          for (const [name, value] of Object.entries(res.headers)) {
            if (typeof value === 'string') answer.set(name, value);
          }
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown = text;
          try {
            parsed = JSON.parse(text);
          } catch {
            // Not JSON: the test sees the raw text.
          }
          resolve({ status: res.statusCode ?? 0, body: parsed as T, headers: answer });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
