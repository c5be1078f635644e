/**
 * History stays exact: contests and daily sets regenerate their questions from seeds whenever they
 * are read, so generator version 1 must draw exactly what was served before version 2 existed.
 *
 * GOLDEN was computed from main at commit 43effca (the generator before issue #47, without
 * versions) by running, in a worktree of that commit, the body of `historyHash` below with
 * `contestQuestions(seed, 20)` and `dailySectionQuestions(date, key)` (their signatures then):
 *   git -C /work/main worktree add --detach /tmp/qmain 43effca
 *   npx tsx main-hash.ts   # the same loop, importing /tmp/qmain/packages/shared/src/domain
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DAILY } from '../../constants.js';
import { contestQuestions } from '../contest/questions.js';
import { addDays } from '../daily/dates.js';
import { DAILY_SECTIONS, dailyGeneratorVersion, dailySectionQuestions } from '../daily/sections.js';
import { createRng } from '../rng.js';
import { generateQuestion } from './generate.js';
import { questionRules } from './rules.js';
import type { Question } from './types.js';

const GOLDEN = '9de622c8474cdac40fd6cea6d16f00568982c152d8c0b808cf1157d7976e9c41';

/** Every field a question holds, in a fixed order (the lazy explanation is read, so it counts). */
const row = (q: Question) => [q.text, q.answer, q.difficulty, q.topic, q.explanation];

/** SHA-256 over 500 twenty-question contests and the four daily sets of 60 dates from 2026-10-01. */
function historyHash(contest: (seed: string) => Question[], daily: (date: string, key: (typeof DAILY_SECTIONS)[number]['key']) => Question[]): string {
  const hash = createHash('sha256');
  for (let i = 0; i < 500; i++) hash.update(JSON.stringify(contest(`golden-contest-${i}`).map(row)));
  for (let d = 0; d < 60; d++) {
    const date = addDays('2026-10-01', d);
    for (const s of DAILY_SECTIONS) hash.update(JSON.stringify(daily(date, s.key).map(row)));
  }
  return hash.digest('hex');
}

describe('generator version 1', () => {
  it('reproduces every contest and daily set the generator before version 2 served', () => {
    expect(addDays('2026-10-01', 59) < DAILY.generatorVersion2From).toBe(true);
    expect(historyHash((seed) => contestQuestions(seed, 20, 1), dailySectionQuestions)).toBe(GOLDEN);
  });

  it('writes powers with a caret and still asks zeroth and first powers, as before', () => {
    const texts = Array.from({ length: 200 }, (_, i) => contestQuestions(`v1-${i}`, 20, 1)).flat().map((q) => q.text);
    expect(texts.some((t) => /\d\^\d/.test(t))).toBe(true);
    expect(texts.some((t) => /^\d+\^[01]$/.test(t))).toBe(true);
    expect(texts.some((t) => /[⁰¹²³⁴⁵⁶⁷⁸⁹]/.test(t))).toBe(false);
  });

  it('stops at difficulty 10: mixed questions belong to version 2', () => {
    expect(() => generateQuestion(createRng('v1'), 11, questionRules(1))).toThrow(RangeError);
    expect(generateQuestion(createRng('v2'), 11, questionRules(2)).difficulty).toBe(11);
  });
});

describe('generator version 2', () => {
  it('draws other questions from the same contest seeds (hence the stored version)', () => {
    expect(historyHash((seed) => contestQuestions(seed, 20, 2), dailySectionQuestions)).not.toBe(GOLDEN);
    const texts = Array.from({ length: 40 }, (_, i) => contestQuestions(`v1-${i}`, 20, 2)).flat().map((q) => q.text);
    expect(texts.some((t) => t.includes('^'))).toBe(false);
    expect(texts.some((t) => /[²³⁴⁵⁶⁷⁸⁹]/.test(t))).toBe(true);
  });

  it('rejects an unknown version', () => {
    expect(() => questionRules(3 as 1)).toThrow(RangeError);
  });
});

describe('dailyGeneratorVersion', () => {
  it('switches to version 2 on the cut-over date and keeps version 1 for every date before it', () => {
    const cutOver = DAILY.generatorVersion2From;
    expect(dailyGeneratorVersion(addDays(cutOver, -1))).toBe(1);
    expect(dailyGeneratorVersion('2026-12-01')).toBe(1);
    expect(dailyGeneratorVersion(cutOver)).toBe(2);
    expect(dailyGeneratorVersion(addDays(cutOver, 400))).toBe(2);
    const day = (date: string) => dailySectionQuestions(date, 'intermediate').map((q) => q.text).join('\n');
    expect(`${day(cutOver)}${day(addDays(cutOver, 1))}`).not.toContain('^');
  });
});
