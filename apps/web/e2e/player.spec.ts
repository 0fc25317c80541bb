import { expect, test, type Page } from '@playwright/test';
import { apiToken, seriousViolations, signIn } from './helpers';

// In Chromium, by keyboard: a therapist assigns a library game to Leo; Leo plays it (one
// wrong then right, the others right first time), goes offline for two activities and plays on,
// the tries arrive once when the connection is back, and the score shown is the server's.

type Option = { text?: string | null; alt?: string | null };
type Act = { id: string; position: number; question: string; answers: { options: Option[]; correct: number } };

/** Focus a control and press a key: the keyboard, not the mouse. */
async function press(
  page: Page,
  name: string | RegExp,
  key = 'Enter',
  role: 'button' | 'link' | 'checkbox' = 'button',
) {
  const target = page.getByRole(role, { name, exact: typeof name === 'string' }).first();
  // After "Next" or "Try again" the player moves the focus to the activity's heading on the next
  // frame (for screen readers): focus the target, let two frames pass, and only press the key once
  // the focus is still there (else the key would reach the heading).
  await expect(async () => {
    await target.focus();
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await expect(target).toBeFocused({ timeout: 100 });
  }).toPass({ timeout: 10_000 });
  await page.keyboard.press(key);
}

test('a therapist assigns a library game; the student plays it by keyboard, offline for a while, and sees the server’s score', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const therapistToken = await apiToken(request, 'therapist');
  const auth = { authorization: `Bearer ${therapistToken}` };
  const games = (await (await request.get('/api/games?q=Find%20the%20food&max=10', { headers: auth })).json()).data as {
    id: string;
    name: string;
    account_id: string | null;
  }[];
  const game = games.find((g) => g.name === 'Find the food' && g.account_id === null)!;
  const acts = (
    (
      await (
        await request.get(`/api/activities?game_id=${game.id}&max=20&col=position&order=asc`, { headers: auth })
      ).json()
    ).data as Act[]
  ).sort((a, b) => a.position - b.position);
  const label = (o: Option) => (o.text || o.alt)!;

  // The therapist assigns it to Leo from the game's page, by keyboard.
  await signIn(page, 'therapist');
  await page.goto(`/games/${game.id}/builder`);
  await press(page, 'Assign');
  const dialog = page.getByRole('dialog', { name: 'Assign “Find the food”' });
  await dialog.getByLabel('Search students').fill('Leo');
  const leo = dialog.getByRole('checkbox', { name: /Leo Walker/ });
  await leo.focus();
  await page.keyboard.press('Space');
  await dialog.getByLabel('Tries allowed (plays)').fill('2');
  const assigned = page.waitForResponse((r) => r.url().endsWith('/api/games/assign'));
  await dialog.getByRole('button', { name: 'Assign to 1 student' }).focus();
  await page.keyboard.press('Enter');
  expect((await assigned).status()).toBe(201);
  await expect(dialog.getByRole('status')).toContainText(/Assigned to 1 student|already had it open/);
  await press(page, 'Close');

  // Leo opens the player: the game is a card.
  await signIn(page, 'student');
  await page.goto('/players');
  await expect(page.getByRole('heading', { name: 'My games' })).toBeVisible();
  expect(await seriousViolations(page), 'the player’s games').toEqual([]);
  await page.screenshot({ path: test.info().outputPath('player-games-1280.png'), fullPage: true });
  const started = page.waitForResponse((r) => /\/api\/player\/games\/[^/]+\/sessions$/.test(r.url()));
  await press(page, /^Find the food: /, 'Enter', 'link');
  const session = (await (await started).json()).data as { id: string };
  await expect(page.getByRole('heading', { name: 'Activity 1 of 6' })).toBeVisible();

  // Activity 1: wrong, then right (second try: 1 point).
  const a1 = acts[0]!;
  await press(page, label(a1.answers.options[(a1.answers.correct + 1) % a1.answers.options.length]!));
  await expect(page.getByText('Not quite. 2 tries left.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try again' })).toBeFocused();
  await page.keyboard.press('Enter');
  await press(page, label(a1.answers.options[a1.answers.correct]!));
  await expect(page.getByText('Great job! +1 point')).toBeVisible();
  expect(await seriousViolations(page), 'the player’s feedback').toEqual([]);
  await expect(page.getByRole('button', { name: 'Next' })).toBeFocused();
  await page.keyboard.press('Enter');

  // Activity 2: right at once.
  await expect(page.getByRole('heading', { name: 'Activity 2 of 6' })).toBeVisible();
  expect(await seriousViolations(page), 'an activity').toEqual([]);
  await page.setViewportSize({ width: 768, height: 1024 });
  await page.screenshot({ path: test.info().outputPath('player-activity-768.png'), fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: test.info().outputPath('player-activity-375.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await press(page, label(acts[1]!.answers.options[acts[1]!.answers.correct]!));
  await expect(page.getByText('Great job! +10 points')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next' })).toBeFocused();
  await page.keyboard.press('Enter');

  // Offline: activities 3 and 4 are kept on the device, and the student plays on.
  await page.context().setOffline(true);
  for (const a of [acts[2]!, acts[3]!]) {
    await expect(page.getByRole('heading', { name: `Activity ${a.position} of 6` })).toBeVisible();
    await press(page, label(a.answers.options[a.answers.correct]!));
    await expect(page.getByText('Saved! It will be checked when you are back online.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Next' })).toBeFocused();
    await page.keyboard.press('Enter');
  }
  await expect(page.getByText(/No connection: 2 answers are saved on this device/)).toBeVisible();
  await page.context().setOffline(false);
  await expect(page.getByText(/No connection/)).toBeHidden({ timeout: 20_000 });

  // The server has each of them once.
  const studentToken = await apiToken(request, 'student');
  const resumed = (
    await (
      await request.post(
        `/api/player/games/${(await (await request.get('/api/player/games', { headers: { authorization: `Bearer ${studentToken}` } })).json()).data.find((g: { name: string; state: string }) => g.name === 'Find the food' && g.state === 'in_progress').id}/sessions`,
        { headers: { authorization: `Bearer ${studentToken}` } },
      )
    ).json()
  ).data as { id: string; activities: { tries: unknown[]; done: boolean }[] };
  expect(resumed.id).toBe(session.id);
  expect(resumed.activities.map((a) => a.tries.length)).toEqual([2, 1, 1, 1, 0, 0]);

  // The rest, then the score.
  for (const a of [acts[4]!, acts[5]!]) {
    await expect(page.getByRole('heading', { name: `Activity ${a.position} of 6` })).toBeVisible();
    await press(page, label(a.answers.options[a.answers.correct]!));
    await expect(page.getByText('Great job! +10 points')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Next' })).toBeFocused();
    await page.keyboard.press('Enter');
  }
  const finished = page.waitForResponse((r) => r.url().endsWith(`/api/player/sessions/${session.id}/finish`));
  await press(page, 'See my score');
  const result = (await (await finished).json()).data as { score: number; passed: boolean };
  // 1 + 5 × 10 = 51 of 60 points: 85 %.
  expect(result).toMatchObject({ score: 85, passed: true });
  await expect(page.getByText(`Score: ${result.score} %`)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'You did it!' })).toBeVisible();
  expect(await seriousViolations(page), 'the end screen').toEqual([]);
  await page.screenshot({ path: test.info().outputPath('player-end-1280.png'), fullPage: true });

  // Leo's dashboard: the result with its stars.
  await page.goto('/dashboards');
  await expect(page.getByRole('heading', { name: 'Recent results' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Find the food' }).first()).toContainText('85 %');
  expect(await seriousViolations(page), 'the student’s dashboard').toEqual([]);
  await page.screenshot({ path: test.info().outputPath('dashboard-student-1280.png'), fullPage: true });

  // The therapist sees the session waiting for evaluation, every try, and evaluates it.
  await signIn(page, 'therapist');
  await page.goto('/dashboards');
  await expect(page.getByRole('heading', { name: /sessions? to evaluate/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /Leo Walker/ })).toContainText('85');
  expect(await seriousViolations(page), 'the therapist’s dashboard').toEqual([]);
  await page.screenshot({ path: test.info().outputPath('dashboard-therapist-1280.png'), fullPage: true });
  await page.goto('/games/assigned');
  await expect(page.getByRole('heading', { name: 'Assigned games', level: 1 })).toBeVisible();
  await expect(page.getByRole('row', { name: /Leo Walker.*Find the food.*Played/ }).first()).toBeVisible();
  expect(await seriousViolations(page), 'assigned games').toEqual([]);
  await page.goto('/games/sessions');
  await expect(page.getByRole('heading', { name: 'Played sessions', level: 1 })).toBeVisible();
  expect(await seriousViolations(page), 'played sessions').toEqual([]);
  await press(page, 'Evaluate Leo Walker’s session', 'Enter', 'link');
  await expect(page.getByRole('heading', { name: 'Leo Walker · Find the food', level: 1 })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Activities and tries' }).getByRole('listitem')).toHaveCount(6);
  await page.getByLabel('Score description').fill('Knows the foods; one slip on the apple.');
  const evaluated = page.waitForResponse((r) => r.url().endsWith(`/api/game-sessions/${session.id}/evaluation`));
  await press(page, 'Save evaluation');
  expect((await evaluated).status()).toBe(200);
  await expect(page.getByText(/Evaluated by Emily Chen on/)).toBeVisible();
  expect(await seriousViolations(page), 'the evaluation').toEqual([]);
  await page.screenshot({ path: test.info().outputPath('evaluation-1280.png'), fullPage: true });
});

test('in Spanish on a phone, Mia opens a game ending soon, builds part of a sentence, and leaves it after confirming', async ({
  page,
}) => {
  await signIn(page, 'student2');
  await page.evaluate(() => localStorage.setItem('language', 'es'));
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/players');
  await expect(page.getByRole('heading', { name: 'Mis juegos' })).toBeVisible();
  const card = page.getByRole('link', { name: 'Say what they do: Nuevo' });
  await expect(card).toContainText('Termina pronto');
  await expect(page.getByRole('heading', { name: 'Juegos terminados' })).toHaveCount(0);
  await card.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: /^Actividad 1 de \d+$/ })).toBeVisible();
  // The progress bar is on in the demo's rules.
  await expect(page.getByRole('progressbar', { name: 'Progreso' })).toHaveAttribute('aria-valuenow', '0');
  const tile = page.getByRole('region', { name: 'Palabras para usar' }).getByRole('button').first();
  await tile.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: 'Tu oración' }).getByRole('button')).toHaveCount(1);
  expect(await seriousViolations(page), 'the player in Spanish').toEqual([]);
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: test.info().outputPath('player-es-375.png'), fullPage: true });

  await page.getByRole('button', { name: 'Salir del juego' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: '¿Salir de este juego?' });
  await expect(dialog).toBeVisible();
  const left = page.waitForResponse((r) => /\/api\/player\/sessions\/[^/]+\/leave$/.test(r.url()));
  await dialog.getByRole('button', { name: 'Salir del juego' }).click();
  expect((await (await left).json()).data.status).toBe('INCOMPLETE');
  await expect(page.getByRole('heading', { name: 'Mis juegos' })).toBeVisible();
  // Started once, of two tries allowed: it can be played again.
  await expect(page.getByRole('link', { name: 'Say what they do: Jugado' })).toBeVisible();
});

test('a viewer previews a library game in the player on a tablet, and nothing is recorded; a parent sees her child’s board', async ({
  page,
  request,
}) => {
  const viewerToken = await apiToken(request, 'viewer');
  const auth = { authorization: `Bearer ${viewerToken}` };
  const games = (await (await request.get('/api/games?q=Find%20the%20food&max=10', { headers: auth })).json()).data as {
    id: string;
    name: string;
    account_id: string | null;
  }[];
  const game = games.find((g) => g.name === 'Find the food' && g.account_id === null)!;
  const acts = (
    (
      await (
        await request.get(`/api/activities?game_id=${game.id}&max=20&col=position&order=asc`, { headers: auth })
      ).json()
    ).data as Act[]
  ).sort((a, b) => a.position - b.position);
  const label = (o: Option) => (o.text || o.alt)!;
  const recorded: string[] = [];
  page.on('request', (r) => {
    if (/\/api\/player\/(games|sessions)/.test(r.url()) && r.method() === 'POST') recorded.push(r.url());
  });

  await signIn(page, 'viewer');
  await page.setViewportSize({ width: 768, height: 1024 });
  await page.goto(`/games/${game.id}/builder`);
  await press(page, 'Try it in the player', 'Enter', 'link');
  await expect(page.getByRole('note')).toContainText('Nothing is recorded');
  await expect(page.getByRole('heading', { name: 'Activity 1 of 6' })).toBeVisible();
  // A wrong answer, then the right one: the preview checks them on the server like a student's.
  const a1 = acts[0]!;
  await press(page, label(a1.answers.options[(a1.answers.correct + 1) % a1.answers.options.length]!));
  await expect(page.getByText('Not quite. 2 tries left.')).toBeVisible();
  await press(page, 'Try again');
  await press(page, label(a1.answers.options[a1.answers.correct]!));
  await expect(page.getByText(/Great job! \+1 point/)).toBeVisible();
  expect(await seriousViolations(page), 'the preview').toEqual([]);
  await page.screenshot({ path: test.info().outputPath('preview-768.png'), fullPage: true });
  await press(page, 'End preview');
  await expect(page).toHaveURL(new RegExp(`/games/${game.id}/builder$`));
  expect(recorded).toEqual([]);

  // At home: Mateo's mother sees his games and results on her dashboard.
  await signIn(page, 'parent');
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/dashboards');
  await expect(page.getByRole('heading', { name: 'Mateo Garcia’s games' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /Mateo Garcia’s recent results/ })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'How do they feel?' }).first()).toContainText('100 %');
  await expect(page.getByRole('link', { name: 'Play my games' })).toHaveCount(0);
  expect(await seriousViolations(page), 'the parent’s dashboard').toEqual([]);
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: test.info().outputPath('parent-dashboard-375.png'), fullPage: true });

  // From Mateo's page she gives him one more game, found by search.
  await page.getByRole('region', { name: 'My students' }).getByRole('link', { name: 'Mateo Garcia' }).click();
  const panel = page.getByRole('region', { name: 'Assigned games' });
  await expect(panel.getByText('How do they feel?')).toBeVisible();
  await panel.getByRole('button', { name: 'Assign games' }).click();
  const dialog = page.getByRole('dialog', { name: 'Assign games to Mateo Garcia' });
  await dialog.getByRole('searchbox', { name: 'Search completed games' }).fill('Describe it');
  await dialog.getByRole('checkbox', { name: 'Describe it' }).check();
  expect(await seriousViolations(page), 'the assign dialog on a phone').toEqual([]);
  await page.screenshot({ path: test.info().outputPath('assign-student-375.png'), fullPage: true });
  const assigned = page.waitForResponse((r) => r.url().endsWith('/api/games/assign'));
  await dialog.getByRole('button', { name: 'Assign 1 game' }).click();
  expect((await assigned).status()).toBe(201);
  await expect(dialog.getByRole('status')).toContainText('Assigned to 1 student.');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(panel.getByText('Describe it')).toBeVisible();
});
