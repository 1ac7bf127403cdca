// The Airdrop screen in Chromium: the three ways to qualify, and the Wallet tab with TON
// Connect's own modal listing the locally served wallets, loaded only when the tab opens.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { enterApp, shot, useApp } from './lib.mjs';

describe('airdrop and wallet', () => {
  const app = useApp();

  it('shows the airdrop rows, then opens the wallet modal from the Wallet tab', async () => {
    const page = await app.page();
    const scripts = [];
    const calls = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
      else calls.push(`${r.method()} ${new URL(r.url()).pathname}`);
    });
    await enterApp(page, app.server.url, { userid: 8401, path: '/airdrop' });
    for (const title of ['Invite Friends', 'Complete Tasks', 'Tap on Egg Rush']) {
      await page.getByText(title, { exact: true }).waitFor();
    }
    await page.getByText('500 coins earned').waitFor();
    await shot(page, 'airdrop');
    assert.equal(
      scripts.some((s) => s.includes('wallet-panel')),
      false,
      'the wallet code must not load before the Wallet tab opens',
    );

    await page.getByRole('tab', { name: 'Wallet' }).click();
    await page.getByText('Comming Soon').waitFor();
    await page.getByTestId('wallet-card').waitFor({ timeout: 15_000 });
    assert.ok(scripts.some((s) => s.includes('wallet-panel')));
    // The connect request carries a fresh proof payload from the server.
    assert.ok(calls.includes('POST /api/v1/wallet/proof/payload'));
    await page.getByRole('button', { name: /Connect wallet/i }).click();
    await page.getByText('Tonkeeper').waitFor({ timeout: 15_000 });
    await page.waitForTimeout(500);
    await shot(page, 'wallet-modal');

    const manifest = await (await fetch(`${app.server.url}/tonconnect-manifest.json`)).json();
    assert.equal(manifest.url, app.server.url);
    assert.equal(manifest.iconUrl, `${app.server.url}/icon-180.png`);
    const icon = await fetch(manifest.iconUrl);
    assert.equal(icon.headers.get('content-type'), 'image/png');
    assert.deepEqual(page.pageErrors, []);
  });
});
