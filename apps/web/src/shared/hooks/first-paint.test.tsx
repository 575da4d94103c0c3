// @vitest-environment happy-dom
import { PRERENDERED_PAGE_ID } from '@salomtv/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { keepTapsBeforeTakeover, removePrerenderedPage } from './first-paint';

afterEach(() => {
  document.body.innerHTML = '';
});

/** The server's paint and the app beside it, each with the header's profile button as it renders there. */
function pageWith(appLabel: string): { clicks: string[] } {
  document.body.innerHTML = `
    <div id="${PRERENDERED_PAGE_ID}"><button data-control="profile-menu" aria-label="My Profile"></button></div>
    <div id="root"><button data-control="profile-menu" aria-label="${appLabel}"></button></div>`;
  const clicks: string[] = [];
  document
    .querySelector('#root button')!
    .addEventListener('click', (event) =>
      clicks.push((event.currentTarget as Element).getAttribute('aria-label')!),
    );
  return { clicks };
}

describe("a tap on the server's paint before the app takes over", () => {
  it("reaches the app's button of the same control, though its label now names the profile", async () => {
    const { clicks } = pageWith('My Profile: Dilnoza');
    keepTapsBeforeTakeover();
    document.querySelector<HTMLElement>(`#${PRERENDERED_PAGE_ID} button`)!.click();
    removePrerenderedPage();
    await Promise.resolve();
    expect(clicks).toEqual(['My Profile: Dilnoza']);
    expect(document.getElementById(PRERENDERED_PAGE_ID)).toBeNull();
  });

  it('clicks nothing when nothing was tapped', async () => {
    const { clicks } = pageWith('My Profile: Dilnoza');
    keepTapsBeforeTakeover();
    removePrerenderedPage();
    await Promise.resolve();
    expect(clicks).toEqual([]);
  });
});
