import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminAllocationBody,
  adminAllocationParams,
  adminAllocationPreview,
  adminAllocationResponse,
  adminAllocationsResponse,
  adminExclusionBody,
  adminExclusionParams,
  adminExclusionResponse,
  adminExclusionsResponse,
  adminPublishBody,
  adminPublishResponse,
  adminUnexcludeBody,
  airdropClaimResponse,
  airdropClaimSentResponse,
  airdropDump,
  airdropWalletParams,
  airdropWalletResponse,
} from '@egg-rush/contract/airdrop';
import { optionalUseridBody, replies } from '@egg-rush/contract/common';
import { OPERATOR } from '../../plugins/auth.ts';
import { claimConfirmer } from './airdrop.confirm.ts';
import { createAirdropService } from './airdrop.service.ts';

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

  app.get(
    '/admin/airdrop/allocations',
    { config: OPERATOR, schema: { response: replies(adminAllocationsResponse) } },
    async () => airdrop.allocations(),
  );

  app.post(
    '/admin/airdrop/allocations',
    { config: OPERATOR, schema: { body: adminAllocationBody, response: replies(adminAllocationResponse) } },
    async (request) => airdrop.createAllocation(request.userId, request.body),
  );

  app.get(
    '/admin/airdrop/allocations/:allocationId',
    {
      config: OPERATOR,
      schema: { params: adminAllocationParams, response: replies(adminAllocationPreview) },
    },
    async (request) => airdrop.preview(request.params.allocationId),
  );

  app.post(
    '/admin/airdrop/allocations/:allocationId/publish',
    {
      config: OPERATOR,
      schema: {
        params: adminAllocationParams,
        body: adminPublishBody,
        response: replies(adminPublishResponse),
      },
    },
    async (request) => airdrop.publish(request.userId, request.params.allocationId, request.body),
  );

  app.get(
    '/admin/airdrop/exclusions',
    { config: OPERATOR, schema: { response: replies(adminExclusionsResponse) } },
    async () => airdrop.exclusions(),
  );

  app.post(
    '/admin/airdrop/exclusions',
    { config: OPERATOR, schema: { body: adminExclusionBody, response: replies(adminExclusionResponse) } },
    async (request) => airdrop.exclude(request.userId, request.body.playerId, request.body.reason, true),
  );

  app.delete(
    '/admin/airdrop/exclusions/:playerId',
    {
      config: OPERATOR,
      schema: {
        params: adminExclusionParams,
        body: adminUnexcludeBody,
        response: replies(adminExclusionResponse),
      },
    },
    async (request) => airdrop.exclude(request.userId, request.params.playerId, request.body.reason, false),
  );

  // TEP-177: wallets call <custom_payload_api_uri>/wallet/<address>, from anywhere.
  app.get(
    '/airdrop/wallet/:address',
    {
      schema: { params: airdropWalletParams, response: replies(airdropWalletResponse) },
      config: { public: true },
    },
    async (request, reply) => {
      reply.header('access-control-allow-origin', '*');
      return airdrop.walletPayload(request.params.address);
    },
  );

  // For auditors: the whole tree as a BOC; its root cell's hash is the published root, its SHA-256 the dump hash.
  app.get(
    '/airdrop/dump.boc',
    { schema: { response: replies(airdropDump) }, config: { public: true } },
    async (_request, reply) => {
      const { id, dump } = await airdrop.dump();
      return reply
        .type('application/octet-stream')
        .header('content-disposition', `attachment; filename="airdrop-${id}.boc"`)
        .send(dump);
    },
  );

  // The jetton's TEP-64 metadata: the minter's content URI.
  app.get(
    '/airdrop/jetton.json',
    { schema: { response: replies(z.record(z.string(), z.string())) }, config: { public: true } },
    async (_request, reply) => {
      reply.header('access-control-allow-origin', '*');
      return airdrop.metadata();
    },
  );

  app.get('/airdrop/claim', { schema: { response: replies(airdropClaimResponse) } }, async (request) =>
    airdrop.claim(request.userId),
  );

  app.post(
    '/airdrop/claim/sent',
    { schema: { body: optionalUseridBody, response: replies(airdropClaimSentResponse) } },
    async (request) => airdrop.claimSent(request.userId),
  );
}
