import type { FastifyReply } from 'fastify';

/** Adds a name to `Vary` without dropping what other plugins (CORS: `Origin`) already put there. */
export function appendVary(reply: FastifyReply, name: string): FastifyReply {
  const current = reply.getHeader('vary');
  const names = (Array.isArray(current) ? current.join(',') : String(current ?? ''))
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  if (!names.some((item) => item.toLowerCase() === name.toLowerCase())) names.push(name);
  return reply.header('vary', names.join(', '));
}

/** Public, cacheable for `maxAgeSeconds`, and different per answer language. */
export function cachePublicly(reply: FastifyReply, maxAgeSeconds: number): FastifyReply {
  reply.header('cache-control', `public, max-age=${maxAgeSeconds}`);
  return appendVary(reply, 'Accept-Language');
}
