import { describe, expect, it } from 'vitest';
import { documentTitle, focusTarget, isPageChange, keepsFocus, nextAnnouncement, pageTitleOf } from './route-change';

const at = (pathname: string, search = '', hash = '') => ({ pathname, search, hash });

describe('isPageChange', () => {
  it('is false on the first page load', () => {
    expect(isPageChange(null, at('/daily'))).toBe(false);
  });

  it('is true for a new path', () => {
    expect(isPageChange(at('/'), at('/daily'))).toBe(true);
    expect(isPageChange(at('/contest/a'), at('/contest/a/results'))).toBe(true);
  });

  it('is false when only the query or the hash changes', () => {
    expect(isPageChange(at('/contest/a/results'), at('/contest/a/results', '?tab=answers'))).toBe(false);
    expect(isPageChange(at('/login'), at('/login', '', '#main'))).toBe(false);
    expect(isPageChange(at('/daily', '?from=mail'), at('/daily'))).toBe(false);
  });
});

describe('pageTitleOf', () => {
  it('takes the innermost route that names a title', () => {
    expect(pageTitleOf([undefined, { title: 'Outer' }, { signedOutMessage: 'x' }, { title: 'Contest results' }])).toBe('Contest results');
    expect(pageTitleOf([{ title: 'Home' }, { signedOutMessage: 'x' }])).toBe('Home');
  });

  it('is undefined when no route names one, or names a blank or non-string one', () => {
    expect(pageTitleOf([])).toBeUndefined();
    expect(pageTitleOf([null, undefined, { title: 42 }, { title: '  ' }])).toBeUndefined();
  });
});

describe('documentTitle', () => {
  it('puts the page before the product', () => {
    expect(documentTitle('Daily Practice')).toBe('Daily Practice – MathSprint');
  });

  it('is the product alone without a page title', () => {
    expect(documentTitle(undefined)).toBe('MathSprint');
    expect(documentTitle('')).toBe('MathSprint');
  });
});

describe('nextAnnouncement', () => {
  it('is the title when it differs from what the region says', () => {
    expect(nextAnnouncement('', 'Sign in')).toBe('Sign in');
    expect(nextAnnouncement('Sign in', 'Create account')).toBe('Create account');
    expect(nextAnnouncement('Contest\u00a0', 'Contest')).toBe('Contest');
  });

  it('changes the text when the same title comes again, so it is read again', () => {
    const first = nextAnnouncement('', 'Contest');
    const second = nextAnnouncement(first, 'Contest');
    expect(second).not.toBe(first);
    expect(second.trim()).toBe('Contest');
    expect(nextAnnouncement(second, 'Contest')).not.toBe(second);
  });
});

describe('keepsFocus', () => {
  it('keeps a text field, a select, an editable region or anything in a dialog', () => {
    expect(keepsFocus({ tagName: 'INPUT', type: 'text' })).toBe(true);
    expect(keepsFocus({ tagName: 'INPUT', type: null })).toBe(true);
    expect(keepsFocus({ tagName: 'input', type: 'NUMBER' })).toBe(true);
    expect(keepsFocus({ tagName: 'TEXTAREA' })).toBe(true);
    expect(keepsFocus({ tagName: 'SELECT' })).toBe(true);
    expect(keepsFocus({ tagName: 'DIV', isContentEditable: true })).toBe(true);
    expect(keepsFocus({ tagName: 'BUTTON', inDialog: true })).toBe(true);
  });

  it('moves on from a link, a button or a button-like input left focused by the navigation', () => {
    expect(keepsFocus({ tagName: 'A' })).toBe(false);
    expect(keepsFocus({ tagName: 'BUTTON' })).toBe(false);
    expect(keepsFocus({ tagName: 'INPUT', type: 'submit' })).toBe(false);
    expect(keepsFocus({ tagName: 'INPUT', type: 'radio' })).toBe(false);
  });
});

describe('focusTarget', () => {
  it('is the heading when the page marks no starting point', () => {
    expect(focusTarget(null, false)).toBe('heading');
    expect(focusTarget(null, true)).toBe('heading');
  });

  it('is the starting point when it holds something', () => {
    expect(focusTarget({ busy: false, filled: true }, false)).toBe('start');
  });

  it('is the heading when the starting point is empty', () => {
    expect(focusTarget({ busy: false, filled: false }, false)).toBe('heading');
  });

  it('waits while the page is still checking, whatever the starting point holds so far', () => {
    expect(focusTarget({ busy: true, filled: false }, false)).toBe('wait');
    expect(focusTarget({ busy: true, filled: true }, false)).toBe('wait');
  });

  it('stops waiting once the wait runs out, taking what is there', () => {
    expect(focusTarget({ busy: true, filled: false }, true)).toBe('heading');
    expect(focusTarget({ busy: true, filled: true }, true)).toBe('start');
  });
});
