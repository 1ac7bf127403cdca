import { createReadStream } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { OPERATOR } from '../../plugins/auth.ts';
import { claimConfirmer } from './airdrop.confirm.ts';
import { createAirdropService } from './airdrop.service.ts';
import { contractRoute, sendRaw } from '../../lib/contract-route.ts';
import { cacheable, etagOf, FOREVER_S } from '../../lib/http-cache.ts';

/** Before publishing (or a refusal): nothing the answer says is kept. */
const NO_STORE = 'no-store';
/** A published allocation's answers never change: kept anywhere, for a year, not revalidated. */
const IMMUTABLE = `public, max-age=${FOREVER_S}, immutable`;
/** The jetton's metadata once published: fixed, but the site that serves it may be moved. */
const METADATA_FINAL = 'public, max-age=3600';
/** The metadata before publishing: its decimals may still change. */
const METADATA_EARLY = 'public, max-age=60';
/** The player's claim: theirs only, revalidated on every look (its ETag spares the body). */
const PRIVATE = 'private, no-cache';

/**
 * The airdrop: allocations of a snapshot for operators (/api/v1/admin/airdrop/, 403 to anyone
 * else), TEP-177's custom payload API and the dump for wallets and auditors (public), and the
 * player's claim.
 */
export default async function airdropRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // With TON_API_ROOT, a player's look at a sent claim checks it on chain in the background.
  const confirmer = claimConfirmer(app.deps, app.log);
  if (confirmer) app.addHook('onClose', () => confirmer.close());
  const airdrop = createAirdropService(app.deps, { onClaimSent: (wallet) => confirmer?.nudge(wallet) });

  app.route({
    ...contractRoute('adminAllocations'),
    config: OPERATOR,
    handler: async () => airdrop.allocations(),
  });

  app.route({
    ...contractRoute('adminAllocationCreate'),
    config: OPERATOR,
    handler: async (request) => airdrop.createAllocation(request.userId, request.body),
  });

  app.route({
    ...contractRoute('adminAllocation'),
    config: OPERATOR,
    handler: async (request) => airdrop.preview(request.params.allocationId),
  });

  app.route({
    ...contractRoute('adminAllocationPublish'),
    config: OPERATOR,
    handler: async (request) => airdrop.publish(request.userId, request.params.allocationId, request.body),
  });

  app.route({
    ...contractRoute('adminExclusions'),
    config: OPERATOR,
    handler: async () => airdrop.exclusions(),
  });

  app.route({
    ...contractRoute('adminExclude'),
    config: OPERATOR,
    handler: async (request) =>
      airdrop.exclude(request.userId, request.body.playerId, request.body.reason, true),
  });

  app.route({
    ...contractRoute('adminUnexclude'),
    config: OPERATOR,
    handler: async (request) =>
      airdrop.exclude(request.userId, request.params.playerId, request.body.reason, false),
  });

  // TEP-177: wallets call <custom_payload_api_uri>/wallet/<address>, from anywhere.
  app.route({
    ...contractRoute('airdropWallet'),
    config: { public: true },
    handler: async (request, reply) => {
      // A 400 or 404 (nothing published, an address not in the tree) is not kept.
      reply.header('access-control-allow-origin', '*').header('cache-control', NO_STORE);
      const answer = await airdrop.walletPayload(request.params.address);
      // The proof of one wallet for the published root: the same bytes for ever.
      const etag = etagOf((await airdrop.publishedRoot()) ?? '', JSON.stringify(answer));
      if (cacheable(request, reply, etag, IMMUTABLE)) return sendRaw(reply.code(304), '');
      return answer;
    },
  });

  // For auditors: the whole tree as a BOC; its root cell's hash is the published root, its SHA-256 the dump hash.
  // Streamed from its file (hundreds of megabytes for millions of wallets).
  app.route({
    ...contractRoute('airdropDump'),
    config: { public: true },
    handler: async (request, reply) => {
      reply.header('cache-control', NO_STORE);
      const { id, path, bytes, sha256 } = await airdrop.dump();
      if (cacheable(request, reply, `"${sha256}"`, IMMUTABLE)) return sendRaw(reply.code(304), '');
      return sendRaw(
        reply
          .type('application/octet-stream')
          .header('content-length', bytes)
          .header('content-disposition', `attachment; filename="airdrop-${id}.boc"`),
        createReadStream(path),
      );
    },
  });

  // The jetton's TEP-64 metadata: the minter's content URI.
  app.route({
    ...contractRoute('jettonMetadata'),
    config: { public: true },
    handler: async (request, reply) => {
      reply.header('access-control-allow-origin', '*');
      const { body, final } = await airdrop.metadata();
      const etag = etagOf(JSON.stringify(body));
      if (cacheable(request, reply, etag, final ? METADATA_FINAL : METADATA_EARLY))
        return sendRaw(reply.code(304), '');
      return body;
    },
  });

  app.route({
    ...contractRoute('airdropClaim'),
    handler: async (request, reply) => {
      const answer = await airdrop.claim(request.userId);
      if (cacheable(request, reply, etagOf(JSON.stringify(answer)), PRIVATE))
        return sendRaw(reply.code(304), '');
      return answer;
    },
  });

  app.route({
    ...contractRoute('airdropClaimSent'),
    handler: async (request) => airdrop.claimSent(request.userId),
  });
}
