/**
 * The reference of every benchmark (DESIGN §9): a bare Fastify hello-world answering POST and GET.
 * Usage: tsx tests/bench/hello.ts <port>
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.post('/hello', async () => ({ code: 0, msg: 'ok', data: 'hello' }));
app.get('/hello', async () => ({ code: 0, msg: 'ok', data: 'hello' }));
await app.listen({ port: Number(process.argv[2] ?? 18300), host: '127.0.0.1' });
console.log('ready');
