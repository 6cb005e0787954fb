import { describe, expect, it } from 'vitest';
import type { ReminderFrequency } from '@casebridge/shared/schemas/auth';
import { digestDue, nextDigestDay, nextRunDay, previousPeriodStart } from './ticket-reminders.rules.ts';

/**
 * Issue 24 item 10: the day of the next digest, which the job keeps and the dealer settings page
 * previews. Nothing sent yet, unless a case says so.
 */
const NOTHING_SENT = { thisPeriod: false, previousPeriod: false };
const next = (frequency: ReminderFrequency, now: string, sent = NOTHING_SENT) => nextDigestDay(frequency, nextRunDay(new Date(now)), sent);
const weekday = (day: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', { weekday: 'long', timeZone: 'UTC' });

describe('the day of the next digest', () => {
  it('is a Monday for "Weekly (Mondays)", seen on Friday 27.11.2026 (not Saturday 28.11.2026)', () => {
    expect(next('weekly', '2026-11-27T20:26:41Z')).toBe('2026-11-30');
    expect(weekday('2026-11-30')).toBe('Monday');
  });

  it('is the coming Monday from every day of the week, and that Monday itself before its run', () => {
    // 2026-11-23 is a Monday.
    for (let d = 0; d < 7; d += 1) {
      const day = `2026-11-${23 + d}`;
      expect(next('weekly', `${day}T12:00:00Z`), day).toBe('2026-11-30');
    }
    expect(next('weekly', '2026-11-30T06:04:59Z')).toBe('2026-11-30');
    expect(next('weekly', '2026-11-30T06:05:00Z', { thisPeriod: true, previousPeriod: true })).toBe('2026-12-07');
  });

  it('counts in UTC days: a Sunday evening west of Greenwich is already Monday, past its run', () => {
    // Sunday 22:30 in California is Monday 06:30 UTC: Monday's run has gone.
    expect(next('weekly', '2026-11-29T22:30:00-08:00')).toBe('2026-12-07');
    // Monday 01:00 in Berlin is still Sunday in UTC: the run of Monday comes.
    expect(next('weekly', '2026-11-30T01:00:00+01:00')).toBe('2026-11-30');
    expect(next('daily', '2026-12-31T23:59:59Z')).toBe('2027-01-01');
  });

  it('is the 1st for monthly reminders, across short months, leap years and the year end', () => {
    expect(next('monthly', '2026-11-27T12:00:00Z')).toBe('2026-12-01');
    expect(next('monthly', '2027-01-31T12:00:00Z')).toBe('2027-02-01');
    expect(next('monthly', '2028-02-29T12:00:00Z')).toBe('2028-03-01');
    expect(next('monthly', '2026-12-31T12:00:00Z')).toBe('2027-01-01');
    expect(next('monthly', '2027-01-01T05:00:00Z')).toBe('2027-01-01');
    expect(next('monthly', '2027-01-01T07:00:00Z', { thisPeriod: true, previousPeriod: true })).toBe('2027-02-01');
  });

  it('is every other Monday for reminders every two weeks, and tomorrow for daily ones', () => {
    // Two-week blocks start on 2026-11-23 and 2026-12-07.
    expect(next('biweekly', '2026-11-27T12:00:00Z')).toBe('2026-12-07');
    expect(next('biweekly', '2026-12-01T12:00:00Z')).toBe('2026-12-07');
    expect(next('daily', '2026-11-27T12:00:00Z')).toBe('2026-11-28');
    expect(next('daily', '2026-11-27T06:00:00Z')).toBe('2026-11-27');
  });

  it('catches up a Monday without a run on the next run, for a user whose previous digest went', () => {
    // Tuesday 2026-12-01: Monday's digest did not go (no run), last week's did.
    expect(next('weekly', '2026-12-01T05:00:00Z', { thisPeriod: false, previousPeriod: true })).toBe('2026-12-01');
    expect(next('monthly', '2027-01-02T05:00:00Z', { thisPeriod: false, previousPeriod: true })).toBe('2027-01-02');
  });

  it('sends on the first day of a period, later only as a catch-up', () => {
    expect(digestDue('weekly', '2026-11-30', false)).toBe(true);
    expect(digestDue('weekly', '2026-11-28', false)).toBe(false);
    expect(digestDue('weekly', '2026-11-28', true)).toBe(true);
    expect(digestDue('monthly', '2026-12-01', false)).toBe(true);
    expect(digestDue('monthly', '2026-12-02', false)).toBe(false);
    expect(digestDue('daily', '2026-11-28', false)).toBe(true);
  });

  it('finds the period before: last Monday, two Mondays back, the last month', () => {
    expect(previousPeriodStart('weekly', '2026-11-27')).toBe('2026-11-16');
    expect(previousPeriodStart('biweekly', '2026-11-27')).toBe('2026-11-09');
    expect(previousPeriodStart('monthly', '2027-01-15')).toBe('2026-12-01');
    expect(previousPeriodStart('daily', '2027-03-01')).toBe('2027-02-28');
  });
});
