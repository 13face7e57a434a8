// The baseline for bench/workspace.ts: Fastify answering one POST route with a constant.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.post('/empty', (_req, reply) =>
  reply.send({ result: { status: 'success', message: '', data: {} } }),
);
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
