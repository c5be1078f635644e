import { useEffect, useState, type CSSProperties } from 'react';
import { cx } from './cx';

/** Glyphs drawn at random; all are plain text so no images or fonts are fetched (CSP 'self'). */
const SYMBOLS = ['+', '−', '×', '÷', '=', '√', 'π', '∑', '∞', '%', 'x²', '∫', 'Δ', '≈', '≠', '½', 'θ', 'y'] as const;

interface FloatingSymbol {
  id: number;
  glyph: string;
  /** Horizontal position in % of the panel. */
  left: number;
  sizePx: number;
  durationS: number;
  /** Negative delay starts the first symbols mid-flight, so the panel is not empty at first. */
  delayS: number;
  opacity: number;
  rotateDeg: number;
}

let nextId = 0;

function makeSymbol(initial: boolean): FloatingSymbol {
  const durationS = 14 + Math.random() * 12;
  return {
    id: nextId++,
    glyph: SYMBOLS[Math.floor(Math.random() * SYMBOLS.length)] ?? '+',
    left: 2 + Math.random() * 92,
    sizePx: Math.round(16 + Math.random() * 26),
    durationS,
    delayS: initial ? -Math.random() * durationS : 0,
    opacity: 0.12 + Math.random() * 0.16,
    rotateDeg: Math.round(-40 + Math.random() * 80),
  };
}

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-reduced-motion: reduce)').matches
    : false;
}

export interface FloatingSymbolsProps {
  /** Most symbols shown at once (spec §9: 6 in one panel, 12 in another, 25 in the game). */
  count: number;
  /** A new symbol replaces the oldest every `intervalMs` milliseconds (spec §9: 12 s and 6 s). */
  intervalMs: number;
  /** Cover the whole viewport (position: fixed) instead of the nearest positioned parent. */
  fixed?: boolean;
  className?: string;
}

/**
 * Decorative maths symbols drifting upwards behind a panel's content (spec §2 "Home dashboard",
 * §9 "Display"). Hidden from assistive technology, and not rendered at all when the user prefers
 * reduced motion. The parent must be `position: relative` (`.card` is); put the panel's content in
 * `.above-symbols` so it stays on top. Colour follows the parent's `color`.
 */
export function FloatingSymbols({ count, intervalMs, fixed = false, className }: FloatingSymbolsProps) {
  const [reduced, setReduced] = useState(prefersReducedMotion);
  const [symbols, setSymbols] = useState<FloatingSymbol[]>(() =>
    Array.from({ length: Math.max(0, count) }, () => makeSymbol(true)),
  );

  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia('(prefers-reduced-motion: reduce)');
    const onChange = () => setReduced(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);

  useEffect(() => {
    if (reduced || count <= 0 || intervalMs <= 0) return;
    const timer = window.setInterval(() => {
      setSymbols((current) => [...current, makeSymbol(false)].slice(-count));
    }, intervalMs);
    return () => window.clearInterval(timer);
  }, [reduced, count, intervalMs]);

  if (reduced || count <= 0) return null;
  return (
    <div className={cx('floating-symbols', fixed && 'floating-symbols-fixed', className)} aria-hidden="true">
      {symbols.slice(-count).map((s) => (
        <span
          key={s.id}
          className="floating-symbol"
          style={
            {
              left: `${s.left}%`,
              fontSize: `${s.sizePx}px`,
              animationDuration: `${s.durationS}s`,
              animationDelay: `${s.delayS}s`,
              '--symbol-opacity': s.opacity,
              '--symbol-rotate': `${s.rotateDeg}deg`,
            } as CSSProperties
          }
        >
          {s.glyph}
        </span>
      ))}
    </div>
  );
}
