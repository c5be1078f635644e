/**
 * Icons of the contest screens that the shared set (components/ui/icons) lacks. Inline SVG,
 * decorative (aria-hidden), drawn like the shared ones: 24×24 grid, 2 px round strokes.
 */
import { Svg, type IconProps } from '../../../../components/ui/icons';

export { IconArrowLeft, IconLock } from '../../../../components/ui/icons';

/** A check mark: answered, correct. */
export function IconCheck(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M5 12.5l4.5 4.5L19 7.5" />
    </Svg>
  );
}

/** A cross: incorrect. */
export function IconCross(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M6 6l12 12M18 6 6 18" />
    </Svg>
  );
}

/** A dash: not answered. */
export function IconDash(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M7 12h10" />
    </Svg>
  );
}

/** A clock face: time analysis, countdowns. */
export function IconClock(props: IconProps) {
  return (
    <Svg {...props}>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" />
    </Svg>
  );
}

/** Rising bars: statistics. */
export function IconChart(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M4 20h16" />
      <path d="M7 16v-4M12 16V8M17 16v-7" />
    </Svg>
  );
}

/** A light bulb: insights. */
export function IconBulb(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M9 18h6M10 21h4" />
      <path d="M12 3a6 6 0 0 0-3.5 10.9c.6.4 1 1.1 1 1.8V16h5v-.3c0-.7.4-1.4 1-1.8A6 6 0 0 0 12 3z" />
    </Svg>
  );
}

/** Arrow pointing right: next. */
export function IconArrowRight(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M5 12h14M13 6l6 6-6 6" />
    </Svg>
  );
}

/** A house: return home. */
export function IconHome(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M4 11l8-7 8 7" />
      <path d="M6 10v10h12V10" />
    </Svg>
  );
}

/** A paper plane: submit. */
export function IconSend(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M21 3 10 14" />
      <path d="M21 3l-7 18-4-7-7-4z" />
    </Svg>
  );
}

/** A medal: badges. */
export function IconMedal(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M8 3l2.5 6M16 3l-2.5 6" />
      <circle cx="12" cy="15" r="6" />
      <path d="M12 12.5v5" />
    </Svg>
  );
}
