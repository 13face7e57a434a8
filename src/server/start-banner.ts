import type { Config } from './config/config';

/** Addresses that mean "every interface": a browser reaches them as localhost. */
const everyAddress = new Set(['0.0.0.0', '::', '[::]']);

function origin(host: string, port: number): string {
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/** Where SMTP_URL sends mail, without the user name and password it may carry. */
function smtpServer(url: string): string {
  try {
    return new URL(url).host || 'the server it names';
  } catch {
    return 'the server it names';
  }
}

/**
 * The lines the service prints once it listens, for the person who started it: where the console
 * (or the API alone) answers, and where sign-in mail goes. Plain text beside the JSON logs, whatever
 * LOG_LEVEL says, since it is the one thing a newcomer reads.
 */
export function startBanner(
  config: Pick<Config, 'host' | 'consoleDir' | 'smtpUrl' | 'serving'>,
  port: number,
  hasConsole: boolean,
): string[] {
  const anywhere = everyAddress.has(config.host);
  const base = origin(anywhere ? 'localhost' : config.host, port);
  const reach = anywhere ? ` (HOST=${config.host}: every address of this machine)` : '';
  let where: string;
  if (hasConsole) where = `Console: ${base}/${reach}`;
  else if (config.consoleDir === undefined) {
    where = `API: ${base}/${reach} (no console: CONSOLE_DIR is empty)`;
  } else {
    where = `API: ${base}/${reach} (no console: ${config.consoleDir} holds no index.html; \`npm run build\` writes one)`;
  }
  if (config.smtpUrl) {
    return [where, `Sign-in mail: sent through SMTP_URL (${smtpServer(config.smtpUrl)})`];
  }
  const readers = config.serving.allowRemoteOutbox
    ? 'anyone who reaches this port (ALLOW_REMOTE_OUTBOX=true)'
    : 'this machine';
  const outbox = hasConsole ? `${base}/outbox` : `${base}/dev/outbox`;
  return [
    where,
    `Sign-in mail: kept in the local outbox (no SMTP_URL), shown to ${readers} at ${outbox}`,
  ];
}
