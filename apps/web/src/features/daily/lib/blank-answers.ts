/**
 * Blank answers of a daily set before it is sent. A set can be submitted once a day (409 "Already
 * submitted today") and the server scores a blank answer as wrong, so 'Execute Submit()' asks
 * first when any answer is blank (section-panel.tsx) and sends at once when none is.
 */
import { counted } from '../../../lib/plural';

/** 0-based indexes of the answers left blank (empty or only spaces), in question order. */
export function blankAnswers(inputs: readonly string[]): number[] {
  const out: number[] = [];
  inputs.forEach((input, i) => {
    if (input.trim() === '') out.push(i);
  });
  return out;
}

/**
 * The confirmation's explanation: "3 of 10 answers are blank. Blank answers count as wrong, and a
 * set can be sent once a day."
 */
export function blankAnswersText(blank: number, total: number): string {
  const verb = blank === 1 ? 'is' : 'are';
  return `${blank} of ${counted(total, 'answer')} ${verb} blank. Blank answers count as wrong, and a set can be sent once a day.`;
}
