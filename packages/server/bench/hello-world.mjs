// The yardstick of npm run bench:runtime: Fastify's hello-world, in its own process.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`hello-world listening on ${app.server.address().port}`);
