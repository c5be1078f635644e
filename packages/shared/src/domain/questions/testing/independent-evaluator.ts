/**
 * An independent evaluator for question text, sharing no code with the generators: exact rational
 * arithmetic on BigInt, a recursive-descent parser for + − × ÷ ^ √ and brackets (with implicit
 * multiplication for "3x" and "4(x − 3)"), "p% of m", and "Solve for x: …" solved as a linear
 * function of x from its values at x = 0, 1, 2. Test support only: the property tests check the
 * generator against it, and the integration and browser tests use it to answer like a player.
 * Never imported by the server's or web app's runtime code.
 */
export interface Rational {
  n: bigint;
  d: bigint;
}

const abs = (v: bigint) => (v < 0n ? -v : v);
const gcd = (a: bigint, b: bigint): bigint => (b === 0n ? abs(a) : gcd(b, a % b));
function rational(n: bigint, d = 1n): Rational {
  if (d === 0n) throw new Error('division by zero');
  const sign = d < 0n ? -1n : 1n;
  const k = gcd(n, d) || 1n;
  return { n: (sign * n) / k, d: (sign * d) / k };
}
const add = (a: Rational, b: Rational) => rational(a.n * b.d + b.n * a.d, a.d * b.d);
const sub = (a: Rational, b: Rational) => rational(a.n * b.d - b.n * a.d, a.d * b.d);
const mul = (a: Rational, b: Rational) => rational(a.n * b.n, a.d * b.d);
const div = (a: Rational, b: Rational) => rational(a.n * b.d, a.d * b.n);
function pow(a: Rational, e: Rational): Rational {
  if (e.d !== 1n || e.n < 0n) throw new Error('exponent must be a natural number');
  return rational(a.n ** e.n, a.d ** e.n);
}
function isqrt(v: bigint): bigint {
  if (v < 0n) throw new Error('root of a negative number');
  let r = BigInt(Math.floor(Math.sqrt(Number(v))));
  while (r * r > v) r--;
  while ((r + 1n) * (r + 1n) <= v) r++;
  return r;
}
function root(a: Rational): Rational {
  const [rn, rd] = [isqrt(a.n), isqrt(a.d)];
  if (rn * rn !== a.n || rd * rd !== a.d) throw new Error(`not a perfect square: ${a.n}/${a.d}`);
  return rational(rn, rd);
}
function parseDecimal(text: string): Rational {
  const [whole, fraction = ''] = text.split('.');
  return rational(BigInt(whole! + fraction), 10n ** BigInt(fraction.length));
}

type Token = { kind: 'number'; value: Rational } | { kind: 'symbol'; value: string } | { kind: 'exponent'; value: bigint };

/** Superscript digits as a person writes a power (2⁵, 13²), read without the generator's code. */
const SUPERSCRIPTS = '⁰¹²³⁴⁵⁶⁷⁸⁹';

/**
 * One operation met while evaluating: `op` is '+', '−', '×' (also implicit, as in "3x"), '÷', '^'
 * or '√' (then `left` is the operand and `right` is undefined). Lets tests inspect every step.
 */
export type StepListener = (op: string, left: Rational, right: Rational | undefined) => void;

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  const pattern = /\s*(\d+(?:\.\d+)?|[⁰¹²³⁴⁵⁶⁷⁸⁹]+|[-−+×*÷/^√()x])/y;
  let position = 0;
  while (position < text.length) {
    pattern.lastIndex = position;
    const match = pattern.exec(text);
    if (!match) {
      if (/^\s*$/.test(text.slice(position))) break;
      throw new Error(`cannot read '${text.slice(position)}'`);
    }
    const raw = match[1]!;
    if (SUPERSCRIPTS.includes(raw[0]!)) {
      tokens.push({ kind: 'exponent', value: BigInt(Array.from(raw, (c) => SUPERSCRIPTS.indexOf(c)).join('')) });
    } else {
      tokens.push(/\d/.test(raw) ? { kind: 'number', value: parseDecimal(raw) } : { kind: 'symbol', value: raw });
    }
    position = pattern.lastIndex;
  }
  return tokens;
}

function evaluateText(text: string, x?: Rational, onStep?: StepListener): Rational {
  const tokens = tokenize(text);
  let i = 0;
  const peek = () => tokens[i];
  const isSymbol = (...symbols: string[]) => {
    const t = peek();
    return t?.kind === 'symbol' && symbols.includes(t.value);
  };
  const expect_ = (symbol: string) => {
    if (!isSymbol(symbol)) throw new Error(`expected '${symbol}' in '${text}'`);
    i++;
  };
  const expression = (): Rational => {
    let value = term();
    while (isSymbol('+', '−', '-')) {
      const op = (tokens[i++] as { value: string }).value;
      const right = term();
      onStep?.(op === '+' ? '+' : '−', value, right);
      value = op === '+' ? add(value, right) : sub(value, right);
    }
    return value;
  };
  const term = (): Rational => {
    let value = unary();
    for (;;) {
      if (isSymbol('×', '*', '÷', '/')) {
        const op = (tokens[i++] as { value: string }).value;
        const right = unary();
        onStep?.(op === '×' || op === '*' ? '×' : '÷', value, right);
        value = op === '×' || op === '*' ? mul(value, right) : div(value, right);
      } else if (isSymbol('x', '(', '√')) {
        const right = power();
        onStep?.('×', value, right);
        value = mul(value, right);
      } else {
        return value;
      }
    }
  };
  const unary = (): Rational => {
    if (isSymbol('−', '-')) {
      i++;
      return sub(rational(0n), unary());
    }
    return power();
  };
  const power = (): Rational => {
    const base = atom();
    const t = peek();
    if (t?.kind === 'exponent') {
      i++;
      const exponent = rational(t.value);
      onStep?.('^', base, exponent);
      return pow(base, exponent);
    }
    if (isSymbol('^')) {
      i++;
      const exponent = unary();
      onStep?.('^', base, exponent);
      return pow(base, exponent);
    }
    return base;
  };
  const atom = (): Rational => {
    const t = tokens[i++];
    if (!t) throw new Error(`unexpected end of '${text}'`);
    if (t.kind === 'number') return t.value;
    if (t.kind === 'exponent') throw new Error(`an exponent without a base in '${text}'`);
    if (t.value === 'x') {
      if (!x) throw new Error('x without a value');
      return x;
    }
    if (t.value === '(') {
      const value = expression();
      expect_(')');
      return value;
    }
    if (t.value === '√') {
      const operand = atom();
      onStep?.('√', operand, undefined);
      return root(operand);
    }
    throw new Error(`unexpected '${t.value}' in '${text}'`);
  };
  const value = expression();
  if (i !== tokens.length) throw new Error(`trailing input in '${text}'`);
  return value;
}

export function solveQuestionExact(text: string): Rational {
  const equation = /^Solve for x: (.+) = (.+)$/.exec(text);
  if (equation) {
    const f = (v: bigint) => {
      const at = rational(v);
      return sub(evaluateText(equation[1]!, at), evaluateText(equation[2]!, at));
    };
    const [f0, f1, f2] = [f(0n), f(1n), f(2n)];
    const slope = sub(f1, f0);
    if (sub(f2, f1).n !== slope.n || sub(f2, f1).d !== slope.d) throw new Error(`not linear: ${text}`);
    if (slope.n === 0n) throw new Error(`no unique solution: ${text}`);
    return div(sub(rational(0n), f0), slope);
  }
  const percent = /^(.+)% of (.+)$/.exec(text);
  if (percent) return div(mul(evaluateText(percent[1]!), evaluateText(percent[2]!)), rational(100n));
  return evaluateText(text);
}

/** The exact value in hundredths, or an error when it has more than 2 decimals. */
export function toHundredths(value: Rational): bigint {
  const scaled = value.n * 100n;
  if (scaled % value.d !== 0n) throw new Error(`more than 2 decimals: ${value.n}/${value.d}`);
  return scaled / value.d;
}

/** The question's answer as a JS number (exact to 2 decimals), for tests that answer like a player. */
export function solveQuestionText(text: string): number {
  return Number(toHundredths(solveQuestionExact(text))) / 100;
}

/** Evaluates an expression text (no "Solve for x", no "% of"), reporting every operation to `onStep`. */
export function evaluateExpressionSteps(text: string, onStep: StepListener): Rational {
  return evaluateText(text, undefined, onStep);
}
