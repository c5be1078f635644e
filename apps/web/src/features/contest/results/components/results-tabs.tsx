/**
 * The results tabs (spec §4 "Contest results tab: summary, leaderboard or answers"), following the
 * WAI-ARIA tabs pattern: one tab stop, Left/Right/Home/End move between tabs and select them.
 */
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { cx } from '../../../../components/ui';

export interface TabItem<Id extends string> {
  id: Id;
  label: string;
  /** Small count or mark after the label. */
  badge?: ReactNode;
  content: ReactNode;
}

export interface ResultsTabsProps<Id extends string> {
  tabs: readonly TabItem<Id>[];
  selected: Id;
  onSelect: (id: Id) => void;
  label: string;
}

export function ResultsTabs<Id extends string>({ tabs, selected, onSelect, label }: ResultsTabsProps<Id>) {
  const base = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const current = Math.max(0, tabs.findIndex((t) => t.id === selected));

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const last = tabs.length - 1;
    const target = e.key === 'ArrowRight' ? (current === last ? 0 : current + 1) : e.key === 'ArrowLeft' ? (current === 0 ? last : current - 1) : e.key === 'Home' ? 0 : e.key === 'End' ? last : null;
    if (target === null) return;
    e.preventDefault();
    const tab = tabs[target];
    if (!tab) return;
    onSelect(tab.id);
    refs.current[target]?.focus();
  };

  return (
    <div className="cresults-tabs">
      <div className="cresults-tablist" role="tablist" aria-label={label} onKeyDown={onKeyDown}>
        {tabs.map((tab, i) => {
          const active = i === current;
          return (
            <button
              key={tab.id}
              ref={(el) => {
                refs.current[i] = el;
              }}
              type="button"
              role="tab"
              id={`${base}-tab-${tab.id}`}
              aria-controls={`${base}-panel-${tab.id}`}
              aria-selected={active}
              tabIndex={active ? 0 : -1}
              className={cx('cresults-tab', active && 'cresults-tab-active')}
              onClick={() => onSelect(tab.id)}
            >
              {tab.label}
              {tab.badge !== undefined ? <span className="cresults-tab-badge">{tab.badge}</span> : null}
            </button>
          );
        })}
      </div>
      {tabs.map((tab, i) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`${base}-panel-${tab.id}`}
          aria-labelledby={`${base}-tab-${tab.id}`}
          hidden={i !== current}
          tabIndex={0}
          className="cresults-tabpanel"
        >
          {i === current ? tab.content : null}
        </div>
      ))}
    </div>
  );
}
