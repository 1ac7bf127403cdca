// Draws the picture an invite posts to a Telegram story (1080×1920: the night park, the egg, the
// title): apps/web/public/story.jpg, from the game's own egg.svg, rendered by the system Chromium.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = fileURLToPath(new URL('..', import.meta.url));
const egg = readFileSync(`${root}apps/web/src/assets/egg.svg`, 'utf8');
const html = `<!doctype html><html><body style="margin:0">
<div style="width:1080px;height:1920px;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:72px;
  background:radial-gradient(circle at 50% 42%, #4f3596 0%, #2d1a5c 38%, #160c2e 75%);font-family:Nunito,Arial,sans-serif">
  <div style="position:relative;display:grid;place-items:center">
    <div style="position:absolute;width:900px;height:900px;border-radius:50%;
      background:radial-gradient(circle, rgb(255 201 60 / .45), rgb(124 77 255 / .2) 45%, transparent 70%)"></div>
    <div style="position:relative;width:560px;height:700px">${egg.replace('<svg ', '<svg width="560" height="700" ')}</div>
  </div>
  <div style="font-size:150px;font-weight:900;color:#f4f0ff;letter-spacing:-3px">Egg <span style="color:#ffc93c">Rush</span></div>
</div></body></html>`;

const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium' });
const page = await browser.newPage({ viewport: { width: 1080, height: 1920 } });
await page.setContent(html);
await page.screenshot({ path: `${root}apps/web/public/story.jpg`, type: 'jpeg', quality: 82 });
await browser.close();
