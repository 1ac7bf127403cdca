import { afterEach, describe, expect, it } from 'vitest';
import { historyIndex, navigate } from './history.ts';

afterEach(() => window.history.replaceState(null, '', '/'));

describe('app history', () => {
  it('numbers each step forward from 0, so that the back button shows only past the first page', () => {
    window.history.replaceState(null, '', '/');
    expect(historyIndex()).toBe(0);
    navigate('/mining');
    expect(window.location.pathname).toBe('/mining');
    expect(historyIndex()).toBe(1);
    navigate('/tasks');
    expect(historyIndex()).toBe(2);
  });

  it('keeps the number when replacing, and replaces rather than stacks the page already shown', () => {
    window.history.replaceState(null, '', '/');
    navigate('/friends');
    const length = window.history.length;
    navigate('/friends');
    expect(window.history.length).toBe(length);
    expect(historyIndex()).toBe(1);
    navigate('/', { replace: true });
    expect(window.location.pathname).toBe('/');
    expect(window.history.length).toBe(length);
    expect(historyIndex()).toBe(1);
  });
});
