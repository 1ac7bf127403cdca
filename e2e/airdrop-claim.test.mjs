// The airdrop claim in Chromium, the app opened as Telegram opens it (production mode, signed
// launch data): the player binds a wallet with a real ton_proof (signed here, checked by the
// server), the same wallet is injected through TON Connect's JS bridge (window.tonkeeper, as in
// the wallet's own browser), the operator snapshots, allocates and publishes,
// the Airdrop tab shows the allocation in English and in Russian, and Claim sends the server's
// messages through TON Connect: its confirmation ('Confirm operation in your wallet'), closed
// when the wallet refuses or signs (told to the server as sent); the sent claim survives a reload.
// Then every airdrop state at 320, 360 and 390 px, without horizontal overflow; screenshots go to
// SHOTS_DIR when set.
import assert from 'node:assert/strict';
import { Buffer } from 'node:buffer';
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { beginCell, Cell, contractAddress, storeStateInit } from '@ton/core';
import nacl from 'tweetnacl';
import { goInApp as go, passStartGate as passGate, useApp } from './lib.mjs';
import { productionEnv, signedInitData } from './telegram-host.mjs';

const BOT_TOKEN = '7000000002:AAF-e2e-airdrop-token-not-real';
const OPERATOR = { id: 5560001, first_name: 'Olga', language_code: 'en' };
const PLAYER = { id: 5560002, first_name: 'Pavel', language_code: 'en' };

const app = useApp({
  env: productionEnv({
    BOT_TOKEN,
    ADMIN_IDS: String(OPERATOR.id),
    // The jetton's code cells as `npm run build` writes them (the bundled server has no FunC sources).
    JETTON_CODE_JSON: fileURLToPath(new URL('../packages/jetton/dist/jetton.json', import.meta.url)),
  }),
});

/** Launch data signed as Telegram signs it for this file's bot. */
const launchData = (user) => signedInitData(BOT_TOKEN, user);

/**
 * Opens the app at `path` as Telegram does, with fresh launch data (also to reopen it: Telegram
 * gives the app its launch data each time it opens it), and passes the start gate.
 */
async function openAsTelegram(page, user, path = '/airdrop') {
  await page.goto('about:blank');
  const hash = new URLSearchParams({
    tgWebAppData: launchData(user),
    tgWebAppVersion: '8.0',
    tgWebAppPlatform: 'android',
    tgWebAppThemeParams: JSON.stringify({ bg_color: '#17212b', text_color: '#f5f5f5' }),
  });
  await page.goto(`${app.server.url}${path}#${hash}`);
  await passGate(page);
}

const login = async (user) => {
  const res = await app.server.api(undefined, 'POST', '/auth/login', {
    userid: user.id,
    initData: launchData(user),
  });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body.token;
};

/** An operator's console session (the console signs in on its own route). */
const consoleSession = async (user) => {
  const res = await app.server.api(undefined, 'POST', '/admin/session', { initData: launchData(user) });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body.token;
};

/** A v3r2 wallet (the standard code, as in the server's wallet-codes.ts) with its own key. */
const V3R2 =
  'te6cckEBAQEAcQAA3v8AIN0gggFMl7ohggEznLqxn3Gw7UTQ0x/THzHXC//jBOCk8mCDCNcYINMf0x/TH/gjE7vyY+1E0NMf0x/T/9FRMrryoVFEuvKiBPkBVBBV+RDyo/gAkyDXSpbTB9QC+wDo0QGkyMsfyx/L/8ntVBC9ba0=';
const keys = nacl.sign.keyPair.fromSeed(new Uint8Array(32).fill(42));
const code = Cell.fromBase64(V3R2);
const data = beginCell()
  .storeUint(0, 32)
  .storeUint(698983191, 32)
  .storeBuffer(Buffer.from(keys.publicKey))
  .endCell();
const walletAddress = contractAddress(0, { code, data });
const WALLET = {
  address: walletAddress.toRawString(),
  publicKey: Buffer.from(keys.publicKey).toString('hex'),
  stateInit: beginCell().store(storeStateInit({ code, data })).endCell().toBoc().toString('base64'),
};

const sha256 = (b) => createHash('sha256').update(b).digest();
/** TON Connect's ton_proof signature: ton-proof-item-v2/ over address, domain, time and payload. */
function signProof(domain, timestamp, payload) {
  const wc = Buffer.alloc(4);
  wc.writeInt32BE(walletAddress.workChain);
  const len = Buffer.alloc(4);
  len.writeUInt32LE(Buffer.byteLength(domain));
  const ts = Buffer.alloc(8);
  ts.writeBigUInt64LE(BigInt(timestamp));
  const message = Buffer.concat([
    Buffer.from('ton-proof-item-v2/'),
    wc,
    walletAddress.hash,
    len,
    Buffer.from(domain),
    ts,
    Buffer.from(payload),
  ]);
  const digest = sha256(
    Buffer.concat([Buffer.from([0xff, 0xff]), Buffer.from('ton-connect'), sha256(message)]),
  );
  return Buffer.from(nacl.sign.detached(digest, keys.secretKey)).toString('base64');
}

/**
 * A TON Connect wallet injected at window.tonkeeper.tonconnect (the JS bridge key of Tonkeeper in our wallets list), the interface the SDK's
 * InjectedProvider calls (connect, restoreConnection, send, listen, disconnect). It says it is
 * the browser the app runs in (isWalletBrowser, as in a wallet's own browser), so TON Connect UI
 * connects to it by itself. Proofs
 * are signed by the test (window.__signProof); each sendTransaction waits for the test's
 * window.__answer('sign' | 'refuse') and is kept in window.__sent.
 */
async function injectWallet(page) {
  await page.exposeFunction('__signProof', signProof);
  await page.addInitScript((wallet) => {
    window.TelegramWebviewProxy = { postEvent: () => {} };
    const device = {
      platform: 'android',
      appName: 'eggtestwallet',
      appVersion: '1.0.0',
      maxProtocolVersion: 2,
      features: ['SendTransaction', { name: 'SendTransaction', maxMessages: 4 }],
    };
    const addrItem = {
      name: 'ton_addr',
      address: wallet.address,
      network: '-239',
      publicKey: wallet.publicKey,
      walletStateInit: wallet.stateInit,
    };
    let nextId = 1;
    window.__sent = [];
    window.__answer = undefined;
    window.tonkeeper = {
      tonconnect: {
        deviceInfo: device,
        protocolVersion: 2,
        isWalletBrowser: true,
        walletInfo: {
          name: 'Egg Test Wallet',
          app_name: 'eggtestwallet',
          image: `${window.location.origin}/icon-180.png`,
          about_url: window.location.origin,
          platforms: ['android', 'ios', 'chrome'],
        },
        async connect(_version, request) {
          const items = [addrItem];
          const proof = request.items.find((i) => i.name === 'ton_proof');
          if (proof) {
            const timestamp = Math.floor(Date.now() / 1000);
            const signature = await window.__signProof(window.location.host, timestamp, proof.payload);
            items.push({
              name: 'ton_proof',
              proof: {
                timestamp,
                domain: {
                  lengthBytes: new window.TextEncoder().encode(window.location.host).length,
                  value: window.location.host,
                },
                payload: proof.payload,
                signature,
              },
            });
          }
          return { event: 'connect', id: nextId++, payload: { items, device } };
        },
        async restoreConnection() {
          return { event: 'connect', id: nextId++, payload: { items: [addrItem], device } };
        },
        async send(request) {
          window.__sent.push(request);
          const answer = await new Promise((resolve) => (window.__answer = resolve));
          window.__answer = undefined;
          if (answer === 'refuse') return { error: { code: 300, message: 'User declined' }, id: request.id };
          return { result: 'te6cckEBAQEAAgAAAEysuc0=', id: request.id };
        },
        listen: () => () => {},
        disconnect() {},
      },
    };
  }, WALLET);
}

/** Answers the wallet's pending sendTransaction once it is asked. */
async function answerWallet(page, answer) {
  await page.waitForFunction(() => typeof window.__answer === 'function', null, { timeout: 15_000 });
  await page.evaluate((a) => window.__answer(a), answer);
}

/**
 * TON Connect UI's confirmation, with the wallet's name: the specification's 'Confirm operation in
 * your wallet', worded by this version as 'Confirm the transaction in Your Wallet'.
 */
const CONFIRM = /Confirm\s+(operation|the\s+transaction)\s+in\s+your\s+wallet/i;

const claimCard = (page) => page.getByTestId('airdrop-claim');

describe('the airdrop claim through TON Connect', () => {
  let playerToken;

  it('connects the wallet with a proof, shows the allocation in two languages, and claims', async () => {
    const page = await app.page();
    await injectWallet(page);
    await openAsTelegram(page, PLAYER);
    playerToken = await login(PLAYER);
    await claimCard(page).and(page.locator('[data-status="no_wallet"]')).waitFor({ timeout: 20_000 });

    // The player binds the wallet with a valid ton_proof (as the Wallet tab does).
    const { payload } = (await app.server.api(playerToken, 'POST', '/wallet/proof/payload', {})).body;
    const host = new URL(app.server.url).host;
    const timestamp = Math.floor(Date.now() / 1000);
    const bound = await app.server.api(playerToken, 'POST', '/wallet/proof/check', {
      address: WALLET.address,
      network: '-239',
      proof: {
        timestamp,
        domain: { lengthBytes: Buffer.byteLength(host), value: host },
        payload,
        signature: signProof(host, timestamp, payload),
        stateInit: WALLET.stateInit,
      },
    });
    assert.equal(bound.status, 200, JSON.stringify(bound.body));

    // The operator credits the player, snapshots, allocates and publishes.
    await login(OPERATOR);
    const op = await consoleSession(OPERATOR);
    const adjust = await app.server.api(op, 'POST', `/admin/players/${PLAYER.id}/adjust`, {
      coins: 5000,
      reason: 'airdrop browser test',
    });
    assert.equal(adjust.status, 200, JSON.stringify(adjust.body));
    const adjustedAt = Date.now();
    // Bound, nothing published yet.
    await openAsTelegram(page, PLAYER);
    await claimCard(page).and(page.locator('[data-status="no_snapshot"]')).waitFor({ timeout: 20_000 });
    // A snapshot is taken 10 s in the past (writes in flight settle first): it sees the player
    // once the credit is that old.
    await page.waitForFunction((t) => Date.now() > t, adjustedAt + 10_500, { timeout: 15_000, polling: 250 });
    const snap = await app.server.api(op, 'POST', '/admin/snapshots', { minCoins: 1 });
    assert.equal(snap.status, 200, JSON.stringify(snap.body));
    const now = Math.floor(Date.now() / 1000);
    const allocation = await app.server.api(op, 'POST', '/admin/airdrop/allocations', {
      snapshotId: snap.body.snapshot.id,
      supply: '1000000000000000',
      startFrom: now - 60,
      expiredAt: now + 30 * 24 * 3600,
    });
    assert.equal(allocation.status, 200, JSON.stringify(allocation.body));
    const published = await app.server.api(
      op,
      'POST',
      `/admin/airdrop/allocations/${allocation.body.allocation.id}/publish`,
      {},
    );
    assert.equal(published.status, 200, JSON.stringify(published.body));
    const claim = await app.server.api(playerToken, 'GET', '/airdrop/claim');
    assert.equal(claim.body.status, 'allocated', JSON.stringify(claim.body));
    assert.equal(claim.body.wallet, WALLET.address);
    assert.ok(claim.body.messages.length > 0);

    // English: the amount in whole jettons (one wallet: the whole supply) and the claim window.
    await openAsTelegram(page, PLAYER);
    await claimCard(page).and(page.locator('[data-status="allocated"]')).waitFor({ timeout: 20_000 });
    await page.getByText('Your airdrop').waitFor();
    assert.equal(await page.getByTestId('airdrop-amount').textContent(), '1,000,000');
    assert.match(await page.getByTestId('airdrop-window').textContent(), /^Claim until /);
    await page.getByRole('button', { name: 'Claim', exact: true }).waitFor({ timeout: 20_000 });

    // Russian.
    await app.server.api(playerToken, 'PUT', '/users/settings', { userid: PLAYER.id, language: 'ru' });
    await openAsTelegram(page, PLAYER);
    await page.getByText('Ваш аирдроп').waitFor({ timeout: 20_000 });
    assert.equal((await page.getByTestId('airdrop-amount').textContent()).replace(/\s/g, ' '), '1 000 000');
    assert.match(await page.getByTestId('airdrop-window').textContent(), /^Получить до /);
    await page.getByRole('button', { name: 'Получить', exact: true }).waitFor({ timeout: 20_000 });

    // Back to English; Claim: the wallet is asked, refuses, then signs.
    await app.server.api(playerToken, 'PUT', '/users/settings', { userid: PLAYER.id, language: 'en' });
    await openAsTelegram(page, PLAYER);
    const claimButton = page.getByRole('button', { name: 'Claim', exact: true });
    await claimButton.click({ timeout: 20_000 });
    await page.getByText(CONFIRM).first().waitFor({ timeout: 15_000 });
    await answerWallet(page, 'refuse');
    // TON Connect UI closes its confirmation; the claim is still to send.
    await page.getByText(CONFIRM).first().waitFor({ state: 'hidden', timeout: 15_000 });
    assert.equal((await app.server.api(playerToken, 'GET', '/airdrop/claim')).body.status, 'allocated');

    await claimButton.click();
    await page.getByText(CONFIRM).first().waitFor({ timeout: 15_000 });
    const told = page.waitForResponse((r) => r.url().endsWith('/api/v1/airdrop/claim/sent'), {
      timeout: 15_000,
    });
    await answerWallet(page, 'sign');
    assert.equal((await told).status(), 200);

    // The wallet was asked to send exactly the server's messages.
    const sent = await page.evaluate(() => window.__sent);
    assert.equal(sent.length, 2);
    assert.equal(sent[1].method, 'sendTransaction');
    const tx = JSON.parse(sent[1].params[0]);
    assert.deepEqual(
      tx.messages.map((m) => ({
        address: m.address,
        amount: m.amount,
        stateInit: m.stateInit,
        payload: m.payload,
      })),
      claim.body.messages.map((m) => ({ ...m, stateInit: m.stateInit })),
    );
    await claimCard(page).and(page.locator('[data-status="claim_sent"]')).waitFor({ timeout: 15_000 });
    await page.getByText('Claim sent. Your wallet is confirming it on the chain.').waitFor();

    // A reload still shows it.
    await openAsTelegram(page, PLAYER);
    await claimCard(page).and(page.locator('[data-status="claim_sent"]')).waitFor({ timeout: 20_000 });
    assert.equal(await page.getByRole('button', { name: 'Claim', exact: true }).count(), 0);
    assert.deepEqual(page.pageErrors, []);
    await page.close();
  });

  it('shows every airdrop state without overflow at 320, 360 and 390 px', async () => {
    const dir = process.env.SHOTS_DIR;
    if (dir) mkdirSync(dir, { recursive: true });
    const opens = Math.floor(Date.now() / 1000) + 3 * 24 * 3600;
    const base = {
      reason: null,
      amount: null,
      decimals: null,
      wallet: null,
      opens: null,
      closes: null,
      messages: [],
    };
    const allocated = {
      ...base,
      amount: '123456789012345678',
      decimals: 9,
      wallet: WALLET.address,
      opens: opens - 6 * 24 * 3600,
      closes: opens + 180 * 24 * 3600,
    };
    const states = {
      no_wallet: { ...base, status: 'no_wallet' },
      no_snapshot: { ...base, status: 'no_snapshot' },
      not_eligible: { ...base, status: 'not_eligible', reason: 'below_minimum' },
      wallet_changed: {
        ...allocated,
        status: 'not_eligible',
        reason: 'wallet_changed',
        wallet: `0:${'ab'.repeat(32)}`,
      },
      not_open: { ...allocated, status: 'allocated', opens },
      allocated: {
        ...allocated,
        status: 'allocated',
        messages: [{ address: WALLET.address, amount: '100000000', payload: 'te6cckEBAQEAAgAAAEysuc0=' }],
      },
      claim_sent: { ...allocated, status: 'claim_sent' },
      claimed: { ...allocated, status: 'claimed' },
    };
    for (const language of ['en', 'ru']) {
      await app.server.api(playerToken, 'PUT', '/users/settings', { userid: PLAYER.id, language });
      // The three widths at once, each in a context of its own (the page waits on the server and
      // the widget far more than on the processor).
      const walk = async (width) => {
        const context = await app.browser.newContext({
          viewport: { width, height: 740 },
          deviceScaleFactor: 1,
          hasTouch: true,
          isMobile: true,
        });
        const page = await context.newPage();
        const errors = [];
        page.on('pageerror', (error) => errors.push(error));
        await injectWallet(page);
        let state = states.no_wallet;
        await page.route('**/api/v1/airdrop/claim', (route) => route.fulfill({ json: state }));
        await openAsTelegram(page, PLAYER);
        for (const [name, reply] of Object.entries(states)) {
          state = reply;
          // Away and back: the card asks for the player's airdrop again (a reload would start the
          // whole app over for each state).
          await go(page, '/home');
          await claimCard(page).waitFor({ state: 'detached' });
          await page.evaluate(() => window.scrollTo(0, 0));
          await go(page, '/airdrop');
          const card = claimCard(page).and(page.locator(`[data-status="${reply.status}"]`));
          await card.waitFor({ timeout: 20_000 });
          if (name === 'allocated') await card.getByRole('button').waitFor({ timeout: 20_000 });
          const overflow = await page.evaluate(() => {
            const root = document.documentElement;
            const card = document.querySelector('[data-testid="airdrop-claim"]');
            const box = card.getBoundingClientRect();
            const clipped = [...card.querySelectorAll('*')].filter(
              (el) => el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'visible',
            );
            return {
              page: root.scrollWidth > root.clientWidth,
              card: box.right > root.clientWidth || box.left < 0,
              clipped: clipped.map((el) => el.outerHTML.slice(0, 80)),
            };
          });
          assert.deepEqual(
            overflow,
            { page: false, card: false, clipped: [] },
            `${language} ${width} ${name}`,
          );
          if (dir) {
            await page.screenshot({ path: join(dir, `airdrop-${language}-${width}-${name}.png`) });
          }
        }
        assert.deepEqual(errors, []);
        await context.close();
      };
      await Promise.all([320, 360, 390].map(walk));
    }
  });
});
