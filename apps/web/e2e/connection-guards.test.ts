/**
 * Room screens while the connection is down (spec §4 "Real-time connection"), in a real browser.
 * Each page's WebSocket is wrapped (an init script), so the test can drop a page's connection and
 * keep it from coming back for as long as it needs, longer than the 250–750 ms a real reconnection
 * takes; while it is down, every reconnection attempt fails at once. Two guests play a Math Challenge:
 *  - the host's connection drops as the guest joins: the guest's waiting room shows the host
 *    Offline (it rejoins at mount, so a roomUpdate that came before it listened is not lost);
 *  - the host's connection is down in the waiting room: "Connection lost. Reconnecting…" shows in
 *    place of "Ready to start the game!" and Start Game is disabled, while the guest sees the host
 *    Offline; once the connection is back, Start Game starts the game;
 *  - the guest's connection drops during the start countdown: the host's game shows it Offline;
 *  - the guest's connection is down mid-game: the same notice shows and the answer form is
 *    disabled; once it is back, answers count again;
 *  - the guest's connection drops as its game ends: its results screen opens with the notice;
 *    then, while the host still plays, the guest's page loses five clock ticks in a row: after
 *    2.5 s of silence it asks for the clock, so its 'm:ss left' moves on meanwhile;
 *  - the host's connection is down on the results screen: the notice shows and Rematch is disabled
 *    on both screens; once it is back, Rematch reaches the guest;
 *  - the guest's connection blips during the rematch's countdown: its results screen still goes to
 *    /game when the clock starts, not before, so its first answer counts.
 * Screens saved as artifacts/screenshots/guards-*.
 */
import { describe, expect, it } from 'vitest';
import { continueAsGuest } from './support/accounts';
import { cuttablePage } from './support/cuttable-page';
import { DESKTOP, PHONE, shot } from './support/browser';
import { SOLVES_EVERY_QUESTION_ENV, answerAll, answerCorrectly, clockSeconds, createRoom, joinRoom } from './support/play';
import { useAppAndBrowser } from './support/suite';

const suite = useAppAndBrowser(SOLVES_EVERY_QUESTION_ENV);

describe('room screens while the connection is down', () => {
  it('say so and hold their actions back, which work again once the connection is back', { timeout: 120_000 }, async () => {
    const host = await cuttablePage(suite, DESKTOP);
    const guest = await cuttablePage(suite, PHONE);
    await continueAsGuest(host.page);
    await continueAsGuest(guest.page);

    const code = await createRoom(host.page);
    // The host's connection drops as the guest joins: the roomUpdate that says so may come before
    // the guest's waiting room listens, and its rejoin at mount must still show the host Offline.
    await joinRoom(guest.page, code);
    await host.cut();
    await guest.page.waitForURL('**/waiting');
    await guest.page.getByText('Offline').waitFor({ timeout: 15_000 });
    await host.restore();
    await guest.page.getByText('Ready to start the game!').waitFor({ timeout: 15_000 });
    await host.page.getByText('Ready to start the game!').waitFor({ timeout: 15_000 });

    // The waiting room: the host's connection drops and stays down.
    await host.cut();
    const hostNotice = host.page.getByRole('status').filter({ hasText: 'Connection lost. Reconnecting…' });
    await hostNotice.waitFor();
    expect(await host.page.getByRole('button', { name: 'Start Game' }).isDisabled()).toBe(true);
    expect(await host.page.getByText('Ready to start the game!').count()).toBe(0);
    await guest.page.getByText('Offline').waitFor();
    await shot(host.page, 'guards-waiting-reconnecting-desktop');

    await host.restore();
    await hostNotice.waitFor({ state: 'detached', timeout: 15_000 });
    await guest.page.getByText('Ready to start the game!').waitFor({ timeout: 15_000 });
    // The guest's side of the waiting room, at phone width, says the same while its connection is down.
    await guest.cut();
    const guestNotice = guest.page.getByRole('status').filter({ hasText: 'Connection lost. Reconnecting…' });
    await guestNotice.waitFor();
    await shot(guest.page, 'guards-waiting-reconnecting-phone');
    await guest.restore();
    await guestNotice.waitFor({ state: 'detached', timeout: 15_000 });
    await host.page.getByText('Ready to start the game!').waitFor({ timeout: 15_000 });
    // The guest's connection drops during the start countdown and stays down until the host's
    // game shows: the host's game screen shows the guest Offline (it starts from the players as of
    // the countdown's end, not its beginning). Back, the guest's game screen rejoins.
    await host.page.getByRole('button', { name: 'Start Game' }).click();
    await guest.page.getByRole('alertdialog', { name: 'Game starting' }).waitFor();
    await guest.cut();
    await host.page.waitForURL('**/game', { timeout: 15_000 });
    const hostSeesGuestOffline = host.page.locator('.duel-game-grid').getByText('Offline');
    await hostSeesGuestOffline.waitFor({ timeout: 5_000 });
    await shot(host.page, 'guards-game-opponent-offline-desktop');
    await guest.restore();
    await guest.page.waitForURL('**/game', { timeout: 15_000 });
    await hostSeesGuestOffline.waitFor({ state: 'detached', timeout: 15_000 });
    await guest.page.locator('.duel-question').waitFor();
    await expect.poll(() => answerCorrectly(guest.page, '.duel-question'), { timeout: 15_000 }).toBe(true);

    // Mid-game: the guest's connection drops; answers are held until it is back.
    await guest.cut();
    await guestNotice.waitFor();
    expect(await guest.page.getByPlaceholder('Type your answer').isDisabled()).toBe(true);
    await shot(guest.page, 'guards-game-reconnecting-phone');
    await guest.restore();
    await guestNotice.waitFor({ state: 'detached', timeout: 15_000 });
    await expect.poll(() => guest.page.getByText('Question 2 of').count()).toBeGreaterThan(0);

    // The guest solves every question first, and its connection drops as its 'Game Over!' shows:
    // the results screen, opened 1 s later while the connection is down, starts with the notice.
    // Then the host solves every question too: the game ends early.
    await guest.cutWhenShown('Game Over!');
    await answerAll(guest.page);
    await guestNotice.waitFor({ timeout: 5_000 });
    await shot(guest.page, 'guards-results-opened-offline-phone');
    await guest.restore();
    await guestNotice.waitFor({ state: 'detached', timeout: 15_000 });
    // The guest's page loses the next 5 ticks (timerUpdate) while the host still plays: after 2.5 s
    // of silence it asks for the clock, so the 'm:ss left' it shows moves on before they come back.
    const left = guest.page.getByText(/\d:\d\d\u00a0left/);
    await left.waitFor();
    await guest.lose('timerUpdate', 5);
    const before = clockSeconds(await left.textContent());
    await expect.poll(() => guest.lostCount(), { timeout: 10_000 }).toBeGreaterThanOrEqual(5);
    expect(clockSeconds(await left.textContent())).toBeLessThanOrEqual(before - 2);
    await answerAll(host.page);
    await host.page.getByRole('button', { name: 'Rematch' }).waitFor();
    await expect.poll(() => host.page.getByRole('button', { name: 'Rematch' }).isEnabled(), { timeout: 15_000 }).toBe(true);

    // The results: the host's connection drops; Rematch waits for it.
    await host.cut();
    await hostNotice.waitFor();
    expect(await host.page.getByRole('button', { name: 'Rematch' }).isDisabled()).toBe(true);
    await expect.poll(() => guest.page.getByRole('button', { name: 'Rematch' }).isDisabled(), { timeout: 15_000 }).toBe(true);
    await shot(host.page, 'guards-results-reconnecting-desktop');

    await host.restore();
    await hostNotice.waitFor({ state: 'detached', timeout: 15_000 });
    await expect.poll(() => guest.page.getByRole('button', { name: 'Rematch' }).isEnabled(), { timeout: 15_000 }).toBe(true);
    await host.page.getByRole('button', { name: 'Rematch' }).click();
    await guest.page.getByText('Other player wants a rematch! Click Rematch to start.').waitFor();
    await shot(guest.page, 'guards-results-rematch-asked-phone');
    await guest.cut();
    await guestNotice.waitFor();
    expect(await guest.page.getByRole('button', { name: 'Rematch' }).isDisabled()).toBe(true);
    await shot(guest.page, 'guards-results-reconnecting-phone');
    await guest.restore();
    await guestNotice.waitFor({ state: 'detached', timeout: 15_000 });

    // The guest accepts; the 3 s countdown runs, and the guest's connection blips during it. Its
    // results screen waits for the clock (rematchStarted) instead of going to /game on the rejoin:
    // there, an answer before the start would be refused with an alert.
    const alerts: string[] = [];
    guest.page.on('dialog', (dialog) => void (alerts.push(dialog.message()), dialog.dismiss()));
    await expect.poll(() => guest.page.getByRole('button', { name: 'Rematch' }).isEnabled(), { timeout: 15_000 }).toBe(true);
    await guest.page.getByRole('button', { name: 'Rematch' }).click();
    await guest.page.getByText('Rematch starting').first().waitFor();
    await guest.cut();
    await guestNotice.waitFor();
    await guest.restore();
    await guestNotice.waitFor({ state: 'detached', timeout: 15_000 });
    await guest.page.waitForURL('**/game', { timeout: 15_000 });
    await expect.poll(() => answerCorrectly(guest.page, '.duel-question'), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => guest.page.getByText('Question 2 of').count()).toBeGreaterThan(0);
    expect(alerts).toEqual([]);
  });
});
