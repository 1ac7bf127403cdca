import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { backButton, emitEvent, init, mockTelegramEnv } from '@tma.js/sdk-react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Link, Router } from 'wouter';
import { renderWithProviders, serve } from '../../test/harness.tsx';
import { useAppLocation } from './history.ts';
import { Layout } from './layout.tsx';

/** Telegram's Back button as the client sees it: the last visibility the app asked for. */
const bridge = { visible: [] as boolean[] };
const backShown = () => bridge.visible.at(-1) ?? false;

beforeAll(() => {
  mockTelegramEnv({
    launchParams: {
      tgWebAppData: new URLSearchParams({
        user: JSON.stringify({ id: 42, first_name: 'Ada' }),
        auth_date: '1700000000',
        hash: 'abc',
        signature: 'sig',
      }),
      tgWebAppVersion: '8.0',
      tgWebAppPlatform: 'android',
      tgWebAppThemeParams: {},
    },
    onEvent(event) {
      if (event.name === 'web_app_setup_back_button')
        bridge.visible.push((event.params as { is_visible: boolean }).is_visible);
    },
  });
  init();
  backButton.mount();
});
beforeEach(() => {
  window.history.replaceState(null, '', '/home');
  bridge.visible = [];
  serve();
});
afterEach(() => window.history.replaceState(null, '', '/'));

/** The app's frame in the browser's history (as in app.tsx), with a page below Home to open. */
function open() {
  renderWithProviders(
    <Router hook={useAppLocation}>
      <Layout>
        <Link to="/spin">Lucky Spin</Link>
      </Layout>
    </Router>,
  );
}
const tab = (name: string) => userEvent.click(screen.getByRole('link', { name }));
const pathIs = (path: string) => vi.waitFor(() => expect(window.location.pathname).toBe(path));

describe("Telegram's Back button", () => {
  it('stays off on the footer tabs, however many the player switches between', async () => {
    open();
    expect(backShown()).toBe(false);
    await tab('Tasks');
    await pathIs('/tasks');
    expect(backShown()).toBe(false);
    await tab('Minting');
    await pathIs('/mining');
    await tab('Land');
    await pathIs('/home');
    expect(bridge.visible).not.toContain(true);
  });

  it('shows below a tab and goes back to it, where it is off again', async () => {
    open();
    await tab('Tasks');
    await pathIs('/tasks');
    await userEvent.click(screen.getByRole('link', { name: 'Lucky Spin' }));
    await pathIs('/spin');
    expect(backShown()).toBe(true);
    act(() => emitEvent('back_button_pressed'));
    await pathIs('/tasks');
    await vi.waitFor(() => expect(backShown()).toBe(false));
  });

  it('goes Home from a page below a tab opened first (a reload), with nothing to go back to', async () => {
    window.history.replaceState(null, '', '/spin');
    open();
    expect(backShown()).toBe(true);
    act(() => emitEvent('back_button_pressed'));
    await pathIs('/home');
    expect(backShown()).toBe(false);
  });

  it('is off when a footer tab is chosen from a page below another tab', async () => {
    open();
    await userEvent.click(screen.getByRole('link', { name: 'Lucky Spin' }));
    await pathIs('/spin');
    expect(backShown()).toBe(true);
    await tab('Friends');
    await pathIs('/friends');
    expect(backShown()).toBe(false);
  });
});
