/**
 * Number formatting for question text. Decimal values are handled as integer hundredths so that
 * what is printed, what is computed and what is stored as the answer are the same decimal (no
 * 0.1 + 0.2 artefacts).
 */

/** U+2212, the typographic minus used in all question text and explanations. */
export const MINUS = '−';

/** An integer with `−` for negatives, e.g. `-7` → `"−7"`. */
export function formatInteger(value: number): string {
  return value < 0 ? `${MINUS}${-value}` : String(value);
}

/**
 * An integer number of hundredths as a decimal without trailing zeros: `325` → `"3.25"`,
 * `150` → `"1.5"`, `300` → `"3"`, `-5` → `"−0.05"`.
 */
export function formatHundredths(hundredths: number): string {
  const sign = hundredths < 0 ? MINUS : '';
  const magnitude = Math.abs(hundredths);
  const whole = Math.floor(magnitude / 100);
  const fraction = magnitude % 100;
  if (fraction === 0) return `${sign}${whole}`;
  const digits = String(fraction).padStart(2, '0').replace(/0$/, '');
  return `${sign}${whole}.${digits}`;
}

/**
 * The answer value of an integer number of hundredths. Dividing an exact integer by 100 gives the
 * double nearest to the decimal, the same value `Number("58.65")` parses to.
 */
export function fromHundredths(hundredths: number): number {
  return hundredths / 100;
}
