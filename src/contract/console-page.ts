/**
 * The `<meta>` of the console's index.html in which the service that serves it names the other
 * servers its Content-Security-Policy lets the console call (`CONSOLE_SERVERS`), origins separated
 * by spaces; empty when there are none. A console page without it (Vite's dev server, a console
 * hosted elsewhere) does not know its limits in advance.
 */
export const CONSOLE_SERVERS_META = 'console-servers';
