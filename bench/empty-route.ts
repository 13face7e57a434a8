// The baseline for bench/workspace.ts: Fastify answering one POST route with a constant. A bare
// Fastify by default; with SERVICE_HOOKS=1 the service's own HTTP layer (request ids, logger,
// security headers, CORS, body decoding and checks, error envelope, request counts), the floor
// of any route of the service.
import Fastify from 'fastify';
import { serviceLayer } from './kit/service-layer';

const answer = { result: { status: 'success', message: '', data: {} } };

const app = process.env.SERVICE_HOOKS === '1' ? serviceLayer() : Fastify({ logger: false });
app.post('/empty', { config: { endpoint: 'Empty' } }, (_req, reply) => reply.send(answer));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
